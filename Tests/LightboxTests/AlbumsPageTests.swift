import Foundation
import Gtk
import GtkTestSupport
import LightboxKit
import XCTest

@testable import Lightbox

/// The Albums page in a window: albums then saved searches, renamed with F2, deleted with
/// Delete (undoable), photos dropped on an album, and what it says when the catalog refuses.
final class AlbumsPageTests: GtkTestCase {
    @MainActor
    private final class Said {
        var messages: [CommandMessage] = []
    }

    @MainActor
    private func page(_ store: CatalogStore) -> (AlbumsController, PhotoCommands, Said, Window) {
        let page = AlbumsController(store: store)
        let said = Said()
        let commands = PhotoCommands(
            store: store, page: { [weak page] in page }, say: { if let message = $0 { said.messages.append(message) } })
        page.commands = commands
        let (window, _) = MonthsFixtures.window(showing: page)
        return (page, commands, said, window)
    }

    @MainActor
    private func cards(_ page: AlbumsController) -> [String] {
        page.source.items.map { "\($0.name): \($0.countText)" }
    }

    func testAlbumsByNameThenSavedSearchesWithWhatTheyFind() throws {
        let store = MonthsFixtures.store(self)
        let photos = store.photos
        try store.createAlbum(named: "Norway 2024", with: photos.prefix(3).map(\.id))
        try store.createAlbum(named: "for grandma")
        try store.saveSearch(named: "Five stars", query: "stars:5")
        let (page, _, _, window) = page(store)
        XCTAssertEqual(photos.filter { $0.rating == 5 && !$0.isRejected }.count, 1, "the samples' five-star photo")
        pump(until: { self.cards(page).last == "Five stars: 1 photo" }, "the count shown")
        XCTAssertEqual(cards(page), ["for grandma: No photos", "Norway 2024: 3 photos", "Five stars: 1 photo"])
        XCTAssertEqual(
            page.source.items[1].cover?.id, photos.prefix(3).max { ($0.taken ?? "") < ($1.taken ?? "") }?.id,
            "the newest photo stands for it")
        _ = screenshot(window, name: "albums-page")

        let unrated = try XCTUnwrap(photos.first { $0.rating == 0 && !$0.isRejected })
        try store.setRating(5, for: unrated.id)
        pump(until: { self.cards(page).last == "Five stars: 2 photos" }, "counted again after a rating")
    }

    func testF2RenamesDeleteDeletesAndUndoBringsTheAlbumBack() throws {
        let store = MonthsFixtures.store(self)
        let total = store.allPhotos.count
        let edit = try store.createAlbum(named: "Norway", with: store.photos.prefix(2).map(\.id))
        let (page, commands, said, _) = page(store)
        page.reveal(edit.album)
        page.editTitle()
        let popover = try XCTUnwrap(page.namePopover)
        XCTAssertEqual(popover.entry.text, "Norway")
        popover.entry.text = "  "
        popover.entry.emitActivate()
        XCTAssertEqual(popover.errorText, "an album needs a name", "said in the popover, which stays")
        popover.entry.text = "Norge"
        popover.entry.emitActivate()
        XCTAssertEqual(store.albums.map(\.name), ["Norge"])

        XCTAssertTrue(page.view.activateAction("albums-page.delete"))
        XCTAssertTrue(store.albums.isEmpty)
        XCTAssertEqual(said.messages.last, CommandMessage("Album “Norge” deleted", isUndoable: true))
        XCTAssertEqual(store.allPhotos.count, total, "its photos stay")
        commands.undo()
        XCTAssertEqual(cards(page), ["Norge: 2 photos"], "undo brings it back with its photos")
        commands.undo()
        XCTAssertEqual(cards(page), ["Norway: 2 photos"], "and its name")
    }

    func testPhotosDroppedOnAnAlbumGoInItOnce() throws {
        let store = MonthsFixtures.store(self)
        let photos = store.photos
        let edit = try store.createAlbum(named: "Norway", with: [photos[0].id])
        try store.saveSearch(named: "Canon", query: "camera:canon")
        let (page, commands, said, _) = page(store)
        let album = try XCTUnwrap(page.source.items.first { $0.album?.id == edit.album })
        XCTAssertTrue(page.drop([photos[0].id, photos[1].id, "/elsewhere/IMG_9.jpg"], on: album))
        XCTAssertEqual(store.album(edit.album)?.count, 2)
        XCTAssertEqual(said.messages.last, CommandMessage("1 photo added to “Norway”", isUndoable: true))
        XCTAssertFalse(page.drop(["/elsewhere/IMG_9.jpg"], on: album))
        XCTAssertEqual(said.messages.last?.text, "Only photos of the library can be put in an album")
        let search = try XCTUnwrap(page.source.items.first { $0.savedSearch != nil })
        XCTAssertFalse(page.drop([photos[2].id], on: search), "a saved search takes no photos")
        commands.undo()
        XCTAssertEqual(store.album(edit.album)?.count, 1)
    }

    func testAnAlbumTheCatalogCannotKeepIsSaidAndNothingChanges() throws {
        // A catalog path under a file: the catalog is kept in memory and refuses edits.
        let store = CatalogStore(catalog: try Catalog(path: LibraryFixtures.samplePaths[0] + "/data/catalog.sqlite"))
        store.open(folder: LibraryFixtures.samples)
        pump(until: { !store.isScanning && store.isUpToDate && !store.allPhotos.isEmpty }, timeout: 20, "scan")
        let commands = PhotoCommands(store: store, page: { nil }, say: { _ in })
        let albums = AlbumCommands(store: store, commands: commands, page: { nil }, host: { nil })
        let reason =
            "\(LibraryFixtures.samplePaths[0])/data can't be written "
            + "(The operation could not be completed. (NSCocoaErrorDomain error 512.))"
        XCTAssertEqual(albums.add([store.photos[0].id], to: .new("Norway")), reason)
        XCTAssertTrue(store.albums.isEmpty)
        XCTAssertFalse(commands.canUndo)
    }
}
