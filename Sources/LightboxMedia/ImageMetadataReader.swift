import CGExiv2
import CGtk
import Gtk

/// The tags Lightbox reads from a photo, exactly as gexiv2 reports them.
public struct ImageMetadata: Sendable {
    public var dateTimeOriginal: String?
    public var dateTime: String?
    public var make: String?
    public var model: String?
    public var lens: String?
    /// Exposure time as a fraction (numerator, denominator).
    public var exposureTime: (numerator: Int, denominator: Int)?
    public var fNumber: Double?
    public var iso: Int?
    public var focalLength: Double?
    public var pixelWidth: Int
    public var pixelHeight: Int
    /// EXIF orientation 1…8 (1 when absent).
    public var orientation: Int
    public var latitude: Double?
    public var longitude: Double?
    public var altitude: Double?
    /// `Xmp.xmp.Rating` (darktable, digiKam, Lightroom).
    public var rating: Int?

}

/// Reads photo metadata with gexiv2. Safe to call from any thread: each call
/// uses its own `GExiv2Metadata`, which never leaves the call.
public enum ImageMetadataReader {
    private static let initialized: Bool = {
        // Exiv2 warns on stderr about every odd tag; Lightbox reports failures itself.
        gexiv2_log_set_level(GEXIV2_LOG_LEVEL_MUTE)
        return gexiv2_initialize() != 0
    }()

    public static func read(path: String) throws(MediaError) -> ImageMetadata {
        guard initialized else { throw MediaError("gexiv2 could not be initialized") }
        guard let metadata = gexiv2_metadata_new() else { throw MediaError("gexiv2 could not allocate metadata") }
        defer { g_object_unref(UnsafeMutableRawPointer(metadata)) }
        var error: UnsafeMutablePointer<GError>?
        guard gexiv2_metadata_open_path(metadata, path, &error) != 0 else {
            throw MediaError.take(error, fallback: "gexiv2 could not read the file")
        }
        func tag(_ name: String) -> String? {
            var error: UnsafeMutablePointer<GError>?
            let value = takeString(gexiv2_metadata_try_get_tag_string(metadata, name, &error))
            if let error { g_error_free(error) }
            guard let value else { return nil }
            var trimmed = Substring(value)
            while let last = trimmed.last, last.isWhitespace || last == "\0" { trimmed.removeLast() }
            while let first = trimmed.first, first.isWhitespace { trimmed.removeFirst() }
            return trimmed.isEmpty ? nil : String(trimmed)
        }
        func ignoring<T>(_ body: (UnsafeMutablePointer<UnsafeMutablePointer<GError>?>) -> T) -> T {
            var error: UnsafeMutablePointer<GError>?
            let value = body(&error)
            if let error { g_error_free(error) }
            return value
        }

        // Exiv2 keeps sizes as uint32 and gexiv2 hands them out as gint: read the bits back
        // as unsigned, or a 55551-pixel side becomes -9985.
        var result = ImageMetadata(pixelWidth: Int(UInt32(bitPattern: gexiv2_metadata_get_pixel_width(metadata))),
                                   pixelHeight: Int(UInt32(bitPattern: gexiv2_metadata_get_pixel_height(metadata))),
                                   orientation: 1)
        result.dateTimeOriginal = tag("Exif.Photo.DateTimeOriginal")
        result.dateTime = tag("Exif.Image.DateTime")
        result.make = tag("Exif.Image.Make")
        result.model = tag("Exif.Image.Model")
        result.lens = tag("Exif.Photo.LensModel") ?? tag("Xmp.aux.Lens")
        var numerator: gint = 0, denominator: gint = 0
        if ignoring({ gexiv2_metadata_try_get_exposure_time(metadata, &numerator, &denominator, $0) }) != 0,
           denominator > 0 {
            result.exposureTime = (Int(numerator), Int(denominator))
        }
        let fNumber = ignoring { gexiv2_metadata_try_get_fnumber(metadata, $0) }
        result.fNumber = fNumber > 0 ? fNumber : nil
        let iso = ignoring { gexiv2_metadata_try_get_iso_speed(metadata, $0) }
        result.iso = iso > 0 ? Int(iso) : nil
        let focal = ignoring { gexiv2_metadata_try_get_focal_length(metadata, $0) }
        result.focalLength = focal > 0 ? focal : nil
        let orientation = Int(ignoring { gexiv2_metadata_try_get_orientation(metadata, $0) }.rawValue)
        result.orientation = (1...8).contains(orientation) ? orientation : 1
        var longitude = 0.0, latitude = 0.0, altitude = 0.0
        if ignoring({ gexiv2_metadata_try_get_gps_info(metadata, &longitude, &latitude, &altitude, $0) }) != 0 {
            result.latitude = latitude
            result.longitude = longitude
            result.altitude = altitude
        }
        if let rating = tag("Xmp.xmp.Rating").flatMap({ Int($0) }) {
            result.rating = min(max(rating, 0), 5)
        }
        return result
    }
}
