import Foundation
import GtkTestSupport
import XCTest

@testable import Lightbox

/// `lightbox --list` lines: total for any `Photo`, one valid JSON object per line.
final class PhotoListingTests: XCTestCase {
    static let doubles: [Double?] = [
        nil, .nan, -.nan, .infinity, -.infinity, 0, -0.0, -1, -5.6, .greatestFiniteMagnitude,
        -.greatestFiniteMagnitude, .leastNonzeroMagnitude, 1e300, 2.8, 50,
    ]
    static let ints: [Int] = [.min, .max, -1, 0, 1, 7, 100]
    static let texts: [String?] = [
        nil, "", "Nikon Z 8", String(repeating: "x", count: 10_000),
        String(repeating: "é\u{0}\n", count: 3_400),
        String(decoding: [0x43, 0xFF, 0xFE, 0x61, 0xC3, 0x28, 0xED, 0xA0, 0x80], as: UTF8.self),
        "Canon\u{0}\u{7}\u{8}\u{C}\u{1B}[31m \"EOS\"\\\n\r\t\u{7F}\u{85}\u{2028}\u{2029}", "\u{202E}gnp.exe", "/a/b\\c\"d",
    ]

    private static func randomPhoto(_ random: inout SeededGenerator) -> Photo {
        func pick<T>(_ values: [T]) -> T { values[Int(random.next() % UInt64(values.count))] }
        var photo = Photo(
            path: pick(texts) ?? "/photos/a.jpg", fileSize: Int64(truncatingIfNeeded: pick(ints)),
            modified: pick(doubles) ?? 0, error: pick(texts))
        photo.fileTaken = pick(texts)
        photo.fileTakenSource = pick([nil, .dateTimeOriginal, .dateTime, .fileModified])
        photo.make = pick(texts)
        photo.model = pick(texts)
        photo.lens = pick(texts)
        photo.exposure = pick(texts)
        photo.aperture = pick(doubles)
        photo.iso = pick([nil] + ints)
        photo.focalLength = pick(doubles)
        photo.width = pick(ints)
        photo.height = pick(ints)
        photo.fileOrientation = pick(ints)
        photo.fileLatitude = pick(doubles)
        photo.fileLongitude = pick(doubles)
        photo.fileAltitude = pick(doubles)
        photo.rating = pick(ints)
        return photo
    }

    /// Parses `line` as one JSON object with every key of a listing.
    private func object(_ line: String, file: StaticString = #filePath, line number: UInt = #line) throws -> [String: Any] {
        XCTAssertFalse(
            line.unicodeScalars.contains { $0.value < 0x20 }, "a raw control character in \(line.prefix(200))",
            file: file, line: number)
        let object = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
            file: file, line: number)
        XCTAssertEqual(object.keys.sorted(), PhotoListing.keys, file: file, line: number)
        return object
    }

    private func assertListed(_ value: Any?, _ expected: Double?, file: StaticString = #filePath, line: UInt = #line) {
        if let expected, expected.isFinite {
            XCTAssertEqual((value as? NSNumber)?.doubleValue, expected, file: file, line: line)
        } else {
            XCTAssertTrue(value is NSNull, "\(String(describing: value)) for \(String(describing: expected))", file: file, line: line)
        }
    }

    func testEveryLineIsOneJSONObjectWithEveryKeyWhateverThePhotoHolds() throws {
        var random = SeededGenerator(seed: 2024)
        for _ in 0..<3_000 {
            let photo = Self.randomPhoto(&random)
            let decoded = [nil, true, false][Int(random.next() % 3)]
            let object = try object(PhotoListing.line(for: photo, decoded: decoded))
            XCTAssertEqual(object["path"] as? String, photo.path)
            XCTAssertEqual(object["error"] as? String, photo.error)
            XCTAssertEqual(object["decoded"] as? Bool, decoded)
            XCTAssertEqual(object["make"] as? String, photo.make)
            XCTAssertEqual(object["lens"] as? String, photo.lens)
            XCTAssertEqual(object["camera"] as? String, photo.camera)
            XCTAssertEqual(object["taken"] as? String, photo.taken)
            XCTAssertEqual(object["taken_source"] as? String, photo.takenSource?.rawValue)
            XCTAssertEqual((object["width"] as? NSNumber)?.intValue, photo.width)
            XCTAssertEqual((object["rating"] as? NSNumber)?.intValue, photo.rating)
            XCTAssertEqual((object["file_size"] as? NSNumber)?.int64Value, photo.fileSize)
            assertListed(object["aperture"], photo.aperture)
            assertListed(object["focal_length"], photo.focalLength)
            assertListed(object["latitude"], photo.latitude)
            assertListed(object["longitude"], photo.longitude)
            assertListed(object["altitude"], photo.altitude)
        }
    }

    func testALineListsEveryFieldUnderItsKey() {
        var photo = Photo(path: "/photos/2024/IMG_1.jpg", fileSize: 32_772, modified: 1)
        photo.fileTaken = "2024-03-12T14:05:07"
        photo.fileTakenSource = .dateTimeOriginal
        photo.make = "Canon"
        photo.model = "Canon EOS R5"
        photo.exposure = "1/250"
        photo.aperture = 2.8
        photo.iso = 100
        photo.focalLength = 50
        photo.width = 640
        photo.height = 480
        photo.fileLatitude = 48.8584
        photo.fileLongitude = 2.2945
        photo.fileAltitude = 35
        photo.rating = 3
        photo.keywords = ["Places|France|Paris", "家族"]
        photo.title = "La tour"
        photo.caption = "Vue du Trocadéro.\nUn soir de mars."
        XCTAssertEqual(
            PhotoListing.line(for: photo, decoded: true, albums: ["Paris 2024", "Tours"]),
            #"{"albums":["Paris 2024","Tours"],"altitude":35,"aperture":2.8,"camera":"Canon EOS R5","caption":"Vue du Trocadéro.\nUn soir de mars.","#
                + #""codec":null,"decoded":true,"duration":null,"error":null,"#
                + #""exposure":"1/250","file_size":32772,"focal_length":50,"frame_rate":null,"height":480,"iso":100,"#
                + #""keywords":["Places|France|Paris","家族"],"kind":"photo","#
                + #""latitude":48.8584,"lens":null,"longitude":2.2945,"make":"Canon","model":"Canon EOS R5","#
                + #""orientation":1,"path":"/photos/2024/IMG_1.jpg","rating":3,"rejected":false,"#
                + #""taken":"2024-03-12T14:05:07","taken_offset":null,"#
                + #""taken_source":"DateTimeOriginal","title":"La tour","width":640}"#)
    }

    func testNumbersThatAreNotFiniteAreListedAsUnknown() {
        var photo = Photo(path: "/p/a.mov")
        photo.aperture = .infinity
        photo.focalLength = .nan
        photo.fileLatitude = -.infinity
        photo.fileLongitude = 2
        photo.fileAltitude = -.nan
        photo.video = VideoTrack(duration: .infinity, codec: "hevc", frameRate: -.nan)
        XCTAssertEqual(
            PhotoListing.line(for: photo),
            #"{"albums":[],"altitude":null,"aperture":null,"camera":null,"caption":null,"codec":"hevc","decoded":null,"#
                + #""duration":null,"error":null,"exposure":null,"#
                + #""file_size":0,"focal_length":null,"frame_rate":null,"height":0,"iso":null,"keywords":[],"kind":"video","latitude":null,"#
                + #""lens":null,"longitude":2,"make":null,"model":null,"orientation":1,"path":"/p/a.mov","#
                + #""rating":0,"rejected":false,"taken":null,"taken_offset":null,"taken_source":null,"title":null,"width":0}"#)
    }

    /// A row the encoder refuses (here a number that isn't finite, which `Row(photo:)`
    /// never lets through) becomes the path, the decode flag and an error.
    func testARowTheEncoderRefusesBecomesAnErrorRowForItsPath() throws {
        var row = PhotoListing.Row(Photo(path: "/p/\"odd\"\n.jpg"), decoded: false)
        row.fields.aperture = .nan
        row.fields.make = "Canon"
        let line = PhotoListing.line(for: row)
        let object = try object(line)
        XCTAssertEqual(object["path"] as? String, "/p/\"odd\"\n.jpg")
        XCTAssertEqual(object["decoded"] as? Bool, false)
        let error = try XCTUnwrap(object["error"] as? String)
        XCTAssertTrue(error.hasPrefix("this file's details can't be listed: "), error)
        XCTAssertTrue(error.contains("aperture"), "the error names the field: \(error)")
        XCTAssertTrue(object["make"] is NSNull)
        XCTAssertTrue(object["aperture"] is NSNull)
    }

    func testErrorRowsAreValidJSONWhateverThePathAndMessageHold() throws {
        var random = SeededGenerator(seed: 99)
        for _ in 0..<2_000 {
            let path = Self.texts[Int(random.next() % UInt64(Self.texts.count))] ?? ""
            let message = Self.texts[Int(random.next() % UInt64(Self.texts.count))] ?? ""
            let decoded = [nil, true, false][Int(random.next() % 3)]
            let object = try object(PhotoListing.failureLine(path: path, decoded: decoded, error: message))
            XCTAssertEqual(object["path"] as? String, path)
            XCTAssertEqual(object["error"] as? String, message)
            XCTAssertEqual(object["decoded"] as? Bool, decoded)
        }
        XCTAssertEqual(PhotoListing.jsonString("a\"b\\c\n\u{0}\u{1F}é/"), #""a\"b\\c\u000a\u0000\u001fé/""#)
    }

    func testDecodingAFileSaysWhetherItsPixelsDecode() throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        XCTAssertNil(PhotoListing.decodingProblem(path: LibraryFixtures.samplePaths[0]))
        try LibraryFixtures.writeUndecodablePixels(from: LibraryFixtures.samplePaths[0], to: folder + "/scan.jpg")
        XCTAssertEqual(
            PhotoListing.decodingProblem(path: folder + "/scan.jpg"),
            "the image can't be decoded: Error interpreting JPEG image file (Huffman table 0x03 was not defined)")
        try LibraryFixtures.writeGarbage(to: folder + "/garbage.jpg")
        XCTAssertEqual(
            PhotoListing.decodingProblem(path: folder + "/garbage.jpg"),
            "the image can't be decoded: not an image format gdk-pixbuf can read")
        XCTAssertEqual(
            PhotoListing.decodingProblem(path: folder + "/missing.jpg"),
            "the image can't be decoded: not an image format gdk-pixbuf can read")
    }
}
