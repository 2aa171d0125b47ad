import Foundation
import LightboxMedia

/// A camera set to RAW+JPEG writes both files with one name (`IMG_1.CR2`, `IMG_1.JPG`) into
/// one folder: they are one photo. The RAW is the photo (its id, its thumbnail), the JPEG
/// its `companion`, not listed on its own; edits, trash and write-back act on both files.
/// Both keep their own catalog rows (so scans and live changes treat each file as usual);
/// the pairing is worked out where the list is made (`PhotoViewSpec.view`). A RAW file
/// that can't be read is not paired: its JPEG is listed on its own.
enum RawJpegPairs {
    /// The JPEG names a camera writes beside its RAW files.
    static let jpegExtensions = ["JPG", "jpg", "JPEG", "jpeg"]

    /// The companion of the RAW file at `path`: the first JPEG of the same name for which
    /// `exists` is true; nil when `path` is not a RAW file or has none.
    static func companion(of path: String, exists: (String) -> Bool) -> String? {
        guard isRaw(path), let dot = path.utf8.lastIndex(of: UInt8(ascii: ".")) else { return nil }
        let stem = String(path[..<dot])
        return jpegExtensions.lazy.map { stem + "." + $0 }.first(where: exists)
    }

    /// `photos` with each pair as one: the RAW with its `companion` set, the JPEG left out.
    /// Costs one pass over the names when the library holds no RAW file.
    static func paired(_ photos: [Photo]) -> [Photo] {
        guard hasRaw(photos) else { return photos }
        let paths = Set(photos.lazy.map(\.id))
        var companions: Set<String> = []
        var result = photos
        for index in result.indices where result[index].error == nil {
            guard let jpeg = companion(of: result[index].path, exists: paths.contains) else { continue }
            result[index].companion = jpeg
            companions.insert(jpeg)
        }
        guard !companions.isEmpty else { return photos }
        result.removeAll { companions.contains($0.path) }
        return result
    }

    /// Whether any of `photos` is a RAW file (read through `id`, the path without the key
    /// path `path` goes through: this too runs over every photo of the library).
    static func hasRaw(_ photos: [Photo]) -> Bool { photos.contains { isRaw($0.id) } }

    /// Whether `path` ends in a RAW extension (any case), read from its bytes: this runs over
    /// every photo of the library each time the list is made, so the extension is packed into
    /// a number instead of a string made for each photo.
    static func isRaw(_ path: String) -> Bool {
        let bytes = path.utf8
        guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")) else { return false }
        let ext = bytes[bytes.index(after: dot)...]
        guard (3...4).contains(ext.count) else { return false }
        return rawKeys.contains(key(ext))
    }

    /// The RAW extensions as `key`s.
    private static let rawKeys = Set(ImageFamily.rawExtensions.map { key($0.utf8) })

    /// Three or four bytes, lower-cased, in one number (four ASCII bytes never equal three).
    private static func key<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> UInt32 {
        // ORing 0x20 lower-cases ASCII letters and leaves digits as they are.
        bytes.reduce(0) { $0 << 8 | UInt32($1 | 0x20) }
    }
}
