import CExiv2Tags
import CGExiv2
import CGtk
import Foundation
import Gtk

/// The tags Lightbox reads from a photo, as Exiv2 reads them.
public struct ImageMetadata: Sendable {
    public var dateTimeOriginal: String?
    /// `Exif.Photo.OffsetTimeOriginal`: the time zone of `dateTimeOriginal` ("+09:00"), when the camera knew it.
    public var offsetTimeOriginal: String?
    /// `Exif.Photo.SubSecTimeOriginal`: the fraction of the second of `dateTimeOriginal` ("25").
    public var subsecondTimeOriginal: String?
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
    /// The title and caption other apps wrote, in Shotwell's order (see `TitleAndCaption`); a sidecar's win.
    public var title: String?
    public var caption: String?
    /// The content identifier Apple writes into a Live Photo's still (and its MOV).
    public var contentIdentifier: String?
    /// A Google or Samsung motion photo's video: how many bytes at the end of the file it is,
    /// as the XMP says (not yet checked against the file).
    public var motionVideoLength: Int64?
}

/// Reads photo metadata with Exiv2. Safe to call from any thread: each call opens its own
/// `MetadataFile`, which never leaves the call.
public enum ImageMetadataReader {
    private static let initialized: Bool = {
        // Exiv2 warns on stderr about every odd tag; Lightbox reports failures itself.
        gexiv2_log_set_level(GEXIV2_LOG_LEVEL_MUTE)
        lbx_tags_initialize()
        return gexiv2_initialize() != 0
    }()

    /// Initializes Exiv2 and gexiv2 once (the reader and `ImageMetadataWriter` call this first).
    static func initialize() throws(MediaError) {
        guard initialized else { throw MediaError(tr("gexiv2 could not be initialized")) }
    }

    /// Reads `path`'s tags (from `ends`, the bytes already read at its start, when they hold
    /// them all), and those of its XMP sidecar unless not `lookingForSidecar` (the caller
    /// listed the folder and saw no `.xmp` file: two `access` calls a file saved).
    public static func read(path: String, startingWith ends: FileEnds? = nil, lookingForSidecar: Bool = true) throws(MediaError)
        -> ImageMetadata
    {
        try initialize()
        return read(try MetadataFile(path: path, startingWith: ends), of: path, lookingForSidecar: lookingForSidecar)
    }

    /// Reads the tags of blocks `path`'s container holds apart from Exiv2's formats (a JPEG XL
    /// file's EXIF and XMP boxes), and those of its XMP sidecar unless not `lookingForSidecar`.
    public static func read(path: String, exif: [UInt8]?, xmp: [UInt8]?, mimeType: String, lookingForSidecar: Bool = true)
        throws(MediaError) -> ImageMetadata
    {
        try initialize()
        return read(try MetadataFile(exif: exif, xmp: xmp, mimeType: mimeType), of: path, lookingForSidecar: lookingForSidecar)
    }

    private static func read(_ file: MetadataFile, of path: String, lookingForSidecar: Bool) -> ImageMetadata {
        let tag = file.string
        var result = ImageMetadata(pixelWidth: file.pixelWidth, pixelHeight: file.pixelHeight, orientation: file.orientation ?? 1)
        result.mimeType = file.mimeType
        result.dateTimeOriginal = tag("Exif.Photo.DateTimeOriginal")
        result.offsetTimeOriginal = tag("Exif.Photo.OffsetTimeOriginal")
        result.subsecondTimeOriginal = tag("Exif.Photo.SubSecTimeOriginal")
        result.dateTime = tag("Exif.Image.DateTime")
        result.make = tag("Exif.Image.Make")
        result.model = tag("Exif.Image.Model")
        result.lens = tag("Exif.Photo.LensModel") ?? (file.hasXMP ? tag("Xmp.aux.Lens") : nil)
        if let exposure = file.rational("Exif.Photo.ExposureTime"), exposure.denominator > 0 {
            result.exposureTime = exposure
        }
        result.fNumber = file.fNumber.flatMap { $0 > 0 ? $0 : nil }
        result.iso = file.integer("Exif.Photo.ISOSpeedRatings").flatMap { $0 > 0 ? $0 : nil }
        result.focalLength = file.number("Exif.Photo.FocalLength").flatMap { $0 > 0 ? $0 : nil }
        // Each coordinate on its own: many cameras and editors write no altitude with a position.
        if let latitude = file.coordinate("Exif.GPSInfo.GPSLatitude"), let longitude = file.coordinate("Exif.GPSInfo.GPSLongitude") {
            result.latitude = latitude
            result.longitude = longitude
            result.altitude = file.altitude
        }
        if result.make == "Apple", let note = file.bytes("Exif.Photo.MakerNote") {
            result.contentIdentifier = MotionTags.appleContentIdentifier(makerNote: note)
        }
        result.motionVideoLength = MotionTags.motionVideoLength(file)
        var tags = RatingAndKeywords(file)
        var texts = TitleAndCaption(file)
        // A sidecar next to the file (another app's, as for RAW files) wins where it says something.
        if lookingForSidecar, let sidecar = sidecarPath(for: path), let sidecarFile = try? MetadataFile(path: sidecar) {
            let sidecarTags = RatingAndKeywords(sidecarFile)
            if sidecarTags.rating != nil { (tags.rating, tags.isRejected) = (sidecarTags.rating, sidecarTags.isRejected) }
            if !sidecarTags.keywords.isEmpty { tags.keywords = sidecarTags.keywords }
            let sidecarTexts = TitleAndCaption(sidecarFile)
            texts.title = sidecarTexts.title ?? texts.title
            texts.caption = sidecarTexts.caption ?? texts.caption
        }
        (result.rating, result.isRejected, result.keywords) = (tags.rating, tags.isRejected, tags.keywords)
        (result.title, result.caption) = (texts.title, texts.caption)
        return result
    }

    /// The EXIF orientation 1…8 of `path` (1 when absent or unreadable), for loaders that don't report it.
    static func orientation(path: String) -> Int {
        guard (try? initialize()) != nil, let file = try? MetadataFile(path: path) else { return 1 }
        return file.orientation ?? 1
    }

    /// The XMP sidecar next to `path`, in either common naming (`IMG_1.CR2.xmp`, `IMG_1.xmp`).
    public static func sidecarPath(for path: String) -> String? {
        var candidates = [path + ".xmp"]
        if let dot = path.lastIndex(of: "."), !path[dot...].contains("/") {
            candidates.append(String(path[..<dot]) + ".xmp")
        }
        return candidates.first { $0 != path && access(PathBytes.c($0), R_OK) == 0 }
    }
}

/// A photo's title and caption as other apps wrote them, read in Shotwell's order: iPhoto
/// keeps its title in `Iptc.Application2.ObjectName` and its caption in
/// `Iptc.Application2.Caption`; most others their title in `.Caption` or the tags after it.
/// `Exif.Image.ImageDescription` is not read: cameras write their own name there
/// ("OLYMPUS DIGITAL CAMERA").
struct TitleAndCaption {
    static let iPhotoTitleTag = "Iptc.Application2.ObjectName"
    static let iPhotoCaptionTag = "Iptc.Application2.Caption"
    static let titleTags = [iPhotoCaptionTag, "Xmp.dc.title", "Iptc.Application2.Headline", "Xmp.photoshop.Headline"]
    /// Where a caption is, after `Xmp.dc.description` (and iPhoto's): Shotwell's comments.
    static let commentTag = "Exif.Photo.UserComment"

    var title: String?
    var caption: String?

    init(_ file: MetadataFile) {
        let kinds = file.kinds
        func text(_ name: String) -> String? { kinds.mayHave(name) ? file.text(name) : nil }
        let description = text("Xmp.dc.description")
        if let iPhotoTitle = text(Self.iPhotoTitleTag) {
            title = iPhotoTitle
            caption = description ?? text(Self.iPhotoCaptionTag)
        } else {
            title = Self.titleTags.lazy.compactMap(text).first
            caption = description
        }
        caption = caption ?? text(Self.commentTag)
        // A title is one line: several lines (seen in the wild) are not a title.
        if let title, title.contains(where: \.isNewline) { self.title = nil }
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

    init(_ file: MetadataFile) {
        let kinds = file.kinds
        for name in Self.ratingTags where kinds.mayHave(name) {
            guard let value = file.string(name).flatMap(Double.init) else { continue }
            isRejected = value < 0
            rating = isRejected ? 0 : min(Int(value.rounded()), 5)
            break
        }
        if rating == nil, kinds.exif, let percent = file.string("Exif.Image.RatingPercent").flatMap(Double.init) {
            rating = Self.percentForStars.lastIndex { percent >= $0 }.map { $0 + 1 } ?? 0
        }
        keywords = Self.merge(
            flat: (kinds.xmp ? file.strings("Xmp.dc.subject") : [])
                + (kinds.iptc ? file.strings("Iptc.Application2.Keywords") : []),
            hierarchical: kinds.xmp ? file.strings("Xmp.lr.hierarchicalSubject") : [])
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
