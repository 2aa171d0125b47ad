import Foundation
import GtkTestSupport
import XCTest

@testable import Lightbox

/// Values read from files are untrusted: every field is checked once, and every
/// formatter stays total, whatever a camera, an editor or a fuzzer wrote.
final class UntrustedValuesTests: XCTestCase {
    static let doubles: [Double] = [
        .nan, .infinity, -.infinity, 0, -0.0, -1, -5.6, .greatestFiniteMagnitude,
        -.greatestFiniteMagnitude, .leastNonzeroMagnitude, 1e300, 2.8, 50,
    ]
    static let ints: [Int] = [.min, .max, -1, 0, 1, 7, 9, 100, 4_294_957_311, Int(Int32.max)]
    static let texts: [String?] = [
        nil, "", "  ", String(repeating: "x", count: 10_000),
        String(decoding: [0x43, 0xFF, 0xFE, 0x61, 0xC3], as: UTF8.self),
        "Canon\u{0}\u{7}\u{1B}[31m EOS\n", "\u{202E}gnp.exe", "Nikon Z 8",
    ]

    private static func randomPhoto(_ random: inout SeededGenerator) -> Photo {
        func pick<T>(_ values: [T]) -> T { values[Int(random.next() % UInt64(values.count))] }
        var photo = Photo(
            path: "/photos/\(random.next()).jpg", fileSize: Int64(truncatingIfNeeded: pick(Self.ints)),
            modified: pick(Self.doubles))
        photo.fileTaken = pick([
            "2024-02-30T10:00:00", "2024-13-01T00:00:00", "9999-99-99T99:99:99", "2024-03-12T14:05:07",
            "0000-00-00T00:00:00", "", String(repeating: "9", count: 10_000),
        ])
        photo.fileTakenSource = .dateTimeOriginal
        photo.make = pick(Self.texts)
        photo.model = pick(Self.texts)
        photo.lens = pick(Self.texts)
        photo.exposure = pick(Self.texts)
        photo.aperture = pick(Self.doubles)
        photo.iso = pick(Self.ints)
        photo.focalLength = pick(Self.doubles)
        photo.width = pick(Self.ints)
        photo.height = pick(Self.ints)
        photo.fileOrientation = pick(Self.ints)
        photo.fileLatitude = pick(Self.doubles)
        photo.fileLongitude = pick(Self.doubles)
        photo.fileAltitude = pick(Self.doubles)
        photo.rating = pick(Self.ints)
        return photo
    }

    func testEveryValidatedPhotoHoldsOnlyBelievableValues() throws {
        var random = SeededGenerator(seed: 14)
        var validated: [Photo] = []
        for _ in 0..<5_000 {
            let photo = Self.randomPhoto(&random).validated()
            XCTAssertGreaterThanOrEqual(photo.fileSize, 0)
            XCTAssertTrue(photo.modified.isFinite)
            if let aperture = photo.aperture { XCTAssertTrue((0.5...1024).contains(aperture), "\(aperture)") }
            if let focal = photo.focalLength { XCTAssertTrue((0.1...10_000).contains(focal), "\(focal)") }
            if let iso = photo.iso { XCTAssertTrue((1...10_000_000).contains(iso), "\(iso)") }
            XCTAssertTrue((0...Photo.maxSide).contains(photo.width) && (0...Photo.maxSide).contains(photo.height))
            XCTAssertTrue((1...8).contains(photo.orientation))
            XCTAssertTrue((0...5).contains(photo.rating))
            XCTAssertEqual(photo.latitude == nil, photo.longitude == nil, "a position is both or neither")
            if let latitude = photo.latitude { XCTAssertTrue((-90...90).contains(latitude)) }
            if let longitude = photo.longitude { XCTAssertTrue((-180...180).contains(longitude)) }
            if let altitude = photo.altitude { XCTAssertTrue(altitude.isFinite) }
            for text in [photo.make, photo.model, photo.lens, photo.exposure].compactMap({ $0 }) {
                XCTAssertLessThanOrEqual(text.count, UntrustedValues.maxTextLength)
                XCTAssertFalse(text.unicodeScalars.contains { $0.properties.generalCategory == .control })
                XCTAssertFalse(text.isEmpty)
            }
            if let taken = photo.taken { XCTAssertEqual(taken, "2024-03-12T14:05:07") }
            validated.append(photo)
        }
        // Every value the catalog holds comes back as it was saved.
        let catalog = try Catalog(path: LibraryFixtures.temporaryFolder(self, name: "catalog") + "/catalog.sqlite")
        try catalog.save(validated)
        let saved = Dictionary(validated.map { ($0.path, $0) }) { _, last in last }
        let read = try catalog.photos(in: "/photos")
        XCTAssertEqual(read.count, saved.count)
        for photo in read { XCTAssertEqual(photo, saved[photo.path]) }
    }

    @preconcurrency @MainActor
    func testFormattersAreTotalEvenForValuesThatWereNeverValidated() {
        var random = SeededGenerator(seed: 41)
        for _ in 0..<2_000 {
            let photo = Self.randomPhoto(&random)
            let items = DetailItem.items(for: photo)
            XCTAssertFalse(items.isEmpty)
            _ = PhotoFormat.stars(photo.rating)
            _ = PhotoFormat.ratingDescription(photo.rating)
            _ = PhotoFormat.fileSize(photo.fileSize)
            _ = photo.dateText
        }
        XCTAssertEqual(PhotoFormat.number(.nan), "unknown")
        XCTAssertEqual(PhotoFormat.number(.infinity), "unknown")
        XCTAssertEqual(PhotoFormat.number(-.infinity), "unknown")
        XCTAssertEqual(PhotoFormat.number(.greatestFiniteMagnitude).hasSuffix(".0"), true)
        XCTAssertEqual(PhotoFormat.number(2.8), "2.8")
        XCTAssertEqual(PhotoFormat.number(50), "50")
        XCTAssertEqual(PhotoFormat.stars(Int.min), "☆☆☆☆☆")
        XCTAssertEqual(PhotoFormat.stars(Int.max), "★★★★★")
        XCTAssertEqual(PhotoFormat.ratingDescription(-1), "Not rated")
        XCTAssertEqual(PhotoFormat.location(latitude: .nan, longitude: 2), "unknown")
        XCTAssertEqual(PhotoFormat.fileSize(-5), "Zero KB")
    }

    func testEachFieldSaysUnknownRatherThanSomethingImpossible() {
        var photo = Photo(path: "/p/a.jpg", fileSize: 10, modified: 1)
        photo.aperture = .infinity
        photo.focalLength = -24
        photo.iso = 0
        photo.width = -9985
        photo.height = 480
        photo.fileLatitude = .nan
        photo.fileLongitude = 2.29
        photo.fileAltitude = 35
        photo.fileOrientation = 0
        photo.rating = -1
        photo.fileTaken = "2024-02-30T10:00:00"
        photo.make = "Canon\u{0}\u{0}"
        let checked = photo.validated()
        XCTAssertNil(checked.aperture)
        XCTAssertNil(checked.focalLength)
        XCTAssertNil(checked.iso)
        XCTAssertEqual(checked.width, 0)
        XCTAssertEqual(checked.error, "the image size in the file can't be right (-9985×480)")
        XCTAssertNil(checked.latitude)
        XCTAssertNil(checked.longitude)
        XCTAssertNil(checked.altitude)
        XCTAssertEqual(checked.orientation, 1)
        XCTAssertEqual(checked.rating, 0)
        XCTAssertNil(checked.taken)
        XCTAssertNil(checked.takenSource)
        XCTAssertEqual(checked.make, "Canon")
        XCTAssertEqual(UntrustedValues.text(String(repeating: "é", count: 10_000))?.count, UntrustedValues.maxTextLength)
        XCTAssertEqual(UntrustedValues.text(String(decoding: [0x4E, 0xFF, 0x69], as: UTF8.self)), "N\u{FFFD}i")
        XCTAssertEqual(UntrustedValues.text("  Canon EOS R5 \0\0"), "Canon EOS R5")
        XCTAssertEqual(UntrustedValues.text("   "), nil)
        XCTAssertEqual(UntrustedValues.text(" \tNIKON\u{200B} "), "NIKON")
        XCTAssertEqual(UntrustedValues.text(String(repeating: "x", count: 300))?.count, UntrustedValues.maxTextLength)
        XCTAssertEqual(UntrustedValues.text(String(repeating: "x", count: 200)), String(repeating: "x", count: 200))
        XCTAssertEqual(UntrustedValues.exposure(numerator: 1, denominator: 250), "1/250")
        XCTAssertEqual(UntrustedValues.exposure(numerator: 5, denominator: 2), "2.5")
        XCTAssertNil(UntrustedValues.exposure(numerator: Int.max, denominator: 1))
        XCTAssertNil(UntrustedValues.exposure(numerator: -1, denominator: 250))
        XCTAssertEqual(UntrustedValues.timestamp("2024-02-29T23:59:60"), "2024-02-29T23:59:60")
        XCTAssertNil(UntrustedValues.timestamp("2023-02-29T10:00:00"))
    }

    /// A camera file whose aperture works out to infinity (no FNumber, ApertureValue
    /// 2100/1: 2^(v/2) overflows) is read with the aperture unknown and nothing else lost.
    func testAnInfiniteApertureIsReadAsUnknown() throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        let path = folder + "/aperture.jpg"
        try LibraryFixtures.writeInfiniteAperture(from: LibraryFixtures.samplePaths[0], to: path)
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0)
        let photo = PhotoReader.read(path: path, stamp: FileStamp(info))
        XCTAssertNil(photo.error)
        XCTAssertNil(photo.aperture)
        XCTAssertEqual(photo.model, "Canon EOS R5")
        XCTAssertEqual(photo.width, 640)
    }

    /// A header claiming 55551×57599 pixels (read back as -9985×-7937 through a signed
    /// cast before) is sized as the header says, and refused as too large.
    func testAHugeHeaderIsNeverReadAsNegative() throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: LibraryFixtures.samplePaths[0])))
        let frame = try XCTUnwrap((0..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
        bytes.replaceSubrange(frame + 5..<frame + 9, with: [0xE0, 0xFF, 0xD8, 0xFF])  // height 57599, width 55551
        let path = folder + "/huge.jpg"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0)
        let photo = PhotoReader.read(path: path, stamp: FileStamp(info))
        XCTAssertEqual(photo.width, 55551)
        XCTAssertEqual(photo.height, 57599)
        XCTAssertEqual(photo.error, "image too large (55551×57599 pixels)")
    }
}
