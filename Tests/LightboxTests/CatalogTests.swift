import Foundation
import GtkTestSupport
import XCTest

@testable import Lightbox

final class CatalogTests: XCTestCase {
    private func makeCatalog() throws -> Catalog {
        try Catalog(path: LibraryFixtures.temporaryFolder(self, name: "catalog") + "/catalog.sqlite")
    }

    func testRescanReadsOnlyNewAndChangedFilesAndDropsRemovedOnes() throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        let paths = LibraryFixtures.copySamples(to: folder, count: 4)
        let sync = CatalogSync(catalog: try makeCatalog())

        let first = try sync.run(folder: folder)
        XCTAssertEqual(first.read, 4)
        XCTAssertEqual(try sync.catalog.photos(in: folder).map(\.path), paths)

        let second = try sync.run(folder: folder)
        XCTAssertEqual(second.read, 0)
        XCTAssertEqual(second.unchanged, 4)

        try FileManager.default.removeItem(atPath: paths[0])
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_000_000)],
            ofItemAtPath: paths[1])
        let third = try sync.run(folder: folder)
        XCTAssertEqual(third.read, 1)
        XCTAssertEqual(third.removed.count, 1)
        XCTAssertEqual(try sync.catalog.photos(in: folder).map(\.path), Array(paths.dropFirst()))
    }

    func testARatingSurvivesARescanOfTheChangedFileAndEmbeddedRatingsSeedNewRows() throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        let paths = LibraryFixtures.copySamples(to: folder, count: 2)  // IMG_1001 carries Xmp.xmp.Rating 2
        let sync = CatalogSync(catalog: try makeCatalog())
        _ = try sync.run(folder: folder)
        XCTAssertEqual(try sync.catalog.photo(at: paths[1])?.rating, 2)

        XCTAssertTrue(try sync.catalog.setRating(5, path: paths[0]))
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: paths[0])
        _ = try sync.run(folder: folder)
        XCTAssertEqual(try sync.catalog.photo(at: paths[0])?.rating, 5)
        XCTAssertFalse(try sync.catalog.setRating(1, path: folder + "/missing.jpg"))
    }

    func testRejectsAndKeywordsOtherAppsWroteAreCataloguedAndTheCatalogsOwnSurviveARescan() throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        let path = LibraryFixtures.copySamples(to: folder, count: 1)[0]
        let exiv2 = { (commands: [String]) in
            let result = try LibraryFixtures.run("/usr/bin/exiv2", commands.flatMap { ["-M", $0] } + [path])
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        try exiv2([
            "set Xmp.xmp.Rating -1", "set Xmp.dc.subject XmpBag harbour",
            "set Xmp.lr.hierarchicalSubject XmpBag Places|Norway|Bergen",
        ])
        let sync = CatalogSync(catalog: try makeCatalog())
        _ = try sync.run(folder: folder)
        let first = try XCTUnwrap(try sync.catalog.photo(at: path))
        XCTAssertTrue(first.isRejected)
        XCTAssertEqual(first.keywords, ["harbour", "Places|Norway|Bergen"])

        // Another app changes the file: the catalog's rating, reject and keywords stay (they
        // are the person's, edited in Lightbox; write-back is what carries them to the file).
        try exiv2(["set Xmp.xmp.Rating 4", "del Xmp.lr.hierarchicalSubject"])
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: path)
        _ = try sync.run(folder: folder)
        let second = try XCTUnwrap(try sync.catalog.photo(at: path))
        XCTAssertEqual(second.keywords, ["harbour", "Places|Norway|Bergen"])
        XCTAssertTrue(second.isRejected)
        XCTAssertEqual(second.rating, 0)
    }

    func testACatalogOfThePreviousVersionOpensWithItsRatings() throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        let paths = LibraryFixtures.copySamples(to: folder, count: 2)
        let file = LibraryFixtures.temporaryFolder(self, name: "catalog") + "/catalog.sqlite"
        do {
            let catalog = try Catalog(path: file)
            _ = try CatalogSync(catalog: catalog).run(folder: folder)
            XCTAssertTrue(try catalog.setRating(4, path: paths[0]))
        }
        // Back to the schema before rejects and keywords, as the previous release left it
        // (waiting for the lock a backup made in the background may hold a moment longer).
        let downgrade = try LibraryFixtures.run(
            "/usr/bin/sqlite3",
            [
                "-cmd", ".timeout 10000", file,
                """
                DROP TABLE photo_keyword; DROP TABLE keyword; ALTER TABLE photo DROP COLUMN rejected;
                DELETE FROM grdb_migrations WHERE identifier IN ('v4-rejected-keywords', 'v8-keywords');
                """,
            ])
        XCTAssertEqual(downgrade.status, 0, downgrade.stderr)
        let catalog = try Catalog(path: file)
        let photos = try catalog.photos(in: folder)
        XCTAssertEqual(photos.map(\.rating), [4, 2])
        XCTAssertEqual(photos.map(\.isRejected), [false, false])
        XCTAssertEqual(photos.map(\.keywords), [[], []])
    }

    /// A JPEG XL file the previous version listed as an unsupported format (its row kept with
    /// the file's stamp and stars) is read by the first scan after the upgrade, its stars kept.
    func testAJPEGXLFileListedAsUnsupportedBeforeIsReadAfterTheUpgrade() throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        LibraryFixtures.shell(
            "cd '\(folder)' && convert -size 300x200 plasma:fractal .a.jpg && cjxl .a.jpg a.jxl > /dev/null 2>&1 && rm .a.jpg")
        let path = folder + "/a.jxl"
        let file = LibraryFixtures.temporaryFolder(self, name: "catalog") + "/catalog.sqlite"
        do {
            let catalog = try Catalog(path: file)
            _ = try CatalogSync(catalog: catalog).run(folder: folder)
            XCTAssertTrue(try catalog.setRating(3, path: path))
        }
        let downgrade = try LibraryFixtures.run(
            "/usr/bin/sqlite3",
            [
                "-cmd", ".timeout 10000", file,
                """
                UPDATE photo SET error = 'unsupported format (JXL)', width = 0, height = 0;
                DELETE FROM grdb_migrations WHERE identifier = 'v14-jpeg-xl';
                """,
            ])
        XCTAssertEqual(downgrade.status, 0, downgrade.stderr)
        let sync = CatalogSync(catalog: try Catalog(path: file))
        _ = try sync.run(folder: folder)
        let photo = try XCTUnwrap(try sync.catalog.photo(at: path))
        XCTAssertNil(photo.error)
        XCTAssertEqual([photo.width, photo.height, photo.rating], [300, 200, 3])
    }

    func testFoldersWithCommonPrefixesAreKeptApart() throws {
        let root = LibraryFixtures.temporaryFolder(self)
        for name in ["a", "a b", "a-2"] {
            try FileManager.default.createDirectory(atPath: root + "/" + name, withIntermediateDirectories: true)
            LibraryFixtures.copySamples(to: root + "/" + name, count: 1)
        }
        let sync = CatalogSync(catalog: try makeCatalog())
        _ = try sync.run(folder: root)
        _ = try sync.run(folder: root + "/a")
        XCTAssertEqual(try sync.catalog.photos(in: root + "/a").count, 1)
        XCTAssertEqual(try sync.catalog.photos(in: root).count, 3, "scanning a/ keeps the rows of a b/ and a-2/")
    }

    /// Another process writing the catalog (the app, another `lightbox --list`) holds its
    /// lock for a moment: opening waits for it instead of falling back to a read-only copy
    /// in memory (which also missed the rows still in the write-ahead log).
    func testOpeningWaitsWhileAnotherProcessHoldsTheWriteLock() throws {
        let path = LibraryFixtures.temporaryFolder(self, name: "catalog") + "/catalog.sqlite"
        let folder = LibraryFixtures.temporaryFolder(self)
        let photos = LibraryFixtures.copySamples(to: folder, count: 2)
        _ = try CatalogSync(catalog: try Catalog(path: path)).run(folder: folder)

        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        holder.arguments = [path]
        let input = Pipe()
        let output = Pipe()
        holder.standardInput = input
        holder.standardOutput = output
        try holder.run()
        // The catalog just written may still be closing: the holder waits for the lock too.
        input.fileHandleForWriting.write(Data(".timeout 10000\nBEGIN IMMEDIATE;\nSELECT 'locked';\n".utf8))
        var said = Data()
        while !String(decoding: said, as: UTF8.self).contains("locked") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            said.append(chunk)
        }
        XCTAssertEqual(String(decoding: said, as: UTF8.self), "locked\n")
        // The other process's write takes a moment, then it commits.
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) {
            input.fileHandleForWriting.write(Data("COMMIT;\n.quit\n".utf8))
        }

        let catalog = try Catalog(path: path)
        XCTAssertNil(catalog.notWritableReason)
        XCTAssertNil(catalog.recovery)
        XCTAssertEqual(try catalog.photos(in: folder).map(\.path), photos)
        holder.waitUntilExit()
        XCTAssertEqual(holder.terminationStatus, 0)
    }

    func testACorruptCatalogIsMovedAsideAndRebuilt() throws {
        for garbage in ["this is not a database", "SQLite format 3\0" + String(repeating: "\u{7}", count: 5000)] {
            let path = LibraryFixtures.temporaryFolder(self, name: "catalog") + "/catalog.sqlite"
            try garbage.write(toFile: path, atomically: true, encoding: .utf8)

            let catalog = try Catalog(path: path)

            let aside = try XCTUnwrap(catalog.movedAsidePath)
            XCTAssertEqual(try String(contentsOfFile: aside, encoding: .utf8), garbage, "the damaged file is kept")
            _ = try CatalogSync(catalog: catalog).run(folder: LibraryFixtures.samples)
            XCTAssertEqual(try catalog.photos(in: LibraryFixtures.samples).count, LibraryFixtures.samplePaths.count)
            XCTAssertNil(try Catalog(path: path).movedAsidePath, "the rebuilt catalog opens cleanly")
        }
    }

    /// Photos with paths under `folder`, for catalogs with many rows.
    /// The first screenful a folder opens with is exactly the start of the whole folder
    /// sorted, ties at its end included; it is not read when that would mean many rows.
    func testTheFirstScreenfulIsTheStartOfTheWholeSortOrNothing() throws {
        let catalog = try Catalog(path: LibraryFixtures.temporaryFolder(self, name: "catalog") + "/catalog.sqlite")
        var photos = syntheticPhotos(300, rating: 0)
        for index in photos.indices {
            photos[index].fileTaken = index % 7 == 0 ? nil : String(format: "2024-05-%02dT10:00:00", index % 20 + 1)
            photos[index].rating = index % 6
        }
        // A folder large enough to be read down the order's index.
        // Names unpadded, so that ties order IMG_9 before IMG_10 as GNOME Files does.
        var large = (0..<2_500).map { Photo(path: "/large/IMG_\($0).jpg", fileSize: 1000, modified: 1) }
        for index in large.indices {
            large[index].width = 640
            large[index].height = 480
            large[index].fileTaken = index % 7 == 0 ? nil : String(format: "2024-06-%02dT10:00:00", index % 3 + 1)
            large[index].rating = index % 2
        }
        try catalog.save(photos + large + syntheticPhotos(5, rating: 5, folder: "/elsewhere"))
        for folder in ["/photos", "/large"] {
            for order in [PhotoSort.dateTaken, .rating] {
                let first = try XCTUnwrap(try catalog.firstPhotos(in: folder, order: order, limit: 40)).sorted(by: order)
                let whole = try catalog.photos(in: folder).sorted(by: order)
                XCTAssertEqual(first.count, 40, "\(folder) \(order)")
                XCTAssertEqual(first, Array(whole.prefix(40)), "\(folder) \(order)")
            }
        }
        XCTAssertNil(try catalog.firstPhotos(in: "/photos", order: .name, limit: 40), "names sort as Swift does, not SQLite")
        XCTAssertNil(try catalog.firstPhotos(in: "/photos", order: .dateTaken, limit: 290), "the tie of undated photos")
        XCTAssertNil(try catalog.firstPhotos(in: "/photos", order: .rating, limit: 2, maxTie: 20), "50 photos tie at five stars")
        XCTAssertEqual(try catalog.firstPhotos(in: "/photos", order: .rating, limit: 2, maxTie: 50)?.count, 2)
        XCTAssertEqual(try catalog.firstPhotos(in: "/none", order: .rating, limit: 40), [])
    }

    private func syntheticPhotos(_ count: Int, rating: Int, folder: String = "/photos") -> [Photo] {
        (0..<count).map { index in
            var photo = Photo(path: String(format: "%@/IMG_%05d.jpg", folder, index), fileSize: 1000, modified: 1)
            photo.width = 640
            photo.height = 480
            photo.rating = rating
            photo.make = "Canon"
            photo.lens = String(repeating: "RF24-105mm F4 L IS USM ", count: 4)
            return photo
        }
    }

    /// Writes `garbage` over the catalog's bytes at `offset` (the catalog must be closed).
    private func damage(_ path: String, at offset: UInt64, count: Int) throws {
        let handle = try XCTUnwrap(FileHandle(forUpdatingAtPath: path))
        try handle.seek(toOffset: offset)
        handle.write(Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }))
        try handle.close()
    }

    /// The damaged catalog kept beside the new one in `folder` (its name says when it was found).
    private func keptDamagedFile(in folder: String) throws -> String {
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("catalog.sqlite.corrupt-") }
        XCTAssertEqual(kept.count, 1, "one damaged file is kept")
        return folder + "/" + (kept.first ?? "")
    }

    func testADamagedCatalogComesBackWithTheRatingsOfItsNewestBackup() throws {
        guard PinnedLocale.isInEffect(for: self) else { return }
        let folder = LibraryFixtures.temporaryFolder(self, name: "catalog")
        let path = folder + "/catalog.sqlite"
        do {
            let catalog = try Catalog(path: path)
            try catalog.save(syntheticPhotos(50, rating: 0))
            for index in 0..<10 { try catalog.setRating(4, path: String(format: "/photos/IMG_%05d.jpg", index)) }
            let copy = try XCTUnwrap(catalog.backUpNow())
            // A copy's name says when it was made: this one on 9 March 2024 at 16:00 UTC.
            try FileManager.default.moveItem(atPath: copy.path, toPath: folder + "/backups/catalog-1710000000000.sqlite")
            try catalog.setRating(1, path: "/photos/IMG_00000.jpg")  // after the backup: lost with the header
        }
        try damage(path, at: 0, count: 100)

        let catalog = try Catalog(path: path)

        let recovery = try XCTUnwrap(catalog.recovery)
        XCTAssertEqual(recovery.backup?.date, Date(timeIntervalSince1970: 1_710_000_000))
        XCTAssertEqual(recovery.rowsRead, 0, "nothing can be read past a destroyed header")
        let damaged = try keptDamagedFile(in: folder)
        let ratings = try catalog.photos(in: "/photos").map(\.rating)
        XCTAssertEqual(ratings, Array(repeating: 4, count: 10) + Array(repeating: 0, count: 40))
        XCTAssertEqual(
            recovery.message,
            "The photo catalog was damaged. It was rebuilt from the backup of "
                + "9 March 2024 at 16:00, ratings included. The damaged file was kept as \(damaged).")
        XCTAssertNil(try Catalog(path: path).recovery, "the rebuilt catalog opens cleanly")
    }

    func testRowsStillReadableInADamagedCatalogAreNewerThanTheBackup() throws {
        let path = LibraryFixtures.temporaryFolder(self, name: "catalog") + "/catalog.sqlite"
        do {
            let catalog = try Catalog(path: path)
            try catalog.save(syntheticPhotos(3_000, rating: 2))
            catalog.backUpNow()
            try catalog.save(syntheticPhotos(3_000, rating: 0))  // rescans keep the catalog's ratings…
            try catalog.database.write { db in try db.execute(sql: "UPDATE photo SET rating = 5") }  // …set after the backup
        }
        // One page of photo rows in the middle of the table (SQLite's dbstat says which).
        let leaves = try LibraryFixtures.run(
            "/usr/bin/sqlite3", [path, "SELECT pageno FROM dbstat WHERE name = 'photo' AND pagetype = 'leaf' ORDER BY pageno"])
        let pages = leaves.stdout.split(separator: "\n").compactMap { UInt64($0) }
        let page = try XCTUnwrap(pages.dropFirst(pages.count / 2).first, leaves.stderr)
        try damage(path, at: (page - 1) * 4096, count: 4096)

        let catalog = try Catalog(path: path)

        let recovery = try XCTUnwrap(catalog.recovery)
        XCTAssertNotNil(recovery.backup)
        XCTAssertGreaterThan(recovery.rowsRead, 2_000, "rows on healthy pages are read back")
        XCTAssertLessThan(recovery.rowsRead, 3_000, "the damaged page's rows are not")
        let photos = try catalog.photos(in: "/photos")
        XCTAssertEqual(photos.count, 3_000, "the backup fills in the rows that could not be read")
        XCTAssertEqual(photos.filter { $0.rating == 5 }.count, recovery.rowsRead, "read rows are newer than the backup")
        XCTAssertEqual(photos.filter { $0.rating == 2 }.count, 3_000 - recovery.rowsRead)
        XCTAssertTrue(recovery.message.contains("\(recovery.rowsRead) photos still readable in it"), recovery.message)
    }

    func testAlbumsAndSavedSearchesMadeAfterTheBackupComeBackFromADamagedCatalog() throws {
        let path = LibraryFixtures.temporaryFolder(self, name: "catalog") + "/catalog.sqlite"
        do {
            let catalog = try Catalog(path: path)
            try catalog.save(syntheticPhotos(3_000, rating: 2))
            catalog.backUpNow()
            try catalog.apply(
                AlbumEdit(
                    album: 1, before: nil, after: Album.State(name: "Norway", cover: "/photos/IMG_00002.jpg", created: Date()),
                    added: ["/photos/IMG_00001.jpg", "/photos/IMG_00002.jpg"]))
            try catalog.apply(
                SavedSearchEdit(search: 1, before: nil, after: SavedSearch.State(name: "Best", query: "stars:5", created: Date())))
        }
        let leaves = try LibraryFixtures.run(
            "/usr/bin/sqlite3", [path, "SELECT pageno FROM dbstat WHERE name = 'photo' AND pagetype = 'leaf' ORDER BY pageno"])
        let pages = leaves.stdout.split(separator: "\n").compactMap { UInt64($0) }
        let page = try XCTUnwrap(pages.dropFirst(pages.count / 2).first, leaves.stderr)
        try damage(path, at: (page - 1) * 4096, count: 4096)

        let catalog = try Catalog(path: path)

        XCTAssertNotNil(catalog.recovery)
        let albums = try catalog.albums()
        XCTAssertEqual(albums.map(\.name), ["Norway"], "made after the backup, read back from the damaged file")
        XCTAssertEqual(albums.first?.count, 2)
        XCTAssertEqual(albums.first?.cover, "/photos/IMG_00002.jpg")
        XCTAssertEqual(try catalog.savedSearches().map(\.query), ["stars:5"])
    }

    func testADamagedCatalogWithoutBackupSaysRatingsComeFromTheFilesAgain() throws {
        let folder = LibraryFixtures.temporaryFolder(self, name: "catalog")
        let path = folder + "/catalog.sqlite"
        try "this is not a database".write(toFile: path, atomically: true, encoding: .utf8)
        let recovery = try XCTUnwrap(try Catalog(path: path).recovery)
        XCTAssertNil(recovery.backup)
        XCTAssertEqual(
            recovery.message,
            "The photo catalog was damaged. Nothing in it could be read and there was "
                + "no backup, so ratings come from the photo files again. The damaged file was kept as "
                + "\(try keptDamagedFile(in: folder)).")
    }

    func testBackupsKeepTheNewestHealthyCopies() throws {
        let folder = LibraryFixtures.temporaryFolder(self, name: "catalog")
        let catalog = try Catalog(path: folder + "/catalog.sqlite")
        try catalog.save(syntheticPhotos(20, rating: 1))
        var made: [CatalogBackups.Copy] = []
        for _ in 0..<5 {
            made.append(try XCTUnwrap(catalog.backUpNow()))
            // Copies are named by the millisecond: the next one waits for the clock to move on.
            let named = Int64(Date().timeIntervalSince1970 * 1000)
            while Int64(Date().timeIntervalSince1970 * 1000) == named {}
        }
        XCTAssertEqual(catalog.backups.copies, Array(made.reversed().prefix(3)), "the newest three are kept")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder + "/backups").count, 3,
            "no partial copy is left")
        try damage(made[4].path, at: 0, count: 100)
        XCTAssertEqual(catalog.backups.newestHealthy(), made[3], "a damaged copy is passed over")
    }

    func testACatalogOnAReadOnlyDiskIsReadIntoMemoryAndSaysWhy() throws {
        let mount = LibraryFixtures.temporaryFolder(self, name: "ro-data")
        LibraryFixtures.shell("mount -t tmpfs -o size=4m tmpfs '\(mount)'")
        addTeardownBlock { LibraryFixtures.shell("umount '\(mount)'") }
        let path = mount + "/catalog.sqlite"
        do {
            let catalog = try Catalog(path: path)
            try catalog.save(syntheticPhotos(5, rating: 3))
        }
        LibraryFixtures.shell("mount -o remount,ro '\(mount)'")
        let before = try FileManager.default.contentsOfDirectory(atPath: mount).sorted()

        let catalog = try Catalog(path: path)

        XCTAssertEqual(catalog.notWritableReason, "the folder \(mount) is on a read-only disk")
        XCTAssertEqual(try catalog.photos(in: "/photos").map(\.rating), [3, 3, 3, 3, 3], "what it held is shown")
        try catalog.save(syntheticPhotos(6, rating: 0))
        XCTAssertEqual(try catalog.photos(in: "/photos").count, 6, "scans still fill the list, in memory")
        XCTAssertNil(catalog.backUpNow())
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: mount).sorted(), before)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())
                .filter { $0.hasPrefix("lightbox-") && $0.contains(".sqlite") }, [], "no temporary catalog")
    }

    func testACatalogPathUnderAFileIsKeptInMemory() throws {
        let catalog = try Catalog(path: LibraryFixtures.samplePaths[0] + "/data/catalog.sqlite")
        XCTAssertEqual(
            catalog.notWritableReason,
            "\(LibraryFixtures.samplePaths[0])/data can't be written "
                + "(The operation could not be completed. (NSCocoaErrorDomain error 512.))")
        XCTAssertEqual(try catalog.photos(in: "/photos"), [])
    }
}
