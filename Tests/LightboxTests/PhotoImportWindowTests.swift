import Foundation
import Gtk
import GtkTestSupport
import XCTest

@testable import Lightbox

/// The import window over a card: its photos by day, the one the library has marked and not
/// chosen, what will be copied; Import copies the chosen ones into the library folder and the
/// card is looked at again (everything in the library then).
final class PhotoImportWindowTests: GtkTestCase {
    nonisolated(unsafe) private var card = ""
    nonisolated(unsafe) private var library = ""
    private var store: CatalogStore!

    override func setUpWithError() throws {
        try super.setUpWithError()
        setenv("TZ", "UTC", 1)
        tzset()
        card = LibraryFixtures.temporaryFolder(self, name: "card")
        library = LibraryFixtures.temporaryFolder(self, name: "library")
    }

    @MainActor private func present() throws -> PhotoImportController {
        if store == nil { try makeStore() }
        return PhotoImportController.present(
            sourceNamed: "EOS_DIGITAL", at: card, store: store, settings: nil, over: nil, addToLibrary: { _ in }, finished: { _ in })
    }

    func testTheCardsPhotosByDayTheLibrarysMarkedAndTheNewOnesImported() throws {
        // IMG_1000 (2024-01-01), IMG_1001 (2024-08-12), IMG_1002 (2024-03-23); the library has IMG_1001.
        let files = LibraryFixtures.copySamples(to: card + "/DCIM/100CANON", count: 3)
        try FileManager.default.copyItem(atPath: files[1], toPath: library + "/old.jpg")
        try makeStore()
        store.open(folder: library)
        pump(until: { store.photos.count == 1 && !store.isScanning }, timeout: 20, "the library's scan")
        store.waitUntilSaved()

        let controller = try present()
        defer { controller.view.close() }
        let view = controller.view
        pump(until: { controller.choice.isRead }, timeout: 20, "the card read")
        XCTAssertEqual(view.windowTitle.title, "Import From EOS_DIGITAL")
        // Newest day first.
        XCTAssertEqual(controller.choice.days.map { "\($0.year)-\($0.month)-\($0.day)" }, ["2024-8-12", "2024-3-23", "2024-1-1"])
        XCTAssertEqual(controller.choice.groups.indices.map(controller.choice.isInLibrary), [true, false, false])
        XCTAssertEqual(controller.choice.groups.indices.map(controller.choice.isChosen), [false, true, true])
        XCTAssertTrue(view.summaryLabel.text.hasPrefix("2 photos and videos to import ("), view.summaryLabel.text)
        XCTAssertTrue(view.summaryLabel.text.hasSuffix(") · 1 in the library already"), view.summaryLabel.text)
        XCTAssertEqual(view.exampleRow.subtitle, "2024/2024-03-23/IMG_1002.jpg")
        pump(until: { self.cells(of: controller).count == 3 }, "the cells")
        let cells = cells(of: controller)
        XCTAssertEqual(cells.map(\.isActive), [false, true, true])
        // The one the library has stays off, and keeps the keyboard.
        cells[0].isActive = true
        XCTAssertEqual(cells.map(\.isActive), [false, true, true])
        XCTAssertTrue(cells[0].isFocusable)
        pump(until: { cells.allSatisfy(\.thumbnail.isLoaded) }, timeout: 20, "the thumbnails")
        _ = screenshot(view, name: "import-window")
        // Every cell as wide as its thumbnail, whatever the picture's shape.
        XCTAssertEqual(cells.map(\.thumbnail.width), [128, 128, 128])

        // Turned off by a click: not copied.
        cells[2].isActive = false
        XCTAssertTrue(view.summaryLabel.text.hasPrefix("1 photo or video to import ("), view.summaryLabel.text)
        view.importButton.emitClicked()
        pump(until: { controller.report != nil }, timeout: 30, "the import")
        XCTAssertEqual(
            controller.report?.copied.map { ($0.path ?? "").replacingOccurrences(of: library, with: "") }, ["/2024/2024-03-23/IMG_1002.jpg"]
        )
        XCTAssertEqual(view.doneLabel.text, "Imported 1 file")
        // The library lists it (the folder watch finds its row up to date: the import lists it).
        pump(until: { store.photos.count == 2 }, timeout: 10, "the imported photo listed")
        XCTAssertEqual(store.photos.map(\.name).sorted(), ["IMG_1002.jpg", "old.jpg"])
        // Looked at again: what was imported is in the library now.
        pump(until: { controller.choice.isRead && controller.choice.isInLibrary(1) }, timeout: 20, "the card read again")
        XCTAssertEqual(controller.choice.groups.indices.map(controller.choice.isInLibrary), [true, true, false])
    }

    /// Keywords and an album typed beside the photos go to every one imported: the album the
    /// library has by that name (the case aside), a keyword typed twice once.
    func testKeywordsAndAnAlbumGoToEveryPhotoImported() throws {
        LibraryFixtures.copySamples(to: card + "/DCIM/100CANON", count: 2)
        try makeStore()
        store.open(folder: library)
        pump(until: { !store.isScanning }, timeout: 20, "the library's scan")
        let norway = try store.createAlbum(named: "Norway")
        XCTAssertEqual(ImportExtras(keywords: " Bergen, fjord ,,bergen ", album: "  ").keywords, ["Bergen", "fjord"])
        XCTAssertNil(ImportExtras(keywords: "", album: "  ").album)

        let controller = try present()
        defer { controller.view.close() }
        pump(until: { controller.choice.isRead }, timeout: 20, "the card read")
        controller.view.keywordsRow.text = "Bergen, fjord ,bergen"
        controller.view.albumRow.text = "norway"
        controller.view.importButton.emitClicked()
        pump(until: { controller.report != nil }, timeout: 30, "the import")
        XCTAssertEqual(controller.report?.copied.count, 2)
        XCTAssertFalse(controller.view.failuresLabel.isVisible, controller.view.failuresLabel.text)
        pump(until: { store.photos.count == 2 }, timeout: 10, "the imported photos listed")
        for photo in store.photos {
            XCTAssertEqual(photo.keywords.filter { ["Bergen", "fjord"].contains($0) }, ["Bergen", "fjord"], photo.name)
        }
        XCTAssertEqual(store.albums.map(\.name), ["Norway"], "the library's album, not a new one")
        XCTAssertEqual(Set(try store.photos(inAlbum: norway.album)), Set(store.photos.map(\.id)))
    }

    func testACardWithoutPhotosSaysSo() throws {
        try FileManager.default.createDirectory(atPath: card + "/DCIM", withIntermediateDirectories: true)
        let controller = try present()
        defer { controller.view.close() }
        pump(until: { controller.view.status.isVisible }, timeout: 10, "the empty page")
        XCTAssertEqual(controller.view.status.title, "No Photos or Videos")
        XCTAssertFalse(controller.view.importButton.isSensitive)
    }

    func testAMissingSourceSaysWhy() throws {
        card += "/gone"
        let controller = try present()
        defer { controller.view.close() }
        pump(until: { controller.view.status.isVisible }, timeout: 10, "the failure")
        XCTAssertEqual(controller.view.status.title, "The Source Can’t Be Read")
        XCTAssertEqual(controller.view.status.description, "cannot read folder \(card): No such file or directory")
    }

    @MainActor private func makeStore() throws {
        store = CatalogStore(
            catalog: try Catalog(path: LibraryFixtures.temporaryFolder(self, name: "catalog") + "/catalog.sqlite"),
            images: ImageSource(cache: ThumbnailCache(directory: LibraryFixtures.temporaryFolder(self, name: "thumbs"))))
    }

    private func cells(of controller: PhotoImportController) -> [ImportCell] {
        (0..<controller.grid.source.count).compactMap { controller.grid.source.boundRow(at: $0) as? ImportCellsRow }
            .flatMap { $0.cells.filter(\.isVisible) }
    }
}
