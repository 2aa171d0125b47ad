import CGExiv2
import CGtk
import Foundation
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
    /// The container as Exiv2 recognised it from the content (`image/jpeg`, `image/x-canon-cr2`…).
    public var mimeType = ""
    public var latitude: Double?
    public var longitude: Double?
    public var altitude: Double?
    /// Stars 0…5 from the first rating tag present, in Shotwell's order
    /// (`RatingAndKeywords.ratingTags`, then `Exif.Image.RatingPercent`); a sidecar's wins.
    public var rating: Int?
    /// A rating of -1 (`Xmp.xmp.Rating`): another app rejected the photo.
    public var isRejected = false
    /// Keywords from `Xmp.dc.subject`, `Xmp.lr.hierarchicalSubject` (as `Parent|Child`) and
    /// `Iptc.Application2.Keywords`, each once (see `RatingAndKeywords.merge`); a sidecar's win.
    public var keywords: [String] = []
}

/// Reads photo metadata with gexiv2. Safe to call from any thread: each call
/// uses its own `GExiv2Metadata`, which never leaves the call.
public enum ImageMetadataReader {
    private static let initialized: Bool = {
        // Exiv2 warns on stderr about every odd tag; Lightbox reports failures itself.
        gexiv2_log_set_level(GEXIV2_LOG_LEVEL_MUTE)
        return gexiv2_initialize() != 0
    }()

    /// Initializes gexiv2 once (the reader and `ImageMetadataWriter` call this first).
    static func initialize() throws(MediaError) {
        guard initialized else { throw MediaError(tr("gexiv2 could not be initialized")) }
    }

    public static func read(path: String) throws(MediaError) -> ImageMetadata {
        try initialize()
        let file = try TaggedFile(path: path)
        let metadata = file.metadata
        let tag = file.string
        func ignoring<T>(_ body: (UnsafeMutablePointer<UnsafeMutablePointer<GError>?>) -> T) -> T {
            var error: UnsafeMutablePointer<GError>?
            let value = body(&error)
            if let error { g_error_free(error) }
            return value
        }

        // Exiv2 keeps sizes as uint32 and gexiv2 hands them out as gint: read the bits back
        // as unsigned, or a 55551-pixel side becomes -9985.
        var result = ImageMetadata(
            pixelWidth: Int(UInt32(bitPattern: gexiv2_metadata_get_pixel_width(metadata))),
            pixelHeight: Int(UInt32(bitPattern: gexiv2_metadata_get_pixel_height(metadata))),
            orientation: 1)
        result.mimeType = gexiv2_metadata_get_mime_type(metadata).map { String(cString: $0) } ?? ""
        result.dateTimeOriginal = tag("Exif.Photo.DateTimeOriginal")
        result.dateTime = tag("Exif.Image.DateTime")
        result.make = tag("Exif.Image.Make")
        result.model = tag("Exif.Image.Model")
        result.lens = tag("Exif.Photo.LensModel") ?? tag("Xmp.aux.Lens")
        var numerator: gint = 0
        var denominator: gint = 0
        if ignoring({ gexiv2_metadata_try_get_exposure_time(metadata, &numerator, &denominator, $0) }) != 0,
            denominator > 0
        {
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
        // Each coordinate on its own: `gexiv2_metadata_try_get_gps_info` wants an altitude
        // too, which many cameras and editors do not write with a position.
        var longitude = 0.0
        var latitude = 0.0
        var altitude = 0.0
        if ignoring({ gexiv2_metadata_try_get_gps_latitude(metadata, &latitude, $0) }) != 0,
            ignoring({ gexiv2_metadata_try_get_gps_longitude(metadata, &longitude, $0) }) != 0
        {
            result.latitude = latitude
            result.longitude = longitude
            if ignoring({ gexiv2_metadata_try_get_gps_altitude(metadata, &altitude, $0) }) != 0 { result.altitude = altitude }
        }
        var tags = RatingAndKeywords(file)
        // A sidecar next to the file (another app's, as for RAW files) wins where it says something.
        if let sidecar = sidecarPath(for: path), let sidecarFile = try? TaggedFile(path: sidecar) {
            let sidecarTags = RatingAndKeywords(sidecarFile)
            if sidecarTags.rating != nil { (tags.rating, tags.isRejected) = (sidecarTags.rating, sidecarTags.isRejected) }
            if !sidecarTags.keywords.isEmpty { tags.keywords = sidecarTags.keywords }
        }
        (result.rating, result.isRejected, result.keywords) = (tags.rating, tags.isRejected, tags.keywords)
        return result
    }

    /// The EXIF orientation 1…8 of `path` (1 when absent or unreadable), for loaders that don't report it.
    static func orientation(path: String) -> Int {
        guard (try? initialize()) != nil, let file = try? TaggedFile(path: path) else { return 1 }
        var error: UnsafeMutablePointer<GError>?
        let value = Int(gexiv2_metadata_try_get_orientation(file.metadata, &error).rawValue)
        if let error { g_error_free(error) }
        return (1...8).contains(value) ? value : 1
    }

    /// The XMP sidecar next to `path`, in either common naming (`IMG_1.CR2.xmp`, `IMG_1.xmp`).
    static func sidecarPath(for path: String) -> String? {
        var candidates = [path + ".xmp"]
        if let dot = path.lastIndex(of: "."), !path[dot...].contains("/") {
            candidates.append(String(path[..<dot]) + ".xmp")
        }
        return candidates.first { $0 != path && access(PathBytes.c($0), R_OK) == 0 }
    }
}

/// A file opened with gexiv2 (a photo, or an XMP sidecar), its tags read as text.
final class TaggedFile {
    let metadata: UnsafeMutablePointer<GExiv2Metadata>

    init(path: String) throws(MediaError) {
        guard let metadata = gexiv2_metadata_new() else { throw MediaError(tr("gexiv2 could not allocate metadata")) }
        var error: UnsafeMutablePointer<GError>?
        guard gexiv2_metadata_open_path(metadata, PathBytes.c(path), &error) != 0 else {
            g_object_unref(UnsafeMutableRawPointer(metadata))
            throw MediaError.take(error, fallback: "gexiv2 could not read the file")
        }
        self.metadata = metadata
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(metadata)) }

    /// The tag's value, trimmed; nil when absent or blank.
    func string(_ name: String) -> String? {
        var error: UnsafeMutablePointer<GError>?
        let value = takeString(gexiv2_metadata_try_get_tag_string(metadata, name, &error))
        if let error { g_error_free(error) }
        guard let value else { return nil }
        // Trimmed by bytes: ASCII spaces and NULs (what cameras pad with), no Unicode
        // property lookup per character (measurable over 10,000 files).
        let bytes = value.utf8
        let isPadding = { (byte: UInt8) in byte == 0x20 || byte == 0 || (0x09...0x0D).contains(byte) }
        guard let start = bytes.firstIndex(where: { !isPadding($0) }),
            let end = bytes.lastIndex(where: { !isPadding($0) })
        else { return nil }
        return String(decoding: bytes[start...end], as: UTF8.self)
    }

    /// Every value of a repeatable tag (an XMP bag, IPTC keywords), in order.
    func strings(_ name: String) -> [String] {
        var error: UnsafeMutablePointer<GError>?
        let values = gexiv2_metadata_try_get_tag_multiple(metadata, name, &error)
        if let error { g_error_free(error) }
        guard let values else { return [] }
        defer { g_strfreev(values) }
        var strings: [String] = []
        var index = 0
        while let value = values[index] {
            strings.append(String(cString: value))
            index += 1
        }
        return strings
    }
}

/// What other apps wrote about a photo: its rating, whether they rejected it, its keywords.
struct RatingAndKeywords {
    /// Rating tags in the order Shotwell reads them (`Exif.Image.RatingPercent` comes after).
    static let ratingTags = [
        "Xmp.xmp.Rating", "Iptc.Application2.Urgency", "Xmp.photoshop.Urgency",
        "Exif.Image.Rating", "Xmp.acdsee.rating",
    ]
    /// The lowest percentage that means 1, 2, 3, 4 and 5 stars (Shotwell's table).
    static let percentForStars = [1.0, 25, 50, 75, 99]

    var rating: Int?
    var isRejected = false
    var keywords: [String]

    init(_ file: TaggedFile) {
        // Each tag lookup parses its key (Exiv2's key objects, a registry search for XMP):
        // tags of a kind the file has none of are not looked up (most camera JPEGs carry
        // EXIF alone).
        let hasXMP = gexiv2_metadata_has_xmp(file.metadata) != 0
        let hasIPTC = gexiv2_metadata_has_iptc(file.metadata) != 0
        let hasEXIF = gexiv2_metadata_has_exif(file.metadata) != 0
        func present(_ name: String) -> Bool {
            name.hasPrefix("Xmp.") ? hasXMP : name.hasPrefix("Iptc.") ? hasIPTC : hasEXIF
        }
        for name in Self.ratingTags where present(name) {
            guard let value = file.string(name).flatMap(Double.init) else { continue }
            isRejected = value < 0
            rating = isRejected ? 0 : min(Int(value.rounded()), 5)
            break
        }
        if rating == nil, hasEXIF, let percent = file.string("Exif.Image.RatingPercent").flatMap(Double.init) {
            rating = Self.percentForStars.lastIndex { percent >= $0 }.map { $0 + 1 } ?? 0
        }
        keywords = Self.merge(
            flat: (hasXMP ? file.strings("Xmp.dc.subject") : [])
                + (hasIPTC ? file.strings("Iptc.Application2.Keywords") : []),
            hierarchical: hasXMP ? file.strings("Xmp.lr.hierarchicalSubject") : [])
    }

    /// Flat keywords, then hierarchical ones as `Parent|Child`, each once in first-seen order;
    /// a flat keyword that is a level of a hierarchical one (Lightroom writes both) is left out.
    static func merge(flat: [String], hierarchical: [String]) -> [String] {
        let paths =
            hierarchical
            .map { $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
            .filter { !$0.isEmpty }
        let levels = Set(paths.joined())
        var seen: Set<String> = []
        var merged: [String] = []
        let candidates =
            flat.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !levels.contains($0) }
            + paths.map { $0.joined(separator: "|") }
        for keyword in candidates where !keyword.isEmpty && seen.insert(keyword).inserted {
            merged.append(keyword)
        }
        return merged
    }
}
