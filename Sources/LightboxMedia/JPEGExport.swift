import CExiv2Tags
import CGtk
import CLcms2
import Gtk

/// An exported JPEG made in memory (a worker may not write files): decoded at the size asked
/// for (the JPEG loader's DCT scaling does most of the shrinking), turned upright, its
/// colours kept or converted to sRGB, encoded, then its metadata written (`ExportTags`).
public enum JPEGExport {
    /// The JPEG for `item`, as bytes.
    public static func render(_ item: ExportItem, settings: JPEGSettings, maxPixels: Int) throws(MediaError) -> EncodedFile {
        let (image, profile) = try decode(item, longestSide: settings.longestSide, maxPixels: maxPixels)
        // The pixels are RGB whatever the file held: a grey or CMYK profile no longer describes them.
        var outputProfile = profile.flatMap { isRGB($0) ? $0 : nil }
        if settings.colour == .sRGB, let source = profile {
            try image.convertToSRGB(from: source)
            outputProfile = sRGBProfile
        }
        let encoded = try image.encodeJPEG(quality: settings.quality)
        let edits = ExportTags.edits(for: item, settings: settings, width: image.width, height: image.height)
        do {
            return try writeMetadata(encoded, source: settings.metadata == .none ? nil : item.path, edits: edits, icc: outputProfile)
        } catch  where settings.metadata != .none {
            // Tags Exiv2 can't carry over into a JPEG (a RAW file's maker note) don't cost the export:
            // the catalog's own values still go in.
            return try writeMetadata(encoded, source: nil, edits: edits, icc: outputProfile)
        }
    }

    /// The pixels at most `longestSide` px a side (nil: full size), upright as `item` says,
    /// and the profile the file embeds (nil when none).
    private static func decode(_ item: ExportItem, longestSide: Int?, maxPixels: Int) throws(MediaError) -> (PixelImage, [UInt8]?) {
        let family = ImageFamily(path: item.path)
        guard family == .pixbuf else {
            // A RAW preview comes turned as its EXIF says, a HEIF or JPEG XL image as its container
            // or header says (the catalog's 1): turned back to the stored pixels, then as the catalog says.
            let image = try PixelImage.decode(path: item.path, fitting: longestSide ?? Int(Int32.max), maxPixels: maxPixels)
            let applied = family == .raw ? ImageMetadataReader.orientation(path: item.path) : 1
            return (try image.turned(ExifOrientation.turn(from: applied, to: item.orientation)), nil)
        }
        let info = try ImageFileInfo.read(path: item.path)
        guard info.width * info.height <= maxPixels else {
            throw MediaError(String(format: tr("image too large to decode (%1$d×%2$d pixels)"), info.width, info.height))
        }
        var error: UnsafeMutablePointer<GError>?
        let decoded: OpaquePointer?
        if let side = longestSide, side < max(info.width, info.height) {
            let scale = Double(side) / Double(max(info.width, info.height))
            let width = max(1, Int((Double(info.width) * scale).rounded()))
            let height = max(1, Int((Double(info.height) * scale).rounded()))
            decoded = gdk_pixbuf_new_from_file_at_scale(PathBytes.c(item.path), gint(width), gint(height), 0, &error)
        } else {
            decoded = gdk_pixbuf_new_from_file(PathBytes.c(item.path), &error)
        }
        guard let decoded else { throw MediaError.take(error, fallback: tr("the image could not be decoded")) }
        let image = PixelImage(adopting: decoded)
        let profile = image.embeddedProfile
        return (try image.oriented(exif: item.orientation), profile)
    }

    private static func writeMetadata(_ jpeg: [UInt8], source: String?, edits: String, icc: [UInt8]?) throws(MediaError) -> EncodedFile {
        var bytes: UnsafeMutablePointer<UInt8>?
        var count = 0
        var error: UnsafeMutablePointer<CChar>?
        let status = jpeg.withUnsafeBufferPointer { jpeg in
            (icc ?? []).withUnsafeBufferPointer { icc in
                lbx_export_write_metadata(
                    jpeg.baseAddress, jpeg.count, source.map(PathBytes.c), edits, icc.baseAddress, icc.count, &bytes, &count,
                    &error)
            }
        }
        guard status == 0, let bytes else {
            defer { free(error) }
            // Translators: %@ is Exiv2's reason (technical, in English).
            throw MediaError(String(format: tr("the metadata could not be written: %@"), error.map { String(cString: $0) } ?? "?"))
        }
        return EncodedFile(adopting: bytes, count: count)
    }

    /// Whether `profile` is an RGB profile Little CMS can read.
    static func isRGB(_ profile: [UInt8]) -> Bool {
        guard let opened = cmsOpenProfileFromMem(profile, cmsUInt32Number(profile.count)) else { return false }
        defer { cmsCloseProfile(opened) }
        return cmsGetColorSpace(opened) == cmsSigRgbData
    }

    /// Little CMS's sRGB profile, as the bytes an sRGB export embeds.
    static let sRGBProfile: [UInt8] = {
        let profile = cmsCreate_sRGBProfile()
        defer { cmsCloseProfile(profile) }
        var size: cmsUInt32Number = 0
        guard cmsSaveProfileToMem(profile, nil, &size) != 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: Int(size))
        guard cmsSaveProfileToMem(profile, &bytes, &size) != 0 else { return [] }
        return bytes
    }()
}

/// A finished file's bytes (malloc'd by the encoder), freed with this owner.
public final class EncodedFile: @unchecked Sendable {
    let bytes: UnsafeMutablePointer<UInt8>
    public let count: Int

    init(adopting bytes: UnsafeMutablePointer<UInt8>, count: Int) {
        self.bytes = bytes
        self.count = count
    }

    deinit { free(bytes) }

    /// The bytes, copied.
    public var data: [UInt8] { Array(UnsafeBufferPointer(start: bytes, count: count)) }
}

extension PixelImage {
    /// The ICC profile the loader found in the file (JPEG, PNG, TIFF), nil when none.
    var embeddedProfile: [UInt8]? {
        guard let encoded = gdk_pixbuf_get_option(pixbuf, "icc-profile") else { return nil }
        var length: gsize = 0
        guard let decoded = g_base64_decode(encoded, &length) else { return nil }
        defer { g_free(decoded) }
        return length > 0 ? Array(UnsafeBufferPointer(start: decoded, count: Int(length))) : nil
    }

    /// Turns the pixels (in place: call only on an image not yet shared) from `profile` to
    /// sRGB. A profile that is not an RGB one leaves them as they are (the loader already
    /// made RGB of a CMYK or grey file, without its profile).
    func convertToSRGB(from profile: [UInt8]) throws(MediaError) {
        guard let source = cmsOpenProfileFromMem(profile, cmsUInt32Number(profile.count)) else {
            throw MediaError(tr("the photo's colour profile can't be read"))
        }
        defer { cmsCloseProfile(source) }
        guard cmsGetColorSpace(source) == cmsSigRgbData else { return }
        let sRGB = cmsCreate_sRGBProfile()
        defer { cmsCloseProfile(sRGB) }
        let alpha = gdk_pixbuf_get_has_alpha(pixbuf) != 0
        let format = alpha ? lbxTypeRGBA8 : lbxTypeRGB8
        guard
            let transform = cmsCreateTransform(
                source, format, sRGB, format, cmsUInt32Number(INTENT_PERCEPTUAL), cmsUInt32Number(alpha ? cmsFLAGS_COPY_ALPHA : 0))
        else {
            throw MediaError(tr("the photo's colour profile can't be converted to sRGB"))
        }
        defer { cmsDeleteTransform(transform) }
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let pixels = gdk_pixbuf_get_pixels(pixbuf)!
        cmsDoTransformLineStride(
            transform, pixels, pixels, cmsUInt32Number(width), cmsUInt32Number(height), cmsUInt32Number(stride),
            cmsUInt32Number(stride), 0, 0)
    }

    /// The pixels as a JPEG at `quality` (1…100), with no metadata yet.
    func encodeJPEG(quality: Int) throws(MediaError) -> [UInt8] {
        var buffer: UnsafeMutablePointer<gchar>?
        var size: gsize = 0
        var error: UnsafeMutablePointer<GError>?
        var keys: [UnsafeMutablePointer<CChar>?] = [strdup("quality"), nil]
        var values: [UnsafeMutablePointer<CChar>?] = [strdup(String(min(max(quality, 1), 100))), nil]
        defer {
            keys.forEach { free($0) }
            values.forEach { free($0) }
        }
        let saved = keys.withUnsafeMutableBufferPointer { k in
            values.withUnsafeMutableBufferPointer { v in
                gdk_pixbuf_save_to_bufferv(pixbuf, &buffer, &size, "jpeg", k.baseAddress, v.baseAddress, &error)
            }
        }
        guard saved != 0, let buffer else { throw MediaError.take(error, fallback: tr("the JPEG could not be encoded")) }
        defer { g_free(buffer) }
        return buffer.withMemoryRebound(to: UInt8.self, capacity: Int(size)) { Array(UnsafeBufferPointer(start: $0, count: Int(size))) }
    }
}

// lcms2's TYPE_RGB_8 and TYPE_RGBA_8 are function-like macros, which Swift does not import.
private let lbxTypeRGB8 = cmsUInt32Number((4 << 16) | (3 << 3) | 1)
private let lbxTypeRGBA8 = cmsUInt32Number((4 << 16) | (1 << 7) | (3 << 3) | 1)
