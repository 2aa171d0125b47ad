import Foundation
import XCTest

@testable import Lightbox

/// Reading the library Shotwell 0.30.17 made of Tests/Fixtures/OtherLibraries' photos.
final class ShotwellLibraryTests: XCTestCase {
    private let utc = TimeZone(identifier: "UTC")!
    private let english = Locale(identifier: "en_US_POSIX")

    func testEveryPhotoAndVideoOfShotwellsLibraryIsReadFieldByField() throws {
        let folder = OtherLibraryFixtures.copy("shotwell", self)
        let before = OtherLibraryFixtures.contents(of: folder)
        let library = try ShotwellLibrary.read(at: folder + "/photo.db", locale: english, timeZone: utc)

        XCTAssertEqual(library.app, .shotwell)
        XCTAssertEqual(library.databasePath, folder + "/photo.db")
        let bergen = "/home/kari/Bilder/Bergen/"
        let beijing = "/home/kari/Bilder/北京/"
        XCTAssertEqual(library.photos.count, 8)
        XCTAssertEqual(
            library.photos[0],
            OtherPhoto(
                path: bergen + "brygge.jpg", rating: 5, keywords: ["Familie", "Places|Norway|Bergen", "Red", "Sommer"],
                title: "Bryggen i Bergen", caption: "Tyskebryggen en tidlig morgen", dateTaken: Date(timeIntervalSince1970: 1_689_327_000)))
        XCTAssertEqual(
            library.photos[1],
            OtherPhoto(
                path: bergen + "fjord-ærø.jpg", rating: 4, keywords: ["Places|Norway"], title: "Fjorden på Ærø",
                dateTaken: Date(timeIntervalSince1970: 1_689_350_700)))
        XCTAssertEqual(
            library.photos[2], OtherPhoto(path: bergen + "regn.jpg", rating: 3, dateTaken: Date(timeIntervalSince1970: 1_689_418_800)))
        XCTAssertEqual(
            library.photos[3],
            OtherPhoto(
                path: beijing + "长城.jpg", rating: 2, keywords: ["Green", "地点|中国|北京"], title: "长城", caption: "八达岭的早晨",
                dateTaken: Date(timeIntervalSince1970: 1_712_052_000)))
        XCTAssertEqual(
            library.photos[4],
            OtherPhoto(path: beijing + "故宫.jpg", rating: 1, keywords: ["旅行"], dateTaken: Date(timeIntervalSince1970: 1_712_066_400)))
        XCTAssertEqual(
            library.photos[5], OtherPhoto(path: beijing + "胡同.jpg", rating: 0, dateTaken: Date(timeIntervalSince1970: 1_712_134_800)))
        XCTAssertEqual(
            library.photos[6],
            OtherPhoto(path: beijing + "模糊.jpg", rating: 0, rejected: true, dateTaken: Date(timeIntervalSince1970: 1_712_167_200)))
        XCTAssertEqual(
            library.photos[7],
            OtherPhoto(path: bergen + "båt.avi", isVideo: true, rating: 2, keywords: ["Sommer"], title: "Båttur", caption: "Ut med båten"))

        XCTAssertEqual(
            library.albums,
            [
                OtherAlbum(
                    name: "Sommer i Bergen", kind: .event, paths: [bergen + "brygge.jpg", bergen + "fjord-ærø.jpg", bergen + "båt.avi"],
                    cover: bergen + "brygge.jpg", comment: "Ferie med familien"),
                OtherAlbum(name: "Sat Jul 15, 2023", kind: .event, paths: [bergen + "regn.jpg"], cover: bergen + "regn.jpg"),
                OtherAlbum(name: "北京之旅", kind: .event, paths: [beijing + "长城.jpg", beijing + "故宫.jpg"], cover: beijing + "长城.jpg"),
                OtherAlbum(
                    name: "Wed Apr 3, 2024", kind: .event, paths: [beijing + "胡同.jpg", beijing + "模糊.jpg"], cover: beijing + "胡同.jpg"),
            ])
        XCTAssertEqual(library.skipped, [])
        XCTAssertEqual(OtherLibraryFixtures.contents(of: folder), before, "nothing written to or beside Shotwell's database")
    }

    func testRowsWithoutAUsablePathOrInShotwellsTrashAreSkippedWithTheReason() throws {
        let path = OtherLibraryFixtures.copy("shotwell", self) + "/photo.db"
        try OtherLibraryFixtures.execute(
            """
            UPDATE PhotoTable SET filename = '' WHERE id = 2;
            UPDATE PhotoTable SET filename = 'Bilder/regn.jpg' WHERE id = 3;
            UPDATE PhotoTable SET flags = 4 WHERE id = 5;
            UPDATE VideoTable SET flags = 1 WHERE id = 1;
            UPDATE EventTable SET primary_source_id = 'thumb0000000000000003' WHERE id = 2;
            """, in: path)
        let library = try ShotwellLibrary.read(at: path, locale: english, timeZone: utc)

        XCTAssertEqual(
            library.photos.map(\.path),
            [
                "/home/kari/Bilder/Bergen/brygge.jpg", "/home/kari/Bilder/北京/长城.jpg", "/home/kari/Bilder/北京/胡同.jpg",
                "/home/kari/Bilder/北京/模糊.jpg",
            ])
        XCTAssertEqual(
            library.skipped,
            [
                .init(item: "Shotwell photo 2", reason: "no file path"),
                .init(item: "Shotwell photo 3", reason: "not an absolute path: Bilder/regn.jpg"),
                .init(item: "/home/kari/Bilder/北京/故宫.jpg", reason: "in Shotwell's trash"),
                .init(item: "/home/kari/Bilder/Bergen/båt.avi", reason: "in Shotwell's trash"),
                .init(item: "Shotwell event 2", reason: "no photos"),
            ])
        XCTAssertEqual(library.albums.map(\.name), ["Sommer i Bergen", "北京之旅", "Wed Apr 3, 2024"])
        XCTAssertEqual(library.albums.map(\.paths.count), [1, 1, 2])
    }

    func testAnEventWhoseCoverIsGoneShowsItsFirstPhotoNotRejected() throws {
        let path = OtherLibraryFixtures.copy("shotwell", self) + "/photo.db"
        try OtherLibraryFixtures.execute(
            "UPDATE EventTable SET primary_source_id = 'thumb00000000000000ff' WHERE id = 1; UPDATE PhotoTable SET rating = -1 WHERE id = 1",
            in: path)
        let library = try ShotwellLibrary.read(at: path, locale: english, timeZone: utc)
        XCTAssertEqual(library.albums[0].cover, "/home/kari/Bilder/Bergen/fjord-ærø.jpg")
    }

    func testUnnamedEventsAreNamedByTheirDatesAsShotwellShowsThem() {
        let naming = ShotwellEventName(locale: english, timeZone: utc)
        let july14 = Int64(1_689_327_000)  // Fri Jul 14, 2023 09:30 UTC
        let day = Int64(86_400)
        XCTAssertEqual(naming.name(of: 7, times: []), "Event 7")
        XCTAssertEqual(naming.name(of: 7, times: [0, 0]), "Event 7")
        XCTAssertEqual(naming.name(of: 7, times: [july14 + 3600, 0, july14]), "Fri Jul 14, 2023")
        XCTAssertEqual(naming.name(of: 7, times: [july14, july14 + day]), "Fri Jul 14 - 15, 2023")
        XCTAssertEqual(naming.name(of: 7, times: [july14 - 13 * day, july14 - 12 * day]), "Sat Jul 1 - 2, 2023")
        XCTAssertEqual(naming.name(of: 7, times: [july14, july14 + 3 * day]), "Fri Jul 14 - Mon Jul 17, 2023")
        XCTAssertEqual(naming.name(of: 7, times: [july14, july14 + 30 * day]), "Fri Jul 14 - Sun Aug 13, 2023")
        XCTAssertEqual(naming.name(of: 7, times: [july14, july14 + 200 * day]), "Fri Jul 14, 2023 - Tue Jan 30, 2024")
        // Shotwell compares day and month but not the year.
        XCTAssertEqual(naming.name(of: 7, times: [july14, july14 + 366 * day]), "Fri Jul 14, 2023")
        XCTAssertEqual(
            ShotwellEventName(locale: Locale(identifier: "nb_NO"), timeZone: utc).name(of: 1, times: [july14]).lowercased(),
            "fre. juli 14, 2023")
        XCTAssertEqual(ShotwellEventName.stripLeadingZeroes("Sat Jul 01 - 02, 2023 0800"), "Sat Jul 1 - 2, 2023 800")
    }

    func testAnotherSchemaVersionIsNamed() throws {
        let path = OtherLibraryFixtures.copy("shotwell", self) + "/photo.db"
        try OtherLibraryFixtures.execute("UPDATE VersionTable SET schema_version = 19", in: path)
        XCTAssertThrowsError(try ShotwellLibrary.read(at: path)) { error in
            XCTAssertEqual(error as? OtherLibraryError, .unsupportedVersion(.shotwell, path: path, version: 19))
            XCTAssertEqual("\(error)", "\(path) is a Shotwell library of version 19, which Lightbox can't read yet.")
        }
    }

    func testAGeneratedLibraryOf100000PhotosIsReadWhole() throws {
        let path = LibraryFixtures.temporaryFolder(self, name: "shotwell-100k") + "/photo.db"
        try ShotwellDatabaseGenerator.make(at: path, photos: 100_000, tags: 50, events: 400) { "/photos/\($0 / 1000)/IMG_\($0).jpg" }
        let library = try ShotwellLibrary.read(at: path, locale: english, timeZone: utc)

        XCTAssertEqual(library.photos.count, 100_000)
        XCTAssertEqual(library.albums.count, 400)
        XCTAssertEqual(library.skipped, [])
        XCTAssertEqual(library.photos.filter(\.rejected).count, 14_286)
        XCTAssertEqual(library.photos.filter { $0.rating == 5 }.count, 14_285)
        XCTAssertEqual(library.photos.filter { $0.title != nil }.count, 10_000)
        XCTAssertEqual(
            library.photos[12_345],
            OtherPhoto(
                path: "/photos/12/IMG_12345.jpg", rating: 3, keywords: ["Generated|Tag 45"],
                dateTaken: Date(timeIntervalSince1970: 1_577_836_800 + 12_345 * 60)))
        XCTAssertEqual(library.albums[0].name, "Event 0")
        XCTAssertEqual(library.albums[1].name, "Wed Jan 1 - Tue Mar 10, 2020")
        XCTAssertEqual(library.albums[1].paths.count, 250)
        XCTAssertEqual(library.albums[1].cover, "/photos/0/IMG_1.jpg")
        XCTAssertEqual(library.albums[7].cover, "/photos/0/IMG_7.jpg", "the cover Shotwell chose, though photo 7 is rejected")
    }

    func testTheDefaultPathsFollowXDG() {
        XCTAssertEqual(
            OtherPhotoApp.shotwell.defaultDatabasePath(environment: [:], home: "/home/kari"),
            "/home/kari/.local/share/shotwell/data/photo.db")
        XCTAssertEqual(
            OtherPhotoApp.shotwell.defaultDatabasePath(environment: ["XDG_DATA_HOME": "/data"], home: "/home/kari"),
            "/data/shotwell/data/photo.db")
        XCTAssertEqual(
            OtherPhotoApp.darktable.defaultDatabasePath(environment: [:], home: "/home/kari"), "/home/kari/.config/darktable/library.db")
        XCTAssertEqual(
            OtherPhotoApp.darktable.defaultDatabasePath(environment: ["XDG_CONFIG_HOME": "relative"], home: "/home/kari"),
            "/home/kari/.config/darktable/library.db")
        XCTAssertEqual(
            OtherPhotoApp.darktable.defaultDatabasePath(environment: ["XDG_CONFIG_HOME": "/conf"], home: "/home/kari"),
            "/conf/darktable/library.db")
    }
}
