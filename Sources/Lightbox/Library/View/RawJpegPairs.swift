import Foundation
import LightboxMedia

/// A camera set to RAW+JPEG writes both files with one name (`IMG_1.CR2`, `IMG_1.JPG`) into
/// one folder: they are one photo. The RAW is the photo (its id, its thumbnail), the JPEG
/// its `companion`, not listed on its own; edits, trash and write-back act on both files.
/// Both keep their own catalog rows (so scans and live changes treat each file as usual);
/// the pairing is worked out where the list is made (`PairedFiles`). A RAW file that can't
/// be read is not paired: its JPEG is listed on its own.
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

    /// Whether `path` ends in a RAW extension (any case).
    static func isRaw(_ path: String) -> Bool { PairedFiles.role(of: path) == .raw }
}
