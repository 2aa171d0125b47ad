import Foundation
import Gtk
import GtkTestSupport
import LightboxKit
import XCTest

@testable import Lightbox

/// The main window's controller in a real window, with the real pages, over a copy of
/// three samples (actions are activated as menus and accelerators do).
final class MainWindowControllerTests: GtkTestCase {
    /// The window over `folder` (of three photos), its actions installed, scanned.
    @MainActor
    static func makeWindow(_ folder: String, _ test: XCTestCase, count: Int = 3) -> (MainWindowController, Window, ActionGroup) {
        let catalog = try! Catalog(path: LibraryFixtures.temporaryFolder(test, name: "catalog") + "/catalog.sqlite")
        let cache = ThumbnailCache(directory: LibraryFixtures.temporaryFolder(test, name: "thumbs"))
        let store = CatalogStore(catalog: catalog, images: ImageSource(cache: cache))
        let root = MainWindowController.lightbox(store: store).root
        let window = Window()
        window.setDefaultSize(width: 1000, height: 700)
        root.becomeRoot(of: window)
        let actions = ActionGroup()
        root.installActions(in: actions, window: window)
        window.insertActionGroup(actions, prefix: "win")
        root.open(folder: folder)
        show(window)
        pump(until: { !store.isScanning && store.isUpToDate && store.photos.count == count }, timeout: 20, "scan to finish")
        return (root, window, actions)
    }

    func testWindowIsTitledWithTheFolderAndSortActionsReorderTheStore() {
        let folder = LibraryFixtures.temporaryFolder(self, name: "Trip")
        _ = LibraryFixtures.copySamples(to: folder, count: 3)
        let (root, window, actions) = Self.makeWindow(folder, self)
        XCTAssertEqual(window.title, (folder as NSString).lastPathComponent)
        actions.action(named: "sort-key")?.activate(Variant("name"))
        actions.action(named: "sort-ascending")?.activate(Variant(true))
        XCTAssertEqual(root.store.sortOrder, .name)
        XCTAssertTrue(root.store.sortAscending)
        XCTAssertEqual(root.store.photos.map(\.name), root.store.photos.map(\.name).sorted())
        XCTAssertEqual(actions.action(named: "sort-key")?.state?.string, "name", "the menu shows the chosen order")
        actions.action(named: "sort-ascending")?.activate(Variant(false))
        XCTAssertEqual(root.store.photos.map(\.name), root.store.photos.map(\.name).sorted(by: >))
        window.destroy()
    }

    /// Pages not shown build nothing for the window's first frame: Albums and Keywords load
    /// their views when the person first goes there, and stay loaded.
    func testPagesNotShownBuildTheirViewsWhenFirstShown() {
        let folder = LibraryFixtures.temporaryFolder(self, name: "Lazy")
        _ = LibraryFixtures.copySamples(to: folder, count: 3)
        let (root, window, _) = Self.makeWindow(folder, self)
        let albums = root.pages.pages.first { $0.kind == .albums }!.controller
        let keywords = root.pages.pages.first { $0.kind == .keywords }!.controller
        XCTAssertEqual(root.pages.current?.kind, .photos)
        XCTAssertFalse(albums.isViewLoaded)
        XCTAssertFalse(keywords.isViewLoaded)
        root.show(.albums)
        XCTAssertTrue(albums.isViewLoaded)
        pump(until: { albums.view.isMapped }, timeout: 5, "the Albums page to show")
        XCTAssertEqual(root.pages.current?.kind, .albums)
        XCTAssertFalse(keywords.isViewLoaded)
        root.show(.photos)
        root.show(.albums)
        pump(until: { albums.view.isMapped }, timeout: 5, "the Albums page to show again")
        XCTAssertEqual(albums.view.parent?.children.count, 1, "its view is placed once")
        window.destroy()
    }

    /// The first screenful read before the rest of the library is what the window shows: the
    /// rows of the list (80-pixel thumbnails) or the grid's cells, with a row to spare.
    func testTheFirstScreenfulIsWhatTheWindowShows() {
        let list = PhotoListController(
            images: ImageSource(cache: ThumbnailCache(directory: LibraryFixtures.temporaryFolder(self, name: "thumbs"))))
        XCTAssertEqual(list.photosFitting(width: 1000, height: 700), 10)
        XCTAssertEqual(list.photosFitting(width: 1000, height: 1600), 22)
        list.viewMode = .grid
        XCTAssertEqual(list.photosFitting(width: 1000, height: 700), 25, "5 columns of 184-pixel cells, 5 rows")
        list.gridThumbnailSize = 96
        XCTAssertEqual(list.photosFitting(width: 1000, height: 700), 56, "8 columns of 120-pixel cells, 7 rows")
    }

    func testSearchFiltersAsYouTypeAndClosingClearsIt() {
        let folder = LibraryFixtures.temporaryFolder(self, name: "Search")
        let names = LibraryFixtures.copySamples(to: folder, count: 3).map { ($0 as NSString).lastPathComponent }
        let (root, window, actions) = Self.makeWindow(folder, self)
        actions.action(named: "search")?.activate()
        XCTAssertTrue(root.windowView.searchBar.isRevealed)
        root.windowView.searchEntry.text = String(names[1].dropLast(4))
        pump(until: { root.store.photos.count == 1 }, timeout: 5, "the search to apply")
        XCTAssertEqual(root.store.photos.map(\.name), [names[1]])
        root.windowView.searchButton.isActive = false
        XCTAssertEqual(root.store.searchText, "")
        XCTAssertEqual(root.store.photos.count, 3)
        window.destroy()
    }

    func testASearchOutlivesThePhotoPageAndItsBarComesBackWithIt() {
        let folder = LibraryFixtures.temporaryFolder(self, name: "Search")
        let names = LibraryFixtures.copySamples(to: folder, count: 3).map { ($0 as NSString).lastPathComponent }
        let (root, window, actions) = Self.makeWindow(folder, self)
        actions.action(named: "search")?.activate()
        root.windowView.searchEntry.text = String(names[1].dropLast(4))
        pump(until: { root.store.photos.count == 1 }, timeout: 5, "the search to apply")
        let found = root.store.photos[0]
        root.open(found, in: root.store.photos, from: root.pages.pages[0].controller)
        pump(until: { root.navigation.controllers.count == 2 }, "the photo page")
        XCTAssertFalse(root.windowView.searchBar.isRevealed, "the photo page has no search bar")
        root.navigation.goBack()
        pump(until: { root.navigation.controllers.count == 1 }, "back to the photos")
        XCTAssertTrue(root.windowView.searchBar.isRevealed, "the bar is back: the list is still narrowed by it")
        XCTAssertEqual(root.windowView.searchEntry.text, String(names[1].dropLast(4)))
        XCTAssertEqual(root.store.photos.map(\.name), [names[1]])
        window.destroy()
    }

    func testRejectsAndTrashesInQuickSuccessionEachActOnTheNextPhoto() {
        let folder = LibraryFixtures.temporaryFolder(self, name: "Culling")
        let paths = LibraryFixtures.copySamples(to: folder, count: 8)
        let (root, window, _) = Self.makeWindow(folder, self, count: 8)
        let photos = root.pages.pages[0].controller as! PhotosController
        let order = root.store.photos.map(\.id)
        photos.reveal(order[5])
        // Keys faster than the store lists again: each acts on the photo selected after the last.
        for _ in 0..<4 { root.commands.toggleReject() }
        XCTAssertEqual(
            order.filter { root.store.photo($0)?.isRejected == true }, [order[4], order[5], order[6], order[7]],
            "the last photo's reject moves the selection back to the one before")
        XCTAssertEqual(photos.currentPhoto?.id, order[3])
        root.commands.trash()
        root.commands.trash()
        XCTAssertEqual(paths.filter { !FileManager.default.fileExists(atPath: $0) }.count, 2, "two files trashed")
        XCTAssertEqual(photos.currentPhoto?.id, order[1])
        pump(until: { root.store.photos.map(\.id) == [order[0], order[1]] }, "the list catches up")
        XCTAssertEqual(photos.currentPhoto?.id, order[1], "the selection stays where the keys left it")
        window.destroy()
    }

    func testTrashThenUndoRestoresTheFileAndItsRating() {
        let folder = LibraryFixtures.temporaryFolder(self, name: "Trash")
        let paths = LibraryFixtures.copySamples(to: folder, count: 3)
        let (root, window, actions) = Self.makeWindow(folder, self)
        let photos = root.pages.pages[0].controller as! PhotosController
        photos.reveal(paths[0])
        XCTAssertEqual(photos.currentPhoto?.id, paths[0])
        actions.action(named: "rate")?.activate(Variant(Int32(3)))
        root.store.waitUntilSaved()
        XCTAssertEqual(try! root.store.catalog.photo(at: paths[0])?.rating, 3)
        root.commands.trash()
        XCTAssertFalse(FileManager.default.fileExists(atPath: paths[0]))
        XCTAssertEqual(root.windowView.toastTitle, "Moved to trash")
        XCTAssertTrue(root.windowView.toastOffersUndo)
        XCTAssertNotNil(photos.currentPhoto, "the next photo is selected")
        actions.action(named: "undo")?.activate()
        XCTAssertTrue(FileManager.default.fileExists(atPath: paths[0]))
        XCTAssertNil(root.windowView.toastTitle)
        XCTAssertEqual(try! root.store.catalog.photo(at: paths[0])?.rating, 3, "the rating came back")
        XCTAssertTrue(root.commands.canRedo)
        actions.action(named: "undo")?.activate()
        XCTAssertEqual(root.store.photo(paths[0])?.rating, 0, "the next undo takes the rating back (IMG_1000 has none)")
        XCTAssertFalse(root.commands.canUndo)
        window.destroy()
    }

    func testTrashingAFileThatIsGoneSaysSoInAToast() {
        let folder = LibraryFixtures.temporaryFolder(self, name: "Gone")
        let paths = LibraryFixtures.copySamples(to: folder, count: 3)
        let (root, window, _) = Self.makeWindow(folder, self)
        let photos = root.pages.pages[0].controller as! PhotosController
        photos.reveal(paths[1])
        try! root.store.catalog.remove(paths: [paths[1]])
        root.commands.trash()
        XCTAssertTrue(
            root.windowView.toastTitle?.contains("could not be moved to the trash") ?? false,
            root.windowView.toastTitle ?? "no toast")
        XCTAssertFalse(root.windowView.toastOffersUndo)
        window.destroy()
    }

    func testDigitsDoNotRateWhileTypingInSearch() {
        let folder = LibraryFixtures.temporaryFolder(self, name: "Typing")
        let paths = LibraryFixtures.copySamples(to: folder, count: 3)
        let (root, window, actions) = Self.makeWindow(folder, self)
        let photos = root.pages.pages[0].controller as! PhotosController
        photos.reveal(paths[2])
        let before = photos.currentPhoto?.rating
        actions.action(named: "search")?.activate()
        pump(until: { root.isTyping }, timeout: 5, "the search entry to take focus")
        actions.action(named: "rate")?.activate(Variant(Int32(5)))
        XCTAssertEqual(root.store.photos.first { $0.id == paths[2] }?.rating, before)
        window.destroy()
    }
}
