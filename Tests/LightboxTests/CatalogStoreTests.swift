import Foundation
import GtkTestSupport
import XCTest

@testable import Lightbox

/// The Store as the UI uses it: main thread, whole arrays after every change.
final class CatalogStoreTests: GtkTestCase {
    @MainActor
    private func openStore(folder: String) throws -> (CatalogStore, Received) {
        let catalog = try Catalog(path: LibraryFixtures.temporaryFolder(self, name: "catalog") + "/catalog.sqlite")
        let cache = ThumbnailCache(directory: LibraryFixtures.temporaryFolder(self, name: "thumbs"))
        let store = CatalogStore(catalog: catalog, images: ImageSource(cache: cache))
        let received = Received()
        store.observe(owner: received) { received.arrays.append($0.photos) }
        store.open(folder: folder)
        pump(until: { !store.isScanning && store.isUpToDate }, timeout: 20, "scan to finish")
        return (store, received)
    }

    func testOpeningAFolderListsItsPhotosNewestFirstAndNotifiesWholeArrays() {
        let (store, received) = try! openStore(folder: LibraryFixtures.samples)
        XCTAssertEqual(store.photos.count, LibraryFixtures.samplePaths.count)
        XCTAssertEqual(received.arrays.last?.map(\.id), store.photos.map(\.id))
        let dates = store.photos.compactMap(\.taken)
        XCTAssertEqual(dates.count, store.photos.count, "every sample has a date (IMG_1025's is its file's time)")
        XCTAssertEqual(dates, dates.sorted(by: >))
        XCTAssertEqual(
            store.photos.map(\.name).filter { $0 != "IMG_1025.jpg" }.prefix(5),
            ["IMG_1005.jpg", "IMG_1017.jpg", "IMG_1010.jpg", "IMG_1022.jpg", "IMG_1015.jpg"])
        XCTAssertEqual(Set(store.photos.map(\.id)).count, store.photos.count, "identifiers are unique")
        let portrait = store.photos.first { $0.name == "IMG_1004.jpg" }!
        XCTAssertEqual(portrait.orientation, 6)
        XCTAssertTrue(portrait.displaySize == (480, 640), "orientation 6 shows the stored 640×480 upright")
    }

    func testSearchSortAndGroups() {
        let (store, received) = try! openStore(folder: LibraryFixtures.samples)
        store.searchText = "canon"
        XCTAssertEqual(
            Set(store.photos.map(\.name)),
            ["IMG_1000.jpg", "IMG_1005.jpg", "IMG_1010.jpg", "IMG_1015.jpg", "IMG_1020.jpg", "IMG_1025.jpg"])
        XCTAssertTrue(store.photos.allSatisfy { $0.camera == "Canon EOS R5" })
        XCTAssertEqual(received.arrays.last?.count, 6)
        store.searchText = "nikkor 24-70"
        XCTAssertEqual(store.photos.map(\.name), ["IMG_1001.jpg", "IMG_1006.jpg", "IMG_1011.jpg", "IMG_1016.jpg", "IMG_1021.jpg"])
        XCTAssertTrue(store.photos.allSatisfy { $0.lens == "NIKKOR Z 24-70mm f/4 S" })
        store.searchText = "IMG_1003"
        XCTAssertEqual(store.photos.map(\.name), ["IMG_1003.jpg"])
        store.searchText = ""

        store.sortOrder = .rating
        XCTAssertEqual(store.photos.map(\.rating), store.photos.map(\.rating).sorted(by: >))
        XCTAssertGreaterThan(store.photos[0].rating, 0, "embedded XMP ratings were read")
        store.sortAscending = true
        store.sortOrder = .name
        XCTAssertEqual(store.photos.first?.name, "IMG_1000.jpg")
        store.sortOrder = .camera
        XCTAssertEqual(store.photos.first?.camera, "Apple iPhone 12")

        store.sortAscending = false
        store.sortOrder = .dateTaken
        let months = store.photos.groupedByMonth()
        XCTAssertGreaterThanOrEqual(months.count, 6)
        XCTAssertTrue(months.allSatisfy { group in group.photos.allSatisfy { $0.taken!.hasPrefix(group.id) } })
        XCTAssertEqual(store.photos.groupedByCamera().count, 5)
        XCTAssertEqual(store.photos.groupedByDay().map(\.photos.count).reduce(0, +), store.photos.count)
    }

    func testSearchFindsKeywordsOtherAppsWrote() throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        let paths = LibraryFixtures.copySamples(to: folder, count: 3)
        let result = try LibraryFixtures.run(
            "/usr/bin/exiv2",
            [
                "-M", "set Xmp.lr.hierarchicalSubject XmpBag Places|Norway|Bergen",
                "-M", "set Xmp.dc.subject XmpBag Fish market", paths[1],
            ])
        XCTAssertEqual(result.status, 0, result.stderr)
        let (store, _) = try openStore(folder: folder)
        store.searchText = "bergen"
        XCTAssertEqual(store.photos.map(\.name), ["IMG_1001.jpg"], "a level of a hierarchical keyword")
        store.searchText = "market fish"
        XCTAssertEqual(store.photos.map(\.name), ["IMG_1001.jpg"])
        store.searchText = "oslo"
        XCTAssertEqual(store.photos.map(\.name), [])
    }

    func testSortDirectionFlipsEveryOrder() {
        let (store, _) = try! openStore(folder: LibraryFixtures.samples)
        store.sortOrder = .dateTaken
        let newestFirst = store.photos.compactMap(\.taken)
        XCTAssertEqual(newestFirst, newestFirst.sorted(by: >))
        store.sortAscending = true
        let oldestFirst = store.photos.compactMap(\.taken)
        XCTAssertEqual(oldestFirst, oldestFirst.sorted())
        store.sortOrder = .name
        XCTAssertEqual(store.photos.first?.name, "IMG_1000.jpg")
        store.sortAscending = false
        XCTAssertEqual(store.photos.last?.name, "IMG_1000.jpg")
        store.sortOrder = .rating
        XCTAssertEqual(store.photos.map(\.rating), store.photos.map(\.rating).sorted(by: >))
    }

    func testNamesSortAsGnomeFilesShowsThem() {
        var photos = ["b.jpg", "IMG_10.jpg", "img_2.jpg", "A.jpg", "IMG_1.jpg"].map { Photo(path: "/p/" + $0) }
        XCTAssertEqual(
            photos.sorted(by: .name).map(\.name), ["A.jpg", "b.jpg", "IMG_1.jpg", "img_2.jpg", "IMG_10.jpg"],
            "numbers by value, case ignored")
        photos[0].make = "Canon"
        photos[0].model = "EOS 5D"
        photos[1].model = "eos 5d"
        photos[2].make = "Canon"
        photos[2].model = "EOS 10D"
        XCTAssertEqual(
            photos.sorted(by: .camera).map(\.name), ["b.jpg", "img_2.jpg", "IMG_10.jpg", "A.jpg", "IMG_1.jpg"],
            "cameras like names (Canon EOS 5D, Canon EOS 10D, eos 5d), photos without one last")
    }

    func testRatingsAreValidatedStoredAndPublished() throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        LibraryFixtures.copySamples(to: folder, count: 2)
        let (store, received) = try! openStore(folder: folder)
        let photo = store.photos[0]
        try! store.setRating(4, for: photo.id)
        XCTAssertEqual(received.arrays.last?.first { $0.id == photo.id }?.rating, 4, "shown when setRating returns")
        store.waitUntilSaved()
        XCTAssertEqual(try! store.catalog.photo(at: photo.path)?.rating, 4)
        XCTAssertThrowsError(try store.setRating(6, for: photo.id))
        XCTAssertThrowsError(try store.setRating(1, for: folder + "/gone.jpg"))
    }

    func testABatchEditIsShownAtOnceSavedTogetherAndUndoneAsOne() throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        LibraryFixtures.copySamples(to: folder, count: 4)
        let (store, received) = try! openStore(folder: folder)
        let ids = store.photos.prefix(3).map(\.id)
        let other = store.photos[3].id
        try store.setRating(0, for: ids)  // some samples carry stars of their own
        try store.setRating(2, for: [ids[0]])
        let updates = received.arrays.count

        let edit = try store.setRating(5, for: ids)
        XCTAssertEqual(received.arrays.count, updates + 1, "one update for the whole batch")
        XCTAssertEqual(ids.map { store.photo($0)?.rating }, [5, 5, 5])
        XCTAssertEqual(edit.before[ids[0]]?.rating, 2)
        XCTAssertEqual(edit.before[ids[1]]?.rating, 0)
        let keyword = try store.edit(ids + [other]) { $0.add(keyword: "Harbour") }
        XCTAssertEqual(keyword.ids.count, 4)
        XCTAssertTrue(try store.edit([other]) { $0.add(keyword: "harbour ") }.isEmpty, "a keyword is added once, whatever its case")
        let rejected = try store.setRejected(true, for: [ids[2]])
        store.waitUntilSaved()
        XCTAssertEqual(try ids.map { try store.catalog.photo(at: $0)?.rating }, [5, 5, 5])
        XCTAssertEqual(try store.catalog.photo(at: other)?.keywords, ["Harbour"])
        XCTAssertEqual(try store.catalog.photo(at: ids[2])?.isRejected, true)

        try store.undo(rejected)
        try store.undo(keyword)
        let redo = try store.undo(edit)
        XCTAssertEqual(ids.map { store.photo($0)?.rating }, [2, 0, 0], "one undo restores every photo of the batch")
        store.waitUntilSaved()
        XCTAssertEqual(try ids.map { try store.catalog.photo(at: $0)?.rating }, [2, 0, 0])
        XCTAssertEqual(try store.catalog.photo(at: other)?.keywords, [])
        XCTAssertEqual(try store.catalog.photo(at: ids[2])?.isRejected, false)
        try store.undo(redo)
        XCTAssertEqual(ids.map { store.photo($0)?.rating }, [5, 5, 5], "and the undo's reverse redoes it")
        XCTAssertThrowsError(try store.setRating(3, for: [ids[0], folder + "/gone.jpg"]))
        XCTAssertEqual(store.photo(ids[0])?.rating, 5, "a batch naming a photo that is not there changes none")
    }

    func testTrashAndUndoRestoreTheFileAndItsRating() throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        LibraryFixtures.copySamples(to: folder, count: 2)
        let (store, _) = try! openStore(folder: folder)
        let photo = store.photos[0]
        try! store.setRating(3, for: photo.id)

        let trashed = try! store.moveToTrash([photo.id])

        XCTAssertFalse(FileManager.default.fileExists(atPath: photo.path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: trashed[0].trashedFile))
        XCTAssertFalse(store.photos.contains { $0.id == photo.id })
        XCTAssertNil(try! store.catalog.photo(at: photo.path))

        try! store.restore(trashed)

        XCTAssertTrue(FileManager.default.fileExists(atPath: photo.path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: trashed[0].infoFile))
        XCTAssertEqual(store.photos.first { $0.id == photo.id }?.rating, 3)
        store.rescan()
        pump(until: { !store.isScanning && store.isUpToDate }, "rescan")
        XCTAssertEqual(store.photos.first { $0.id == photo.id }?.rating, 3, "a rescan keeps the restored rating")
        XCTAssertThrowsError(try store.restore(trashed), "restoring twice fails: the file is back already")
    }

    func testNewChangedAndDeletedFilesShowUpLive() {
        let folder = LibraryFixtures.temporaryFolder(self)
        try! FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        LibraryFixtures.copySamples(to: folder, count: 1)
        let (store, _) = try! openStore(folder: folder)
        XCTAssertEqual(store.photos.count, 1)

        let added = folder + "/sub/new.jpg"
        try! FileManager.default.copyItem(atPath: LibraryFixtures.samplePaths[5], toPath: added)
        pump(until: { store.photos.contains { $0.path == added } }, "the new file to appear")

        try! FileManager.default.removeItem(atPath: added)
        pump(until: { !store.photos.contains { $0.path == added } }, "the deleted file to go")

        try! FileManager.default.copyItem(atPath: LibraryFixtures.samplePaths[6], toPath: added)
        pump(until: { store.photos.contains { $0.path == added } }, "the file to come back")
        try! FileManager.default.removeItem(atPath: folder + "/sub")
        pump(until: { store.photos.count == 1 }, "the deleted folder's photos to go")
    }

    func testAMissingFolderIsALastingConditionUntilItIsBack() throws {
        let folder = LibraryFixtures.temporaryFolder(self) + "/Holiday"
        let (store, _) = try openStore(folder: folder)
        XCTAssertTrue(store.photos.isEmpty)
        XCTAssertEqual(
            store.conditions,
            [
                LibraryCondition(
                    .folderUnavailable,
                    message: "The folder “\(folder)” "
                        + "was deleted or moved. Its photos will be shown again when it is back.")
            ])
        XCTAssertNil(store.notice, "a lasting condition, not a passing notice")
        _ = LibraryFixtures.copySamples(to: folder, count: 2)
        pump(until: { store.photos.count == 2 }, timeout: 10, "its photos once it is there")
        XCTAssertEqual(store.conditions, [])
    }

    func testAFileWhereTheFolderWasIsSaidPlainly() throws {
        let file = LibraryFixtures.samplePaths[0]
        let (store, _) = try openStore(folder: file)
        XCTAssertEqual(
            store.conditions.map(\.message),
            [
                "The folder “\(file)” is no longer a folder. "
                    + "Its photos will be shown again when it is back."
            ])
    }

    func testADeletedFolderEmptiesAtOnceKeepsItsRatingsAndComesBack() throws {
        let parent = LibraryFixtures.temporaryFolder(self)
        let folder = parent + "/Holiday"
        let paths = LibraryFixtures.copySamples(to: folder, count: 3)
        let (store, _) = try openStore(folder: folder)
        try store.setRating(4, for: paths[1])
        store.waitUntilSaved()
        let aside = parent + "/Aside"
        try FileManager.default.moveItem(atPath: folder, toPath: aside)
        pump(until: { store.photos.isEmpty }, timeout: 5, "the list to empty")
        XCTAssertEqual(
            store.conditions.map(\.message),
            [
                "The folder “\(folder)” was deleted or moved. "
                    + "Its photos will be shown again when it is back."
            ])
        XCTAssertEqual(try store.catalog.photo(at: paths[1])?.rating, 4, "the rows and ratings stay in the catalog")
        try FileManager.default.moveItem(atPath: aside, toPath: folder)
        pump(until: { store.photos.count == 3 }, timeout: 10, "its photos when it is back")
        XCTAssertEqual(store.conditions, [])
        XCTAssertEqual(store.photos.first { $0.path == paths[1] }?.rating, 4)
        let added = folder + "/later.jpg"
        try FileManager.default.copyItem(atPath: LibraryFixtures.samplePaths[5], toPath: added)
        pump(until: { store.photos.contains { $0.path == added } }, "the folder is watched again")

        try FileManager.default.removeItem(atPath: folder)
        pump(until: { store.photos.isEmpty }, timeout: 5, "the list to empty when it is deleted for good")
        XCTAssertEqual(store.conditions.map(\.kind), [.folderUnavailable])
    }

    func testAFolderOnAnUnmountedDiskKeepsItsRatingsUntilTheDiskIsBack() throws {
        let folder = LibraryFixtures.temporaryFolder(self) + "/Card"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        LibraryFixtures.shell("mount -t tmpfs -o size=16m tmpfs '\(folder)'")
        defer { LibraryFixtures.shell("umount '\(folder)' 2>/dev/null || true") }
        let stash = LibraryFixtures.temporaryFolder(self, name: "stash")
        let paths = LibraryFixtures.copySamples(to: folder, count: 3)
        let (store, _) = try openStore(folder: folder)
        try store.setRating(5, for: paths[2])
        store.waitUntilSaved()
        LibraryFixtures.shell("cp -a '\(folder)'/. '\(stash)'/ && umount '\(folder)'")
        pump(until: { store.photos.isEmpty }, timeout: 5, "the list to empty")
        XCTAssertEqual(
            store.conditions.map(\.message),
            [
                "The folder “\(folder)” is on a disk that was removed. "
                    + "Its photos will be shown again when it is back."
            ])
        XCTAssertEqual(try store.catalog.photos(in: folder).count, 3, "an empty mount point is not the folder emptied")
        // The disk comes back whole: filled elsewhere, then moved onto the mount point.
        let staging = LibraryFixtures.temporaryFolder(self, name: "staging")
        LibraryFixtures.shell(
            "mount -t tmpfs -o size=16m tmpfs '\(staging)' && cp -a '\(stash)'/. '\(staging)'/ "
                + "&& mount --move '\(staging)' '\(folder)'")
        pump(until: { store.photos.count == 3 }, timeout: 10, "its photos when the disk is back")
        XCTAssertEqual(store.conditions, [])
        XCTAssertEqual(try store.catalog.photo(at: paths[2])?.rating, 5, "the rating is kept")
    }

    func testNewAndMovedInSubfoldersAreWatchedAndABurstOfFilesAllAppear() throws {
        let parent = LibraryFixtures.temporaryFolder(self)
        let folder = parent + "/Holiday"
        _ = LibraryFixtures.copySamples(to: folder, count: 1)
        let (store, _) = try openStore(folder: folder)
        let deep = folder + "/2026/March"
        try FileManager.default.createDirectory(atPath: deep, withIntermediateDirectories: true)
        let first = deep + "/first.jpg"
        try FileManager.default.copyItem(atPath: LibraryFixtures.samplePaths[1], toPath: first)
        pump(until: { store.photos.contains { $0.path == first } }, timeout: 5, "a file in a folder made after the scan")

        let outside = parent + "/Import"
        _ = LibraryFixtures.copySamples(to: outside, count: 2)
        try FileManager.default.moveItem(atPath: outside, toPath: folder + "/Import")
        pump(until: { store.photos.count == 4 }, timeout: 5, "a folder moved in, with its files")
        let later = folder + "/Import/later.jpg"
        try FileManager.default.copyItem(atPath: LibraryFixtures.samplePaths[3], toPath: later)
        pump(until: { store.photos.contains { $0.path == later } }, timeout: 5, "a file added to the moved-in folder")

        let burst = folder + "/Burst"
        LibraryFixtures.shell(
            "mkdir '\(burst)' && for i in $(seq 1000 1999); do ln '\(LibraryFixtures.samplePaths[4])' '\(burst)'/IMG_$i.jpg; done")
        pump(until: { store.photos.count == 1_005 }, timeout: 20, "all 1,000 files of the burst")
        XCTAssertEqual(store.photos.filter { $0.path.hasPrefix(burst + "/") }.count, 1_000)
        XCTAssertEqual(try store.catalog.photos(in: burst).count, 1_000)
        LibraryFixtures.shell("rm -r '\(burst)'")
        pump(until: { store.photos.count == 5 }, timeout: 10, "the deleted subfolder's photos to go")
        XCTAssertEqual(try store.catalog.photos(in: folder).count, 5)
    }

    /// The Store defers its images' prefetching while it scans, and only then (a Store test:
    /// its scan needs the main loop a GTK test case runs; alone among the image source's
    /// tests it waited for a scan that never ran).
    func testTheStoreDefersPrefetchingWhileItScans() {
        let folder = LibraryFixtures.temporaryFolder(self, name: "catalog")
        let images = ImageSource(cache: ThumbnailCache(directory: LibraryFixtures.temporaryFolder(self, name: "thumbs")))
        let store = CatalogStore(catalog: try! Catalog(path: folder + "/catalog.sqlite"), images: images)
        var seenWhileScanning: [Bool] = []
        let owner = NSObject()
        store.observeScanProgress(owner: owner) { _ in
            if store.isScanning { seenWhileScanning.append(images.defersPrefetch) }
        }
        XCTAssertFalse(images.defersPrefetch)
        store.open(folder: LibraryFixtures.samples)
        pump(until: { !store.isScanning && store.isUpToDate }, timeout: 20, "the scan to finish")
        XCTAssertFalse(seenWhileScanning.isEmpty)
        XCTAssertEqual(Set(seenWhileScanning), [true])
        XCTAssertFalse(images.defersPrefetch)
    }

    func testARatingRefusedWhileTheRowsAreReadIsNotBroughtBackByThem() throws {
        let disk = LibraryFixtures.temporaryFolder(self, name: "disk")
        LibraryFixtures.shell("mount -t tmpfs -o size=32m tmpfs '\(disk)'")
        defer { LibraryFixtures.shell("umount -l '\(disk)'") }
        let folder = LibraryFixtures.temporaryFolder(self)
        let catalog = try Catalog(path: disk + "/catalog.sqlite")
        let rows = LibraryFixtures.oneStarRows(30_000, in: folder)
        try catalog.save(rows)
        catalog.checkpoint()
        LibraryFixtures.shell("fallocate -l $(( $(stat -f -c '%a * %S' '\(disk)') )) '\(disk)/filler'")
        let store = CatalogStore(catalog: catalog)
        var notices: [String] = []
        store.observeNotices(owner: self) { notices.append($0) }
        store.open(folder: folder, rescanning: false)
        XCTAssertFalse(store.isUpToDate, "the rows are still being read")
        let id = rows[25_000].id  // not among the first screenful
        try store.setRating(4, for: id)
        store.waitUntilSaved()  // refused by the full disk
        pump(until: { store.isUpToDate && store.photos.count == 30_000 }, timeout: 30, "the rows to be read")
        XCTAssertEqual(notices, ["The rating could not be saved: the disk holding the photo catalog is full."])
        XCTAssertEqual(store.photos.first { $0.id == id }?.rating, 1, "the stars the catalog keeps")
        XCTAssertEqual(try catalog.photo(at: id)?.rating, 1)
    }

    func testARatingTheFullDiskRefusesIsTakenBackSaidAndTheConditionLastsUntilSpaceIsFreed() throws {
        let disk = LibraryFixtures.temporaryFolder(self, name: "disk")
        LibraryFixtures.shell("mount -t tmpfs -o size=4m tmpfs '\(disk)'")
        defer { LibraryFixtures.shell("umount -l '\(disk)'") }
        let folder = LibraryFixtures.temporaryFolder(self)
        let paths = LibraryFixtures.copySamples(to: folder, count: 3)
        let store = CatalogStore(catalog: try Catalog(path: disk + "/catalog.sqlite"))
        var notices: [String] = []
        store.observeNotices(owner: self) { notices.append($0) }
        store.open(folder: folder)
        pump(until: { !store.isScanning && store.isUpToDate && store.photos.count == 3 }, timeout: 20, "scan to finish")
        try store.setRating(2, for: paths[0])
        store.waitUntilSaved()
        store.catalog.checkpoint()  // the next write needs new space on the disk
        LibraryFixtures.shell("fallocate -l $(( $(stat -f -c '%a * %S' '\(disk)') )) '\(disk)/filler'")
        try store.setRating(4, for: paths[0])
        XCTAssertEqual(store.photos.first { $0.path == paths[0] }?.rating, 4, "shown at once")
        pump(until: { !store.conditions.isEmpty }, timeout: 10, "the catalog to refuse the rating")
        XCTAssertEqual(
            store.conditions.map(\.message),
            [
                "The disk holding the photo catalog is full. Scanning stopped "
                    + "and goes on by itself when space is freed; ratings saved before are kept."
            ])
        XCTAssertEqual(notices, ["The rating could not be saved: the disk holding the photo catalog is full."])
        XCTAssertEqual(store.photos.first { $0.path == paths[0] }?.rating, 2, "the refused rating is taken back")
        XCTAssertEqual(try store.catalog.photo(at: paths[0])?.rating, 2)
        XCTAssertThrowsError(try store.setRating(5, for: paths[1]), "refused at once while the disk is full") { error in
            XCTAssertEqual("\(error)", "the disk holding the photo catalog is full")
        }
        try FileManager.default.removeItem(atPath: disk + "/filler")
        pump(until: { store.conditions.isEmpty }, timeout: 10, "the condition to end once space is freed")
        try store.setRating(4, for: paths[0])
        store.waitUntilSaved()
        XCTAssertEqual(try store.catalog.photo(at: paths[0])?.rating, 4)
    }

    /// The trash's own removal (and other changes) still queued when Undo runs: whatever
    /// order they are handled in, the restored photo keeps its stars.
    func testTrashAndUndoWithLiveChangesQueuedKeepTheRating() throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        let paths = LibraryFixtures.copySamples(to: folder, count: 3)
        let (store, _) = try openStore(folder: folder)
        for round in 1...20 {
            let stars = round % 5 + 1
            try store.setRating(stars, for: paths[0])
            let trashed = try store.moveToTrash([paths[0]])
            try Data("changed \(round)".utf8).write(to: URL(fileURLWithPath: folder + "/notes.jpg"))
            try store.restore(trashed)  // no main-loop turn in between: every event is still queued
            let marker = folder + "/marker-\(round).jpg"
            try FileManager.default.copyItem(atPath: LibraryFixtures.samplePaths[4], toPath: marker)
            pump(until: { store.photos.contains { $0.path == marker } }, "round \(round): the changes to be handled")
            XCTAssertEqual(store.photos.first { $0.path == paths[0] }?.rating, stars, "round \(round): the list")
            XCTAssertEqual(try store.catalog.photo(at: paths[0])?.rating, stars, "round \(round): the catalog")
        }
    }

    func testACatalogThatCantBeWrittenRefusesRatingsAndSaysSoLastingly() throws {
        let catalog = try Catalog(path: LibraryFixtures.samplePaths[0] + "/data/catalog.sqlite")
        let store = CatalogStore(catalog: catalog)
        // Its folder can't be made: a photo file is where a folder would be.
        let reason =
            "\(LibraryFixtures.samplePaths[0])/data can't be written "
            + "(The operation could not be completed. (NSCocoaErrorDomain error 512.))"
        XCTAssertEqual(
            store.conditions,
            [
                LibraryCondition(
                    .catalogNotWritable,
                    message: "Ratings can't be saved: "
                        + "\(reason). Photos are shown, but ratings and other changes are not kept.")
            ])
        store.dismiss(.catalogNotWritable)
        XCTAssertEqual(store.conditions.count, 1, "a fault that lasts can't be closed")
        store.open(folder: LibraryFixtures.samples)
        pump(until: { !store.isScanning && store.isUpToDate }, timeout: 20, "scan to finish")
        XCTAssertEqual(store.photos.count, LibraryFixtures.samplePaths.count, "photos are still shown")
        let twoStars = LibraryFixtures.samples + "/IMG_1001.jpg"  // Xmp.xmp.Rating 2
        XCTAssertThrowsError(try store.setRating(4, for: twoStars)) { error in
            XCTAssertEqual("\(error)", reason)
        }
        XCTAssertEqual(store.photos.first { $0.id == twoStars }?.rating, 2, "a refused rating is not shown as if kept")
        XCTAssertEqual(try catalog.photo(at: twoStars)?.rating, 2)
    }

    func testARecoveredCatalogIsALastingConditionUntilThePersonClosesIt() throws {
        let folder = LibraryFixtures.temporaryFolder(self, name: "catalog")
        let path = folder + "/catalog.sqlite"
        try "garbage".write(toFile: path, atomically: true, encoding: .utf8)
        let catalog = try Catalog(path: path)
        let store = CatalogStore(catalog: catalog)
        let received = Received()
        var seen: [[LibraryCondition.Kind]] = []
        store.observeConditions(owner: received) { seen.append($0.map(\.kind)) }
        XCTAssertEqual(store.conditions.map(\.kind), [.catalogRecovered])
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("catalog.sqlite.corrupt-") }
        XCTAssertEqual(kept.count, 1, "the damaged file is kept beside the new catalog")
        XCTAssertEqual(
            store.conditions.first?.message,
            "The photo catalog was damaged. Nothing in it could be read and "
                + "there was no backup, so ratings come from the photo files again. The damaged file was kept as "
                + "\(folder)/\(kept.first ?? "").")
        XCTAssertEqual(store.conditions.first?.isDismissible, true)
        store.open(folder: LibraryFixtures.samples)
        pump(until: { !store.isScanning && store.isUpToDate }, timeout: 20, "scan to finish")
        XCTAssertEqual(store.conditions.map(\.kind), [.catalogRecovered], "still said once photos are listed")
        store.dismiss(.catalogRecovered)
        XCTAssertEqual(store.conditions, [])
        XCTAssertEqual(seen, [[]])
    }
}

@MainActor
final class Received {
    var arrays: [[Photo]] = []
}
