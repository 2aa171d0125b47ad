import Foundation
import GtkTestSupport
import XCTest

@testable import Lightbox

/// Browsed folders (the folder of a photo opened from the file manager): shown, scanned and
/// rated with the library's folders, not recorded as a library folder until it is added.
final class BrowsedFoldersTests: GtkTestCase {
    @MainActor
    private func makeStore() throws -> CatalogStore {
        let path = LibraryFixtures.temporaryFolder(self, name: "catalog") + "/catalog.sqlite"
        let cache = ThumbnailCache(directory: LibraryFixtures.temporaryFolder(self, name: "thumbs"))
        return CatalogStore(catalog: try Catalog(path: path), images: ImageSource(cache: cache))
    }

    @MainActor
    private func settle(_ store: CatalogStore, _ what: String = "the scans to finish") {
        pump(until: { !store.isScanning && store.isUpToDate }, timeout: 20, what)
    }

    func testABrowsedFolderIsShownAndRatedButNotALibraryFolderUntilItIsAdded() throws {
        let parent = LibraryFixtures.temporaryFolder(self)
        let holiday = LibraryFixtures.copySamples(to: parent + "/Holiday", count: 3)
        let downloads = LibraryFixtures.copySamples(to: parent + "/Downloads", count: 2)
        let store = try makeStore()
        store.openLibrary(seedingWith: { parent + "/Holiday" })
        settle(store)

        try store.browse(parent + "/Downloads")
        pump(until: { store.photos.count == 5 }, timeout: 20, "the browsed folder's photos")
        settle(store)
        XCTAssertEqual(Set(store.photos.map(\.path)), Set(holiday + downloads), "listed with the library's")
        XCTAssertEqual(store.folders, [parent + "/Downloads", parent + "/Holiday"])
        XCTAssertEqual(store.libraryFolders, [parent + "/Holiday"])
        XCTAssertEqual(store.browsedFolders, [parent + "/Downloads"])
        XCTAssertEqual(try store.catalog.libraryFolders().map(\.path), [parent + "/Holiday"], "not recorded")
        XCTAssertTrue(store.hasScanned(parent + "/Downloads"))
        XCTAssertEqual(store.libraryFolder(containing: holiday[0]), parent + "/Holiday")
        XCTAssertNil(store.libraryFolder(containing: downloads[0]))
        let bar = try XCTUnwrap(store.conditions.first { $0.kind == .browsedFolders })
        XCTAssertEqual(
            bar.message,
            "“Downloads” is not in your library: its photos are shown until Lightbox quits. Ratings and keywords you give them are kept in Lightbox's catalog."
        )
        XCTAssertEqual(bar.actionLabel, "Add “Downloads” to the Library")
        store.savesMetadataInFiles = true
        XCTAssertEqual(
            store.conditions.first { $0.kind == .browsedFolders }?.message,
            "“Downloads” is not in your library: its photos are shown until Lightbox quits. Ratings and keywords you give them are kept in Lightbox's catalog and saved in the files.",
            "the bar follows the write-back setting")
        store.savesMetadataInFiles = false

        try store.setRating(3, for: downloads[0])
        pump(
            until: { (try? store.catalog.photos(in: parent + "/Downloads"))?.first { $0.path == downloads[0] }?.rating == 3 },
            timeout: 10, "the rating in the catalog")

        XCTAssertEqual(try store.addFolder(parent + "/Downloads"), .added(absorbing: []))
        XCTAssertEqual(store.browsedFolders, [])
        XCTAssertEqual(try store.catalog.libraryFolders().map(\.path), [parent + "/Downloads", parent + "/Holiday"])
        XCTAssertFalse(store.conditions.contains { $0.kind == .browsedFolders }, "the bar is gone")
        XCTAssertEqual(store.photo(downloads[0])?.rating, 3, "its photos stay, ratings and all")
    }

    func testRemovingABrowsedFolderAndBrowsingAFolderHoldingALibraryFolder() throws {
        let parent = LibraryFixtures.temporaryFolder(self)
        _ = LibraryFixtures.copySamples(to: parent + "/Photos/Holiday", count: 2)
        let downloads = LibraryFixtures.copySamples(to: parent + "/Downloads", count: 1)
        let store = try makeStore()
        store.openLibrary(seedingWith: { parent + "/Photos/Holiday" })
        settle(store)

        XCTAssertThrowsError(try store.browse(parent + "/Photos"), "its photos would be listed twice") { error in
            XCTAssertEqual(
                "\(error)", "“Photos” holds the library folder “\(parent)/Photos/Holiday”: add it to the library to see its photos.")
        }
        XCTAssertThrowsError(try store.browse(parent + "/Nowhere"))
        try store.browse(parent + "/Photos/Holiday")
        XCTAssertEqual(store.browsedFolders, [], "a library folder is not browsed")
        XCTAssertEqual(store.folders, [parent + "/Photos/Holiday"])

        try store.browse(parent + "/Downloads")
        pump(until: { store.photo(downloads[0]) != nil }, timeout: 20, "the browsed folder's photo")
        try store.removeFolder(parent + "/Downloads")
        settle(store)
        XCTAssertEqual(store.folders, [parent + "/Photos/Holiday"])
        XCTAssertEqual(store.browsedFolders, [])
        XCTAssertNil(store.photo(downloads[0]))
        XCTAssertFalse(store.conditions.contains { $0.kind == .browsedFolders })
    }
}
