import CGtk
import CLibRaw
import Gtk

/// Develops a camera RAW file's sensor data with LibRaw, for files whose embedded previews
/// are missing or too small (`RawPreview`). Half-size demosaicing (each 2×2 Bayer block
/// becomes one pixel), camera white balance, sRGB, turned as the file says (LibRaw applies
/// the camera's orientation). About 170 ms for 12 megapixels here, against tens of
/// milliseconds for a preview: the fallback, not the rule.
public enum RawDecoder {
    /// Why the sensor data could not be developed. Said on its own (`message`) or, for a
    /// file with no preview either, in one sentence that says so too (`messageWithoutPreview`):
    /// whole messages, never a translated reason glued into another.
    enum Failure: Error {
        case notInitialized
        case tooLarge(sensorPixels: Int)
        /// LibRaw's own message (English: LibRaw has no translations).
        case libRaw(String)
        case unshowable
        case notScaled

        var message: String {
            switch self {
            case .notInitialized: tr("LibRaw could not be initialized")
            case .tooLarge(let pixels): String(format: tr("image too large to decode (%d sensor pixels)"), pixels)
            // Translators: %@ is LibRaw's own message.
            case .libRaw(let message): String(format: tr("LibRaw: %@"), message)
            case .unshowable: tr("LibRaw developed an image Lightbox can't show")
            case .notScaled: tr("the image could not be scaled")
            }
        }

        var messageWithoutPreview: String {
            switch self {
            // Translators: why a RAW file can't be shown.
            case .notInitialized: tr("the RAW file has no embedded preview, and LibRaw could not be initialized")
            // Translators: why a RAW file can't be shown; %d is how many pixels its sensor data has.
            case .tooLarge(let pixels):
                String(format: tr("the RAW file has no embedded preview, and its sensor data is too large to develop (%d pixels)"), pixels)
            // Translators: why a RAW file can't be shown; %@ is LibRaw's own message (in English).
            case .libRaw(let message):
                String(format: tr("the RAW file has no embedded preview, and LibRaw could not develop it: %@"), message)
            // Translators: why a RAW file can't be shown.
            case .unshowable: tr("the RAW file has no embedded preview, and LibRaw developed an image Lightbox can't show")
            // Translators: why a RAW file can't be shown.
            case .notScaled: tr("the RAW file has no embedded preview, and its developed image could not be scaled")
            }
        }
    }

    public static func decode(path: String, fitting size: Int, maxPixels: Int) throws(MediaError) -> PixelImage {
        do {
            return try develop(path: path, fitting: size, maxPixels: maxPixels)
        } catch {
            throw MediaError(error.message)
        }
    }

    /// `decode`, with why it failed.
    static func develop(path: String, fitting size: Int, maxPixels: Int) throws(Failure) -> PixelImage {
        guard let raw = libraw_init(0) else { throw .notInitialized }
        defer { libraw_close(raw) }
        raw.pointee.params.half_size = 1
        raw.pointee.params.use_camera_wb = 1
        try check(libraw_open_file(raw, PathBytes.c(path)))
        let sensor = Int(raw.pointee.sizes.raw_width) * Int(raw.pointee.sizes.raw_height)
        guard sensor <= maxPixels else { throw .tooLarge(sensorPixels: sensor) }
        try check(libraw_unpack(raw))
        try check(libraw_dcraw_process(raw))
        var status: Int32 = 0
        guard let developed = libraw_dcraw_make_mem_image(raw, &status) else { throw failure(status) }
        defer { libraw_dcraw_clear_mem(developed) }
        let image = developed.pointee
        let width = Int(image.width)
        let height = Int(image.height)
        let colors = Int(image.colors)
        guard image.type == LIBRAW_IMAGE_BITMAP, image.bits == 8, colors == 3 || colors == 1, width > 0, height > 0,
            let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, gint(width), gint(height))
        else {
            throw .unshowable
        }
        let result = PixelImage(adopting: pixbuf)
        // `data` is a C flexible array member: the pixels start at its offset.
        let source = UnsafeRawPointer(developed) + MemoryLayout<libraw_processed_image_t>.offset(of: \.data)!
        let target = gdk_pixbuf_get_pixels(pixbuf)!
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        for y in 0..<height {
            let row = source.advanced(by: y * width * colors).assumingMemoryBound(to: UInt8.self)
            let out = target + y * stride
            if colors == 3 {
                out.update(from: row, count: width * 3)
            } else {
                for x in 0..<width {
                    out[3 * x] = row[x]
                    out[3 * x + 1] = row[x]
                    out[3 * x + 2] = row[x]
                }
            }
        }
        do {
            return try result.scaled(fitting: size)
        } catch {
            throw .notScaled
        }
    }

    private static func check(_ status: Int32) throws(Failure) {
        guard status != LIBRAW_SUCCESS.rawValue else { return }
        throw failure(status)
    }

    private static func failure(_ status: Int32) -> Failure {
        .libRaw(String(cString: libraw_strerror(status)))
    }
}
