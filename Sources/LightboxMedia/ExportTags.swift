import Foundation

/// What an exported JPEG's metadata becomes, as edits for `lbx_export_write_metadata`:
/// the source's tags (copied by it) with the pixels' new facts (upright, their size, their
/// colour space) and the catalog's values, which win over the file's.
enum ExportTags {
    /// GPS tags and the place's names, left out with the place.
    static let placeTags = [
        "Exif.GPSInfo.", "Xmp.exif.GPS", "Xmp.photoshop.City", "Xmp.photoshop.State", "Xmp.photoshop.Country",
        "Xmp.iptc.Location", "Xmp.iptc.CountryCode", "Xmp.iptcExt.LocationCreated", "Xmp.iptcExt.LocationShown",
        "Iptc.Application2.City", "Iptc.Application2.SubLocation", "Iptc.Application2.ProvinceState",
        "Iptc.Application2.CountryName", "Iptc.Application2.CountryCode",
    ]

    static func edits(for item: ExportItem, settings: JPEGSettings, width: Int, height: Int) -> String {
        guard settings.metadata != .none else { return "" }
        var edits: [[String]] = [
            ["set", "Exif.Image.Orientation", "1"], ["erase", "Xmp.tiff.Orientation"],
            ["erase", "Exif.Image.ImageWidth"], ["erase", "Exif.Image.ImageLength"],
            ["erase", "Xmp.tiff.ImageWidth"], ["erase", "Xmp.tiff.ImageLength"],
            ["set", "Exif.Photo.PixelXDimension", "\(width)"], ["set", "Exif.Photo.PixelYDimension", "\(height)"],
            ["erase", "Xmp.exif.PixelXDimension"], ["erase", "Xmp.exif.PixelYDimension"],
        ]
        if settings.colour == .sRGB { edits.append(["set", "Exif.Photo.ColorSpace", "1"]) }
        if let taken = item.taken, let exifDate = WrittenCorrections.exifDate(taken) {
            edits += [
                ["set", "Exif.Photo.DateTimeOriginal", exifDate], ["erase", "Xmp.exif.DateTimeOriginal"],
                ["erase", "Xmp.photoshop.DateCreated"],
            ]
            if let offset = item.takenOffset, TimeZoneOffset.minutes(offset) != nil {
                edits.append(["set", "Exif.Photo.OffsetTimeOriginal", offset])
            }
        }
        if settings.metadata == .withoutPlace || item.place == nil {
            edits += placeTags.map { ["erase", $0] }
        } else if let place = item.place {
            edits += [["erase", "Xmp.exif.GPSLatitude"], ["erase", "Xmp.exif.GPSLongitude"]]
            edits += [
                ["set", "Exif.GPSInfo.GPSVersionID", "2 3 0 0"],
                ["set", "Exif.GPSInfo.GPSLatitudeRef", place.latitude < 0 ? "S" : "N"],
                ["set", "Exif.GPSInfo.GPSLatitude", WrittenCorrections.exifCoordinate(place.latitude)],
                ["set", "Exif.GPSInfo.GPSLongitudeRef", place.longitude < 0 ? "W" : "E"],
                ["set", "Exif.GPSInfo.GPSLongitude", WrittenCorrections.exifCoordinate(place.longitude)],
            ]
        }
        let tags = WrittenTags(
            stars: max(item.rating, 0), isRejected: item.rating < 0, keywords: item.keywords, title: item.title, caption: item.caption)
        edits.append(tags.rating == 0 ? ["erase", "Xmp.xmp.Rating"] : ["set", "Xmp.xmp.Rating", "\(tags.rating)"])
        edits.append(tags.exifStars == 0 ? ["erase", "Exif.Image.Rating"] : ["set", "Exif.Image.Rating", "\(tags.exifStars)"])
        edits.append(["erase", "Exif.Image.RatingPercent"])
        edits.append(["bag", "Xmp.dc.subject"] + tags.subjects)
        edits.append(["bag", "Xmp.lr.hierarchicalSubject"] + tags.hierarchicalSubjects)
        edits.append(["set", "Iptc.Application2.Keywords"] + tags.subjects)
        edits.append(["alt", "Xmp.dc.title"] + [tags.title].compactMap { $0 }.filter { !$0.isEmpty })
        edits.append(["alt", "Xmp.dc.description"] + [tags.caption].compactMap { $0 }.filter { !$0.isEmpty })
        // The separators can't appear in a value (control characters no one types).
        return edits.map { edit in
            edit.map { $0.replacingOccurrences(of: "\u{1E}", with: " ").replacingOccurrences(of: "\u{1F}", with: " ") }
                .joined(separator: "\u{1F}")
        }.joined(separator: "\u{1E}")
    }
}
