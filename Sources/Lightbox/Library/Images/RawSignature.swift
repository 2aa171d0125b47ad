import Foundation
import Gtk

/// What a RAW file's content says it is, beyond its extension.
enum RawSignature {
    /// Vendors in Exiv2's RAW MIME types (`image/x-canon-cr2`, `image/x-nikon-nef`…).
    private static let vendors = [
        "canon", "nikon", "sony", "olympus", "fuji", "panasonic", "minolta", "pentax",
        "samsung", "epson", "kodak", "adobe", "leica", "hasselblad", "phaseone", "sigma",
    ]

    /// Whether Exiv2's MIME type for a file is a camera RAW container: a vendor's own, or TIFF
    /// (DNG, and the TIFF-based RAWs Exiv2 names by their compression or not at all).
    static func isRawContainer(mimeType: String) -> Bool {
        guard mimeType != "image/tiff" else { return true }
        guard mimeType.hasPrefix("image/x-") else { return false }
        return vendors.contains { mimeType.contains($0) }
    }

    /// Whether `path` starts as a Sigma X3F file does (`FOVb`).
    static func isSigmaX3F(path: String) -> Bool {
        let descriptor = open(PathBytes.c(path), O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        defer { try? handle.close() }
        return (try? handle.read(upToCount: 4)) == Data("FOVb".utf8)
    }
}
