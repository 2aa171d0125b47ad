import Foundation
import Gtk

/// The first and last bytes of an open file, read once for everything that looks at them
/// when a photo is read: its fingerprint, the check for a JPEG cut short, and Exiv2, which
/// parses a JPEG's tags from these bytes rather than opening the file three more times
/// (`MetadataFile(path:ends:)`).
public final class FileEnds: @unchecked Sendable {
    /// Bytes read at each end of a file for its fingerprint. A photo's first bytes hold its
    /// metadata (the shutter's time, the camera's counters), its last ones the end of its
    /// compressed pixels: two different photos of the same size differ in both. A page at
    /// each end: copying 16 KB from each cost a first scan a tenth of its time.
    public static let sampleSize = 4 * 1024
    /// What is read at the start of a JPEG: its tags come before its pixels, and in camera
    /// and phone files within the first 64 KB (an EXIF segment holds at most that much).
    public static let jpegHeadSize = 64 * 1024

    public let fileSize: Int64
    /// The first `min(fileSize, headLimit)` bytes.
    private let head: UnsafeMutableRawBufferPointer
    /// The last `min(fileSize, sampleSize)` bytes, when the head doesn't hold them.
    private let tail: UnsafeMutableRawBufferPointer?

    /// Reads the ends of the file open as `descriptor`, of `size` bytes: at most `headLimit`
    /// at the start (at least `sampleSize`). Nil when the file holds fewer bytes than that.
    public init?(descriptor: Int32, size: Int64, headLimit: Int = sampleSize) {
        guard size >= 0 else { return nil }
        let headCount = Int(min(size, Int64(max(headLimit, Self.sampleSize))))
        let head = UnsafeMutableRawBufferPointer.allocate(byteCount: headCount, alignment: 8)
        guard pread(descriptor, head.baseAddress, headCount, 0) == headCount else {
            head.deallocate()
            return nil
        }
        var tail: UnsafeMutableRawBufferPointer?
        if Int64(headCount) < size {
            let tailBytes = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.sampleSize, alignment: 8)
            guard pread(descriptor, tailBytes.baseAddress, Self.sampleSize, off_t(size) - off_t(Self.sampleSize)) == Self.sampleSize
            else {
                head.deallocate()
                tailBytes.deallocate()
                return nil
            }
            tail = tailBytes
        }
        self.fileSize = size
        self.head = head
        self.tail = tail
    }

    deinit {
        head.deallocate()
        tail?.deallocate()
    }

    /// Whether the head is the whole file.
    public var isWholeFile: Bool { tail == nil }

    /// Runs `body` with the head's bytes, which stay where they are as long as this lives.
    func withHead<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result { body(UnsafeRawBufferPointer(head)) }

    /// The file's last `count` bytes (at most `sampleSize`).
    private func last(_ count: Int) -> UnsafeRawBufferPointer {
        let count = min(count, Int(fileSize), Self.sampleSize)
        guard let tail else { return UnsafeRawBufferPointer(rebasing: head[(head.count - count)...]) }
        return UnsafeRawBufferPointer(rebasing: tail[(tail.count - count)...])
    }

    /// Whether a JPEG end-of-image marker is among the file's last 256 bytes (a JPEG
    /// without one was cut short).
    public var hasJPEGEnd: Bool {
        let bytes = last(256)
        guard bytes.count >= 2 else { return false }
        for index in 0..<bytes.count - 1 where bytes[index] == 0xFF && bytes[index + 1] == 0xD9 { return true }
        return false
    }

    /// A hash of the file's size, its first and its last `sampleSize` bytes (the whole file
    /// when smaller). FNV-1a's step over 8-byte words in four lanes (a byte at a time, one
    /// multiplication waiting on the last, cost a first scan a tenth of its time), the lanes
    /// then mixed; each end is hashed in 32-byte groups, the last one padded with zeros.
    /// Words are read little-endian, as on every machine Lightbox is built for. Catalogs
    /// keep fingerprints: this must give every file the value it always gave.
    public var fingerprint: Int64 {
        let prime: UInt64 = 0x100_0000_01b3
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (0xcbf2_9ce4_8422_2325 ^ UInt64(bitPattern: fileSize), 1, 2, 3)
        func mix(_ words: (UInt64, UInt64, UInt64, UInt64)) {
            lanes.0 = (lanes.0 ^ words.0) &* prime
            lanes.1 = (lanes.1 ^ words.1) &* prime
            lanes.2 = (lanes.2 ^ words.2) &* prime
            lanes.3 = (lanes.3 ^ words.3) &* prime
        }
        let headCount = Int(min(fileSize, Int64(Self.sampleSize)))
        // The second end starts where the first stops when the file is under two samples long.
        let tailCount = Int(fileSize - max(Int64(headCount), fileSize - Int64(Self.sampleSize)))
        for bytes in [UnsafeRawBufferPointer(rebasing: head[..<headCount]), last(tailCount)] {
            let whole = bytes.count / 32 * 32
            for offset in stride(from: 0, to: whole, by: 32) {
                mix(
                    (
                        bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self),
                        bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self),
                        bytes.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self),
                        bytes.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self)
                    ))
            }
            if whole < bytes.count {
                var group: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
                withUnsafeMutableBytes(of: &group) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[whole...])) }
                mix(group)
            }
        }
        var hash = lanes.0
        for lane in [lanes.1, lanes.2, lanes.3] { hash = (hash ^ lane ^ (hash >> 29)) &* prime }
        return Int64(bitPattern: hash ^ (hash >> 32))
    }
}
