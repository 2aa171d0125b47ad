import Foundation
import Gtk
import GtkTestSupport
import LightboxKit
import XCTest

@testable import Lightbox

/// The keyword editor and the Keywords page in the real window: one undo per edit (Ctrl+Z,
/// the toast's Undo), Ctrl+K and Ctrl+3's actions.
final class KeywordsWindowTests: GtkTestCase {
    @MainActor
    private func makeWindow() throws -> (MainWindowController, Window, ActionGroup, PhotosController) {
        let folder = try KeywordFixtures.folder(self)
        let (root, window, actions) = MainWindowControllerTests.makeWindow(folder, self)
        return (root, window, actions, root.pages.pages[0].controller as! PhotosController)
    }

    func testCtrlZTakesBackAKeywordAddedOrRemovedAndAToastSaysARemoval() throws {
        let (root, window, actions, photos) = try makeWindow()
        defer { window.destroy() }
        let store = root.store
        let id = store.allPhotos.first { $0.name == "IMG_1000.jpg" }!.id
        photos.reveal(id)
        actions.action(named: "edit-keywords")?.activate()
        let editor = photos.details.keywordsEditor
        let view = editor.view as! KeywordsEditorView
        XCTAssertTrue(view.entry.stateFlags.contains(.focusWithin), "Ctrl+K's action focuses the keyword entry")

        view.entry.text = "coast"
        view.entry.emitActivate()
        XCTAssertEqual(store.photo(id)?.keywords, ["harbour", "Places|Norway|Bergen", "coast"])
        XCTAssertNil(root.windowView.toastTitle, "adding says nothing: the chip shows it")
        actions.action(named: "undo")?.activate()
        XCTAssertEqual(store.photo(id)?.keywords, ["harbour", "Places|Norway|Bergen"], "Ctrl+Z took it back")

        view.chipViews[1].removeButton.click()
        XCTAssertEqual(root.windowView.toastTitle, "Keyword “Places › Norway › Bergen” removed")
        XCTAssertTrue(root.windowView.toastOffersUndo)
        let undo = root.windowView.toastButton
        XCTAssertNotNil(undo, "the toast on screen shows Undo")
        undo?.click()
        XCTAssertEqual(store.photo(id)?.keywords, ["harbour", "Places|Norway|Bergen"], "Undo put it back")
        XCTAssertNil(root.windowView.toastTitle)
    }

    func testCtrl3ShowsTheKeywordsPage() throws {
        let (root, window, actions, _) = try makeWindow()
        defer { window.destroy() }
        actions.action(named: "page")?.activate(Variant("keywords"))
        XCTAssertEqual(root.pages.current?.kind, .keywords)
        XCTAssertEqual(root.pages.current?.title, "Keywords")
        let page = try XCTUnwrap(root.pages.current?.controller as? KeywordsController)
        pump(until: { page.source.items.count == 2 }, "the keywords")
        XCTAssertEqual(page.source.items.map(\.keyword), ["harbour", "Places|Norway|Bergen"])
    }
}
