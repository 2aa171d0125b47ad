import Foundation

/// Which decoder a photo file goes to, by its extension (its content is checked when it is read).
public enum ImageFamily: Sendable, Equatable {
    /// A camera RAW file: metadata and embedded previews through gexiv2 (Exiv2's PreviewManager).
    case raw
    /// HEIF and AVIF (phones, recent cameras): libheif's gdk-pixbuf loader, which applies the
    /// container's rotation and mirroring itself (the HEIF rule), so the EXIF orientation is not applied again.
    case heif
    /// JPEG XL: libjxl itself (`JPEGXLFile`), which turns the picture as its header says.
    case jpegXL
    /// A video (MP4, MOV, Matroska, AVI, MTS): FFmpeg's libraries (`VideoFile`); its thumbnail
    /// is a frame that shows what it is.
    case video
    /// Anything a gdk-pixbuf loader reads (JPEG, PNG, TIFF, WebP…).
    case pixbuf

    /// Camera RAW extensions (upper or lower case), the vendors' containers Exiv2 and LibRaw know.
    public static let rawExtensions: Set<String> = [
        "cr2", "cr3", "crw", "nef", "nrw", "arw", "sr2", "srf", "dng", "orf", "raf", "rw2", "rwl", "pef",
        "srw", "3fr", "mrw", "x3f", "erf", "kdc", "dcr", "mef", "iiq",
    ]
    /// HEIF-family extensions: `.hif` is what Canon and Fujifilm cameras name their HEIF files.
    public static let heifExtensions: Set<String> = ["heic", "heif", "hif", "avif"]

    public init(path: String) {
        let ext = Self.fileExtension(of: path)
        if Self.rawExtensions.contains(ext) {
            self = .raw
        } else if Self.heifExtensions.contains(ext) {
            self = .heif
        } else if ext == "jxl" {
            self = .jpegXL
        } else if VideoFile.extensions.contains(ext) {
            self = .video
        } else {
            self = .pixbuf
        }
    }

    /// The extension of the file name at the end of `path`, in lower case ("" when none):
    /// what decides how a file is read, asked of every file of a scan (without Foundation's
    /// path bridging, which cost a first scan more than the answer).
    public static func fileExtension(of path: String) -> String {
        let bytes = path.utf8
        guard let dot = bytes.lastIndex(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "/") }),
            bytes[dot] == UInt8(ascii: "."), bytes.index(after: dot) != bytes.endIndex
        else { return "" }
        let ext = path[path.utf8.index(after: dot)...]
        return ext.utf8.allSatisfy({ $0 < 0x80 && !(0x41...0x5A).contains($0) }) ? String(ext) : ext.lowercased()
    }

    /// Whether this machine has a decoder for the files of the extension `ext` (lower case).
    public static func canDecode(extension ext: String) -> Bool {
        if rawExtensions.contains(ext) { return ext != "x3f" }
        if ext == "hif" { return ImageFileInfo.readableExtensions.contains("heif") }
        if ext == "jxl" || VideoFile.extensions.contains(ext) { return true }
        return ImageFileInfo.readableExtensions.contains(ext)
    }
}
