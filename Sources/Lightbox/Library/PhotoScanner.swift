import Foundation
import Gtk

/// Why a folder could not be scanned at all.
public struct ScanError: Error, Sendable, CustomStringConvertible {
    public let folder: String
    public let reason: String
    public var description: String { "cannot read folder \(folder): \(reason)" }
}

/// One result of a scan, delivered as soon as it is known.
public enum ScanEvent: Sendable {
    /// A new or changed file, read now (`photo.error` says when it can't be shown).
    case photo(Photo)
    /// A file whose size and modification time match what the caller already knows.
    case unchanged(String)
    /// A folder that was walked (to be watched for changes).
    case folder(String)
}

/// Walks a folder tree and reads every photo's metadata.
///
/// Reads run on background threads, at most `parallelism` at a time; each file gets
/// `fileTimeout` seconds, after which it is reported with an error and the scan goes
/// on. Hidden files and folders are skipped, symbolic links are followed once
/// (a link back into a folder already walked is not entered again), and files with
/// image extensions that gdk-pixbuf can't read here (HEIC, raw…) are reported as unsupported.
public struct PhotoScanner: Sendable {
    public var parallelism: Int
    public var fileTimeout: Double
    /// Reads one regular file; replaced in tests to simulate a file vanishing mid-scan.
    var readFile: @Sendable (String, FileStamp) -> Photo = PhotoReader.read

    public init(parallelism: Int = max(2, ProcessInfo.processInfo.activeProcessorCount), fileTimeout: Double = 20) {
        self.parallelism = parallelism
        self.fileTimeout = fileTimeout
    }

    /// Scans `folder`, calling `onEvent` from background threads (one at a time).
    /// Files whose stamp equals `known[path]` are not read again. Returns when the
    /// scan is complete or `isCancelled` turned true. Throws when `folder` itself
    /// can't be read.
    public func scan(folder: String, known: [String: FileStamp] = [:],
                     isCancelled: @escaping @Sendable () -> Bool = { false },
                     onEvent: @escaping @Sendable (ScanEvent) -> Void) throws(ScanError) {
        let root = (folder as NSString).standardizingPath
        var info = stat()
        guard stat(root, &info) == 0 else {
            throw ScanError(folder: folder, reason: String(cString: strerror(errno)))
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { throw ScanError(folder: folder, reason: "not a folder") }
        do {
            _ = try DirectoryListing.entries(of: root)
        } catch {
            throw ScanError(folder: folder, reason: error.message)
        }
        let run = ScanRun(scanner: self, known: known, isCancelled: isCancelled, onEvent: onEvent)
        run.walk(root)
        run.finish()
    }

    /// The same scan as a stream; cancelling the consuming task (or dropping the
    /// stream) stops the scan.
    public func events(folder: String, known: [String: FileStamp] = [:]) -> AsyncThrowingStream<ScanEvent, Error> {
        AsyncThrowingStream { continuation in
            let cancelled = CancelFlag()
            continuation.onTermination = { _ in cancelled.set() }
            DispatchQueue.global(qos: .utility).async {
                do {
                    try self.scan(folder: folder, known: known, isCancelled: { cancelled.isSet }) { event in
                        continuation.yield(event)
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
        }
    }
}

/// A thread-safe boolean that only goes from false to true.
final class CancelFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    /// Sets the flag; returns true for the caller that set it first.
    @discardableResult func set() -> Bool {
        lock.withLock {
            defer { value = true }
            return !value
        }
    }
}

/// The state of one scan: the walk on the calling thread, reads on a bounded pool.
private final class ScanRun: @unchecked Sendable {
    let scanner: PhotoScanner
    let known: [String: FileStamp]
    let isCancelled: @Sendable () -> Bool
    let onEvent: @Sendable (ScanEvent) -> Void
    let slots: DispatchSemaphore
    let deliver = NSLock()
    var visitedFolders: Set<FolderIdentity> = []
    let watchdog = NSLock()
    var pending: [ObjectIdentifier: PendingRead] = [:]
    var timer: DispatchSourceTimer?

    final class PendingRead: Sendable {
        let path: String
        let stamp: FileStamp
        let started: UInt64
        init(path: String, stamp: FileStamp, started: UInt64) {
            self.path = path
            self.stamp = stamp
            self.started = started
        }
    }

    struct FolderIdentity: Hashable {
        let device: UInt64
        let inode: UInt64
    }

    init(scanner: PhotoScanner, known: [String: FileStamp], isCancelled: @escaping @Sendable () -> Bool,
         onEvent: @escaping @Sendable (ScanEvent) -> Void) {
        self.scanner = scanner
        self.known = known
        self.isCancelled = isCancelled
        self.onEvent = onEvent
        slots = DispatchSemaphore(value: scanner.parallelism)
        timer = startWatchdog()
    }

    func emit(_ event: ScanEvent) {
        deliver.withLock { onEvent(event) }
    }

    func walk(_ folder: String) {
        var info = stat()
        guard !isCancelled(), stat(folder, &info) == 0 else { return }
        guard visitedFolders.insert(FolderIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))).inserted
        else { return }
        guard let entries = try? DirectoryListing.entries(of: folder) else { return }
        emit(.folder(folder))
        var subfolders: [String] = []
        for entry in entries.sorted(by: { $0.name < $1.name }) where !entry.name.hasPrefix(".") {
            if isCancelled() { return }
            let path = folder + "/" + entry.name
            let kind = PhotoFileKind(name: entry.name)
            if !entry.isValidUTF8 {
                if kind != .other { emit(.photo(Photo(path: path, error: "the file name is not valid UTF-8"))) }
                continue
            }
            var link = stat()
            guard lstat(path, &link) == 0 else {
                if kind != .other { emit(.photo(Photo(path: path, error: PhotoReader.describe(errno)))) }
                continue
            }
            var target = link
            if (link.st_mode & S_IFMT) == S_IFLNK, stat(path, &target) != 0 {
                let reason = errno == ELOOP ? "symbolic link loop" : "broken symbolic link (\(PhotoReader.describe(errno)))"
                if kind != .other { emit(.photo(Photo(path: path, error: reason))) }
                continue
            }
            switch target.st_mode & S_IFMT {
            case S_IFDIR:
                subfolders.append(path)
            case S_IFREG:
                read(path, kind: kind, stamp: FileStamp(target))
            default:
                if kind != .other { emit(.photo(Photo(path: path, error: "not a regular file"))) }
            }
        }
        for subfolder in subfolders { walk(subfolder) }
    }

    private func read(_ path: String, kind: PhotoFileKind, stamp: FileStamp) {
        switch kind {
        case .other:
            return
        case .unsupported(let format):
            emit(.photo(Photo(path: path, fileSize: stamp.size, modified: stamp.modified,
                              error: "unsupported format (\(format))")))
            return
        case .readable:
            break
        }
        if known[path] == stamp {
            emit(.unchanged(path))
            return
        }
        slots.wait()
        let read = PendingRead(path: path, stamp: stamp, started: DispatchTime.now().uptimeNanoseconds)
        watchdog.withLock { pending[ObjectIdentifier(read)] = read }
        DispatchQueue.global(qos: .utility).async { [self] in
            let photo = scanner.readFile(path, stamp)
            complete(read) { photo }
        }
    }

    /// Reports a read once, whichever comes first: its result or its timeout.
    private func complete(_ read: PendingRead, result: () -> Photo) {
        let first = watchdog.withLock { pending.removeValue(forKey: ObjectIdentifier(read)) != nil }
        guard first else { return }
        emit(.photo(result()))
        slots.signal()
    }

    /// Every half second (or sooner for short timeouts), times out reads that hang.
    private func startWatchdog() -> DispatchSourceTimer {
        let timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        let interval = min(0.5, scanner.fileTimeout / 3)
        timer.schedule(deadline: .now() + interval, repeating: interval)
        timer.setEventHandler { [self] in
            let limit = UInt64(scanner.fileTimeout * 1e9)
            let now = DispatchTime.now().uptimeNanoseconds
            let late = watchdog.withLock { pending.values.filter { now - $0.started > limit } }
            for read in late {
                complete(read) {
                    Photo(path: read.path, fileSize: read.stamp.size, modified: read.stamp.modified,
                          error: "reading the file took longer than \(String(format: "%g", scanner.fileTimeout)) s")
                }
            }
        }
        timer.resume()
        return timer
    }

    /// Waits for every read still running.
    func finish() {
        for _ in 0..<scanner.parallelism { slots.wait() }
        for _ in 0..<scanner.parallelism { slots.signal() }
        timer?.cancel()
    }
}

/// What a file's extension says about it.
enum PhotoFileKind: Equatable {
    case readable
    case unsupported(String)
    case other

    /// Image formats people keep next to their photos that gdk-pixbuf may not read.
    static let imageExtensions: Set<String> = [
        "heic", "heif", "avif", "jxl", "webp", "psd", "xcf", "dng", "cr2", "cr3", "nef", "arw", "raf",
        "orf", "rw2", "pef", "srw", "jp2",
    ]

    init(name: String) {
        let ext = (name as NSString).pathExtension.lowercased()
        if ImageFileInfo.readableExtensions.contains(ext), ext != "svg", ext != "ani" {
            self = .readable
        } else if PhotoFileKind.imageExtensions.contains(ext) {
            self = .unsupported(ext.uppercased())
        } else {
            self = .other
        }
    }
}

extension FileStamp {
    init(_ info: stat) {
        size = Int64(info.st_size)
        modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1_000_000_000
    }
}
