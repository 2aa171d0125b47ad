import CGExiv2
import CGtk
import Foundation
import Gtk

/// What the person corrected of a photo, as Lightbox writes it into the file or its XMP
/// sidecar; nil leaves the file's own tag as it is.
public struct WrittenCorrections: Equatable, Sendable {
    /// A place given, or taken away (every GPS tag removed).
    public enum Place: Equatable, Sendable {
        case removed
        case at(latitude: Double, longitude: Double)
    }

    /// EXIF orientation 1…8: `Exif.Image.Orientation` (no pixel is re-encoded), or
    /// `Xmp.tiff.Orientation` in a sidecar.
    public var orientation: Int?
    /// A local `yyyy-MM-ddTHH:mm:ss`: `Exif.Photo.DateTimeOriginal` and `Xmp.exif.DateTimeOriginal`.
    public var taken: String?
    /// The time zone of `taken` ("+09:00"): `Exif.Photo.OffsetTimeOriginal`, and in the XMP date. Nil (not
    /// known to the catalog, or not given with the new date) leaves the file's `OffsetTimeOriginal` as it is:
    /// a clock set wrong, or a date fixed, is still in the zone the camera was in.
    public var takenOffset: String?
    public var place: Place?

    public init(orientation: Int? = nil, taken: String? = nil, takenOffset: String? = nil, place: Place? = nil) {
        self.orientation = orientation
        self.taken = taken
        self.takenOffset = takenOffset
        self.place = place
    }

    public var isEmpty: Bool { orientation == nil && taken == nil && place == nil }

    /// Date tags other apps read the date taken from, updated only where the file has them.
    static let otherDateTags = ["Exif.Photo.DateTimeDigitized", "Xmp.xmp.CreateDate", "Xmp.photoshop.DateCreated"]

    /// Sets these corrections in `file` (a photo's own tags when `inPhoto`, else a sidecar's).
    func write(into file: TaggedFile, inPhoto: Bool) throws(MediaError) {
        if let orientation {
            if inPhoto { try file.set("Exif.Image.Orientation", "\(orientation)") }
            if !inPhoto || file.string("Xmp.tiff.Orientation") != nil { try file.set("Xmp.tiff.Orientation", "\(orientation)") }
        }
        if let taken, let exif = Self.exifDate(taken) {
            let xmp = taken + (takenOffset ?? "")
            if inPhoto {
                try file.set("Exif.Photo.DateTimeOriginal", exif)
                if let takenOffset { try file.set("Exif.Photo.OffsetTimeOriginal", takenOffset) }
            }
            try file.set("Xmp.exif.DateTimeOriginal", xmp)
            for name in Self.otherDateTags where file.string(name) != nil {
                try file.set(name, name.hasPrefix("Exif.") ? exif : xmp)
            }
        }
        switch place {
        case nil: break
        case .removed: file.removeGPS()
        case .at(let latitude, let longitude):
            file.removeGPS()
            if inPhoto {
                try file.set("Exif.GPSInfo.GPSVersionID", "2 3 0 0")
                try file.set("Exif.GPSInfo.GPSLatitudeRef", latitude < 0 ? "S" : "N")
                try file.set("Exif.GPSInfo.GPSLatitude", Self.exifCoordinate(latitude))
                try file.set("Exif.GPSInfo.GPSLongitudeRef", longitude < 0 ? "W" : "E")
                try file.set("Exif.GPSInfo.GPSLongitude", Self.exifCoordinate(longitude))
            }
            if !inPhoto || file.hasXMP {
                try file.set("Xmp.exif.GPSLatitude", Self.xmpCoordinate(latitude, positive: "N", negative: "S"))
                try file.set("Xmp.exif.GPSLongitude", Self.xmpCoordinate(longitude, positive: "E", negative: "W"))
            }
        }
    }

    /// A local `yyyy-MM-ddTHH:mm:ss` as EXIF writes it, `yyyy:MM:dd HH:mm:ss`; nil when malformed.
    static func exifDate(_ taken: String) -> String? {
        let characters = Array(taken.utf8)
        guard characters.count == 19, characters[4] == UInt8(ascii: "-"), characters[7] == UInt8(ascii: "-"),
            characters[10] == UInt8(ascii: "T")
        else { return nil }
        return String(taken.prefix(10)).replacingOccurrences(of: "-", with: ":") + " " + String(taken.suffix(8))
    }

    /// Degrees, minutes and hundredths of seconds as EXIF's three fractions.
    static func exifCoordinate(_ value: Double) -> String {
        let hundredths = Int((abs(value) * 360_000).rounded())
        return "\(hundredths / 360_000)/1 \(hundredths / 6000 % 60)/1 \(hundredths % 6000)/100"
    }

    /// XMP's GPS coordinate: degrees, then minutes with decimals, then the direction ("48,51.5040N").
    static func xmpCoordinate(_ value: Double, positive: String, negative: String) -> String {
        let minutes = abs(value) * 60
        let degrees = Int(minutes / 60)
        return String(format: "%d,%.6f%@", degrees, minutes - Double(degrees * 60), value < 0 ? negative : positive)
    }

    /// The corrections `file` says, read back where `written` set one (to check a write).
    static func read(from file: TaggedFile, path: String, inPhoto: Bool, like written: WrittenCorrections) -> WrittenCorrections {
        var read = WrittenCorrections()
        if written.orientation != nil {
            read.orientation = file.string(inPhoto ? "Exif.Image.Orientation" : "Xmp.tiff.Orientation").flatMap { Int($0) }
        }
        if written.taken != nil {
            if inPhoto {
                read.taken = file.string("Exif.Photo.DateTimeOriginal").map(isoDate)
                if written.takenOffset != nil { read.takenOffset = file.string("Exif.Photo.OffsetTimeOriginal") }
            } else if let xmp = file.string("Xmp.exif.DateTimeOriginal") {
                read.taken = String(xmp.prefix(19))
                if written.takenOffset != nil { read.takenOffset = xmp.count > 19 ? String(xmp.dropFirst(19)) : nil }
            }
        }
        switch written.place {
        case nil: break
        case .removed: read.place = file.hasGPS ? nil : .removed
        case .at(let latitude, let longitude):
            let tags = try? MetadataFile(path: path)
            if inPhoto, let tags, let readLatitude = tags.coordinate("Exif.GPSInfo.GPSLatitude"),
                let readLongitude = tags.coordinate("Exif.GPSInfo.GPSLongitude"),
                abs(readLatitude - latitude) < 1e-5, abs(readLongitude - longitude) < 1e-5
            {
                read.place = written.place
            } else if !inPhoto, file.string("Xmp.exif.GPSLatitude") == xmpCoordinate(latitude, positive: "N", negative: "S") {
                read.place = written.place
            }
        }
        return read
    }

    private static func isoDate(_ exif: String) -> String {
        var characters = Array(exif.prefix(19))
        guard characters.count == 19 else { return exif }
        (characters[4], characters[7], characters[10]) = ("-", "-", "T")
        return String(characters)
    }
}

extension TaggedFile {
    var hasXMP: Bool { gexiv2_metadata_has_xmp(metadata) != 0 }

    /// Whether any GPS tag is left (EXIF's GPS block, XMP's `exif:GPS…`).
    var hasGPS: Bool { !gpsTags.isEmpty }

    /// Removes the tag `name`, when the file has it.
    func clear(_ name: String) {
        var error: UnsafeMutablePointer<GError>?
        _ = gexiv2_metadata_try_clear_tag(metadata, name, &error)
        if let error { g_error_free(error) }
    }

    /// Removes every GPS tag: EXIF's GPS block and XMP's `exif:GPS…` properties.
    func removeGPS() {
        var error: UnsafeMutablePointer<GError>?
        gexiv2_metadata_try_delete_gps_info(metadata, &error)
        if let error { g_error_free(error) }
        for name in gpsTags { clear(name) }
    }

    private var gpsTags: [String] {
        var names: [String] = []
        for list in [gexiv2_metadata_get_exif_tags(metadata), gexiv2_metadata_get_xmp_tags(metadata)] {
            guard let list else { continue }
            defer { g_strfreev(list) }
            names += borrowStrings(list).filter { $0.hasPrefix("Exif.GPSInfo.") || $0.hasPrefix("Xmp.exif.GPS") }
        }
        return names
    }
}
