import Foundation
import GtkTestSupport
import XCTest

@testable import Lightbox

/// Albums in the Store and the catalog: made from a selection, changed, undone, kept across
/// launches, following files moved outside the app, and the photos the view shows.
final class AlbumStoreTests: GtkTestCase {
    @MainActor
    private func names(_ ids: [Photo.ID]) -> [String] { ids.map { ($0 as NSString).lastPathComponent }.sorted() }

    func testAnAlbumMadeFromASelectionIsChangedAndEachEditIsUndoneAndKept() throws {
        let folder = LibraryFixtures.temporaryFolder(self, name: "photos")
        let paths = LibraryFixtures.copySamples(to: folder, count: 4)
        let catalogPath = LibraryFixtures.temporaryFolder(self, name: "catalog") + "/catalog.sqlite"
        let store = MonthsFixtures.store(self, folder: folder, catalogPath: catalogPath)
        var published: [[String]] = []
        store.observeAlbums(owner: self) { published.append($0.map(\.name)) }

        let made = try store.createAlbum(named: "  Norway 2024 ", with: [paths[0], paths[1], paths[0]])
        let id = made.album
        XCTAssertEqual(store.albums.map(\.name), ["Norway 2024"])
        XCTAssertEqual(store.album(id)?.count, 2, "a photo given twice is in it once")
        try store.createAlbum(named: "for grandma")
        XCTAssertEqual(store.albums.map(\.name), ["for grandma", "Norway 2024"], "by name, case aside")
        XCTAssertEqual(published, [["Norway 2024"], ["for grandma", "Norway 2024"]])

        let added = try store.addPhotos([paths[1], paths[2]], to: id)
        XCTAssertEqual(added.added, [paths[2]], "only the photo it did not have")
        try store.setCover(paths[2], of: id)
        try store.renameAlbum(id, to: "Norge 2024")
        let removed = try store.removePhotos([paths[2]], from: id)
        XCTAssertEqual(store.album(id)?.cover, nil, "a cover taken out is no longer the cover")
        XCTAssertEqual(names(try store.photos(inAlbum: id)), ["IMG_1000.jpg", "IMG_1001.jpg"])
        try store.apply(removed.reversed)
        XCTAssertEqual(store.album(id)?.cover, paths[2], "undo brings the photo and the cover back")
        XCTAssertEqual(store.album(id)?.name, "Norge 2024")

        let deleted = try store.deleteAlbum(id)
        XCTAssertEqual(store.albums.map(\.name), ["for grandma"])
        XCTAssertEqual(store.allPhotos.count, 4, "the photos stay")
        try store.apply(deleted.reversed)
        XCTAssertEqual(store.album(id)?.name, "Norge 2024", "undo brings it back, with its id")
        XCTAssertEqual(store.album(id)?.count, 3)

        let reopened = CatalogStore(catalog: try Catalog(path: catalogPath))
        XCTAssertEqual(reopened.albums.map(\.name), ["for grandma", "Norge 2024"], "kept in the catalog")
        XCTAssertEqual(names(try reopened.photos(inAlbum: id)), ["IMG_1000.jpg", "IMG_1001.jpg", "IMG_1002.jpg"])
        XCTAssertEqual(reopened.album(id)?.cover, paths[2])
        XCTAssertThrowsError(try store.createAlbum(named: " \n ")) { XCTAssertEqual("\($0)", "an album needs a name") }
        XCTAssertThrowsError(try store.renameAlbum(999, to: "Gone")) { XCTAssertEqual("\($0)", "the album no longer exists") }
    }

    func testTheViewShowsTheAlbumsPhotosAndFollowsItsEdits() throws {
        let store = MonthsFixtures.store(self)
        let all = store.photos
        let edit = try store.createAlbum(named: "Three", with: all.prefix(3).map(\.id))
        store.shownAlbum = edit.album
        pump(until: { store.isUpToDate && store.photos.count == 3 }, "the album's photos")
        XCTAssertEqual(store.photos.map(\.id), all.prefix(3).map(\.id), "in the page's order")
        store.searchText = all[1].name
        pump(until: { store.isUpToDate && store.photos.count == 1 }, "a search within the album")
        store.searchText = ""
        try store.addPhotos([all[5].id], to: edit.album)
        pump(until: { store.isUpToDate && store.photos.count == 4 }, "a photo added shows")
        try store.deleteAlbum(edit.album)
        pump(until: { store.isUpToDate && store.photos.count == all.count }, "a deleted album shows the library again")
        XCTAssertNil(store.shownAlbum)
    }

    func testAnAlbumKeepsAPhotoMovedOutsideTheApp() throws {
        let folder = LibraryFixtures.temporaryFolder(self, name: "photos")
        let paths = LibraryFixtures.copySamples(to: folder, count: 3)
        let store = MonthsFixtures.store(self, folder: folder)
        let edit = try store.createAlbum(named: "Moved", with: [paths[0]])
        store.shownAlbum = edit.album
        pump(until: { store.isUpToDate && store.photos.count == 1 }, "the album")
        let renamed = folder + "/renamed.jpg"
        try FileManager.default.moveItem(atPath: paths[0], toPath: renamed)
        pump(until: { store.photo(renamed) != nil }, timeout: 10, "the watcher to find the move")
        XCTAssertEqual(try store.photos(inAlbum: edit.album), [renamed], "the catalog follows the file")
        pump(until: { store.isUpToDate && store.photos.map(\.id) == [renamed] }, "the album shown follows it too")
        try store.apply(edit.reversed.following([paths[0]: renamed]))
        XCTAssertTrue(store.albums.isEmpty)
    }

    func testACatalogThatCannotBeWrittenRefusesAnAlbumAndSaysWhy() throws {
        // A catalog path under a file: the catalog is kept in memory and refuses edits.
        let store = CatalogStore(catalog: try Catalog(path: LibraryFixtures.samplePaths[0] + "/data/catalog.sqlite"))
        XCTAssertThrowsError(try store.createAlbum(named: "Norway")) { error in
            XCTAssertEqual(
                "\(error)",
                "\(LibraryFixtures.samplePaths[0])/data can't be written "
                    + "(The operation could not be completed. (NSCocoaErrorDomain error 512.))")
        }
        XCTAssertTrue(store.albums.isEmpty)
    }
}
