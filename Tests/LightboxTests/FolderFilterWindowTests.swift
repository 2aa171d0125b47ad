import Foundation
import Gtk
import GtkTestSupport
import LightboxKit
import XCTest

@testable import Lightbox

/// The window's side of library folders: Open Folder adds and shows a folder, the sort
/// menu's `win.folder-filter` narrows the list, and what can't be added is said.
final class FolderFilterWindowTests: GtkTestCase {
    func testTheSampleLibraryLeavesTheLibraryWhenAFolderIsOpened() throws {
        let garden = LibraryFixtures.copySamples(to: LibraryFixtures.temporaryFolder(self) + "/Garden", count: 2)
        let (root, window, _) = try makeWindow(seed: LightboxApplication.sampleLibrary)
        defer { window.destroy() }
        let store = root.store
        pump(until: { !store.isScanning && store.photos.count == LibraryFixtures.samplePaths.count }, timeout: 30, "the samples")
        XCTAssertEqual(window.title, "Lightbox", "the sample library shows the app's name")
        root.addToLibrary((garden[0] as NSString).deletingLastPathComponent)
        pump(until: { !store.isScanning && store.photos.count == 2 }, timeout: 20, "the folder alone")
        XCTAssertEqual(store.folders, [(garden[0] as NSString).deletingLastPathComponent])
        XCTAssertEqual(try store.catalog.libraryFolders().map(\.path), store.folders)
        XCTAssertEqual(window.title, "Garden")
        XCTAssertEqual(LibraryFixtures.samplePaths.count, 26, "the samples' files stay")
    }

    @MainActor
    private func makeWindow(seed: String) throws -> (MainWindowController, Window, ActionGroup) {
        let catalog = try Catalog(path: LibraryFixtures.temporaryFolder(self, name: "catalog") + "/catalog.sqlite")
        let store = CatalogStore(
            catalog: catalog,
            images: ImageSource(cache: ThumbnailCache(directory: LibraryFixtures.temporaryFolder(self, name: "thumbs"))))
        let root = MainWindowController.lightbox(store: store).root
        let window = Window()
        window.setDefaultSize(width: 1000, height: 700)
        root.becomeRoot(of: window)
        let actions = ActionGroup()
        root.installActions(in: actions, window: window)
        window.insertActionGroup(actions, prefix: "win")
        root.openLibrary(seedingWith: { seed }, showing: nil)
        show(window)
        return (root, window, actions)
    }

    func testOpeningAFolderAddsItAndTheFolderFilterNarrowsTheList() throws {
        let parent = LibraryFixtures.temporaryFolder(self)
        let holiday = LibraryFixtures.copySamples(to: parent + "/Holiday", count: 3)
        let garden = LibraryFixtures.copySamples(to: parent + "/Garden", count: 2)
        let (root, window, actions) = try makeWindow(seed: parent + "/Holiday")
        let store = root.store
        defer { window.destroy() }
        pump(until: { !store.isScanning && store.photos.count == 3 }, timeout: 20, "the seeded folder")
        XCTAssertEqual(window.title, "Holiday")
        let filter = try XCTUnwrap(actions.action(named: "folder-filter"))
        XCTAssertEqual(filter.state?.string, "", "a library of one folder has no filter")

        root.addToLibrary(parent + "/Garden")
        pump(until: { !store.isScanning && store.photos.count == 2 }, timeout: 20, "the added folder, alone")
        XCTAssertEqual(Set(store.photos.map(\.path)), Set(garden))
        XCTAssertEqual(store.folders, [parent + "/Garden", parent + "/Holiday"])
        XCTAssertEqual(filter.state?.string, parent + "/Garden", "the sort menu shows the filter")
        XCTAssertEqual(window.title, "Garden")

        filter.activate(Variant(""))
        pump(until: { store.photos.count == 5 }, "All Folders")
        XCTAssertEqual(filter.state?.string, "")
        XCTAssertEqual(window.title, "Lightbox")
        filter.activate(Variant(parent + "/Holiday"))
        pump(until: { store.photos.count == 3 }, "Holiday alone")
        XCTAssertEqual(Set(store.photos.map(\.path)), Set(holiday))

        try FileManager.default.createDirectory(atPath: parent + "/Holiday/Day 1", withIntermediateDirectories: true)
        root.addToLibrary(parent + "/Holiday/Day 1")
        XCTAssertEqual(
            root.windowView.toastTitle,
            "“Day 1” is inside the library folder “\(parent)/Holiday”: "
                + "its photos are shown with that folder's.")
        XCTAssertEqual(store.folders.count, 2)
        root.addToLibrary(parent + "/Nowhere")
        XCTAssertEqual(
            root.windowView.toastTitle,
            "“Nowhere” can't be added to the library: "
                + "“\(parent)/Nowhere” can't be found (No such file or directory)")
        XCTAssertEqual(store.folders.count, 2)
    }
}
