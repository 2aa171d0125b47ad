import Foundation
import Gtk
import GtkTestSupport
import LightboxKit
import XCTest

@testable import Lightbox

/// Every key in one table (`KeyboardShortcuts`), each bound to one action that the window or
/// the page the key is read on has; the accelerators the application registers, the shortcut
/// controllers the window and its pages hold, and the shortcuts window all come from it.
final class KeyboardShortcutsTests: GtkTestCase {
    /// The window's actions, and the actions of each widget a page's keys are read on.
    @MainActor
    private struct Actions {
        let root: MainWindowController
        let window: Window
        /// By prefix: `win`, `photo`, `albums`, `keyword-entry`, `keyword`, `duplicates-page`.
        let groups: [String: ActionGroup]
    }

    @MainActor
    private func makeActions() -> Actions {
        let folder = LibraryFixtures.temporaryFolder(self, name: "Keys")
        LibraryFixtures.copySamples(to: folder, count: 3)
        let (root, window, actions) = MainWindowControllerTests.makeWindow(folder, self)
        addTeardownBlock { @MainActor in window.destroy() }
        let store = root.store
        let photoPage = PhotoPageController(store: store, photos: store.photos, index: 0)
        _ = photoPage.view
        let albums = MonthsController(store: store)
        _ = albums.view
        let editor = KeywordsEditorController(store: store)
        _ = editor.view
        let chip = KeywordChip(KeywordShare(keyword: "harbour", count: 1, total: 1))
        let titleEditor = TitleEditorController(store: store)
        _ = titleEditor.view
        let albumsPage = AlbumsController(store: store)
        _ = albumsPage.view
        let duplicatesPage = DuplicatesController(store: store)
        _ = duplicatesPage.view
        let importGrid = ImportGrid(images: store.images)
        importGrid.attach(to: PhotoImportView(list: importGrid.list))
        return Actions(
            root: root, window: window,
            groups: [
                "win": actions, "photo": photoPage.actions, "months": albums.actions,
                "keyword-entry": editor.entryActions, "keyword": chip.actions,
                "text-row": try! XCTUnwrap(titleEditor.rowActions[.caption]),
                "albums-page": albumsPage.actions, "duplicates-page": duplicatesPage.actions,
                "import-page": importGrid.actions,
                "dialog": DateTimeController.dialogActions(owner: albumsPage) {},
            ])
    }

    /// Actions that are not Lightbox's window's or pages': GTK's own `window.close`, and the
    /// application's `app.quit` (made by `LightboxApplication`; Ctrl+Q quitting is an app test).
    private static let actionsOutsideTheWindow: Set = ["window.close", "app.quit"]

    func testEveryEntryIsBoundToOneActionThatTakesEachKeysTarget() throws {
        let actions = makeActions()
        for entry in KeyboardShortcuts.entries {
            XCTAssertFalse(entry.title.isEmpty)
            XCTAssertFalse(entry.keys.isEmpty, "“\(entry.title)” lists its keys")
            guard entry.reach != .widgets else {
                XCTAssertNil(entry.action, "“\(entry.title)” is GTK's own")
                continue
            }
            let action = try XCTUnwrap(entry.action, "“\(entry.title)” has an action")
            for binding in entry.bindings {
                let parsed = try XCTUnwrap(Action.parse(detailedName: binding.action), binding.action)
                XCTAssertEqual(parsed.name, action, "“\(entry.title)”: every key activates the one action")
                XCTAssertNotNil(Accelerator.normalized(binding.key), "“\(binding.key)” is a key GTK reads")
                guard !Self.actionsOutsideTheWindow.contains(action) else { continue }
                let dot = try XCTUnwrap(action.firstIndex(of: "."))
                let group = try XCTUnwrap(actions.groups[String(action[..<dot])], "the group of \(action)")
                let found = try XCTUnwrap(group.action(named: String(action[action.index(after: dot)...])), "\(action) exists")
                XCTAssertEqual(found.parameterType, parsed.targetType, "\(binding.action) fits \(action)'s parameter")
            }
        }
    }

    func testNoKeyIsBoundTwiceWhereItIsRead() {
        for reach in KeyboardShortcuts.Reach.allCases where reach != .widgets {
            let keys = KeyboardShortcuts.bindings(for: reach).compactMap { Accelerator.normalized($0.key) }
            XCTAssertEqual(keys.count, Set(keys).count, "\(reach): \(keys)")
        }
        let window = Set(KeyboardShortcuts.bindings(for: .window).compactMap { Accelerator.normalized($0.key) })
        let unlessTyping = Set(KeyboardShortcuts.bindings(for: .windowUnlessTyping).compactMap { Accelerator.normalized($0.key) })
        XCTAssertTrue(window.isDisjoint(with: unlessTyping), "a window key is read once")
    }

    func testTheApplicationRegistersTheTablesAcceleratorsAndTheShortcutsWindowListsThem() {
        let application = Application(id: "io.github.lightbox.Lightbox.KeyboardShortcutsTests", handlesOpen: false, nonUnique: true)
        KeyboardShortcuts.register(in: application)
        var registered: Set<String> = []
        for action in application.actionsWithAccelerators {
            for key in application.accelerators(for: action) { registered.insert("\(Accelerator.normalized(key) ?? key) → \(action)") }
        }
        let table = Set(
            KeyboardShortcuts.bindings(for: .window).map { "\(Accelerator.normalized($0.key) ?? $0.key) → \($0.action)" })
        XCTAssertEqual(registered, table, "the application's accelerators are the table's, and no others")

        // The shortcuts window, as GTK built it: every entry with every key it lists.
        let listed = KeyboardShortcutsWindow.make(over: Window()).listedShortcuts
        let entries = KeyboardShortcuts.entries
        XCTAssertEqual(listed.map(\.title), entries.map(\.title), "every entry, in the table's order")
        for (shortcut, entry) in zip(listed, entries) {
            let shown = Set(shortcut.accelerator.split(separator: " ").compactMap { Accelerator.normalized(String($0)) })
            XCTAssertEqual(shown, Set(entry.keys.compactMap(Accelerator.normalized)), "“\(entry.title)” shows its keys")
        }
        // A key registered without being listed is one of the keys that mean the same (the keypad's).
        let listedKeys = Set(entries.flatMap(\.keys).compactMap(Accelerator.normalized))
        for binding in KeyboardShortcuts.Reach.allCases.flatMap(KeyboardShortcuts.bindings(for:)) {
            guard let key = Accelerator.normalized(binding.key), !listedKeys.contains(key) else { continue }
            XCTAssertTrue(
                entries.flatMap(\.keys).contains { KeyboardShortcuts.registeredKeys($0).dropFirst().contains(binding.key) },
                "\(binding.key) means the same as a listed key")
        }
    }

    /// The window's content and each page's widget hold one shortcut controller of the table's
    /// keys for them; no other key controller reads keys in the app (the search's only hands
    /// keys typed before its entry shows to the entry).
    func testTheWindowAndThePagesHoldTheTablesControllers() throws {
        let actions = makeActions()
        func shortcuts(of widget: Widget) -> Set<String> {
            Set(
                widget.observeControllers().objects.compactMap { $0 as? ShortcutController }.flatMap(\.shortcuts)
                    .map { "\(Accelerator.normalized($0.trigger) ?? $0.trigger) → \($0.action)" })
        }
        func table(_ reach: KeyboardShortcuts.Reach) -> Set<String> {
            Set(KeyboardShortcuts.bindings(for: reach).map { "\(Accelerator.normalized($0.key) ?? $0.key) → \($0.action)" })
        }
        XCTAssertEqual(shortcuts(of: actions.root.view), table(.windowUnlessTyping))
        let store = actions.root.store
        actions.root.open(store.photos[0], in: store.photos, from: actions.root.pages.pages[0].controller)
        let page = try XCTUnwrap(actions.root.navigation.topController as? PhotoPageController)
        XCTAssertEqual(shortcuts(of: page.view), table(.photoPage))
        let albums = MonthsController(store: store)
        XCTAssertEqual(shortcuts(of: albums.view), table(.monthsPage))
        let editor = KeywordsEditorController(store: store)
        XCTAssertEqual(shortcuts(of: (editor.view as! KeywordsEditorView).entry), table(.keywordEntry))
        XCTAssertEqual(shortcuts(of: KeywordChip(KeywordShare(keyword: "a", count: 1, total: 1))), table(.keywordChip))
        let duplicates = DuplicatesController(store: store)
        XCTAssertEqual(shortcuts(of: (duplicates.view as! DuplicatesView).list), table(.duplicatesPage))
    }

    func testNoViewOrControllerReadsKeysItself() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/Lightbox").standardized
        let files = try XCTUnwrap(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        XCTAssertGreaterThan(files.count, 50)
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            if ["EventControllerKey(", ".onKey(", "onKeyPressed("].contains(where: text.contains) {
                XCTAssertEqual(file, "Window/WindowSearch.swift", "\(file) reads keys: bind them in KeyboardShortcuts")
            }
            if text.contains("setAccelerators(") {
                XCTAssertEqual(file, "Window/KeyboardShortcuts.swift", "\(file) registers keys: bind them in KeyboardShortcuts")
            }
        }
    }

    /// `win.zoom` acts on the photo page when it is in front, on the grid otherwise, and is
    /// disabled where nothing zooms (its keys go on); `win.photo-menu` on pages with a photo menu.
    func testTheZoomAndThePhotoMenuFollowThePageInFront() throws {
        let actions = makeActions()
        let root = actions.root
        let win = try XCTUnwrap(actions.groups["win"])
        let zoom = try XCTUnwrap(win.action(named: "zoom"))
        let photoMenu = try XCTUnwrap(win.action(named: "photo-menu"))
        let photos = try XCTUnwrap(root.photosPage)
        photos.photoList.viewMode = .list
        win.action(named: "view-mode")?.activate(Variant("list"))
        XCTAssertFalse(zoom.isEnabled, "the list does not zoom")
        XCTAssertTrue(photoMenu.isEnabled)
        win.action(named: "view-mode")?.activate(Variant("grid"))
        XCTAssertTrue(zoom.isEnabled, "the grid zooms its thumbnails")
        zoom.activate(Variant("in"))
        XCTAssertEqual(photos.photoList.gridThumbnailSize, 192)

        let store = root.store
        root.open(store.photos[0], in: store.photos, from: photos)
        let page = try XCTUnwrap(root.navigation.topController as? PhotoPageController)
        pump(until: { page.isShowingPhoto }, "the photo")
        XCTAssertTrue(zoom.isEnabled)
        zoom.activate(Variant("in"))
        XCTAssertNotNil(page.zoom, "the photo page zooms its photo")
        XCTAssertEqual(photos.photoList.gridThumbnailSize, 192, "not the grid under it")
        zoom.activate(Variant("reset"))
        XCTAssertNil(page.zoom)
        root.navigation.pop(animated: false)
        XCTAssertTrue(zoom.isEnabled)
        zoom.activate(Variant("reset"))
        XCTAssertEqual(photos.photoList.gridThumbnailSize, PhotoCell.defaultThumbnailSize)

        win.action(named: "page")?.activate(Variant("keywords"))
        XCTAssertFalse(zoom.isEnabled, "the Keywords page does not zoom")
        XCTAssertFalse(photoMenu.isEnabled, "nor has a photo menu")
        win.action(named: "page")?.activate(Variant("albums"))
        XCTAssertTrue(photoMenu.isEnabled)
        XCTAssertFalse(win.action(named: "view-mode")?.isEnabled ?? true, "Alt+1 and Alt+2 are the Photos page's")
    }
}
