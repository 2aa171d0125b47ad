import Foundation
import XCTest

@testable import Lightbox

/// Reading the library darktable 4.2.1 made of Tests/Fixtures/OtherLibraries' photos.
final class DarktableLibraryTests: XCTestCase {
    private let utc = TimeZone(identifier: "UTC")!

    func testEveryPhotoOfDarktablesLibraryIsReadFieldByField() throws {
        let folder = OtherLibraryFixtures.copy("darktable", self)
        let before = OtherLibraryFixtures.contents(of: folder)
        let library = try DarktableLibrary.read(at: folder + "/library.db", timeZone: utc)

        XCTAssertEqual(library.app, .darktable)
        XCTAssertEqual(library.databasePath, folder + "/library.db")
        let bergen = "/home/kari/Bilder/Bergen/"
        let beijing = "/home/kari/Bilder/北京/"
        XCTAssertEqual(
            library.photos,
            [
                OtherPhoto(
                    path: bergen + "brygge.jpg", rating: 5, keywords: ["Familie", "Places|Norway|Bergen", "Sommer"],
                    title: "Bryggen i Bergen",
                    caption: "Tyskebryggen en tidlig morgen", colorLabels: [.red, .purple],
                    dateTaken: Date(timeIntervalSince1970: 1_689_327_000)),
                OtherPhoto(
                    path: bergen + "fjord-ærø.jpg", rating: 4, keywords: ["Places|Norway"], title: "Fjorden på Ærø",
                    dateTaken: Date(timeIntervalSince1970: 1_689_350_700)),
                OtherPhoto(
                    path: bergen + "regn.jpg", rating: 3, colorLabels: [.yellow], dateTaken: Date(timeIntervalSince1970: 1_689_418_800)),
                OtherPhoto(path: beijing + "故宫.jpg", rating: 1, keywords: ["旅行"], dateTaken: Date(timeIntervalSince1970: 1_712_066_400)),
                OtherPhoto(path: beijing + "模糊.jpg", rating: 0, rejected: true, dateTaken: Date(timeIntervalSince1970: 1_712_167_200)),
                OtherPhoto(path: beijing + "胡同.jpg", rating: 0, dateTaken: Date(timeIntervalSince1970: 1_712_134_800)),
                OtherPhoto(
                    path: beijing + "长城.jpg", rating: 2, keywords: ["地点|中国|北京"], title: "长城", caption: "八达岭的早晨", colorLabels: [.green],
                    dateTaken: Date(timeIntervalSince1970: 1_712_052_000)),
            ])
        XCTAssertEqual(
            library.albums,
            [
                OtherAlbum(name: "Bergen", kind: .filmRoll, paths: [bergen + "brygge.jpg", bergen + "fjord-ærø.jpg", bergen + "regn.jpg"]),
                OtherAlbum(
                    name: "北京", kind: .filmRoll, paths: [beijing + "故宫.jpg", beijing + "模糊.jpg", beijing + "胡同.jpg", beijing + "长城.jpg"]),
            ])
        XCTAssertEqual(library.skipped, [])
        XCTAssertEqual(OtherLibraryFixtures.contents(of: folder), before, "nothing written to or beside darktable's databases")
    }

    func testTheTimeTakenIsTheCamerasClockInTheTimeZoneGiven() throws {
        let folder = OtherLibraryFixtures.copy("darktable", self)
        let oslo = try DarktableLibrary.read(at: folder + "/library.db", timeZone: TimeZone(identifier: "Europe/Oslo")!)
        XCTAssertEqual(oslo.photos[0].dateTaken, Date(timeIntervalSince1970: 1_689_327_000 - 2 * 3600))
    }

    func testDuplicatesLegacyRejectsAndRowsWithoutAFolderAreHandled() throws {
        let path = OtherLibraryFixtures.copy("darktable", self) + "/library.db"
        try OtherLibraryFixtures.execute(
            """
            PRAGMA foreign_keys = OFF;
            INSERT INTO images (id, group_id, film_id, filename, flags, version, datetime_taken)
                SELECT 8, 1, film_id, filename, 1027, 1, datetime_taken FROM images WHERE id = 1;
            INSERT INTO images (id, group_id, film_id, filename, flags, version) VALUES (9, 9, 99, 'lost.jpg', 0, 0);
            UPDATE images SET flags = 1030 WHERE id = 3;
            """, in: path)
        let library = try DarktableLibrary.read(at: path, timeZone: utc)

        XCTAssertEqual(library.photos.count, 7)
        XCTAssertEqual(library.photos[0].rating, 5, "the first version of a photo is the one brought along")
        XCTAssertEqual(library.photos[2].rating, 0)
        XCTAssertEqual(library.photos[2].rejected, true)
        XCTAssertEqual(
            library.skipped,
            [
                .init(
                    item: "/home/kari/Bilder/Bergen/brygge.jpg",
                    reason: "darktable's duplicate 1 of the photo: only the first is brought along"),
                .init(item: "darktable image 9", reason: "no file path (folder unknown, file lost.jpg)"),
            ])
    }

    func testWithoutDataDBThePhotosComeWithoutKeywordsAndTheReportSaysWhy() throws {
        let folder = OtherLibraryFixtures.copy("darktable", self)
        try FileManager.default.removeItem(atPath: folder + "/data.db")
        let library = try DarktableLibrary.read(at: folder + "/library.db", timeZone: utc)
        XCTAssertEqual(library.photos.map(\.keywords), Array(repeating: [], count: 7))
        XCTAssertEqual(library.photos[0].title, "Bryggen i Bergen")
        XCTAssertEqual(library.skipped, [.init(item: folder + "/data.db", reason: "missing, and with it the names of the photos' tags")])
        XCTAssertEqual(
            try DarktableLibrary.read(at: folder + "/library.db", dataPath: OtherLibraryFixtures.folder + "/darktable/data.db").photos[6]
                .keywords,
            ["地点|中国|北京"])
    }

    func testAnotherVersionIsNamed() throws {
        let path = OtherLibraryFixtures.copy("darktable", self) + "/library.db"
        try OtherLibraryFixtures.execute("UPDATE db_info SET value = 36 WHERE key = 'version'", in: path)
        XCTAssertThrowsError(try DarktableLibrary.read(at: path)) { error in
            XCTAssertEqual(error as? OtherLibraryError, .unsupportedVersion(.darktable, path: path, version: 36))
        }
    }
}
