import CGtk

/// Decoded pixels (a `GdkPixbuf`), safe to hand between threads: a pixbuf is never
/// changed after it is made here, and this owner holds the only reference.
public final class PixelImage: @unchecked Sendable {
    let pixbuf: OpaquePointer

    init(adopting pixbuf: OpaquePointer) { self.pixbuf = pixbuf }

    deinit { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }

    public var width: Int { Int(gdk_pixbuf_get_width(pixbuf)) }
    public var height: Int { Int(gdk_pixbuf_get_height(pixbuf)) }
    /// Bytes of pixel memory held (for cache accounting).
    public var byteCount: Int { Int(gdk_pixbuf_get_byte_length(pixbuf)) }

    /// RGBA bytes, row by row (for checks and for copying into a texture).
    public var rgbaBytes: [UInt8] {
        let width = self.width, height = self.height
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        guard let source = gdk_pixbuf_read_pixels(pixbuf) else { return [] }
        var out = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let from = y * stride + x * channels, to = (y * width + x) * 4
                for c in 0..<min(channels, 4) { out[to + c] = source[from + c] }
            }
        }
        return out
    }

    /// Decodes `path` scaled down (never up) to fit `size`×`size`, using the loader's
    /// downscaled decode, with the EXIF orientation applied. Refuses images larger
    /// than `maxPixels` before decoding anything (decompression bombs).
    public static func decode(path: String, fitting size: Int, maxPixels: Int) throws(MediaError) -> PixelImage {
        let info = try ImageFileInfo.read(path: path)
        guard info.width * info.height <= maxPixels else {
            throw MediaError("image too large to decode (\(info.width)×\(info.height) pixels)")
        }
        let scale = min(1, Double(size) / Double(max(info.width, info.height, 1)))
        let width = max(1, Int((Double(info.width) * scale).rounded()))
        let height = max(1, Int((Double(info.height) * scale).rounded()))
        var error: UnsafeMutablePointer<GError>?
        guard let decoded = gdk_pixbuf_new_from_file_at_scale(path, gint(width), gint(height), 1, &error) else {
            throw MediaError.take(error, fallback: "the image could not be decoded")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(decoded)) }
        guard let oriented = gdk_pixbuf_apply_embedded_orientation(decoded) else {
            throw MediaError("the image could not be rotated")
        }
        return PixelImage(adopting: oriented)
    }

    /// Loads a whole (small) image file, with its PNG text chunks.
    public static func load(path: String, textKeys: [String]) throws(MediaError) -> (PixelImage, [String: String]) {
        var error: UnsafeMutablePointer<GError>?
        guard let pixbuf = gdk_pixbuf_new_from_file(path, &error) else {
            throw MediaError.take(error, fallback: "the image could not be loaded")
        }
        var text: [String: String] = [:]
        for key in textKeys {
            if let value = gdk_pixbuf_get_option(pixbuf, "tEXt::" + key) { text[key] = String(cString: value) }
        }
        return (PixelImage(adopting: pixbuf), text)
    }

    /// Saves as PNG with `text` as tEXt chunks (freedesktop thumbnail keys), at zlib
    /// `compression` 0…9 (9 smallest; 1 encodes a thumbnail several times faster than 6).
    public func savePNG(path: String, text: [String: String], compression: Int = 6) throws(MediaError) {
        let keys = text.keys.sorted()
        var keyStrings = keys.map { strdup("tEXt::" + $0) } + [strdup("compression"), nil]
        var valueStrings = keys.map { strdup(text[$0]!) } + [strdup(String(min(max(compression, 0), 9))), nil]
        defer {
            keyStrings.forEach { free($0) }
            valueStrings.forEach { free($0) }
        }
        var error: UnsafeMutablePointer<GError>?
        let saved = keyStrings.withUnsafeMutableBufferPointer { k in
            valueStrings.withUnsafeMutableBufferPointer { v in
                gdk_pixbuf_savev(pixbuf, path, "png", k.baseAddress, v.baseAddress, &error)
            }
        }
        guard saved != 0 else { throw MediaError.take(error, fallback: "the thumbnail could not be saved") }
    }

    /// A 1×1 transparent image (the content of a freedesktop `fail/` entry).
    public static func placeholder() -> PixelImage {
        let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 1, 8, 1, 1)!
        gdk_pixbuf_fill(pixbuf, 0)
        return PixelImage(adopting: pixbuf)
    }
}

/// What an image file's header says (no pixels decoded).
public struct ImageFileInfo: Sendable {
    public let format: String
    public let width: Int
    public let height: Int

    public static func read(path: String) throws(MediaError) -> ImageFileInfo {
        var width: gint = 0, height: gint = 0
        guard let format = gdk_pixbuf_get_file_info(path, &width, &height) else {
            throw MediaError("not an image format gdk-pixbuf can read")
        }
        return ImageFileInfo(format: String(cString: gdk_pixbuf_format_get_name(format)),
                             width: Int(width), height: Int(height))
    }

    /// Lower-case file extensions of every format the installed gdk-pixbuf loaders read.
    public static let readableExtensions: Set<String> = {
        var result: Set<String> = []
        let formats = gdk_pixbuf_get_formats()
        defer { g_slist_free(formats) }
        var list = formats
        while let node = list {
            let format = OpaquePointer(node.pointee.data)
            if let extensions = gdk_pixbuf_format_get_extensions(format) {
                var index = 0
                while let ext = extensions[index] {
                    result.insert(String(cString: ext).lowercased())
                    index += 1
                }
                g_strfreev(extensions)
            }
            list = node.pointee.next
        }
        return result
    }()
}
