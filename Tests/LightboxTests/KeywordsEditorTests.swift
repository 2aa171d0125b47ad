import Foundation
import Gtk
import GtkTestSupport
import LightboxKit
import XCTest

@testable import Lightbox

/// A folder of three sample copies with keywords written by the `exiv2` CLI, as another app
/// would: IMG_1000.jpg "harbour" and "Places|Norway|Bergen" (Lightroom's hierarchy),
/// IMG_1001.jpg "harbour", IMG_1002.jpg none.
enum KeywordFixtures {
    static func folder(_ test: XCTestCase) throws -> String {
        let folder = LibraryFixtures.temporaryFolder(test, name: "keywords")
        let paths = LibraryFixtures.copySamples(to: folder, count: 3)
        let writes: [(String, [String])] = [
            (
                paths[0],
                [
                    "set Xmp.dc.subject XmpBag harbour", "set Xmp.dc.subject XmpBag Bergen",
                    "set Xmp.lr.hierarchicalSubject XmpBag Places|Norway|Bergen",
                ]
            ),
            (paths[1], ["set Xmp.dc.subject XmpBag harbour"]),
        ]
        for (path, commands) in writes {
            let result = try LibraryFixtures.run("/usr/bin/exiv2", commands.flatMap { ["-M", $0] } + [path])
            XCTAssertEqual(result.status, 0, "exiv2: \(result.stderr)")
        }
        return folder
    }
}

final class KeywordsEditorTests: GtkTestCase {
    @MainActor
    private func page(_ test: XCTestCase) throws -> PhotosPageFixture {
        PhotosPageFixture(test, folder: try KeywordFixtures.folder(test))
    }

    @MainActor
    private func photo(_ name: String, in store: CatalogStore) -> Photo {
        store.allPhotos.first { $0.name == name }!
    }

    @MainActor
    private func chips(_ editor: KeywordsEditorController) -> [String] {
        (editor.view as! KeywordsEditorView).chipViews.map { chip in
            chip.shareLabel.isVisible ? "\(chip.nameLabel.text) (\(chip.shareLabel.text))" : chip.nameLabel.text
        }
    }

    func testEnterAddsTheTypedKeywordToThePhotoAndTheCatalog() throws {
        let fixture = try page(self)
        fixture.select(photo("IMG_1002.jpg", in: fixture.store))
        let editor = fixture.page.details.keywordsEditor
        let view = editor.view as! KeywordsEditorView
        var edits: [MetadataEdit] = []
        editor.onEdit = { edits.append($0) }
        XCTAssertEqual(chips(editor), [])
        XCTAssertEqual(view.entry.placeholderText, "Add keyword…")

        view.entry.text = "fjord"
        view.entry.emitActivate()  // what Enter does
        view.entry.text = "Places › Norway › Ålesund"
        view.entry.emitActivate()

        XCTAssertEqual(chips(editor), ["fjord", "Places › Norway › Ålesund"])
        XCTAssertEqual(view.entry.text, "", "the entry is ready for the next keyword")
        XCTAssertEqual(photo("IMG_1002.jpg", in: fixture.store).keywords, ["fjord", "Places|Norway|Ålesund"])
        XCTAssertEqual(edits.map { $0.after.values.map(\.keywords) }, [[["fjord"]], [["fjord", "Places|Norway|Ålesund"]]])
        XCTAssertFalse(
            fixture.page.details.source.items.contains {
                if case .field(_, let value, _) = $0 { value.contains("fjord") } else { false }
            }, "the keywords show once, in the editor")
        fixture.store.waitUntilSaved()
        let path = photo("IMG_1002.jpg", in: fixture.store).path
        XCTAssertEqual(
            try Catalog(path: fixture.catalogPath).photo(at: path)?.keywords, ["fjord", "Places|Norway|Ålesund"],
            "the catalog has them")
    }

    func testCompletionOffersTheLibrarysKeywordsAndUpDownEnterPicksOne() throws {
        let fixture = try page(self)
        fixture.select(photo("IMG_1002.jpg", in: fixture.store))
        let editor = fixture.page.details.keywordsEditor
        let view = editor.view as! KeywordsEditorView

        view.entry.text = "HAR"
        XCTAssertEqual(view.suggestionViews.map { "\($0.nameLabel.text) · \($0.countLabel.text)" }, ["harbour · 2 photos"])
        view.entry.text = "nor"
        XCTAssertEqual(view.suggestionViews.map(\.nameLabel.text), ["Places › Norway › Bergen"], "a level matches too")
        XCTAssertTrue(view.suggestions.isVisible)

        XCTAssertTrue(view.entry.sendKeyPress(Key(name: "Down")!, modifiers: []))
        XCTAssertEqual(view.suggestionViews.map(\.isHighlighted), [true])
        view.entry.emitActivate()
        XCTAssertEqual(
            photo("IMG_1002.jpg", in: fixture.store).keywords, ["Places|Norway|Bergen"],
            "Enter took the picked keyword, not the text typed")
        XCTAssertFalse(view.suggestions.isVisible)

        view.entry.text = "har"
        XCTAssertTrue(view.entry.sendKeyPress(Key(name: "Escape")!, modifiers: []))
        XCTAssertFalse(view.suggestions.isVisible, "Escape closes the suggestions first")
        XCTAssertEqual(view.entry.text, "har", "and keeps the text")
        var left = 0
        editor.onLeave = { left += 1 }
        XCTAssertTrue(view.entry.sendKeyPress(Key(name: "Escape")!, modifiers: []))
        XCTAssertEqual(left, 1, "a second Escape leaves the entry")
    }

    func testTheButtonAndDeleteOnAChipRemoveItsKeyword() throws {
        let fixture = try page(self)
        fixture.select(photo("IMG_1000.jpg", in: fixture.store))
        let editor = fixture.page.details.keywordsEditor
        let view = editor.view as! KeywordsEditorView
        XCTAssertEqual(chips(editor), ["harbour", "Places › Norway › Bergen"])
        XCTAssertEqual(view.chipViews.map(\.removeButton.tooltip), ["Remove keyword", "Remove keyword"])
        XCTAssertEqual(view.chipViews.map(\.share.shownKeyword), ["harbour", "Places › Norway › Bergen"])

        view.chipViews[0].removeButton.click()
        XCTAssertEqual(photo("IMG_1000.jpg", in: fixture.store).keywords, ["Places|Norway|Bergen"])
        XCTAssertEqual(chips(editor), ["Places › Norway › Bergen"])

        pumpUntilPainted(fixture.window)
        XCTAssertTrue(view.chipViews[0].grabFocus())
        XCTAssertTrue(view.chipViews[0].sendKeyPress(Key(name: "Delete")!, modifiers: []))
        XCTAssertEqual(photo("IMG_1000.jpg", in: fixture.store).keywords, [])
        XCTAssertEqual(chips(editor), [])
        XCTAssertTrue(view.entry.stateFlags.contains(.focusWithin), "with no chip left, the entry has the focus")
    }

    func testSeveralPhotosShowTheUnionAndEditAll() throws {
        let fixture = try page(self)
        let store = fixture.store
        let names = ["IMG_1000.jpg", "IMG_1001.jpg", "IMG_1002.jpg"]
        let editor = fixture.page.details.keywordsEditor
        let view = editor.view as! KeywordsEditorView
        var edits: [MetadataEdit] = []
        editor.onEdit = { edits.append($0) }
        // Selected in the list, as a person does: the details pane shows what the page selects
        // (a selection made behind its back is replaced by the page's own on a loaded machine).
        let source = fixture.list.source
        for (offset, name) in names.enumerated() {
            let position = try XCTUnwrap(source.items.firstIndex { $0.name == name })
            source.select(at: position, extending: offset > 0)
        }
        pump(until: { fixture.page.details.photos.count == 3 }, "the details pane to show the three")
        XCTAssertEqual(Set(editor.photos.map(\.name)), Set(names))
        XCTAssertEqual(chips(editor), ["harbour (on 2 of 3)", "Places › Norway › Bergen (on 1 of 3)"])

        view.entry.text = "coast"
        view.entry.emitActivate()
        XCTAssertEqual(
            names.map { photo($0, in: store).keywords },
            [["harbour", "Places|Norway|Bergen", "coast"], ["harbour", "coast"], ["coast"]])
        XCTAssertEqual(chips(editor), ["harbour (on 2 of 3)", "coast", "Places › Norway › Bergen (on 1 of 3)"])
        XCTAssertEqual(edits.last?.ids.count, 3, "one edit for the three photos")

        view.chipViews[0].removeButton.click()
        XCTAssertEqual(names.map { photo($0, in: store).keywords }, [["Places|Norway|Bergen", "coast"], ["coast"], ["coast"]])
        XCTAssertEqual(chips(editor), ["coast", "Places › Norway › Bergen (on 1 of 3)"])
        XCTAssertEqual(edits.last?.ids.count, 2, "the photo without it is not part of the edit")

        try store.undo(try XCTUnwrap(edits.last))
        XCTAssertEqual(
            chips(editor), ["harbour (on 2 of 3)", "coast", "Places › Norway › Bergen (on 1 of 3)"],
            "the editor follows the Store (an undo)")
    }

    func testAKeywordTheCatalogCannotSaveIsSaidInlineAndTheTextStays() throws {
        let folder = try KeywordFixtures.folder(self)
        // A catalog path under a file: the catalog is kept in memory and refuses edits.
        let catalog = try Catalog(path: LibraryFixtures.samplePaths[0] + "/data/catalog.sqlite")
        let store = CatalogStore(catalog: catalog)
        store.open(folder: folder)
        pump(until: { !store.isScanning && store.allPhotos.count == 3 }, timeout: 20, "scan")
        let editor = KeywordsEditorController(store: store)
        let window = Window()
        editor.becomeRoot(of: window)
        show(window)
        let view = editor.view as! KeywordsEditorView
        var edits = 0
        editor.onEdit = { _ in edits += 1 }
        editor.show([photo("IMG_1001.jpg", in: store)])

        view.entry.text = "Bergen"
        view.entry.emitActivate()

        let reason =
            "\(LibraryFixtures.samplePaths[0])/data can't be written "
            + "(The operation could not be completed. (NSCocoaErrorDomain error 512.))"
        XCTAssertEqual(view.errorLabel.text, "“Bergen” could not be added: \(reason).")
        XCTAssertTrue(view.errorLabel.isVisible)
        XCTAssertEqual(view.entry.text, "Bergen", "nothing typed is lost")
        XCTAssertEqual(photo("IMG_1001.jpg", in: store).keywords, ["harbour"])
        XCTAssertEqual(edits, 0)
        view.chipViews[0].removeButton.click()
        XCTAssertEqual(view.errorLabel.text, "“harbour” could not be removed: \(reason).")
        XCTAssertEqual(chips(editor), ["harbour"])
        _ = screenshot(window, name: "keywords-editor-error")
    }

    func testTypedHierarchiesAreKeptWithBars() {
        XCTAssertEqual(KeywordText.stored("Places › Norway › Bergen"), "Places|Norway|Bergen")
        XCTAssertEqual(KeywordText.stored(" Places|Norway | Bergen "), "Places|Norway|Bergen")
        XCTAssertEqual(KeywordText.stored("Places ›› Bergen"), "Places|Bergen", "an empty level is dropped")
        XCTAssertNil(KeywordText.stored("  › | "))
        XCTAssertEqual(KeywordText.shown("Places|Norway|Bergen"), "Places › Norway › Bergen")
    }

    func testTheDetailsPaneWithItsKeywordEditor() throws {
        guard PinnedLocale.isInEffect(for: self) else { return }
        let fixture = try page(self)
        fixture.select(photo("IMG_1001.jpg", in: fixture.store))
        let details = fixture.page.details
        let view = details.keywordsEditor.view as! KeywordsEditorView
        view.entry.text = "sunset"
        view.entry.emitActivate()
        view.entry.text = "Places|Norway|Ålesund"
        view.entry.emitActivate()
        view.entry.text = "ber"  // the library's "Places › Norway › Bergen" under the entry
        XCTAssertTrue(view.entry.sendKeyPress(Key(name: "Down")!, modifiers: []))
        fixture.page.editKeywords()
        XCTAssertTrue(view.entry.stateFlags.contains(.focusWithin), "Ctrl+K's page command focuses the entry")
        pump(
            until: { (details.source.boundRow(at: 0) as? PreviewRow)?.thumbnail.isLoaded == true },
            timeout: 10, "preview to load")
        pumpUntilPainted(fixture.window)
        let path = screenshot(fixture.window, name: "keywords-details")
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))
    }
}
