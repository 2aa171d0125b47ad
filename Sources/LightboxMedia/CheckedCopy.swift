import CFileCopy
import Foundation
import Gtk

/// A file copied for an import: into a new file of its own (never over one), its modification
/// time kept, with a CRC-32 of the bytes read from the source; once the file system is flushed
/// (`flushFileSystem(holding:)`) the copy is read back and compared (`check`) before it takes its
/// name (`rename(_:to:)`, which never replaces a file either).
public struct CheckedCopy: Sendable, Equatable {
    public let size: Int64
    public let crc: UInt32

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
    /// left at `destination`. Not flushed: see `flushFileSystem(holding:)`.
    public static func copy(_ source: String, to destination: String, progress: (Int64) -> Bool) throws(Failure) -> CheckedCopy {
        let input = open(PathBytes.c(source), O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw .source(errno) }
        defer { close(input) }
        var info = stat()
        guard fstat(input, &info) == 0 else { throw .source(errno) }
        let output = open(PathBytes.c(destination), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard output >= 0 else { throw .destination(errno) }
        var failure: Failure?
        var crc: UInt32 = 0
        var size: Int64 = 0
        while failure == nil {
            var writing: Int32 = 0
            let copied = lbx_copy_some(input, output, piece, &crc, &writing)
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
            let times = [info.st_atim, info.st_mtim]
            if futimens(output, times) != 0 { failure = .destination(errno) }
        }
        if close(output) != 0, failure == nil { failure = .destination(errno) }
        if let failure {
            unlink(PathBytes.c(destination))
            throw failure
        }
        return CheckedCopy(size: size, crc: crc)
    }

    /// Reads the copy at `path` back: it must hold what was read from the source.
    public func check(_ path: String) throws(Failure) {
        let input = open(PathBytes.c(path), O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw .destination(errno) }
        defer { close(input) }
        var crc: UInt32 = 0
        var size: Int64 = 0
        while true {
            let read = lbx_crc_some(input, Self.piece, &crc)
            if read < 0 { throw .destination(Int32(-read)) }
            if read == 0 { break }
            size += read
        }
        guard size == self.size, crc == self.crc else {
            throw Failure(kind: .mismatch, code: 0, message: tr("the copy differs from the original"))
        }
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
        let same = lbx_same_contents(a, b)
        return same < 0 ? nil : same == 1
    }
}
