import Foundation
import Gtk

/// Why an export or one of its files failed, in words for the summary.
public struct ExportFailure: Error, Sendable, Equatable {
    public let message: String
    /// The disk is full: nothing more can be written, the export stops.
    public let stopsExport: Bool
    /// The export was cancelled before this file was done (not a failure to list).
    public let isCancel: Bool

    init(_ message: String, stopsExport: Bool = false) {
        self.message = message
        self.stopsExport = stopsExport
        isCancel = false
    }

    private init(cancel: Void) {
        message = ""
        stopsExport = false
        isCancel = true
    }

    static let cancelled = ExportFailure(cancel: ())

    /// The failure `errno` means while writing.
    static func writing(_ number: Int32) -> ExportFailure {
        if number == ENOSPC || number == EDQUOT {
            // Translators: why an export stopped.
            return ExportFailure(tr("the disk is full"), stopsExport: true)
        }
        if number == EROFS || number == EACCES || number == EPERM {
            return ExportFailure(tr("the folder is read-only"), stopsExport: true)
        }
        return ExportFailure(String(cString: strerror(number)))
    }
}

/// The folder an export writes into. Never overwrites: every file gets a name no file has
/// (`IMG_1 (2).jpg`), is written under a hidden temporary name, and is linked to its name
/// only when complete (`link` fails rather than replace); the temporary is removed on any
/// failure or cancel, so no partial file is ever seen under a photo's name.
final class ExportFolder: @unchecked Sendable {
    let path: String
    private let lock = NSLock()
    /// Names given out by this export (guarded by `lock`).
    private var taken: Set<String> = []

    /// The folder at `path`, once it is known to exist and take new files.
    init(checking path: String) throws(ExportFailure) {
        self.path = path
        var info = stat()
        guard stat(PathBytes.c(path), &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            // Translators: %@ is a folder's path.
            throw ExportFailure(String(format: tr("The folder “%@” does not exist."), path), stopsExport: true)
        }
        // A real file, not access(2): root passes access() on a read-only mount.
        let probe = "\(path)/.lightbox-export-probe-\(getpid())"
        let descriptor = open(PathBytes.c(probe), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let reason = errno == EEXIST ? nil : String(cString: strerror(errno))
            if let reason {
                // Translators: %1$@ is a folder's path, %2$@ the system's reason ("Read-only file system").
                throw ExportFailure(String(format: tr("No files can be made in “%1$@”: %2$@."), path, reason), stopsExport: true)
            }
            return
        }
        close(descriptor)
        unlink(PathBytes.c(probe))
    }

    /// A name for a new file, `preferred` (`IMG_1.jpg`) or `IMG_1 (2).jpg`… when a file has it
    /// or this export gave it out already. With `companions` (extensions: `.MOV`), the names
    /// of the files that go beside it (`IMG_1.MOV`) must be free too, and are given out with it.
    func reserve(_ preferred: String, companions: [String] = []) -> String {
        lock.withLock {
            let base = FileNameTemplate.baseName(preferred)
            let ext = FileNameTemplate.fileExtension(preferred)
            let isFree = { (name: String) in !self.taken.contains(name) && !self.exists(name) }
            var candidate = preferred
            var number = 1
            while !isFree(candidate) || !companions.allSatisfy({ isFree(FileNameTemplate.baseName(candidate) + $0) }) {
                number += 1
                candidate = "\(base) (\(number))\(ext)"
            }
            taken.insert(candidate)
            for companion in companions { taken.insert(FileNameTemplate.baseName(candidate) + companion) }
            return candidate
        }
    }

    private func exists(_ name: String) -> Bool {
        var info = stat()
        return lstat(PathBytes.c("\(path)/\(name)"), &info) == 0
    }

    /// Writes `bytes` as a file named `name` (or the next free name, when a file took it
    /// meanwhile); returns the name it got. `cancelled` is asked before the file takes its name.
    func write(_ bytes: Data, as name: String, cancelled: () -> Bool) throws(ExportFailure) -> String {
        try place(name, cancelled: cancelled) { (output: FileHandle) throws(ExportFailure) in
            do { try output.write(contentsOf: bytes) } catch { throw Self.failure(error) }
        }
    }

    /// Copies the file at `source` byte for byte as a file named `name` (or the next free name).
    func copy(_ source: String, as name: String, cancelled: () -> Bool) throws(ExportFailure) -> String {
        let descriptor = open(PathBytes.c(source), O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ExportFailure(String(cString: strerror(errno))) }
        let input = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        return try place(name, cancelled: cancelled) { (output: FileHandle) throws(ExportFailure) in
            do {
                while let chunk = try input.read(upToCount: 4 << 20), !chunk.isEmpty {
                    guard !cancelled() else { throw ExportFailure.cancelled }
                    try output.write(contentsOf: chunk)
                }
            } catch let failure as ExportFailure {
                throw failure
            } catch {
                throw Self.failure(error)
            }
        }
    }

    /// A hidden temporary filled by `fill`, then linked to `name` and removed.
    private func place(
        _ name: String, cancelled: () -> Bool, fill: (FileHandle) throws(ExportFailure) -> Void
    ) throws(ExportFailure) -> String {
        let (temporary, descriptor) = try makeTemporary(for: name)
        defer { unlink(PathBytes.c(temporary)) }
        // No fsync: a full disk fails the write itself (delayed allocation reserves the space),
        // and a flush per file would cost more than making it.
        try fill(FileHandle(fileDescriptor: descriptor, closeOnDealloc: true))
        guard !cancelled() else { throw ExportFailure.cancelled }
        var final = name
        while link(PathBytes.c(temporary), PathBytes.c("\(path)/\(final)")) != 0 {
            guard errno == EEXIST else { throw ExportFailure.writing(errno) }
            final = reserve(name)
        }
        return final
    }

    private func makeTemporary(for name: String) throws(ExportFailure) -> (String, Int32) {
        for attempt in 0..<100 {
            let temporary = "\(path)/.\(name).lightbox-export-\(getpid())\(attempt == 0 ? "" : "-\(attempt)")"
            let descriptor = open(PathBytes.c(temporary), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if descriptor >= 0 { return (temporary, descriptor) }
            guard errno == EEXIST else { throw ExportFailure.writing(errno) }
        }
        throw ExportFailure.writing(EEXIST)
    }

    /// The failure a `FileHandle` error stands for (its code is the system's errno).
    private static func failure(_ error: any Error) -> ExportFailure {
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain { return .writing(Int32(error.code)) }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return .writing(Int32(underlying.code))
        }
        if error.domain == NSCocoaErrorDomain, error.code == CocoaError.fileWriteOutOfSpace.rawValue { return .writing(ENOSPC) }
        return ExportFailure(error.localizedDescription)
    }
}
