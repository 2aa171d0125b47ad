import Foundation
import Gtk
import GtkTestSupport
import LightboxKit
import XCTest

@testable import Lightbox

/// The Keywords page in a navigation controller, as the window shows it, over a Store.
@MainActor
private final class KeywordsPageFixture {
    let store: CatalogStore
    let page: KeywordsController
    let navigation: NavigationController
    let window = Window()

    init(_ test: XCTestCase, folder: String?, offMainThreshold: Int? = nil) {
        PhotosStyle.install()
        let catalogPath = LibraryFixtures.temporaryFolder(test, name: "catalog") + "/catalog.sqlite"
        let cache = ThumbnailCache(directory: LibraryFixtures.temporaryFolder(test, name: "thumbs"))
        let store = CatalogStore(catalog: try! Catalog(path: catalogPath), images: ImageSource(cache: cache))
        self.store = store
        if let offMainThreshold { store.offMainThreshold = offMainThreshold }
        if let folder {
            store.open(folder: folder)
            pump(until: { !store.isScanning && store.isUpToDate }, timeout: 20, "scan to finish")
        }
        page = KeywordsController(store: store)
        navigation = NavigationController(root: page)
        window.setDefaultSize(width: 700, height: 500)
        navigation.becomeRoot(of: window)
        show(window)
    }

    /// The rows as a person reads them.
    var rows: [String] {
        page.source.items.indices.compactMap { position in
            (page.source.boundRow(at: position) as? KeywordRow).map { "\($0.nameLabel.text) — \($0.countLabel.text)" }
        }
    }

    var status: StatusPage { (page.view as! KeywordsView).status }
}

final class KeywordsPageTests: GtkTestCase {
    func testEveryKeywordIsListedByNameWithItsPhotoCount() throws {
        let fixture = KeywordsPageFixture(self, folder: try KeywordFixtures.folder(self))
        pump(until: { fixture.rows.count == 2 }, "rows")
        XCTAssertEqual(fixture.rows, ["harbour — 2 photos", "Places › Norway › Bergen — 1 photo"])
        XCTAssertFalse(fixture.page.isShowingEmptyState)
        pumpUntilPainted(fixture.window)
        _ = screenshot(fixture.window, name: "keywords-page")
    }

    func testTheListFollowsTheStoresChanges() throws {
        let fixture = KeywordsPageFixture(self, folder: try KeywordFixtures.folder(self))
        let store = fixture.store
        let ids = store.allPhotos.map(\.id)
        try store.edit(ids) { $0.add(keyword: "Anchor") }
        try store.edit(ids) { $0.add(keyword: "Harbour") }  // "harbour" already, case ignored: one more photo
        pump(until: { fixture.rows.count == 3 && fixture.rows[1] == "harbour — 3 photos" }, "the change")
        XCTAssertEqual(
            fixture.rows, ["Anchor — 3 photos", "harbour — 3 photos", "Places › Norway › Bergen — 1 photo"],
            "sorted by name, case ignored")
        try store.edit(ids) { $0.remove(keyword: "places|norway|bergen") }
        pump(until: { fixture.rows.count == 2 }, "the removal")
        XCTAssertEqual(fixture.rows, ["Anchor — 3 photos", "harbour — 3 photos"])
    }

    func testActivatingAKeywordOpensItsPhotos() throws {
        let fixture = KeywordsPageFixture(self, folder: try KeywordFixtures.folder(self))
        pump(until: { fixture.rows.count == 2 }, "rows")
        fixture.page.source.activate(at: 0)
        let pushed = try XCTUnwrap(fixture.navigation.topController as? PhotoCollectionController)
        XCTAssertEqual(pushed.title, "harbour")
        XCTAssertEqual(pushed.photos.map(\.name), ["IMG_1001.jpg", "IMG_1000.jpg"], "newest first")
    }

    func testALibraryWithoutKeywordsOrPhotosSaysSo() {
        let samples = KeywordsPageFixture(self, folder: LibraryFixtures.samples)
        XCTAssertTrue(samples.page.isShowingEmptyState)
        XCTAssertEqual(samples.status.title, "No Keywords")
        XCTAssertEqual(samples.status.description, "Select a photo and press Ctrl+K to give it a keyword.")
        XCTAssertFalse(samples.status.actionButton.isVisible)

        let none = KeywordsPageFixture(self, folder: nil)
        XCTAssertTrue(none.page.isShowingEmptyState)
        XCTAssertEqual(none.status.description, "Open a folder of photos to see their keywords.")
        XCTAssertTrue(none.status.actionButton.isVisible)

        try! samples.store.edit([samples.store.allPhotos[0].id]) { $0.add(keyword: "first") }
        pump(until: { !samples.page.isShowingEmptyState }, "the list once a photo has a keyword")
        XCTAssertEqual(samples.rows, ["first — 1 photo"])
    }

    /// A large library is counted off the main thread: the count has not arrived when the
    /// page asks for it, and arrives without anything else happening on the main thread.
    func testALargeLibraryIsCountedOffTheMainThread() throws {
        let fixture = KeywordsPageFixture(self, folder: try KeywordFixtures.folder(self), offMainThreshold: 1)
        let store = fixture.store
        pump(until: { fixture.rows.count == 2 }, "the count")
        XCTAssertEqual(fixture.rows, ["harbour — 2 photos", "Places › Norway › Bergen — 1 photo"])
        try store.edit([store.allPhotos[0].id]) { $0.add(keyword: "zebra") }
        XCTAssertTrue(store.keywords.isCounting, "a change is counted in the background")
        XCTAssertEqual(fixture.rows.count, 2, "not yet")
        XCTAssertFalse(fixture.page.isShowingEmptyState)
        pump(until: { fixture.rows.count == 3 }, "the new count")
        XCTAssertEqual(fixture.rows.last, "zebra — 1 photo")
    }
}
