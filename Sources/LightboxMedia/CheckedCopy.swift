import CFileCopy
import Foundation
import Gtk

/// A file copied for an import: into a new file of its own (never over one), in the kernel
/// where it can be (`copy_file_range`), its modification time kept, its writing to the disk
/// started at once; once it is written (`check` waits for it) the copy is compared with its
/// source before it takes its name (`rename(_:to:)`, which never replaces a file either). The
/// file system's next commit flushes the disk's cache before the names it records
/// (`flushFileSystem(holding:)`), so a name never points at bytes still in a cache.
public struct CheckedCopy: Sendable, Equatable {
    public let source: String
    public let size: Int64

    /// Why a step failed.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public enum Kind: Sendable, Equatable {
            /// The source could not be read (the card pulled: EIO, ENOENT).
            case source
            /// The copy could not be made or written (the disk full, no permission).
            case destination
            /// What was read back is not what was read from the source.
            case mismatch
            /// The name is taken (`rename` only).
            case exists
            /// `progress` said to stop.
            case cancelled
        }
        public let kind: Kind
        /// The system's error number (0 for a mismatch or a cancel).
        public let code: Int32
        public let message: String

        /// Whether the destination's disk (or the person's quota on it) is full.
        public var isDiskFull: Bool { kind == .destination && (code == ENOSPC || code == EDQUOT) }
        public var description: String { message }

        static func source(_ code: Int32) -> Failure {
            // Translators: %@ is the system's reason ("Input/output error").
            Failure(kind: .source, code: code, message: String(format: tr("the original could not be read: %@"), reason(code)))
        }

        static func destination(_ code: Int32) -> Failure {
            if code == ENOSPC || code == EDQUOT { return Failure(kind: .destination, code: code, message: tr("the disk is full")) }
            // Translators: %@ is the system's reason ("Permission denied").
            return Failure(kind: .destination, code: code, message: String(format: tr("the copy could not be written: %@"), reason(code)))
        }

        private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
    }

    /// Bytes copied between two calls of `progress`.
    static let piece: Int64 = 8 << 20

    /// Copies `source` into a new file at `destination`, telling `progress` the bytes copied so
    /// far after each piece (false from it stops the copy). Whatever fails or stops, no file is
    /// left at `destination`. Its writing to the disk is started, not waited for: see `check`.
    public static func copy(_ source: String, to destination: String, progress: (Int64) -> Bool) throws(Failure) -> CheckedCopy {
        let input = open(PathBytes.c(source), O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw .source(errno) }
        defer { close(input) }
        var info = stat()
        guard fstat(input, &info) == 0 else { throw .source(errno) }
        let output = open(PathBytes.c(destination), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard output >= 0 else { throw .destination(errno) }
        var failure: Failure?
        var size: Int64 = 0
        var buffered: Int32 = 0
        while failure == nil {
            var writing: Int32 = 0
            let copied = lbx_copy_some(input, output, piece, &buffered, &writing)
            if copied < 0 {
                failure = writing != 0 ? .destination(Int32(-copied)) : .source(Int32(-copied))
            } else if copied == 0 {
                break
            } else {
                size += copied
                if !progress(size) { failure = Failure(kind: .cancelled, code: 0, message: "") }
            }
        }
        // The original's time, as a camera's file keeps it wherever it is copied.
        if failure == nil {
            // Streaming out while the next file is copied: a flush of a whole batch at once
            // left the disk idle while the batch was copied.
            lbx_start_writeback(output)
            let times = [info.st_atim, info.st_mtim]
            if futimens(output, times) != 0 { failure = .destination(errno) }
        }
        if close(output) != 0, failure == nil { failure = .destination(errno) }
        if let failure {
            unlink(PathBytes.c(destination))
            throw failure
        }
        return CheckedCopy(source: source, size: size)
    }

    /// Waits until the copy at `path` is written to its disk, then reads it back: it must have
    /// the source's size and content fingerprint
    /// (`FileEnds`: its size and its first and last 4 KB, as the catalog tells files apart).
    /// The bytes between came from the kernel's own copy; reading all of them back from the
    /// page cache, where they still are, took twice the time of the copy and flush together.
    public func check(_ path: String) throws(Failure) {
        let original = open(PathBytes.c(source), O_RDONLY | O_CLOEXEC)
        guard original >= 0 else { throw .source(errno) }
        defer { close(original) }
        let copy = open(PathBytes.c(path), O_RDONLY | O_CLOEXEC)
        guard copy >= 0 else { throw .destination(errno) }
        defer { close(copy) }
        guard lbx_wait_written(copy) == 0 else { throw .destination(errno) }
        var originalInfo = stat()
        var copyInfo = stat()
        guard fstat(original, &originalInfo) == 0 else { throw .source(errno) }
        guard fstat(copy, &copyInfo) == 0 else { throw .destination(errno) }
        guard let originalEnds = FileEnds(descriptor: original, size: Int64(originalInfo.st_size)) else { throw .source(EIO) }
        guard let copyEnds = FileEnds(descriptor: copy, size: Int64(copyInfo.st_size)) else { throw .destination(EIO) }
        guard originalInfo.st_size == copyInfo.st_size, Int64(copyInfo.st_size) == size,
            originalEnds.fingerprint == copyEnds.fingerprint
        else { throw Failure(kind: .mismatch, code: 0, message: tr("the copy differs from the original")) }
    }

    /// Gives `from` the name `to` unless a file has it.
    public static func rename(_ from: String, to: String) throws(Failure) {
        guard lbx_rename_noreplace(PathBytes.c(from), PathBytes.c(to)) == 0 else {
            if errno == EEXIST { throw Failure(kind: .exists, code: EEXIST, message: "") }
            throw .destination(errno)
        }
    }

    /// Writes everything written to the file system holding `path` (a folder or a file) to its disk.
    public static func flushFileSystem(holding path: String) throws(Failure) {
        let descriptor = open(PathBytes.c(path), O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .destination(errno) }
        defer { close(descriptor) }
        guard lbx_sync_file_system(descriptor) == 0 else { throw .destination(errno) }
    }

    /// Whether the files at `first` and `second` hold the same bytes; nil when either can't be read.
    public static func sameContents(_ first: String, _ second: String) -> Bool? {
        let a = open(PathBytes.c(first), O_RDONLY | O_CLOEXEC)
        guard a >= 0 else { return nil }
        defer { close(a) }
        let b = open(PathBytes.c(second), O_RDONLY | O_CLOEXEC)
        guard b >= 0 else { return nil }
        defer { close(b) }
        var infoA = stat()
        var infoB = stat()
        guard fstat(a, &infoA) == 0, fstat(b, &infoB) == 0 else { return nil }
        if infoA.st_size != infoB.st_size { return false }
        var bFailed: Int32 = 0
        let same = lbx_same_contents(a, b, &bFailed)
        return same < 0 ? nil : same == 1
    }
}
