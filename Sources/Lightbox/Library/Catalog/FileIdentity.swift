import Foundation
import Gtk

/// What tells one file from another beyond its path: the file system's own identity
/// (device and inode, kept by a move or rename on one disk) and a fingerprint of its
/// content (kept by a copy to another disk, whatever the copy did to the modification
/// time). The catalog uses it to find the photo a file that appeared somewhere is, when
/// that photo's file vanished from where it was (see `Catalog.save`).
public struct FileIdentity: Hashable, Sendable {
    public var device: UInt64
    public var inode: UInt64
    /// `FileIdentity.fingerprint(of:size:)`; nil when the file could not be read for it.
    public var fingerprint: Int64?

    public init(device: UInt64, inode: UInt64, fingerprint: Int64? = nil) {
        self.device = device
        self.inode = inode
        self.fingerprint = fingerprint
    }

    init(_ info: stat, fingerprint: Int64? = nil) {
        self.init(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), fingerprint: fingerprint)
    }

    /// This device and inode with `fingerprint` (read elsewhere, by a worker).
    func with(fingerprint: Int64?) -> FileIdentity {
        FileIdentity(device: device, inode: inode, fingerprint: fingerprint)
    }

    /// Bytes read at each end of a file for its fingerprint. A photo's first bytes hold its
    /// metadata (the shutter's time, the camera's counters), its last ones the end of its
    /// compressed pixels: two different photos of the same size differ in both. A page at
    /// each end: copying 16 KB from each cost a first scan a tenth of its time.
    static let sampleSize = 4 * 1024

    /// A hash of the file's size, its first and its last `sampleSize` bytes (the whole file
    /// when smaller); nil when they can't be read. FNV-1a's step over 8-byte words in four
    /// lanes (a byte at a time, one multiplication waiting on the last, cost a first scan a
    /// tenth of its time), the lanes then mixed. Words are read little-endian, as on every
    /// machine Lightbox is built for.
    static func fingerprint(of descriptor: Int32, size: Int64) -> Int64? {
        let prime: UInt64 = 0x100_0000_01b3
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (0xcbf2_9ce4_8422_2325 ^ UInt64(bitPattern: size), 1, 2, 3)
        let headCount = Int(min(size, Int64(sampleSize)))
        let tailStart = max(Int64(headCount), size - Int64(sampleSize))
        // Room for whole groups of four words; what the file doesn't fill stays zero.
        var words = [UInt64](repeating: 0, count: (sampleSize + 31) / 32 * 4)
        for (offset, count) in [(Int64(0), headCount), (tailStart, Int(size - tailStart))] where count > 0 {
            let end = (count + 31) / 32 * 4
            for index in count / 8..<end { words[index] = 0 }
            guard pread(descriptor, &words, count, off_t(offset)) == count else { return nil }
            for index in stride(from: 0, to: end, by: 4) {
                lanes.0 = (lanes.0 ^ words[index]) &* prime
                lanes.1 = (lanes.1 ^ words[index + 1]) &* prime
                lanes.2 = (lanes.2 ^ words[index + 2]) &* prime
                lanes.3 = (lanes.3 ^ words[index + 3]) &* prime
            }
        }
        var hash = lanes.0
        for lane in [lanes.1, lanes.2, lanes.3] { hash = (hash ^ lane ^ (hash >> 29)) &* prime }
        return Int64(bitPattern: hash ^ (hash >> 32))
    }

    /// The identity of the file at `path` now, its fingerprint read; nil when it can't be opened.
    static func read(_ path: String) -> FileIdentity? {
        let descriptor = open(PathBytes.c(path), O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard let info = FileInfo(descriptor: descriptor), info.isFile else { return nil }
        return info.identity.with(fingerprint: fingerprint(of: descriptor, size: info.size))
    }
}

/// A photo whose file vanished: kept, with everything the person gave it, in case the file
/// comes back (`Catalog.missingPhotosKept`).
public struct MissingPhoto: Hashable, Sendable {
    /// As last seen: its path is where its file was.
    public var photo: Photo
    /// When its file was found gone.
    public var since: Date
}
