import CGExiv2
import CGtk
import Foundation
import Gtk

/// A rating, reject, keywords, title and caption as Lightbox writes them into a photo or an
/// XMP sidecar.
public struct WrittenTags: Equatable, Sendable {
    /// `Xmp.xmp.Rating`: -1 for a reject, else 0…5 stars.
    public var rating: Int
    /// `Xmp.dc.subject`: every flat keyword and every level of the hierarchical ones, each
    /// once, as Lightroom writes them (and as Shotwell does, whose child tags carry their
    /// parents): apps that only know flat keywords find the photo under each level.
    public var subjects: [String]
    /// `Xmp.lr.hierarchicalSubject`: the hierarchical keywords, `Parent|Child`.
    public var hierarchicalSubjects: [String]
    /// `Xmp.dc.title` and `Xmp.dc.description` (and the tags other apps read them from first,
    /// where the file has them: see `ImageMetadataWriter.write`); nil removes them.
    public var title: String?
    public var caption: String?

    /// The tags for stars (0…5), a reject, keywords (hierarchical ones as `A|B|C`), a title
    /// and a caption.
    public init(stars: Int, isRejected: Bool, keywords: [String], title: String? = nil, caption: String? = nil) {
        rating = isRejected ? -1 : min(max(stars, 0), 5)
        var subjects: [String] = []
        var hierarchical: [String] = []
        var seen: Set<String> = []
        for keyword in keywords {
            let levels = keyword.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            if levels.count > 1 { hierarchical.append(levels.joined(separator: "|")) }
            for level in levels where seen.insert(level).inserted { subjects.append(level) }
        }
        self.subjects = subjects
        hierarchicalSubjects = hierarchical
        self.title = title
        self.caption = caption
    }

    init(rating: Int, subjects: [String], hierarchicalSubjects: [String], title: String?, caption: String?) {
        self.rating = rating
        self.subjects = subjects
        self.hierarchicalSubjects = hierarchicalSubjects
        self.title = title
        self.caption = caption
    }

    /// `Exif.Image.Rating` (a reject has no stars there: EXIF has no reject).
    var exifStars: Int { max(rating, 0) }
    /// `Exif.Image.RatingPercent`, Shotwell's table: 0, 1, 25, 50, 75, 99.
    var exifPercent: Int { [0, 1, 25, 50, 75, 99][exifStars] }
}

/// Writes ratings and keywords with gexiv2 (a thin wrapper: open, set or clear tags, save).
/// Every call writes a file the caller made for the purpose (a copy of the photo, a new
/// or copied sidecar); replacing the original safely is the caller's job. Safe on any
/// thread: each call has its own `GExiv2Metadata`.
public enum ImageMetadataWriter {
    /// Where a photo's tags go inside it.
    public enum Container: Sendable {
        /// A JPEG, PNG, TIFF or WebP: XMP, plus EXIF's rating when `exifRating`, and IPTC
        /// keywords when the file has them already.
        case photo(exifRating: Bool)
        /// An XMP sidecar: XMP only.
        case sidecar

        var isPhoto: Bool {
            if case .photo = self { return true }
            return false
        }
    }

    /// An empty XMP packet: a new sidecar starts as this, then gets its tags like any other.
    public static let emptySidecar = """
        <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/">
         <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/>
        </x:xmpmeta>
        <?xpacket end="w"?>

        """

    /// Rating tags other apps read, updated only when the file has them (so that no app
    /// reads an old rating), never added.
    private static let otherStarTags = ["Xmp.acdsee.rating", "Xmp.photoshop.Urgency", "Iptc.Application2.Urgency"]

    /// Sets `tags` in the file at `path` and saves it in place; every other tag stays.
    /// Keywords removed since the file was written leave `Xmp.dc.subject`,
    /// `Xmp.lr.hierarchicalSubject` and `Iptc.Application2.Keywords`.
    /// `corrections` are set too, where the photo has any.
    public static func write(
        _ tags: WrittenTags, corrections: WrittenCorrections = WrittenCorrections(), into path: String, as container: Container
    ) throws(MediaError) {
        try ImageMetadataReader.initialize()
        let file = try TaggedFile(path: path)
        try corrections.write(into: file, inPhoto: container.isPhoto)
        try file.set("Xmp.xmp.Rating", "\(tags.rating)")
        try file.set("Xmp.dc.subject", tags.subjects)
        try file.set("Xmp.lr.hierarchicalSubject", tags.hierarchicalSubjects)
        if case .photo(let exifRating) = container {
            if exifRating {
                try file.set("Exif.Image.Rating", "\(tags.exifStars)")
                try file.set("Exif.Image.RatingPercent", "\(tags.exifPercent)")
            }
            if !file.strings("Iptc.Application2.Keywords").isEmpty {
                try file.set("Iptc.Application2.Keywords", tags.subjects)
            }
        }
        if file.string("Xmp.MicrosoftPhoto.Rating") != nil {
            try file.set("Xmp.MicrosoftPhoto.Rating", "\(tags.exifPercent)")
        }
        for name in otherStarTags where file.string(name) != nil {
            try file.set(name, "\(tags.exifStars)")
        }
        try writeTitleAndCaption(tags, into: file, at: path)
        var error: UnsafeMutablePointer<GError>?
        let saved = withExtendedLifetime(file) { gexiv2_metadata_save_file(file.metadata, PathBytes.c(path), &error) }
        guard saved != 0 else {
            throw MediaError.take(error, fallback: tr("gexiv2 could not save the file"))
        }
    }

    /// Sets the title and caption where Lightbox reads them (`TitleAndCaption`), so that it,
    /// and every app reading the same tags first, reads them back: `Xmp.dc.title` and
    /// `Xmp.dc.description` always; iPhoto's tags, IPTC's caption and headline,
    /// `Xmp.photoshop.Headline` and EXIF's comment only where the file has them (never added).
    /// A title or caption the file already says is left as the file has it (a rating
    /// written back rewrites no other app's text).
    private static func writeTitleAndCaption(_ tags: WrittenTags, into file: TaggedFile, at path: String) throws(MediaError) {
        let current = TitleAndCaption(try MetadataFile(path: path))
        let iPhoto = file.string(TitleAndCaption.iPhotoTitleTag) != nil
        // Without a title a file is iPhoto's no more: its caption tag would read as the title.
        let leavesIPhoto = iPhoto && tags.title == nil && current.title != nil
        // The title tags besides `Xmp.dc.title`; in an iPhoto file, its caption tag is the caption's.
        var titleTags = TitleAndCaption.titleTags.filter { $0 != "Xmp.dc.title" }
        var captionTags = [TitleAndCaption.commentTag]
        if iPhoto {
            titleTags.append(TitleAndCaption.iPhotoTitleTag)
            if !leavesIPhoto {
                titleTags.removeAll { $0 == TitleAndCaption.iPhotoCaptionTag }
                captionTags.append(TitleAndCaption.iPhotoCaptionTag)
            }
        }
        if current.title != tags.title {
            try file.setText("Xmp.dc.title", tags.title)
            for name in titleTags where file.string(name) != nil { try file.setText(name, tags.title) }
        }
        if current.caption != tags.caption || leavesIPhoto {
            try file.setText("Xmp.dc.description", tags.caption)
            for name in captionTags where file.string(name) != nil { try file.setText(name, tags.caption) }
        }
    }

    /// What the file at `path` itself says (no sidecar looked at): to check a write.
    public static func writtenTags(at path: String) throws(MediaError) -> WrittenTags {
        try ImageMetadataReader.initialize()
        let file = try TaggedFile(path: path)
        let texts = TitleAndCaption(try MetadataFile(path: path))
        return WrittenTags(
            rating: file.string("Xmp.xmp.Rating").flatMap { Int($0) } ?? 0,
            subjects: file.strings("Xmp.dc.subject"),
            hierarchicalSubjects: file.strings("Xmp.lr.hierarchicalSubject"),
            title: texts.title, caption: texts.caption)
    }

    /// The corrections the file at `path` says, where `written` set one (to check a write).
    public static func writtenCorrections(at path: String, as container: Container, like written: WrittenCorrections) throws(MediaError)
        -> WrittenCorrections
    {
        guard !written.isEmpty else { return written }
        try ImageMetadataReader.initialize()
        let file = try TaggedFile(path: path)
        return WrittenCorrections.read(from: file, path: path, inPhoto: container.isPhoto, like: written)
    }

    /// Whether the file at `path` has an EXIF block.
    public static func hasExif(at path: String) throws(MediaError) -> Bool {
        try ImageMetadataReader.initialize()
        let file = try TaggedFile(path: path)
        return withExtendedLifetime(file) { gexiv2_metadata_has_exif(file.metadata) != 0 }
    }
}

extension TaggedFile {
    /// Sets a tag to a text value.
    func set(_ name: String, _ value: String) throws(MediaError) {
        var error: UnsafeMutablePointer<GError>?
        guard gexiv2_metadata_try_set_tag_string(metadata, name, value, &error) != 0 else {
            throw MediaError.take(error, fallback: String(format: tr("gexiv2 could not set %@"), name))
        }
    }

    /// Sets a text a person wrote (a title, a caption), or clears the tag for nil. An XMP
    /// language alternative gets its default language; an EXIF comment is written as Unicode.
    func setText(_ name: String, _ text: String?) throws(MediaError) {
        guard let text else { return clear(name) }
        try set(name, name == TitleAndCaption.commentTag ? "charset=Unicode " + text : text)
    }

    /// Sets a repeatable tag (an XMP bag, IPTC keywords) to `values`, or clears it when
    /// `values` is empty.
    func set(_ name: String, _ values: [String]) throws(MediaError) {
        clear(name)
        guard !values.isEmpty else { return }
        var error: UnsafeMutablePointer<GError>?
        let copies = values.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        var list: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) }
        list.append(nil)
        guard gexiv2_metadata_try_set_tag_multiple(metadata, name, &list, &error) != 0 else {
            throw MediaError.take(error, fallback: String(format: tr("gexiv2 could not set %@"), name))
        }
    }
}
