import Foundation
import GtkTestSupport
import LightboxMedia
import XCTest

@testable import Lightbox

/// Dates taken corrected in Lightbox (the Date and Time window's edits): shown, sorted and
/// grouped at once, undoable, and written back into the files (or their sidecars), checked
/// with the `exiv2` CLI.
final class DateWriteBackTests: GtkTestCase {
    private var folder = ""

    override func setUp() {
        super.setUp()
        MainActor.assumeIsolated { folder = LibraryFixtures.temporaryFolder(self, name: "dates") }
    }

    /// A copy of the first sample as `name`, taken at `taken` (EXIF's "2024:01:01 08:00:00").
    private func photo(_ name: String, taken: String, _ commands: [String] = []) throws -> String {
        try LibraryFixtures.sampleCopy(name, in: folder, applying: ["set Exif.Photo.DateTimeOriginal \(taken)"] + commands)
    }

    private func openStore(writing: Bool = true) throws -> CatalogStore {
        try writeBackStore(
            over: folder, catalogPath: LibraryFixtures.temporaryFolder(self, name: "catalog") + "/catalog.sqlite", writing: writing)
    }

    private func writtenBackSayingNothing(_ store: CatalogStore, file: StaticString = #filePath, line: UInt = #line) {
        writtenBack(store, file: file, line: line)
        XCTAssertNil(store.notice, file: file, line: line)
    }

    private func tag(_ key: String, of path: String) throws -> String? { try LibraryFixtures.exiv2Tags(path)[key] }

    func testAnHourLaterOnThreePhotosOfDifferentDaysIsWrittenAndUndone() throws {
        let first = try photo("first.jpg", taken: "2024:01:01 08:00:00")
        let second = try photo("second.jpg", taken: "2024:03:15 23:30:00")
        let third = try photo("third.jpg", taken: "2024:12:31 23:59:59")
        let store = try openStore()
        let photos = [third, first, second].compactMap(store.photo)
        XCTAssertEqual(photos.count, 3)

        let edit = try store.adjustDates(of: photos, DateAdjustment(.shift(seconds: 3600)))
        XCTAssertEqual(store.photo(first)?.taken, "2024-01-01T09:00:00", "shown at once")
        XCTAssertEqual(store.photo(second)?.taken, "2024-03-16T00:30:00", "into the next day")
        XCTAssertEqual(store.photo(third)?.taken, "2025-01-01T00:59:59", "into the next year")
        XCTAssertEqual(store.photo(first)?.takenSource, .corrected)
        writtenBackSayingNothing(store)
        XCTAssertEqual(try tag("Exif.Photo.DateTimeOriginal", of: first), "2024:01:01 09:00:00")
        XCTAssertEqual(try tag("Exif.Photo.DateTimeOriginal", of: second), "2024:03:16 00:30:00")
        XCTAssertEqual(try tag("Exif.Photo.DateTimeOriginal", of: third), "2025:01:01 00:59:59")
        XCTAssertEqual(try tag("Xmp.exif.DateTimeOriginal", of: third), "2025-01-01T00:59:59")
        XCTAssertNil(try tag("Exif.Photo.OffsetTimeOriginal", of: third), "no time zone was known, none is written")
        XCTAssertEqual(try store.catalog.photo(at: second)?.taken, "2024-03-16T00:30:00", "kept by the catalog")

        _ = try store.undo(edit)
        XCTAssertEqual(store.photo(first)?.taken, "2024-01-01T08:00:00")
        writtenBackSayingNothing(store)
        XCTAssertEqual(try tag("Exif.Photo.DateTimeOriginal", of: first), "2024:01:01 08:00:00", "the file's date is back")
        XCTAssertEqual(try tag("Exif.Photo.DateTimeOriginal", of: second), "2024:03:15 23:30:00")
        XCTAssertEqual(try tag("Exif.Photo.DateTimeOriginal", of: third), "2024:12:31 23:59:59")
        XCTAssertEqual(store.photo(third)?.taken, "2024-12-31T23:59:59")
    }

    func testATimeZoneIsWrittenAndReadBack() throws {
        let path = try photo("tokyo.jpg", taken: "2024:04:02 07:00:00")
        let store = try openStore()
        let photos = [path].compactMap(store.photo)
        try store.adjustDates(of: photos, DateAdjustment(.shift(seconds: 8 * 3600), timeZone: "+09:00"))
        XCTAssertEqual(store.photo(path)?.taken, "2024-04-02T15:00:00")
        XCTAssertEqual(store.photo(path)?.takenOffset, "+09:00")
        XCTAssertEqual(
            DetailItem.takenText("2 April 2024, 15:00", of: try XCTUnwrap(store.photo(path))),
            "2 April 2024, 15:00 (UTC+09:00)\nSet in Lightbox")
        writtenBackSayingNothing(store)
        XCTAssertEqual(try tag("Exif.Photo.DateTimeOriginal", of: path), "2024:04:02 15:00:00")
        XCTAssertEqual(try tag("Exif.Photo.OffsetTimeOriginal", of: path), "+09:00")
        XCTAssertEqual(try tag("Xmp.exif.DateTimeOriginal", of: path), "2024-04-02T15:00:00+09:00")
        let read = try ImageMetadataReader.read(path: path)
        XCTAssertEqual(read.offsetTimeOriginal, "+09:00", "Lightbox's own reader reads it back")
        XCTAssertEqual(try store.catalog.photo(at: path)?.fileTakenOffset, "+09:00", "the file, read again, says it")
    }

    func testAZoneTheFileHadIsKeptUnlessAnotherIsGiven() throws {
        let path = try photo("oslo.jpg", taken: "2024:06:01 12:00:00", ["set Exif.Photo.OffsetTimeOriginal +02:00"])
        let store = try openStore()
        XCTAssertEqual(store.photo(path)?.takenOffset, "+02:00")
        try store.adjustDates(of: [path].compactMap(store.photo), DateAdjustment(.set("2024-06-02T10:00:00")))
        XCTAssertEqual(store.photo(path)?.takenOffset, "+02:00")
        writtenBackSayingNothing(store)
        XCTAssertEqual(try tag("Exif.Photo.DateTimeOriginal", of: path), "2024:06:02 10:00:00")
        XCTAssertEqual(try tag("Exif.Photo.OffsetTimeOriginal", of: path), "+02:00")
    }

    func testAReadOnlyPhotoGetsItsDateInASidecar() throws {
        let path = try photo("locked.jpg", taken: "2024:01:01 08:00:00")
        chmod(path, 0o444)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let store = try openStore()
        try store.adjustDates(of: [path].compactMap(store.photo), DateAdjustment(.shift(seconds: -1800), timeZone: "-05:00"))
        writtenBackSayingNothing(store)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), bytes, "the photo itself is untouched")
        XCTAssertEqual(try tag("Xmp.exif.DateTimeOriginal", of: path + ".xmp"), "2024-01-01T07:30:00-05:00")
        XCTAssertEqual(store.photo(path)?.taken, "2024-01-01T07:30:00")
    }

    func testADateThatCantBeWrittenIsSaidAndKeptByTheCatalog() throws {
        let path = try photo("IMG_1.jpg", taken: "2024:01:01 08:00:00")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let store = try openStore()
        var notices: [String] = []
        store.observeNotices(owner: self) { notices.append($0) }
        chmod(folder, 0o555)
        defer { chmod(folder, 0o755) }
        try store.adjustDates(of: [path].compactMap(store.photo), DateAdjustment(.shift(seconds: 3600)))
        writtenBack(store)
        XCTAssertEqual(notices, ["“IMG_1.jpg” could not be updated: the folder is read-only, so no sidecar can be written."])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), bytes, "the file is left as it was")
        XCTAssertEqual(store.photo(path)?.taken, "2024-01-01T09:00:00", "the catalog keeps the date")
    }

    func testAPhotoWithoutADateSaysWhereItsDateCameFromUntilOneIsSet() throws {
        let path = try LibraryFixtures.sampleCopy(
            "undated.jpg", in: folder,
            applying: ["del Exif.Photo.DateTimeOriginal", "del Exif.Image.DateTime", "del Exif.Photo.DateTimeDigitized"])
        let store = try openStore(writing: false)
        XCTAssertEqual(store.photo(path)?.takenSource, .fileModified)
        let undated = try XCTUnwrap(store.photo(path))
        XCTAssertEqual(
            DetailItem.takenText("1 May 2026, 10:00", of: undated), "1 May 2026, 10:00\nFrom the file’s modification time",
            "the details say where the date came from")
        try store.adjustDates(of: [path].compactMap(store.photo), DateAdjustment(.set("2020-02-02T20:20:20")))
        XCTAssertEqual(store.photo(path)?.takenSource, .corrected)
        XCTAssertEqual(store.photo(path)?.taken, "2020-02-02T20:20:20")
        XCTAssertEqual(
            DetailItem.takenText("2 February 2020, 20:20", of: try XCTUnwrap(store.photo(path))), "2 February 2020, 20:20\nSet in Lightbox")
        store.waitUntilSaved()
        XCTAssertNil(try tag("Exif.Photo.DateTimeOriginal", of: path), "write-back is off: the file is left alone")
    }

    func testTheListIsSortedAgainAtOnce() throws {
        let early = try photo("early.jpg", taken: "2024:01:01 08:00:00")
        let late = try photo("late.jpg", taken: "2024:02:01 08:00:00")
        let store = try openStore(writing: false)
        XCTAssertEqual(store.photos.map(\.name), ["late.jpg", "early.jpg"], "newest first")
        let edit = try store.adjustDates(of: [early].compactMap(store.photo), DateAdjustment(.shift(seconds: 62 * 86_400)))
        pump(until: { store.photos.map(\.name) == ["early.jpg", "late.jpg"] }, "the shifted photo moves up")
        store.searchText = "taken:2024-03"
        pump(until: { store.photos.map(\.name) == ["early.jpg"] }, "a search by date finds it in its new month")
        _ = try store.undo(edit)
        pump(until: { store.photos.isEmpty }, "and loses it when undone")
        _ = late
    }
}
