import Foundation
import GtkTestSupport
import XCTest

@testable import Lightbox

/// Shotwell's and darktable's libraries brought into the Store: photo by photo, albums,
/// what is left out, twice, undone.
final class LibraryImportTests: GtkTestCase {
    /// What Lightbox has before the import, beside what the files say: a keyword and a
    /// title of its own on regn.jpg, and brygge.jpg's hierarchical keyword in other letters.
    private func editBeforeImport(_ store: CatalogStore, _ fixture: LibraryImportFixture) throws {
        try store.edit([fixture.path("Bergen/regn.jpg")]) {
            $0.add(keyword: "Regn")
            $0.set(title: "Våt dag")
        }
        try store.edit([fixture.path("Bergen/brygge.jpg")]) { $0.add(keyword: "places|norway|bergen") }
    }

    private func metadata(_ store: CatalogStore, _ fixture: LibraryImportFixture) -> [String: PhotoMetadata] {
        Dictionary(
            uniqueKeysWithValues: LibraryImportFixture.photoNames.map { ($0, store.photo(fixture.path($0))?.metadata ?? PhotoMetadata()) })
    }

    /// Each album by name: its photos' names (sorted) and its cover's.
    private func albums(_ store: CatalogStore, _ fixture: LibraryImportFixture) throws -> [String: [String]] {
        var result: [String: [String]] = [:]
        for album in store.albums {
            let photos = try store.photos(inAlbum: album.id).map { $0.replacingOccurrences(of: fixture.bilder + "/", with: "") }.sorted()
            result[album.name] = photos + ["cover: " + (album.cover?.replacingOccurrences(of: fixture.bilder + "/", with: "") ?? "none")]
        }
        return result
    }

    func testShotwellsLibraryComesAcrossPhotoByPhotoWithItsEventsAsAlbums() throws {
        let fixture = try LibraryImportFixture("shotwell", self)
        let store = fixture.store(self)
        try editBeforeImport(store, fixture)
        let result = try imported(LibraryImport(try fixture.read(), into: store))

        XCTAssertEqual(
            metadata(store, fixture),
            [
                "Bergen/brygge.jpg": PhotoMetadata(
                    rating: 5, keywords: ["places|norway|bergen", "Familie", "Red", "Sommer"], title: "Bryggen i Bergen",
                    caption: "Tyskebryggen en tidlig morgen"),
                "Bergen/fjord-ærø.jpg": PhotoMetadata(rating: 4, keywords: ["Places|Norway"], title: "Fjorden på Ærø"),
                "Bergen/regn.jpg": PhotoMetadata(rating: 3, keywords: ["Regn"], title: "Våt dag"),
                "北京/长城.jpg": PhotoMetadata(rating: 2, keywords: ["Green", "地点|中国|北京"], title: "长城", caption: "八达岭的早晨"),
                "北京/故宫.jpg": PhotoMetadata(rating: 1, keywords: ["旅行"]),
                "北京/胡同.jpg": PhotoMetadata(rating: 4),
                "北京/模糊.jpg": PhotoMetadata(isRejected: true),
            ])
        XCTAssertEqual(
            try albums(store, fixture),
            [
                "Sommer i Bergen": ["Bergen/brygge.jpg", "Bergen/fjord-ærø.jpg", "cover: Bergen/brygge.jpg"],
                "Sat Jul 15, 2023": ["Bergen/regn.jpg", "cover: Bergen/regn.jpg"],
                "北京之旅": ["北京/故宫.jpg", "北京/长城.jpg", "cover: 北京/长城.jpg"],
                "Wed Apr 3, 2024": ["北京/模糊.jpg", "北京/胡同.jpg", "cover: 北京/胡同.jpg"],
            ])
        XCTAssertEqual(result.metadata.ids.count, 6, "one edit of every photo that changed (胡同.jpg kept its 4 stars)")
        XCTAssertEqual(result.albums.count, 4)
        XCTAssertEqual(
            result.report,
            LibraryImportReport(
                app: .shotwell, databasePath: fixture.database, photos: 7,
                changes: .init(photos: 6, ratings: 5, rejects: 1, keywords: 4, titles: 3, captions: 2),
                albumsMade: ["Sommer i Bergen", "Sat Jul 15, 2023", "北京之旅", "Wed Apr 3, 2024"], videos: [fixture.path("Bergen/båt.avi")]))
        XCTAssertTrue(result.report.isComplete, "a video is not a photo left out")
        XCTAssertEqual(
            result.report.description,
            """
            From the Shotwell library \(fixture.database):
            7 photos came across.
              5 photos got their stars
              1 photo was rejected
              4 photos got keywords
              3 photos got titles
              2 photos got captions
            4 albums made:
              Sommer i Bergen
              Sat Jul 15, 2023
              北京之旅
              Wed Apr 3, 2024
            1 video was left out: Lightbox shows photos only.
              \(fixture.bilder)/Bergen/båt.avi

            """)
        store.waitUntilSaved()
        let saved = try XCTUnwrap(try store.catalog.photo(at: fixture.path("Bergen/brygge.jpg")))
        XCTAssertEqual(saved.keywords, ["places|norway|bergen", "Familie", "Red", "Sommer"], "committed to the catalog")
        XCTAssertEqual(saved.caption, "Tyskebryggen en tidlig morgen")
        fixture.assertDatabasesUnchanged()
    }

    func testDarktablesLibraryComesAcrossWithColourLabelsAsKeywordsAndFilmRollsAsAlbums() throws {
        let fixture = try LibraryImportFixture("darktable", self)
        let store = fixture.store(self)
        try editBeforeImport(store, fixture)
        let result = try imported(LibraryImport(try fixture.read(), into: store))

        XCTAssertEqual(
            metadata(store, fixture),
            [
                "Bergen/brygge.jpg": PhotoMetadata(
                    rating: 5, keywords: ["places|norway|bergen", "Familie", "Sommer", "Color Label|Red", "Color Label|Purple"],
                    title: "Bryggen i Bergen", caption: "Tyskebryggen en tidlig morgen"),
                "Bergen/fjord-ærø.jpg": PhotoMetadata(rating: 4, keywords: ["Places|Norway"], title: "Fjorden på Ærø"),
                "Bergen/regn.jpg": PhotoMetadata(rating: 3, keywords: ["Regn", "Color Label|Yellow"], title: "Våt dag"),
                "北京/长城.jpg": PhotoMetadata(rating: 2, keywords: ["地点|中国|北京", "Color Label|Green"], title: "长城", caption: "八达岭的早晨"),
                "北京/故宫.jpg": PhotoMetadata(rating: 1, keywords: ["旅行"]),
                "北京/胡同.jpg": PhotoMetadata(rating: 4),
                "北京/模糊.jpg": PhotoMetadata(isRejected: true),
            ])
        XCTAssertEqual(
            try albums(store, fixture),
            [
                "Bergen": ["Bergen/brygge.jpg", "Bergen/fjord-ærø.jpg", "Bergen/regn.jpg", "cover: none"],
                "北京": ["北京/故宫.jpg", "北京/模糊.jpg", "北京/胡同.jpg", "北京/长城.jpg", "cover: none"],
            ])
        XCTAssertEqual(
            result.report,
            LibraryImportReport(
                app: .darktable, databasePath: fixture.database, photos: 7,
                changes: .init(photos: 6, ratings: 5, rejects: 1, keywords: 5, titles: 3, captions: 2), albumsMade: ["Bergen", "北京"]))
        XCTAssertTrue(result.report.isComplete)
        fixture.assertDatabasesUnchanged()
    }

    func testImportingTwiceAddsNoSecondAlbumOrKeyword() throws {
        let fixture = try LibraryImportFixture("shotwell", self)
        let store = fixture.store(self)
        let library = try fixture.read()
        _ = try imported(LibraryImport(library, into: store))
        let first = metadata(store, fixture)
        let firstAlbums = try albums(store, fixture)

        let again = try imported(LibraryImport(library, into: store))
        XCTAssertEqual(metadata(store, fixture), first)
        XCTAssertEqual(try albums(store, fixture), firstAlbums)
        XCTAssertEqual(store.albums.count, 4)
        XCTAssertTrue(again.metadata.isEmpty)
        XCTAssertEqual(again.albums, [])
        XCTAssertEqual(again.report.changes, .init())
        XCTAssertEqual(again.report.albumsMade, [])
        XCTAssertEqual(again.report.albumsAddedTo, [])
        XCTAssertTrue(again.report.description.contains("\n7 photos came across.\n  Nothing changed: Lightbox had every value already.\n"))
        fixture.assertDatabasesUnchanged()
    }

    func testEventsOfOneNameFillOneAlbumWhateverTheirOrder() throws {
        let fixture = try LibraryImportFixture(
            "shotwell", self,
            sql: "UPDATE EventTable SET name = 'Ferie' WHERE id IN (1, 3, 4); UPDATE EventTable SET name = 'Regn' WHERE id = 2;")
        let store = fixture.store(self)
        let result = try imported(LibraryImport(try fixture.read(), into: store))
        XCTAssertEqual(result.report.albumsMade, ["Ferie", "Regn"])
        XCTAssertEqual(
            try albums(store, fixture),
            [
                "Ferie": [
                    "Bergen/brygge.jpg", "Bergen/fjord-ærø.jpg", "北京/故宫.jpg", "北京/模糊.jpg", "北京/胡同.jpg", "北京/长城.jpg",
                    "cover: Bergen/brygge.jpg",
                ],
                "Regn": ["Bergen/regn.jpg", "cover: Bergen/regn.jpg"],
            ])
    }

    func testAPhotoTurnedInShotwellAndOnePlacedOnDarktablesMapComeAcrossTurnedAndPlaced() throws {
        let shotwell = try LibraryImportFixture("shotwell", self, sql: "UPDATE PhotoTable SET orientation = 6 WHERE id = 2;")
        let store = shotwell.store(self)
        let turned = try imported(LibraryImport(try shotwell.read(), into: store))
        XCTAssertEqual(turned.report.changes.rotations, 1)
        XCTAssertTrue(turned.report.description.contains("\n  1 photo was turned as in the other app\n"), turned.report.description)
        XCTAssertEqual(store.photo(shotwell.path("Bergen/fjord-ærø.jpg"))?.orientation, 6)
        XCTAssertEqual(store.photo(shotwell.path("Bergen/fjord-ærø.jpg"))?.displaySize.width, 480, "it stands")
        XCTAssertEqual(LibraryImportFixture.photoNames.compactMap { store.photo(shotwell.path($0))?.correctedOrientation }, [6])
        try turned.undo(in: store)
        XCTAssertEqual(store.photo(shotwell.path("Bergen/fjord-ærø.jpg"))?.orientation, 1, "one undo takes the turn back too")

        let darktable = try LibraryImportFixture(
            "darktable", self, sql: "UPDATE images SET latitude = 60.3943, longitude = 5.3259 WHERE filename = 'brygge.jpg';")
        let placedStore = darktable.store(self)
        let placed = try imported(LibraryImport(try darktable.read(), into: placedStore))
        XCTAssertEqual(placed.report.changes.places, 1)
        XCTAssertTrue(placed.report.description.contains("\n  1 photo got its place\n"), placed.report.description)
        let brygge = try XCTUnwrap(placedStore.photo(darktable.path("Bergen/brygge.jpg")))
        XCTAssertEqual([brygge.latitude, brygge.longitude], [60.3943, 5.3259])
        placedStore.waitUntilSaved()
        XCTAssertEqual(
            try placedStore.catalog.photo(at: darktable.path("Bergen/brygge.jpg"))?.correctedPlace,
            .at(latitude: 60.3943, longitude: 5.3259))
    }

    func testPhotosGoIntoAnAlbumOfTheSameNameAndOneUndoTakesTheImportBack() throws {
        let fixture = try LibraryImportFixture("shotwell", self)
        let store = fixture.store(self)
        try editBeforeImport(store, fixture)
        let mine = try store.createAlbum(named: "北京之旅", with: [fixture.path("北京/胡同.jpg")])
        let before = metadata(store, fixture)
        let result = try imported(LibraryImport(try fixture.read(), into: store))

        XCTAssertEqual(result.report.albumsMade, ["Sommer i Bergen", "Sat Jul 15, 2023", "Wed Apr 3, 2024"])
        XCTAssertEqual(result.report.albumsAddedTo, ["北京之旅"])
        XCTAssertEqual(store.albums.filter { $0.name == "北京之旅" }.map(\.id), [mine.album], "no second album of that name")
        XCTAssertEqual(try albums(store, fixture)["北京之旅"], ["北京/故宫.jpg", "北京/胡同.jpg", "北京/长城.jpg", "cover: 北京/长城.jpg"])
        XCTAssertTrue(result.report.description.contains("\n1 album of that name had photos added:\n  北京之旅\n"))

        try result.undo(in: store)
        XCTAssertEqual(metadata(store, fixture), before)
        XCTAssertEqual(try albums(store, fixture), ["北京之旅": ["北京/胡同.jpg", "cover: none"]])
        store.waitUntilSaved()
        XCTAssertEqual(try store.catalog.photo(at: fixture.path("Bergen/brygge.jpg"))?.rating, 0, "undone in the catalog too")
        XCTAssertEqual(try store.catalog.albums().map(\.name), ["北京之旅"])
    }

    func testPhotosOutsideTheLibraryAreOfferedByFolderAndComeAcrossOnceItIsAdded() throws {
        let fixture = try LibraryImportFixture("shotwell", self)
        let store = fixture.store(self, folder: fixture.bilder + "/Bergen")
        let importer = LibraryImport(try fixture.read(), into: store)
        let outside = LibraryImportReport.Folder(
            folder: fixture.bilder + "/北京", paths: ["北京/故宫.jpg", "北京/模糊.jpg", "北京/胡同.jpg", "北京/长城.jpg"].map(fixture.path))

        let preview = try previewed(importer)
        XCTAssertEqual(preview.photos, 3)
        XCTAssertEqual(preview.outsideLibrary, [outside])
        XCTAssertEqual(preview.foldersToOffer, [fixture.bilder + "/北京"])
        XCTAssertEqual(preview.albumsMade, ["Sommer i Bergen", "Sat Jul 15, 2023"])
        XCTAssertEqual(store.albums, [], "a preview changes nothing")
        XCTAssertNil(store.photo(fixture.path("Bergen/brygge.jpg"))?.title)

        let without = try imported(importer)
        XCTAssertEqual(without.report.outsideLibrary, [outside])
        XCTAssertFalse(without.report.isComplete)
        XCTAssertEqual(without.report.changes.photos, 3)
        XCTAssertTrue(
            without.report.description.contains(
                "\n4 photos are outside the library's folders; add these folders to the library to bring them along:\n  \(fixture.bilder)/北京 (4 photos)\n"
            ))

        let with = try imported(importer, addingFolders: true)
        XCTAssertEqual(with.report.foldersAdded, [fixture.bilder + "/北京"])
        XCTAssertEqual(store.libraryFolders, [fixture.bilder + "/Bergen", fixture.bilder + "/北京"])
        XCTAssertEqual(with.report.photos, 7)
        XCTAssertEqual(with.report.outsideLibrary, [])
        XCTAssertTrue(with.report.isComplete)
        XCTAssertEqual(with.report.albumsMade, ["北京之旅", "Wed Apr 3, 2024"])
        XCTAssertEqual(store.photo(fixture.path("北京/长城.jpg"))?.metadata.title, "长城")
        XCTAssertEqual(store.photo(fixture.path("北京/模糊.jpg"))?.isRejected, true)
        fixture.assertDatabasesUnchanged()
    }

    func testMissingFilesHiddenFilesVideosOtherFilesAndSkippedRowsAreReported() throws {
        let fixture = try LibraryImportFixture(
            "shotwell", self,
            sql: """
                UPDATE PhotoTable SET filename = '' WHERE id = 3;
                UPDATE PhotoTable SET filename = '{bilder}/.hidden/胡同.jpg' WHERE id = 6;
                UPDATE PhotoTable SET filename = '{bilder}/北京/模糊.txt' WHERE id = 7;
                """)
        try FileManager.default.createDirectory(atPath: fixture.bilder + "/.hidden", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: fixture.path("北京/胡同.jpg"), toPath: fixture.path(".hidden/胡同.jpg"))
        try FileManager.default.removeItem(atPath: fixture.path("北京/故宫.jpg"))
        let store = fixture.store(self)
        let result = try imported(LibraryImport(try fixture.read(), into: store))

        XCTAssertFalse(result.report.isComplete)
        XCTAssertEqual(
            result.report.description,
            """
            From the Shotwell library \(fixture.database):
            3 photos came across.
              3 photos got their stars
              3 photos got keywords
              3 photos got titles
              2 photos got captions
            2 albums made:
              Sommer i Bergen
              北京之旅
            1 photo is missing: Shotwell knows it, but its file is gone:
              \(fixture.bilder)/北京/故宫.jpg
            1 photo in the library's folders is not listed (it is in a hidden folder, or its folder is offline):
              \(fixture.bilder)/.hidden/胡同.jpg
            1 video was left out: Lightbox shows photos only.
              \(fixture.bilder)/Bergen/båt.avi
            1 file was left out: it is not a photo.
              \(fixture.bilder)/北京/模糊.txt
            2 entries of the database were not brought along:
              Shotwell photo 3: no file path
              Shotwell event 2: no photos

            """)
        XCTAssertEqual(result.report.text(listingAtMost: 0).split(separator: "\n").filter { $0.hasPrefix("  …") }.count, 6)
        fixture.assertDatabasesUnchanged()
    }

    /// The albums could not be made (their table gone): the photos' values go back too.
    func testAnImportWhoseAlbumsFailLeavesThePhotosAsTheyWere() throws {
        let fixture = try LibraryImportFixture("shotwell", self)
        let store = fixture.store(self)
        let before = metadata(store, fixture)
        try store.catalog.database.writeWithoutTransaction { try $0.execute(sql: "DROP TABLE album_photo") }
        XCTAssertThrowsError(try imported(LibraryImport(try fixture.read(), into: store))) { error in
            XCTAssertTrue("\(error)".contains("no such table: album_photo"), "\(error)")
        }
        XCTAssertEqual(metadata(store, fixture), before)
        store.waitUntilSaved()
        XCTAssertEqual(try store.catalog.photo(at: fixture.path("Bergen/brygge.jpg"))?.metadata, before["Bergen/brygge.jpg"])
    }

    func testACatalogThatCantBeWrittenRefusesTheImport() throws {
        let fixture = try LibraryImportFixture("shotwell", self)
        let store = CatalogStore(catalog: try Catalog(path: fixture.path("Bergen/regn.jpg") + "/data/catalog.sqlite"))
        store.open(folder: fixture.bilder)
        pump(until: { !store.isScanning && store.isUpToDate }, timeout: 20, "the scan")
        XCTAssertThrowsError(try imported(LibraryImport(try fixture.read(), into: store))) { error in
            XCTAssertEqual("\(error)", store.catalog.notWritableReason)
        }
        XCTAssertEqual(store.photo(fixture.path("Bergen/brygge.jpg"))?.rating, 0)
        XCTAssertEqual(store.albums, [])
    }
}
