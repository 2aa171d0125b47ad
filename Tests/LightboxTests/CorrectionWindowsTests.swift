import Foundation
import Gtk
import GtkTestSupport
import LightboxKit
import XCTest

@testable import Lightbox

/// What the Date and Time and the Place windows and the place commands say when what was typed
/// can't be used or the catalog can't be written: the window stays open and nothing changes.
final class CorrectionWindowsTests: GtkTestCase {
    /// A page whose selected photos the test chooses.
    @MainActor
    private final class Page: Controller, PhotoSelecting {
        var selectedPhotos: [Photo] = []
        var currentPhoto: Photo? { selectedPhotos.first }
    }

    /// The first sample and the one taken in Paris, in a store whose catalog can't be written
    /// (its folder would be inside a file).
    private func readOnlyStore() throws -> (CatalogStore, [Photo]) {
        let folder = LibraryFixtures.temporaryFolder(self, name: "corrections")
        for name in ["IMG_1000.jpg", "IMG_1007.jpg"] {
            try FileManager.default.copyItem(atPath: LibraryFixtures.samples + "/" + name, toPath: folder + "/" + name)
        }
        let store = CatalogStore(
            catalog: try Catalog(path: folder + "/IMG_1000.jpg/data/catalog.sqlite"),
            images: ImageSource(cache: ThumbnailCache(directory: LibraryFixtures.temporaryFolder(self, name: "thumbs"))))
        XCTAssertNotNil(store.catalog.notWritableReason)
        store.open(folder: folder)
        pump(until: { !store.isScanning && store.isUpToDate && store.photos.count == 2 }, timeout: 20, "the scan")
        return (store, store.photos.sorted { $0.name < $1.name })
    }

    func testTheDateWindowSaysWhatIsWrongAndStaysOpen() throws {
        let (store, photos) = try readOnlyStore()
        let reason = try XCTUnwrap(store.catalog.notWritableReason)
        let window = try XCTUnwrap(DateTimeController.present(photos: photos, store: store, commands: nil, over: Window()))
        defer { window.view.close() }
        XCTAssertEqual(window.view.dateRow.text, "2024-01-01", "the first photo's date")
        XCTAssertEqual(window.view.timeRow.text, "08:00:00")
        XCTAssertFalse(window.view.applyButton.isSensitive, "nothing to apply yet")

        window.view.shiftRow.text = "an hour"
        XCTAssertEqual(window.view.errorLabel.text, "Type the shift as +1:00:00, or -0:30:00 for earlier.")
        XCTAssertFalse(window.view.applyButton.isSensitive)
        window.view.shiftRow.text = "+1:00"
        XCTAssertEqual(window.view.timeRow.text, "09:00:00", "the time follows the shift")
        XCTAssertFalse(window.view.errorLabel.isVisible)
        window.view.timeZoneRow.text = "Tokyo"
        XCTAssertEqual(window.view.errorLabel.text, "Type the time zone as +09:00 or -05:30, or leave it empty.")
        window.view.timeZoneRow.text = "+9"
        XCTAssertTrue(window.view.applyButton.isSensitive)
        XCTAssertEqual(window.view.firstRow.subtitle, "1 January 2024, 08:00 → 1 January 2024, 09:00 (UTC+09:00)")

        window.apply()
        XCTAssertEqual(window.view.errorLabel.text, "The dates could not be changed: \(reason)")
        XCTAssertTrue(DateTimeController.shown === window, "the window stays open")
        XCTAssertEqual(store.photo(photos[0].id)?.taken, "2024-01-01T08:00:00", "nothing changed")
    }

    func testThePlaceWindowAndCommandsSayWhatIsWrongAndChangeNothing() throws {
        let (store, photos) = try readOnlyStore()
        let reason = try XCTUnwrap(store.catalog.notWritableReason)
        let window = try XCTUnwrap(PlaceController.present(photos: photos, store: store, commands: nil, over: Window()))
        defer { window.view.close() }
        XCTAssertEqual(window.view.currentLabel.text, "The photos are in different places.")
        window.view.searchEntry.text = "qqqxz"
        XCTAssertEqual(window.view.errorLabel.text, "No place called “qqqxz” is known. Coordinates work anywhere.")
        XCTAssertFalse(window.view.setButton.isSensitive)
        window.view.searchEntry.text = "60.39, 5.32"
        XCTAssertEqual(window.found.map(\.subtitle), ["Near Bergen, Norway"])
        window.choose(0)
        XCTAssertEqual(window.view.errorLabel.text, "The place could not be set: \(reason)")
        XCTAssertTrue(PlaceController.shown === window, "the window stays open")
        XCTAssertNil(store.photo(photos[0].id)?.latitude, "nothing changed")

        let page = Page()
        var said: [String] = []
        let commands = PhotoCommands(store: store, page: { page }, say: { if let message = $0 { said.append(message.text) } })
        let corrections = CorrectionCommands(store: store, commands: commands, page: { page }, window: { nil })
        page.selectedPhotos = [photos[0]]
        corrections.copyPlace()
        corrections.removePlace()
        page.selectedPhotos = [photos[1]]
        corrections.removePlace()
        corrections.copyPlace()
        XCTAssertEqual(
            said,
            [
                "“IMG_1000.jpg” has no place to copy", "No selected photo has a place", "The place could not be changed: \(reason)",
                "Place copied: Paris, France",
            ])
        XCTAssertNotNil(store.photo(photos[1].id)?.latitude, "the place is still there")
    }
}
