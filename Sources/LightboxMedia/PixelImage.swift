import CGtk
import Gtk

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
        let width = self.width
        let height = self.height
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        guard let source = gdk_pixbuf_read_pixels(pixbuf) else { return [] }
        var out = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let from = y * stride + x * channels
                let to = (y * width + x) * 4
                for c in 0..<min(channels, 4) { out[to + c] = source[from + c] }
            }
        }
        return out
    }

    /// Decodes `path` scaled down (never up) to fit `size`×`size`, using the loader's
    /// downscaled decode, with the orientation applied: a RAW file's embedded preview
    /// (`RawPreview`), a HEIF file as libheif transforms it, a JPEG XL file as libjxl does, a
    /// video's telling frame as its stream is turned (`VideoFile`), anything else by its EXIF
    /// orientation. Refuses images larger than `maxPixels` before decoding anything
    /// (decompression bombs; libheif enforces its own limit on HEIF files).
    public static func decode(path: String, fitting size: Int, maxPixels: Int) throws(MediaError) -> PixelImage {
        switch ImageFamily(path: path) {
        case .raw:
            return try RawPreview.decode(path: path, fitting: size, maxPixels: maxPixels)
        case .heif:
            return try decodeHEIF(path: path, fitting: size, maxPixels: maxPixels)
        case .jpegXL:
            return try JPEGXLFile.decode(path: path, fitting: size, maxPixels: maxPixels)
        case .video:
            return try VideoFile.frame(path: path, fitting: size, maxPixels: maxPixels)
        case .pixbuf:
            break
        }
        let info = try ImageFileInfo.read(path: path)
        guard info.width * info.height <= maxPixels else {
            // Translators: %1$d × %2$d is the image's size in pixels.
            throw MediaError(String(format: tr("image too large to decode (%1$d×%2$d pixels)"), info.width, info.height))
        }
        let scale = min(1, Double(size) / Double(max(info.width, info.height, 1)))
        let width = max(1, Int((Double(info.width) * scale).rounded()))
        let height = max(1, Int((Double(info.height) * scale).rounded()))
        var error: UnsafeMutablePointer<GError>?
        guard let decoded = gdk_pixbuf_new_from_file_at_scale(PathBytes.c(path), gint(width), gint(height), 1, &error) else {
            throw MediaError.take(error, fallback: tr("the image could not be decoded"))
        }
        let image = PixelImage(adopting: decoded)
        // The JPEG and TIFF loaders report the EXIF orientation (none when the tag is absent);
        // others (WebP, PNG) leave it to Exiv2.
        if info.format != "jpeg", info.format != "tiff", gdk_pixbuf_get_option(decoded, "orientation") == nil {
            return try image.oriented(exif: ImageMetadataReader.orientation(path: path))
        }
        return try image.withEmbeddedOrientation()
    }

    /// A thumbnail the phone embedded when one covers `size` (libheif, no decode of the
    /// photo); otherwise libheif's gdk-pixbuf loader, which decodes the whole image (it has no
    /// downscaled decode), already turned as the file says, scaled down here.
    private static func decodeHEIF(path: String, fitting size: Int, maxPixels: Int) throws(MediaError) -> PixelImage {
        let file = try HEIFFile(path: path)
        guard file.width * file.height <= maxPixels else {
            throw MediaError(String(format: tr("image too large to decode (%1$d×%2$d pixels)"), file.width, file.height))
        }
        if let thumbnail = file.thumbnail(fitting: size) { return thumbnail }
        var error: UnsafeMutablePointer<GError>?
        guard let decoded = gdk_pixbuf_new_from_file(PathBytes.c(path), &error) else {
            throw MediaError.take(error, fallback: tr("the HEIF image could not be decoded"))
        }
        return try PixelImage(adopting: decoded).scaled(fitting: size)
    }

    /// This image scaled down (never up) to fit `size`×`size`.
    public func scaled(fitting size: Int) throws(MediaError) -> PixelImage {
        let scale = min(1, Double(size) / Double(max(width, height, 1)))
        guard scale < 1 else { return self }
        let newWidth = max(1, Int((Double(width) * scale).rounded()))
        let newHeight = max(1, Int((Double(height) * scale).rounded()))
        guard let scaled = gdk_pixbuf_scale_simple(pixbuf, gint(newWidth), gint(newHeight), GDK_INTERP_BILINEAR) else {
            throw MediaError(tr("the image could not be scaled"))
        }
        return PixelImage(adopting: scaled)
    }

    /// Decodes an image held in memory (a RAW file's preview) at `width`×`height`.
    static func decode(
        bytes: UnsafePointer<guint8>, count: Int, mimeType: String,
        width: Int, height: Int
    ) throws(MediaError) -> PixelImage {
        var error: UnsafeMutablePointer<GError>?
        guard let loader = gdk_pixbuf_loader_new_with_mime_type(mimeType, &error) else {
            // Translators: %@ is a content type ("image/webp").
            throw MediaError.take(error, fallback: String(format: tr("no image loader for %@"), mimeType))
        }
        defer { g_object_unref(UnsafeMutableRawPointer(loader)) }
        gdk_pixbuf_loader_set_size(loader, gint(width), gint(height))
        let written = gdk_pixbuf_loader_write(loader, bytes, gsize(count), &error) != 0
        // Closed in every case: a loader finalized open warns.
        var closeError: UnsafeMutablePointer<GError>?
        let closed = gdk_pixbuf_loader_close(loader, &closeError) != 0
        guard written else {
            if let closeError { g_error_free(closeError) }
            throw MediaError.take(error, fallback: tr("the preview could not be decoded"))
        }
        guard closed, let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader) else {
            throw MediaError.take(closeError, fallback: tr("the preview could not be decoded"))
        }
        g_object_ref(UnsafeMutableRawPointer(pixbuf))
        return PixelImage(adopting: pixbuf)
    }

    /// Whether an installed gdk-pixbuf loader reads images of `mimeType`.
    static func canDecode(mimeType: String) -> Bool {
        ImageFileInfo.readableMimeTypes.contains(mimeType)
    }

    /// This image turned as its loader's `orientation` option says (JPEG and TIFF loaders set it).
    private func withEmbeddedOrientation() throws(MediaError) -> PixelImage {
        guard let turned = gdk_pixbuf_apply_embedded_orientation(pixbuf) else {
            throw MediaError(tr("the image could not be rotated"))
        }
        return PixelImage(adopting: turned)
    }

    /// This image turned upright by an EXIF orientation 1…8 (others leave it as is), through
    /// gdk-pixbuf's own table (`gdk_pixbuf_apply_embedded_orientation`). Call only on an image
    /// just decoded and not yet shared: its `orientation` option is set in place.
    func oriented(exif orientation: Int) throws(MediaError) -> PixelImage {
        guard (2...8).contains(orientation) else { return self }
        gdk_pixbuf_remove_option(pixbuf, "orientation")
        gdk_pixbuf_set_option(pixbuf, "orientation", String(orientation))
        guard let turned = gdk_pixbuf_apply_embedded_orientation(pixbuf) else {
            throw MediaError(tr("the image could not be rotated"))
        }
        return PixelImage(adopting: turned)
    }

    /// These pixels turned by `orientation` (a new image; this one is left as it is, so a
    /// shared image can be turned): how a photo whose orientation was corrected is shown.
    public func turned(_ orientation: ExifOrientation) throws(MediaError) -> PixelImage {
        guard orientation != .upright else { return self }
        var current: OpaquePointer? = pixbuf
        var made: [OpaquePointer] = []
        defer { made.forEach { g_object_unref(UnsafeMutableRawPointer($0)) } }
        if orientation.mirrored {
            current = gdk_pixbuf_flip(current, 1)
            if let current { made.append(current) }
        }
        // gdk-pixbuf counts its turns in degrees counterclockwise.
        let degrees = [0, 270, 180, 90][orientation.quarterTurns]
        if degrees != 0, current != nil {
            current = gdk_pixbuf_rotate_simple(current, GdkPixbufRotation(rawValue: UInt32(degrees)))
            if let current { made.append(current) }
        }
        guard let current else { throw MediaError(tr("the image could not be rotated")) }
        g_object_ref(UnsafeMutableRawPointer(current))
        return PixelImage(adopting: current)
    }

    /// Loads a whole (small) image file, with its PNG text chunks.
    public static func load(path: String, textKeys: [String]) throws(MediaError) -> (PixelImage, [String: String]) {
        var error: UnsafeMutablePointer<GError>?
        guard let pixbuf = gdk_pixbuf_new_from_file(PathBytes.c(path), &error) else {
            throw MediaError.take(error, fallback: tr("the image could not be loaded"))
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
                gdk_pixbuf_savev(pixbuf, PathBytes.c(path), "png", k.baseAddress, v.baseAddress, &error)
            }
        }
        guard saved != 0 else { throw MediaError.take(error, fallback: tr("the thumbnail could not be saved")) }
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
        var width: gint = 0
        var height: gint = 0
        guard let format = gdk_pixbuf_get_file_info(PathBytes.c(path), &width, &height) else {
            throw MediaError(tr("not an image format gdk-pixbuf can read"))
        }
        return ImageFileInfo(
            format: String(cString: gdk_pixbuf_format_get_name(format)),
            width: Int(width), height: Int(height))
    }

    /// MIME types of every format the installed gdk-pixbuf loaders read.
    static let readableMimeTypes = Set(loaderStrings(gdk_pixbuf_format_get_mime_types))

    /// Lower-case file extensions of every format the installed gdk-pixbuf loaders read.
    public static let readableExtensions = Set(loaderStrings(gdk_pixbuf_format_get_extensions).map { $0.lowercased() })

    /// The strings `list` gives for each installed gdk-pixbuf loader's format, all together.
    private static func loaderStrings(_ list: (OpaquePointer?) -> UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>?) -> [String] {
        var result: [String] = []
        let formats = gdk_pixbuf_get_formats()
        defer { g_slist_free(formats) }
        var node = formats
        while let current = node {
            if let strings = list(OpaquePointer(current.pointee.data)) {
                var index = 0
                while let string = strings[index] {
                    result.append(String(cString: string))
                    index += 1
                }
                g_strfreev(strings)
            }
            node = current.pointee.next
        }
        return result
    }
}
