import CExiv2Tags
import Foundation
import Gtk

/// A photo file's (or an XMP sidecar's) tags as Exiv2 parsed them, for reading. Each
/// reader's own: it never leaves the thread that opened it.
final class MetadataFile {
    private let tags: OpaquePointer
    /// The bytes Exiv2 parsed in place, when it did: kept until the tags are freed.
    private let ends: FileEnds?

    /// Parses `path`'s tags: from `ends` when they hold them all (Exiv2 fails on bytes cut
    /// short, and the file is then opened as usual, for Exiv2's own reason if it fails too).
    init(path: String, startingWith ends: FileEnds? = nil) throws(MediaError) {
        if let ends, let tags = ends.withHead({ lbx_tags_open_bytes($0.baseAddress?.assumingMemoryBound(to: UInt8.self), $0.count) }) {
            self.tags = tags
            self.ends = ends
            return
        }
        var error: UnsafeMutablePointer<CChar>?
        guard let tags = lbx_tags_open(PathBytes.c(path), &error) else {
            defer { free(error) }
            throw MediaError(error.map { String(cString: $0) } ?? "Exiv2 could not read the file")
        }
        self.tags = tags
        self.ends = nil
    }

    /// Tags from the blocks a container holds apart from Exiv2's formats: an EXIF block (TIFF
    /// header first) and an XMP packet (a JPEG XL file's `Exif` and `xml ` boxes).
    init(exif: [UInt8]?, xmp: [UInt8]?, mimeType: String) throws(MediaError) {
        let opened = (exif ?? []).withUnsafeBufferPointer { exifBytes in
            (xmp ?? []).withUnsafeBufferPointer { xmpBytes in
                xmpBytes.withMemoryRebound(to: CChar.self) { xmpText in
                    lbx_tags_open_blocks(
                        exif == nil ? nil : exifBytes.baseAddress, exifBytes.count, xmp == nil ? nil : xmpText.baseAddress,
                        xmpText.count, mimeType)
                }
            }
        }
        guard let opened else { throw MediaError(tr("the EXIF block can't be read")) }
        tags = opened
        ends = nil
    }

    deinit { lbx_tags_free(tags) }

    /// The container as Exiv2 recognised it from the content (`image/jpeg`…), "" when unknown.
    var mimeType: String { String(cString: lbx_tags_mime_type(tags)) }
    var pixelWidth: Int { Int(lbx_tags_pixel_width(tags)) }
    var pixelHeight: Int { Int(lbx_tags_pixel_height(tags)) }
    var hasEXIF: Bool { lbx_tags_has_exif(tags) }
    var hasXMP: Bool { lbx_tags_has_xmp(tags) }
    var hasIPTC: Bool { lbx_tags_has_iptc(tags) }

    /// The kinds of tags the file has. An XMP or IPTC lookup parses its key (a registry
    /// search for XMP): tags of a kind the file has none of are not looked up (most camera
    /// JPEGs carry EXIF alone).
    struct Kinds {
        let xmp: Bool
        let iptc: Bool
        let exif: Bool

        /// Whether the file may have tag `name`.
        func mayHave(_ name: String) -> Bool {
            name.hasPrefix("Xmp.") ? xmp : name.hasPrefix("Iptc.") ? iptc : exif
        }
    }

    var kinds: Kinds { Kinds(xmp: hasXMP, iptc: hasIPTC, exif: hasEXIF) }

    /// The tag's value, trimmed; nil when absent or blank.
    func string(_ name: String) -> String? {
        guard let value = lbx_tags_string(tags, name) else { return nil }
        defer { free(value) }
        // Trimmed by bytes: ASCII spaces and NULs (what cameras pad with), no Unicode
        // property lookup per character (measurable over 10,000 files).
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(value).assumingMemoryBound(to: UInt8.self), count: strlen(value))
        let isPadding = { (byte: UInt8) in byte == 0x20 || byte == 0 || (0x09...0x0D).contains(byte) }
        guard let start = bytes.firstIndex(where: { !isPadding($0) }),
            let end = bytes.lastIndex(where: { !isPadding($0) })
        else { return nil }
        return String(decoding: bytes[start...end], as: UTF8.self)
    }

    /// A text a person wrote (a title, a caption), trimmed: an XMP language alternative's
    /// default-language text, an EXIF comment without its character set; nil when empty.
    func text(_ name: String) -> String? {
        guard let value = lbx_tags_text(tags, name) else { return nil }
        defer { free(value) }
        let text = String(cString: value).trimmingCharacters(in: .whitespacesAndNewlines.union(.controlCharacters))
        return text.isEmpty ? nil : text
    }

    /// Every value of a repeatable tag (an XMP bag, IPTC keywords), in order.
    func strings(_ name: String) -> [String] {
        guard let values = lbx_tags_strings(tags, name) else { return [] }
        defer { lbx_tags_free_strings(values) }
        return borrowStrings(values)
    }

    /// The `index`th value of an EXIF tag as a fraction.
    func rational(_ name: String, at index: Int = 0) -> (numerator: Int, denominator: Int)? {
        var numerator: Int32 = 0
        var denominator: Int32 = 0
        guard lbx_tags_exif_rational(tags, name, index, &numerator, &denominator) else { return nil }
        return (Int(numerator), Int(denominator))
    }

    /// An EXIF fraction as a number: 0 for a zero numerator, nil when absent or over zero.
    func number(_ name: String, at index: Int = 0) -> Double? {
        guard let (numerator, denominator) = rational(name, at: index) else { return nil }
        if numerator == 0 { return 0 }
        return denominator == 0 ? nil : Double(numerator) / Double(denominator)
    }

    func integer(_ name: String) -> Int? {
        var value = 0
        return lbx_tags_exif_long(tags, name, &value) ? value : nil
    }

    func count(_ name: String) -> Int { lbx_tags_exif_count(tags, name) }

    /// Whether the XMP packet as read contains `text` (no tag parsed for it).
    func xmpMentions(_ text: String) -> Bool { hasXMP && lbx_tags_xmp_mentions(tags, text) }

    /// The bytes of an EXIF tag (a maker note); nil when absent.
    func bytes(_ name: String) -> [UInt8]? {
        var size = 0
        guard let bytes = lbx_tags_exif_bytes(tags, name, &size) else { return nil }
        defer { free(bytes) }
        return Array(UnsafeBufferPointer(start: bytes, count: size))
    }
}

extension MetadataFile {
    /// The f-number, or the one an APEX aperture value stands for.
    var fNumber: Double? {
        if let fNumber = number("Exif.Photo.FNumber") { return fNumber }
        return number("Exif.Photo.ApertureValue").map { pow(2, $0 / 2) }
    }

    /// The EXIF orientation 1…8, nil when absent or out of range. Some Minolta cameras write
    /// a wrong standard tag: their maker note's rotation wins, as gexiv2 and Shotwell have it.
    var orientation: Int? {
        if hasEXIF {
            for name in ["Exif.MinoltaCs7D.Rotation", "Exif.MinoltaCs5D.Rotation"] {
                switch integer(name) {
                case 76: return 6
                case 82: return 8
                case 72: return nil
                default: continue
                }
            }
            if let value = integer("Exif.Image.Orientation"), (1...8).contains(value) { return value }
        }
        return string("Xmp.tiff.Orientation").flatMap { Int($0) }.flatMap { (1...8).contains($0) ? $0 : nil }
    }

    /// A GPS coordinate in degrees (negative south and west), nil unless both its reference
    /// and its three fractions (degrees, minutes, seconds) are there.
    func coordinate(_ name: String) -> Double? {
        guard let reference = string(name + "Ref"), count(name) == 3,
            let degrees = number(name, at: 0), let minutes = number(name, at: 1), let seconds = number(name, at: 2)
        else { return nil }
        let value = degrees + minutes / 60 + seconds / 3600
        return reference.hasPrefix("S") || reference.hasPrefix("W") ? -value : value
    }

    /// Metres above sea level (negative below), nil without a reference or a value.
    var altitude: Double? {
        guard let reference = string("Exif.GPSInfo.GPSAltitudeRef"), count("Exif.GPSInfo.GPSAltitude") == 1,
            let metres = number("Exif.GPSInfo.GPSAltitude")
        else { return nil }
        return reference.hasPrefix("1") ? -metres : metres
    }
}
