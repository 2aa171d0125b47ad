import Foundation
import Gtk
import GtkTestSupport
import XCTest

@testable import Lightbox

/// The Preferences window: the library's folders with their photo counts and availability,
/// Add Folder… and the rows' remove buttons, and the write-back switch following its key.
final class PreferencesTests: GtkTestCase {
    override func setUp() {
        super.setUp()
        setenv("GSETTINGS_BACKEND", "memory", 1)  // never the person's settings
    }

    func testTheWindowListsTheFoldersAddsAndRemovesThemAndTheSwitchFollowsTheSetting() throws {
        let parent = LibraryFixtures.temporaryFolder(self)
        LibraryFixtures.copySamples(to: parent + "/Holiday", count: 3)
        LibraryFixtures.copySamples(to: parent + "/Garden", count: 2)
        LibraryFixtures.copySamples(to: parent + "/Beach", count: 1)
        let catalog = try Catalog(path: LibraryFixtures.temporaryFolder(self, name: "catalog") + "/catalog.sqlite")
        let store = CatalogStore(
            catalog: catalog,
            images: ImageSource(cache: ThumbnailCache(directory: LibraryFixtures.temporaryFolder(self, name: "thumbs"))))
        store.openLibrary(seedingWith: { parent + "/Holiday" })
        try store.addFolder(parent + "/Garden")
        pump(until: { store.photos.count == 5 && !store.isScanning }, timeout: 20, "the library's scans")

        let settings = try Settings.lightbox()
        let key = PersistedState.Key.saveMetadataInFiles
        XCTAssertTrue(settings.set(key, false))
        let writeBack = WriteBackSetting.action(store: store, settings: settings)
        let main = Window()
        let preferences = PreferencesController.present(store: store, over: main, writeBack: writeBack)
        defer { preferences.view.close() }
        XCTAssertTrue(
            PreferencesController.present(store: store, over: main, writeBack: writeBack) === preferences,
            "Ctrl+, again brings the same window")
        let view = preferences.view
        XCTAssertEqual(view.title, "Preferences")
        XCTAssertEqual(view.page.title, "Library")
        XCTAssertEqual(view.foldersGroup.title, "Library Folders")
        pump(until: { view.rows.map(\.row.subtitle) == ["2 photos", "3 photos"] }, "the photo counts")
        XCTAssertEqual(view.rows.map(\.row.title), ["\(parent)/Garden", "\(parent)/Holiday"])
        XCTAssertEqual(view.rows.map(\.removeButton.tooltip), ["Remove from Library", "Remove from Library"])

        // Add Folder… hands the chosen folder to `add`.
        preferences.add(parent + "/Beach")
        pump(until: { view.rows.map(\.row.subtitle) == ["1 photo", "2 photos", "3 photos"] }, timeout: 10, "the new row")
        XCTAssertEqual(view.rows.map(\.row.title), ["\(parent)/Beach", "\(parent)/Garden", "\(parent)/Holiday"])
        pump(until: { store.photos.count == 6 }, timeout: 10, "the added folder's photos")

        // A folder gone from the disk says so in its row.
        try FileManager.default.moveItem(atPath: parent + "/Garden", toPath: parent + "/Garden (old)")
        pump(
            until: { view.rows.count == 3 && view.rows[1].row.subtitle == "Offline: the folder was deleted or moved · 2 photos" },
            timeout: 5, "the offline row")

        view.rows[0].removeButton.click()
        pump(until: { view.rows.count == 2 }, "the row to go")
        XCTAssertEqual(view.rows.map(\.row.title), ["\(parent)/Garden", "\(parent)/Holiday"])
        XCTAssertEqual(store.folders, [parent + "/Garden", parent + "/Holiday"])
        XCTAssertEqual(try catalog.libraryFolders().map(\.path), [parent + "/Garden", parent + "/Holiday"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: parent + "/Beach/IMG_1000.jpg"), "its file is not touched")
        view.rows[0].removeButton.click()
        view.rows[0].removeButton.click()
        pump(until: { view.rows.isEmpty }, "every folder removed")
        XCTAssertEqual(store.folders, [])
        XCTAssertEqual(store.photos, [])

        // The switch shows the key, and sets it.
        XCTAssertFalse(view.writeBackSwitch.isActive)
        XCTAssertTrue(settings.set(key, true))
        pump(until: { view.writeBackSwitch.isActive }, "the switch to follow the key")
        XCTAssertTrue(store.savesMetadataInFiles)
        view.writeBackSwitch.emitActivate()
        pump(until: { settings.bool(key) == false }, "the key to follow the switch")
        XCTAssertFalse(view.writeBackSwitch.isActive)
        XCTAssertFalse(store.savesMetadataInFiles)
    }
}
