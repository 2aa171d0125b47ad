import Foundation
import LightboxMedia
import XCTest

/// Ratings, rejects and keywords other apps wrote (Shotwell, Lightroom, darktable, digiKam,
/// ACDSee, Windows), in files made with the `exiv2` CLI.
final class OtherAppsMetadataTests: XCTestCase {
    private var folder = ""

    override func setUp() {
        super.setUp()
        folder = LibraryFixtures.temporaryFolder(self, name: "other-apps")
    }

    /// A copy of the first sample as `name`, with `commands` applied by `exiv2 -M`.
    private func photo(_ name: String, _ commands: [String]) throws -> String {
        try LibraryFixtures.sampleCopy(name, in: folder, applying: commands)
    }

    private func read(_ path: String) throws -> ImageMetadata {
        try ImageMetadataReader.read(path: path)
    }

    func testEachRatingTagIsReadAndPercentagesBecomeStars() throws {
        let cases: [(command: String, stars: Int)] = [
            ("set Xmp.xmp.Rating 4", 4),
            ("set Iptc.Application2.Urgency 3", 3),
            ("set Xmp.photoshop.Urgency 2", 2),
            ("set Exif.Image.Rating 5", 5),
            ("set Xmp.acdsee.rating 1", 1),
            ("set Exif.Image.RatingPercent 60", 3),
            ("set Exif.Image.RatingPercent 99", 5),
            ("set Exif.Image.RatingPercent 1", 1),
        ]
        for (index, (command, stars)) in cases.enumerated() {
            let metadata = try read(try photo("rated-\(index).jpg", [command]))
            XCTAssertEqual(metadata.rating, stars, command)
            XCTAssertFalse(metadata.isRejected, command)
        }
        XCTAssertNil(try read(try photo("unrated.jpg", [])).rating, "no rating tag: no rating")
    }

    func testTheFirstRatingTagInShotwellsOrderWins() throws {
        let all = try read(
            try photo(
                "all.jpg",
                [
                    "set Exif.Image.RatingPercent 20", "set Xmp.acdsee.rating 1", "set Exif.Image.Rating 2",
                    "set Xmp.photoshop.Urgency 3", "set Iptc.Application2.Urgency 4", "set Xmp.xmp.Rating 5",
                ]))
        XCTAssertEqual(all.rating, 5)
        let withoutXmp = try read(
            try photo(
                "no-xmp.jpg",
                [
                    "set Exif.Image.RatingPercent 20", "set Exif.Image.Rating 2", "set Iptc.Application2.Urgency 4",
                ]))
        XCTAssertEqual(withoutXmp.rating, 4, "IPTC urgency before EXIF")
        let exifOnly = try read(try photo("exif.jpg", ["set Exif.Image.RatingPercent 20", "set Exif.Image.Rating 2"]))
        XCTAssertEqual(exifOnly.rating, 2, "the rating before the percentage")
    }

    func testMinusOneIsAReject() throws {
        let metadata = try read(try photo("rejected.jpg", ["set Xmp.xmp.Rating -1", "set Exif.Image.Rating 3"]))
        XCTAssertTrue(metadata.isRejected)
        XCTAssertEqual(metadata.rating, 0)
    }

    func testKeywordsFromTheThreeTagsAreMergedWithTheirHierarchy() throws {
        let metadata = try read(
            try photo(
                "keywords.jpg",
                [
                    "set Xmp.dc.subject XmpBag Paris", "set Xmp.dc.subject XmpBag France", "set Xmp.dc.subject XmpBag Eiffel tower",
                    "set Xmp.lr.hierarchicalSubject XmpBag Places|France|Paris",
                    "add Iptc.Application2.Keywords holiday", "add Iptc.Application2.Keywords Eiffel tower",
                    "add Iptc.Application2.Keywords Paris",
                ]))
        XCTAssertEqual(
            metadata.keywords, ["Eiffel tower", "holiday", "Places|France|Paris"],
            "each once; the levels of a hierarchy are not repeated flat")
        XCTAssertEqual(try read(try photo("iptc.jpg", ["add Iptc.Application2.Keywords 家族"])).keywords, ["家族"])
        XCTAssertEqual(try read(try photo("none.jpg", [])).keywords, [])
    }

    func testASidecarInEitherNamingWinsOverTheFilesOwnTags() throws {
        // The sidecar: the XMP packet of a photo rated 5 with one keyword, extracted by exiv2.
        let source = try photo("source.jpg", ["set Xmp.xmp.Rating 5", "set Xmp.dc.subject XmpBag from-sidecar"])
        let extracted = try LibraryFixtures.run("/usr/bin/exiv2", ["-eX", source])
        XCTAssertEqual(extracted.status, 0, extracted.stderr)
        let sidecar = folder + "/source.xmp"
        for (name, sidecarName) in [("IMG_1.jpg", "IMG_1.jpg.xmp"), ("IMG_2.jpg", "IMG_2.xmp")] {
            let path = try photo(name, ["set Xmp.xmp.Rating 2", "set Xmp.dc.subject XmpBag embedded"])
            try FileManager.default.copyItem(atPath: sidecar, toPath: folder + "/" + sidecarName)
            let metadata = try read(path)
            XCTAssertEqual(metadata.rating, 5, sidecarName)
            XCTAssertEqual(metadata.keywords, ["from-sidecar"], sidecarName)
        }
        // A sidecar that says nothing about keywords leaves the file's.
        let ratingOnly = try photo("rating-only.jpg", ["set Xmp.xmp.Rating 1"])
        let path = try photo("IMG_3.jpg", ["set Xmp.xmp.Rating 2", "set Xmp.dc.subject XmpBag embedded"])
        XCTAssertEqual(try LibraryFixtures.run("/usr/bin/exiv2", ["-eX", ratingOnly]).status, 0)
        try FileManager.default.moveItem(atPath: folder + "/rating-only.xmp", toPath: folder + "/IMG_3.xmp")
        let metadata = try read(path)
        XCTAssertEqual(metadata.rating, 1)
        XCTAssertEqual(metadata.keywords, ["embedded"])
    }

    func testABrokenSidecarCostsNothing() throws {
        let path = try photo("IMG_4.jpg", ["set Xmp.xmp.Rating 3", "set Xmp.dc.subject XmpBag embedded"])
        try Data("<x:xmpmeta this is not XMP".utf8).write(to: URL(fileURLWithPath: folder + "/IMG_4.jpg.xmp"))
        let metadata = try read(path)
        XCTAssertEqual(metadata.rating, 3, "the file's own tags")
        XCTAssertEqual(metadata.keywords, ["embedded"])
    }

    func testCameraTagsAreReadWhereCamerasAndEditorsPutThem() throws {
        let apex = try read(try photo("apex.jpg", ["del Exif.Photo.FNumber", "set Exif.Photo.ApertureValue 4/1"]))
        XCTAssertEqual(apex.fNumber, 4, "an APEX aperture value of 4 is f/4")

        let located = try read(
            try photo(
                "located.jpg",
                [
                    "set Exif.GPSInfo.GPSLatitudeRef S", "set Exif.GPSInfo.GPSLatitude 33/1 52/1 1200/100",
                    "set Exif.GPSInfo.GPSLongitudeRef E", "set Exif.GPSInfo.GPSLongitude 151/1 12/1 3600/100",
                    "set Exif.GPSInfo.GPSAltitudeRef 1", "set Exif.GPSInfo.GPSAltitude 20/1",
                ]))
        XCTAssertEqual(try XCTUnwrap(located.latitude), -33.87, accuracy: 0.000_001)
        XCTAssertEqual(try XCTUnwrap(located.longitude), 151.21, accuracy: 0.000_001)
        XCTAssertEqual(located.altitude, -20, "below sea level")

        let noReference = try read(
            try photo("no-reference.jpg", ["set Exif.GPSInfo.GPSLatitude 33/1 52/1 0/1", "set Exif.GPSInfo.GPSLongitude 151/1 12/1 0/1"]))
        XCTAssertNil(noReference.latitude, "a position without its hemisphere is no position")

        let xmpOnly = try read(try photo("turned.jpg", ["del Exif.Image.Orientation", "set Xmp.tiff.Orientation 6"]))
        XCTAssertEqual(xmpOnly.orientation, 6, "an editor's XMP orientation, with none in EXIF")
        let outOfRange = try read(try photo("odd.jpg", ["set Exif.Image.Orientation 9"]))
        XCTAssertEqual(outOfRange.orientation, 1)
    }

    func testAFileExiv2CannotParseSaysWhy() throws {
        let path = folder + "/notes.jpg"
        try Data(String(repeating: "These are my notes, not a photo.\n", count: 20).utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try read(path)) { error in
            XCTAssertEqual((error as? MediaError)?.message, "\(path): The file contains data of an unknown image type")
        }
        XCTAssertThrowsError(try read(folder + "/gone.jpg")) { error in
            XCTAssertEqual(
                (error as? MediaError)?.message, "\(folder)/gone.jpg: Failed to open the data source: No such file or directory (errno = 2)"
            )
        }
    }
}
