import Foundation
import GtkTestSupport
import XCTest

@testable import Lightbox

/// A library of several folders: shown together, filtered, removed without touching a
/// file, offline folders keeping their rows and ratings, the catalog's folder list.
final class LibraryFoldersTests: GtkTestCase {
    @MainActor
    private func makeStore(catalogPath: String? = nil) throws -> CatalogStore {
        let path = catalogPath ?? LibraryFixtures.temporaryFolder(self, name: "catalog") + "/catalog.sqlite"
        let cache = ThumbnailCache(directory: LibraryFixtures.temporaryFolder(self, name: "thumbs"))
        return CatalogStore(catalog: try Catalog(path: path), images: ImageSource(cache: cache))
    }

    @MainActor
    private func settle(_ store: CatalogStore, _ what: String = "the scans to finish") {
        pump(until: { !store.isScanning && store.isUpToDate }, timeout: 20, what)
    }

    /// Runs `use` on a store of the catalog at `catalogPath`, then quits it: waits until the
    /// store is gone, so no watch of it sees what the test does next "while the app is closed".
    @MainActor
    private func beforeQuitting(catalogPath: String, _ use: (CatalogStore) throws -> Void) throws {
        weak var closed: CatalogStore?
        do {
            let store = try makeStore(catalogPath: catalogPath)
            try use(store)
            closed = store
        }
        pump(until: { closed == nil }, timeout: 5, "the store to be gone")
    }

    /// Every file under `folder` with its bytes and modification time.
    private func snapshot(_ folders: [String]) -> [String: (Data, Date)] {
        var files: [String: (Data, Date)] = [:]
        for folder in folders {
            for name in (try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? [] {
                let path = folder + "/" + name
                let attributes = try? FileManager.default.attributesOfItem(atPath: path)
                guard attributes?[.type] as? FileAttributeType == .typeRegular else { continue }
                files[path] = (
                    FileManager.default.contents(atPath: path) ?? Data(), attributes?[.modificationDate] as? Date ?? .distantPast
                )
            }
        }
        return files
    }

    /// A library of Holiday (3 photos, seeded) and Garden (2 photos, added), scanned.
    @MainActor
    private func twoFolderLibrary(offMainThreshold: Int? = nil) throws -> (store: CatalogStore, holiday: [String], garden: [String]) {
        let parent = LibraryFixtures.temporaryFolder(self)
        let holiday = LibraryFixtures.copySamples(to: parent + "/Holiday", count: 3)
        let garden = LibraryFixtures.copySamples(to: parent + "/Garden", count: 2)
        let store = try makeStore()
        if let offMainThreshold { store.offMainThreshold = offMainThreshold }
        store.openLibrary(seedingWith: { parent + "/Holiday" })
        settle(store)
        XCTAssertEqual(try store.addFolder(parent + "/Garden"), .added(absorbing: []))
        pump(until: { store.photos.count == 5 }, timeout: 20, "both folders' photos")
        settle(store)
        return (store, holiday, garden)
    }

    func testTwoFoldersAreListedTogetherTheFilterNarrowsAndRemovingOneTouchesNoFile() throws {
        let (store, holiday, garden) = try twoFolderLibrary()
        let holidayFolder = (holiday[0] as NSString).deletingLastPathComponent
        let gardenFolder = (garden[0] as NSString).deletingLastPathComponent
        XCTAssertEqual(Set(store.photos.map(\.path)), Set(holiday + garden))
        XCTAssertEqual(store.folders, [gardenFolder, holidayFolder])
        XCTAssertEqual(try store.catalog.libraryFolders().map(\.path), [gardenFolder, holidayFolder])

        store.folderFilter = gardenFolder
        pump(until: { store.isUpToDate }, "the filter")
        XCTAssertEqual(Set(store.photos.map(\.path)), Set(garden))
        XCTAssertEqual(store.folder, gardenFolder)
        store.folderFilter = "/not/in/the/library"
        XCTAssertNil(store.folderFilter, "a folder outside the library is no filter")
        pump(until: { store.isUpToDate }, "all folders again")
        XCTAssertEqual(store.photos.count, 5)

        store.folderFilter = holidayFolder
        let before = snapshot([holidayFolder, gardenFolder])
        XCTAssertEqual(before.count, 5)
        try store.removeFolder(holidayFolder)
        pump(until: { store.isUpToDate }, "the removal")
        XCTAssertEqual(Set(store.photos.map(\.path)), Set(garden))
        XCTAssertNil(store.folderFilter, "the removed folder's filter goes with it")
        XCTAssertEqual(store.folders, [gardenFolder])
        XCTAssertEqual(try store.catalog.libraryFolders().map(\.path), [gardenFolder])
        let after = snapshot([holidayFolder, gardenFolder])
        XCTAssertEqual(after.keys.sorted(), before.keys.sorted(), "no file is added or removed")
        for (path, (bytes, modified)) in before {
            XCTAssertEqual(after[path]?.0, bytes, "\(path) is unchanged")
            XCTAssertEqual(after[path]?.1, modified, "\(path) keeps its modification time")
        }
        XCTAssertEqual(try store.catalog.photos(in: holidayFolder).count, 3, "its rows stay for when it is added again")
        XCTAssertThrowsError(try store.removeFolder(holidayFolder)) { error in
            XCTAssertEqual("\(error)", "“\(holidayFolder)” is not a library folder")
        }
    }

    /// As in a large library: the rest of the list is made off the main thread.
    func testRemovingAFolderOfALargeLibraryLeavesTheOtherFoldersPhotos() throws {
        let (store, holiday, garden) = try twoFolderLibrary(offMainThreshold: 1)
        try store.removeFolder((holiday[0] as NSString).deletingLastPathComponent)
        pump(until: { store.photos.count == 2 }, "the removed folder's photos to leave")
        XCTAssertEqual(Set(store.photos.map(\.path)), Set(garden))
        XCTAssertEqual(Set(store.allPhotos.map(\.path)), Set(garden))
        try store.setRating(3, for: garden[0])
        XCTAssertEqual(store.photo(garden[0])?.rating, 3, "the index follows the list")
    }

    func testAFolderInsideALibraryFolderIsNotAddedTwiceAndAParentTakesItsFoldersIn() throws {
        let (store, holiday, garden) = try twoFolderLibrary()
        let holidayFolder = (holiday[0] as NSString).deletingLastPathComponent
        let parent = (holidayFolder as NSString).deletingLastPathComponent
        let inner = holidayFolder + "/Day 1"
        try FileManager.default.createDirectory(atPath: inner, withIntermediateDirectories: true)
        XCTAssertEqual(try store.addFolder(inner), .inside(parent: holidayFolder))
        XCTAssertEqual(try store.addFolder(holidayFolder + "/"), .alreadyAdded)
        XCTAssertEqual(store.folders.count, 2)

        XCTAssertEqual(try store.addFolder(parent), .added(absorbing: [parent + "/Garden", holidayFolder]))
        XCTAssertEqual(store.folders, [parent])
        XCTAssertEqual(try store.catalog.libraryFolders().map(\.path), [parent])
        settle(store)
        XCTAssertEqual(Set(store.photos.map(\.path)), Set(holiday + garden), "each photo once")
    }

    func testAFolderRenamedAwayAndBackKeepsItsRatings() throws {
        try renameAwayAndBack(offMainThreshold: nil)
    }

    /// As in a large library: the returning folder's rows join the list off the main thread.
    func testAFolderOfALargeLibraryRenamedAwayAndBackKeepsItsRatings() throws {
        try renameAwayAndBack(offMainThreshold: 1)
    }

    private func renameAwayAndBack(offMainThreshold: Int?) throws {
        let (store, holiday, garden) = try twoFolderLibrary(offMainThreshold: offMainThreshold)
        let gardenFolder = (garden[0] as NSString).deletingLastPathComponent
        try store.setRating(4, for: garden[1])
        store.waitUntilSaved()
        let aside = gardenFolder + " (old)"
        try FileManager.default.moveItem(atPath: gardenFolder, toPath: aside)
        pump(until: { store.photos.count == 3 }, timeout: 5, "the renamed folder's photos to leave")
        XCTAssertEqual(Set(store.photos.map(\.path)), Set(holiday))
        XCTAssertEqual(store.offlineFolders, [gardenFolder: .deletedOrMoved])
        XCTAssertEqual(
            store.conditions.map(\.message),
            [
                "The folder “\(gardenFolder)” was deleted or moved. "
                    + "Its photos will be shown again when it is back."
            ])
        XCTAssertEqual(try store.catalog.photo(at: garden[1])?.rating, 4, "the rows and ratings stay in the catalog")

        try FileManager.default.moveItem(atPath: aside, toPath: gardenFolder)
        pump(until: { store.photos.count == 5 }, timeout: 10, "its photos when it is back")
        XCTAssertEqual(store.photos.first { $0.path == garden[1] }?.rating, 4)
        XCTAssertEqual(store.offlineFolders, [:])
        XCTAssertEqual(store.conditions, [])
        settle(store)
        let added = gardenFolder + "/later.jpg"
        try FileManager.default.copyItem(atPath: LibraryFixtures.samplePaths[5], toPath: added)
        pump(until: { store.photos.contains { $0.path == added } }, timeout: 5, "the folder is watched again")
    }

    func testAnUnpluggedDiskHidesOnlyItsOwnPhotosAndKeepsItsRatings() throws {
        let parent = LibraryFixtures.temporaryFolder(self)
        let holiday = LibraryFixtures.copySamples(to: parent + "/Holiday", count: 3)
        let card = parent + "/Card"
        try FileManager.default.createDirectory(atPath: card, withIntermediateDirectories: true)
        LibraryFixtures.shell("mount -t tmpfs -o size=16m tmpfs '\(card)'")
        defer { LibraryFixtures.shell("umount '\(card)' 2>/dev/null || true") }
        let onCard = LibraryFixtures.copySamples(to: card, count: 2)
        let stash = LibraryFixtures.temporaryFolder(self, name: "stash")
        let catalogPath = LibraryFixtures.temporaryFolder(self, name: "catalog") + "/catalog.sqlite"
        let store = try makeStore(catalogPath: catalogPath)
        store.openLibrary(seedingWith: { parent + "/Holiday" })
        XCTAssertEqual(try store.addFolder(card), .added(absorbing: []))
        pump(until: { store.photos.count == 5 }, timeout: 20, "both folders' photos")
        settle(store)
        try store.setRating(5, for: onCard[0])
        store.waitUntilSaved()

        LibraryFixtures.shell("cp -a '\(card)'/. '\(stash)'/ && umount '\(card)'")
        pump(until: { store.photos.count == 3 }, timeout: 5, "the card's photos to leave")
        XCTAssertEqual(Set(store.photos.map(\.path)), Set(holiday), "the other folder's photos stay")
        XCTAssertEqual(
            store.conditions.map(\.message),
            [
                "The folder “\(card)” is on a disk that was removed. "
                    + "Its photos will be shown again when it is back."
            ])

        // Started again while the card is out: its empty mount point is not the folder emptied.
        let relaunched = try makeStore(catalogPath: catalogPath)
        relaunched.openLibrary(seedingWith: { "/unused" })
        pump(
            until: { !relaunched.offlineFolders.isEmpty && relaunched.isUpToDate && relaunched.photos.count == 3 },
            timeout: 20, "the card offline at launch, the other folder listed")
        XCTAssertEqual(relaunched.offlineFolders, [card: .empty])
        XCTAssertEqual(try relaunched.catalog.photos(in: card).count, 2, "its rows are kept")

        let staging = LibraryFixtures.temporaryFolder(self, name: "staging")
        LibraryFixtures.shell(
            "mount -t tmpfs -o size=16m tmpfs '\(staging)' && cp -a '\(stash)'/. '\(staging)'/ "
                + "&& mount --move '\(staging)' '\(card)'")
        pump(until: { store.photos.count == 5 && relaunched.photos.count == 5 }, timeout: 10, "the card's photos when it is back")
        XCTAssertEqual(relaunched.photos.first { $0.path == onCard[0] }?.rating, 5, "with their stars")
        XCTAssertEqual(relaunched.conditions, [])
    }

    func testFoldersGoneWhileTheAppWasClosedAreOfflineAndDoNotHideTheOtherFolder() throws {
        let parent = LibraryFixtures.temporaryFolder(self)
        let holiday = LibraryFixtures.copySamples(to: parent + "/Holiday", count: 3)
        LibraryFixtures.copySamples(to: parent + "/Garden", count: 2)
        try FileManager.default.createDirectory(atPath: parent + "/Beach", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: LibraryFixtures.samplePaths[7], toPath: parent + "/Beach/sea.jpg")
        let catalogPath = LibraryFixtures.temporaryFolder(self, name: "catalog") + "/catalog.sqlite"
        try beforeQuitting(catalogPath: catalogPath) { store in
            store.openLibrary(seedingWith: { parent + "/Holiday" })
            try store.addFolder(parent + "/Garden")
            try store.addFolder(parent + "/Beach")
            pump(until: { store.photos.count == 6 }, timeout: 20, "three folders' photos")
            settle(store)
        }

        try FileManager.default.moveItem(atPath: parent + "/Garden", toPath: parent + "/Garden (old)")
        try FileManager.default.removeItem(atPath: parent + "/Beach")
        try FileManager.default.createDirectory(atPath: parent + "/Beach", withIntermediateDirectories: true)
        let relaunched = try makeStore(catalogPath: catalogPath)
        relaunched.openLibrary(seedingWith: { "/unused" })
        pump(until: { relaunched.offlineFolders.count == 2 && relaunched.isUpToDate }, timeout: 20, "both offline")
        settle(relaunched)
        XCTAssertEqual(Set(relaunched.photos.map(\.path)), Set(holiday))
        XCTAssertEqual(
            relaunched.conditions.map(\.message),
            [
                "2 library folders are offline: “\(parent)/Beach” is empty "
                    + "(is the disk it is on connected?); “\(parent)/Garden” was deleted or moved. "
                    + "Their photos will be shown again when they are back."
            ])
        XCTAssertEqual(try relaunched.catalog.photos(in: parent + "/Garden").count, 2, "rows kept")
        XCTAssertEqual(try relaunched.catalog.photos(in: parent + "/Beach").count, 1, "rows kept")

        XCTAssertThrowsError(try relaunched.addFolder(parent + "/Nowhere")) { error in
            XCTAssertEqual("\(error)", "“\(parent)/Nowhere” can't be found (No such file or directory)")
        }
        let file = parent + "/notes.txt"
        try "not photos".write(toFile: file, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try relaunched.addFolder(file)) { error in
            XCTAssertEqual("\(error)", "“\(file)” is not a folder")
        }
        XCTAssertEqual(relaunched.folders, [parent + "/Beach", parent + "/Garden", parent + "/Holiday"])
    }

    func testTheScanRunsBesideTheCatalogReadAndWhatItFindsIsShownWithTheRows() throws {
        let folder = LibraryFixtures.temporaryFolder(self) + "/Holiday"
        let paths = LibraryFixtures.copySamples(to: folder, count: 3)
        let catalogPath = LibraryFixtures.temporaryFolder(self, name: "catalog") + "/catalog.sqlite"
        try beforeQuitting(catalogPath: catalogPath) { store in
            store.open(folder: folder)
            settle(store)
            try store.setRating(4, for: paths[0])
            store.waitUntilSaved()
        }
        // While the app was closed: two photos added, one deleted.
        let added = LibraryFixtures.samplePaths[5...6].map { source in
            let target = folder + "/" + (source as NSString).lastPathComponent
            try! FileManager.default.copyItem(atPath: source, toPath: target)
            return target
        }
        try FileManager.default.removeItem(atPath: paths[2])

        let relaunched = try makeStore(catalogPath: catalogPath)
        relaunched.open(folder: folder)
        XCTAssertTrue(relaunched.sync.isLoading, "the catalog's rows are still being read")
        XCTAssertEqual(relaunched.sync.scanning?.folder, folder, "and the folder is already being scanned")
        settle(relaunched)
        XCTAssertEqual(Set(relaunched.photos.map(\.path)), Set([paths[0], paths[1]] + added))
        XCTAssertEqual(relaunched.photos.first { $0.path == paths[0] }?.rating, 4)
        XCTAssertEqual(try relaunched.catalog.missingPhotos(in: folder).map(\.photo.path), [paths[2]])
    }

    func testTheCatalogOfThePreviousVersionKeepsItsRatingsAndIsSeededWithTheFolderOpenBefore() throws {
        let folder = LibraryFixtures.temporaryFolder(self) + "/Holiday"
        let paths = LibraryFixtures.copySamples(to: folder, count: 2)
        let catalogPath = LibraryFixtures.temporaryFolder(self, name: "catalog") + "/catalog.sqlite"
        // The schema of version 5 (before library folders), as that version made it, with a rating.
        let old = """
            CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
            INSERT INTO grdb_migrations VALUES ('v1'), ('v2-untrusted-values'), ('v3-order-indexes'),
                ('v4-rejected-keywords'), ('v5-pending-writes');
            CREATE TABLE "photo" ("path" TEXT PRIMARY KEY NOT NULL, "fileSize" INTEGER NOT NULL, "modified" DOUBLE NOT NULL,
                "taken" TEXT, "takenSource" TEXT, "make" TEXT, "model" TEXT, "lens" TEXT, "exposure" TEXT, "aperture" DOUBLE,
                "iso" INTEGER, "focalLength" DOUBLE, "width" INTEGER NOT NULL, "height" INTEGER NOT NULL,
                "orientation" INTEGER NOT NULL, "latitude" DOUBLE, "longitude" DOUBLE, "altitude" DOUBLE,
                "rating" INTEGER NOT NULL DEFAULT 0, "error" TEXT, "rejected" BOOLEAN NOT NULL DEFAULT 0, "keywords" TEXT);
            CREATE INDEX "photo_taken" ON "photo"("taken");
            CREATE INDEX "photo_rating" ON "photo"("rating");
            CREATE TABLE "pending_write" ("path" TEXT PRIMARY KEY NOT NULL, "queued_at" DOUBLE NOT NULL,
                "version" INTEGER NOT NULL DEFAULT 1);
            INSERT INTO photo (path, fileSize, modified, width, height, orientation, rating, keywords)
                VALUES ('\(paths[1])', 1, 0, 640, 480, 1, 4, 'Bergen');
            """
        let script = catalogPath + ".sql"
        try old.write(toFile: script, atomically: true, encoding: .utf8)
        LibraryFixtures.shell("sqlite3 '\(catalogPath)' < '\(script)'")

        let store = try makeStore(catalogPath: catalogPath)
        store.openLibrary(seedingWith: { folder })
        settle(store)
        XCTAssertEqual(store.folders, [folder])
        XCTAssertEqual(try store.catalog.libraryFolders().map(\.path), [folder], "seeded with the folder open before")
        XCTAssertEqual(store.photos.count, 2)
        XCTAssertEqual(store.photos.first { $0.path == paths[1] }?.rating, 4, "the rating is kept through the rescan")
        XCTAssertEqual(store.photos.first { $0.path == paths[1] }?.keywords, ["Bergen"])
        XCTAssertEqual(
            try store.catalog.libraryFolders(seedingWith: { "/elsewhere" }).map(\.path), [folder],
            "seeded once")
        try store.removeFolder(folder)
        XCTAssertEqual(
            try store.catalog.libraryFolders(seedingWith: { "/elsewhere" }), [],
            "a library the person emptied stays empty")
        XCTAssertEqual(try store.catalog.photo(at: paths[1])?.rating, 4)
    }

    func testACatalogThatCantBeWrittenStillShowsTheFolderAndRefusesLibraryChanges() throws {
        let parent = LibraryFixtures.temporaryFolder(self)
        let holiday = LibraryFixtures.copySamples(to: parent + "/Holiday", count: 2)
        LibraryFixtures.copySamples(to: parent + "/Garden", count: 1)
        let store = try makeStore(catalogPath: holiday[0] + "/data/catalog.sqlite")
        XCTAssertNotNil(store.catalog.notWritableReason)
        store.openLibrary(seedingWith: { parent + "/Holiday" })
        settle(store)
        XCTAssertEqual(Set(store.photos.map(\.path)), Set(holiday), "the folder open before is shown")
        XCTAssertThrowsError(try store.addFolder(parent + "/Garden")) { error in
            XCTAssertEqual("\(error)", store.catalog.notWritableReason)
        }
        XCTAssertThrowsError(try store.removeFolder(parent + "/Holiday"))
        XCTAssertEqual(store.folders, [parent + "/Holiday"], "the library is left as it was")
        XCTAssertEqual(store.photos.count, 2)
    }

    func testAFolderTakenOutLongAgoGivesUpItsRowsButNeverALibraryFoldersOrAFile() throws {
        let parent = LibraryFixtures.temporaryFolder(self)
        LibraryFixtures.copySamples(to: parent + "/Holiday", count: 3)
        let loose = LibraryFixtures.copySamples(to: parent + "/Trips", count: 1)
        let trips2024 = LibraryFixtures.copySamples(to: parent + "/Trips/2024", count: 2)
        let store = try makeStore()
        store.openLibrary(seedingWith: { parent + "/Holiday" })
        try store.addFolder(parent + "/Trips/2024")
        settle(store)
        XCTAssertEqual(try store.addFolder(parent + "/Trips"), .added(absorbing: [parent + "/Trips/2024"]))
        pump(until: { store.photos.count == 6 }, timeout: 20, "the parent's photos")
        settle(store)
        try store.setRating(2, for: trips2024[0])
        store.waitUntilSaved()
        try store.removeFolder(parent + "/Trips")
        XCTAssertEqual(try store.addFolder(parent + "/Trips/2024"), .added(absorbing: []))
        settle(store)

        XCTAssertEqual(
            try store.catalog.pruneFolders(removedBefore: Date(timeIntervalSinceNow: -3600)), 0,
            "taken out a moment ago: its rows are kept")
        XCTAssertEqual(try store.catalog.photos(in: parent + "/Trips").count, 3)
        XCTAssertEqual(try store.catalog.pruneFolders(removedBefore: Date(timeIntervalSinceNow: 60)), 1)
        XCTAssertEqual(
            try store.catalog.photos(in: parent + "/Trips").map(\.path), trips2024.sorted(),
            "the library folder inside keeps its rows")
        XCTAssertEqual(try store.catalog.photo(at: trips2024[0])?.rating, 2)
        XCTAssertEqual(try store.catalog.photos(in: parent + "/Holiday").count, 3)
        XCTAssertTrue(FileManager.default.fileExists(atPath: loose[0]), "no file is touched")
        XCTAssertEqual(try store.catalog.libraryFolders().map(\.path), [parent + "/Holiday", parent + "/Trips/2024"])
    }

    func testFolderNamesForPeople() {
        XCTAssertEqual(LibraryFolderList.displayName("/home/ada/Pictures", home: "/home/ada"), "~/Pictures")
        XCTAssertEqual(LibraryFolderList.displayName("/home/ada", home: "/home/ada"), "~")
        XCTAssertEqual(LibraryFolderList.displayName("/home/adam/Pictures", home: "/home/ada"), "/home/adam/Pictures")
        XCTAssertEqual(LibraryFolderList.adding("/photos2", to: ["/photos"]), .added(absorbing: []), "a prefix is not a parent")
    }
}
