import Adw
import Foundation
import Gtk
import GtkTestSupport
import LightboxKit
import XCTest

@testable import Lightbox

/// The title and caption rows of the details pane: what they show for one photo and for
/// several, Enter and leaving the row save, Escape puts back, a refusal is said inline.
final class TitleEditorTests: GtkTestCase {
    @MainActor
    private func rows(_ editor: TitleEditorController) -> TitleEditorView { editor.view as! TitleEditorView }

    func testARowShowsThePhotosTitleAndEnterSavesWhatIsTyped() throws {
        let fixture = PhotosPageFixture(self)
        let photo = fixture.store.photos.first { $0.error == nil }!
        try fixture.store.edit([photo.id]) { $0.set(title: "Lofoten") }
        fixture.select(fixture.store.photo(photo.id)!)
        let editor = fixture.page.details.titleEditor
        var edits: [MetadataEdit] = []
        editor.onEdit = { edits.append($0) }
        let view = rows(editor)
        XCTAssertEqual(view.titleRow.text, "Lofoten")
        XCTAssertEqual(view.titleRow.title, "Title")
        XCTAssertEqual(view.captionRow.text, "")
        XCTAssertEqual(view.captionRow.title, "Caption")

        view.captionRow.text = "  Reine from the bridge.  "
        view.captionRow.activateText()
        XCTAssertEqual(fixture.store.photo(photo.id)?.caption, "Reine from the bridge.")
        XCTAssertEqual(view.captionRow.text, "Reine from the bridge.", "the row shows what was saved")
        XCTAssertEqual(edits.count, 1)
        view.captionRow.activateText()
        XCTAssertEqual(edits.count, 1, "Enter again saves nothing new")

        view.titleRow.text = ""
        view.titleRow.activateText()
        XCTAssertNil(fixture.store.photo(photo.id)?.title, "an emptied title is none")
        try fixture.store.undo(try XCTUnwrap(edits.last))
        XCTAssertEqual(view.titleRow.text, "Lofoten", "the row follows the Store (an undo)")
    }

    func testLeavingTheRowSavesAndEscapePutsBack() throws {
        let fixture = PhotosPageFixture(self)
        let photo = fixture.store.photos.first { $0.error == nil }!
        fixture.select(photo)
        let view = rows(fixture.page.details.titleEditor)
        show(fixture.window)
        fixture.page.editTitle()
        pump(until: { view.titleRow.stateFlags.contains(.focusWithin) }, timeout: 3, "F2 focuses the title")
        view.titleRow.text = "Harbour"
        _ = view.captionRow.grabFocus()
        XCTAssertEqual(fixture.store.photo(photo.id)?.title, "Harbour", "Tab (the focus leaving) saved it")

        view.captionRow.text = "Not this"
        XCTAssertTrue(view.captionRow.activateAction("text-row.revert"))
        XCTAssertEqual(view.captionRow.text, "")
        XCTAssertTrue(fixture.page.photoList.view.stateFlags.contains(.focusWithin), "Escape gives the keyboard back to the list")
        XCTAssertNil(fixture.store.photo(photo.id)?.caption, "what Escape put back was never saved")
    }

    func testSeveralPhotosWithDifferentTitlesShareWhatIsTyped() throws {
        let fixture = PhotosPageFixture(self)
        let photos = Array(fixture.store.photos.filter { $0.error == nil }.prefix(3))
        try fixture.store.edit([photos[0].id]) { $0.set(title: "Bergen") }
        let editor = fixture.page.details.titleEditor
        var edits: [MetadataEdit] = []
        editor.onEdit = { edits.append($0) }
        editor.show(photos.map { fixture.store.photo($0.id)! })
        let view = rows(editor)
        XCTAssertEqual(view.titleRow.title, "Title (mixed)")
        XCTAssertEqual(view.titleRow.text, "")
        XCTAssertEqual(view.captionRow.title, "Caption", "none has a caption: they agree")
        view.titleRow.activateText()
        XCTAssertEqual(edits.count, 0, "an untouched mixed row changes none")

        view.titleRow.text = "Norway 2024"
        view.titleRow.activateText()
        XCTAssertEqual(photos.map { fixture.store.photo($0.id)?.title }, ["Norway 2024", "Norway 2024", "Norway 2024"])
        XCTAssertEqual(edits.last?.ids.count, 3)
        XCTAssertEqual(view.titleRow.title, "Title")
        try fixture.store.undo(try XCTUnwrap(edits.last))
        XCTAssertEqual(photos.map { fixture.store.photo($0.id)?.title }, ["Bergen", nil, nil], "one undo")
    }

    func testATitleTheCatalogCannotSaveIsSaidInlineAndTheTextStays() throws {
        // A catalog path under a file: the catalog is kept in memory and refuses edits.
        let catalog = try Catalog(path: LibraryFixtures.samplePaths[0] + "/data/catalog.sqlite")
        let store = CatalogStore(catalog: catalog)
        store.open(folder: LibraryFixtures.samples)
        pump(until: { !store.isScanning && !store.allPhotos.isEmpty }, timeout: 20, "scan")
        let editor = TitleEditorController(store: store)
        let window = Window()
        editor.becomeRoot(of: window)
        show(window)
        let photo = store.allPhotos.first { $0.error == nil }!
        editor.show([photo])
        let view = rows(editor)
        view.titleRow.text = "Harbour"
        view.titleRow.activateText()
        let reason =
            "\(LibraryFixtures.samplePaths[0])/data can't be written "
            + "(The operation could not be completed. (NSCocoaErrorDomain error 512.))"
        XCTAssertEqual(view.errorLabel.text, "The title could not be saved: \(reason).")
        XCTAssertTrue(view.errorLabel.isVisible)
        XCTAssertEqual(view.titleRow.text, "Harbour", "nothing typed is lost")
        XCTAssertNil(store.photo(photo.id)?.title)
        _ = screenshot(window, name: "title-editor-error")
    }
}
