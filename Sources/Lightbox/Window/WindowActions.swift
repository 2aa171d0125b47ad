import Gtk
import LightboxKit

/// The window's actions (`win.`), which the header, the menus and every key of
/// `KeyboardShortcuts` activate, and whether each is enabled for the page in front: an
/// action a page can't take is disabled, so its keys go on to whatever else uses them.
@MainActor
final class WindowActions {
    private unowned let window: MainWindowController
    private var store: CatalogStore { window.store }
    private var view: MainWindowView { window.windowView }
    /// The actions whose enabling follows the page in front.
    private var zoom: Action?
    private var photoMenu: Action?
    private var viewMode: Action?

    init(window: MainWindowController) {
        self.window = window
    }

    /// Adds every action to `actions` (the application window, or a test's group inserted as
    /// `win`); dialogs open over `parent`.
    func install<Actions: Object & ActionMap>(in actions: Actions, parent: Window) {
        let window = self.window
        actions.addAction("open-folder", owner: self) { [unowned window, unowned parent] in
            FolderChooser.choose(title: tr("Open Folder"), parent: parent) { [weak window] folder in
                if let folder { window?.addToLibrary(folder) }
            }
        }
        actions.addAction("rescan", owner: self) { [unowned window] in window.store.rescan() }
        // The browsed folders' bar's button.
        actions.addAction("add-browsed-folders", owner: self) { [unowned window] in window.addBrowsedFoldersToLibrary() }
        actions.addAction("search", owner: self) { [unowned window] in window.search.begin() }
        actions.add(window.search.saveAction)
        window.commands.install(in: actions)
        window.handoffs.install(in: actions)
        window.exports.install(in: actions)
        window.imports.install(in: actions)
        window.albumCommands.install(in: actions)
        window.rotateCommands.install(in: actions)
        window.correctionCommands.install(in: actions)
        actions.addAction("edit-title", owner: self) { [unowned window] in
            (window.currentPage as? TitleEditing)?.editTitle()
        }
        actions.addAction("edit-keywords", owner: self) { [unowned window] in
            (window.currentPage as? KeywordEditing)?.editKeywords()
        }
        actions.addAction("toggle-details", owner: self) { [unowned window] in window.photosPage?.toggleDetails() }
        actions.addAction("properties", owner: self) { [unowned window] in
            (window.currentPage as? PhotosController)?.showProperties()
        }
        actions.addAction("import-library", owner: self) { [unowned window, unowned parent] in
            window.otherLibraryOffer.answered()
            ImportController.present(store: window.store, commands: window.commands, over: parent)
        }
        actions.addAction("show-help-overlay", owner: self) { [unowned parent] in
            KeyboardShortcutsWindow.make(over: parent).present()
        }
        actions.addAction("preferences", owner: self) { [unowned window, unowned parent] in
            let writeBack = (parent as? ApplicationWindow)?.action(named: "save-metadata-in-files")
            PreferencesController.present(store: window.store, over: parent, writeBack: writeBack)
        }
        let page = Action(name: "page", parameterType: "s")
        page.onActivate(owner: self) { [unowned window] parameter in
            if let name = parameter?.string, let kind = PersistedState.Page(rawValue: name) { window.show(kind) }
        }
        actions.add(page)
        installPageActions(in: actions)
        installFilterActions(in: actions)
        installSortActions(in: actions)
        refresh()
    }

    /// Enables the actions the page in front can take.
    func refresh() {
        let current = window.currentPage
        zoom?.isEnabled = (current as? Zooming)?.canZoom == true
        photoMenu?.isEnabled = current is PhotoMenuOpening
        // The list's mode, switched on the Photos page (and under a page pushed over it).
        viewMode?.isEnabled = window.pages.current?.kind == .photos
    }

    // MARK: Pages

    /// `win.zoom` ("in", "out" or "reset": the page in front's `Zooming`), `win.photo-menu`
    /// (its `PhotoMenuOpening`), and `win.view-mode` ("list" or "grid", the mode shown as its
    /// state: Alt+1, Alt+2 and the header's toggle, there while the Photos page shows).
    private func installPageActions<Actions: Object & ActionMap>(in actions: Actions) {
        let window = self.window
        let zoom = Action(name: "zoom", parameterType: "s")
        zoom.onActivate(owner: self) { [unowned window] parameter in
            guard let step = parameter?.string.flatMap(ZoomStep.init(rawValue:)) else { return }
            (window.currentPage as? Zooming)?.zoom(step)
        }
        actions.add(zoom)
        self.zoom = zoom
        photoMenu = actions.addAction("photo-menu", owner: self) { [unowned window] in
            (window.currentPage as? PhotoMenuOpening)?.openPhotoMenu()
        }
        guard let photos = window.photosPage else { return }
        let mode = Action(name: "view-mode", parameterType: "s", state: Variant(photos.photoList.viewMode.rawValue))
        mode.onActivate(owner: self) { [unowned self, unowned photos, unowned mode] parameter in
            guard let name = parameter?.string, let viewMode = PersistedState.PhotosView(rawValue: name) else { return }
            photos.photoList.viewMode = viewMode
            mode.state = Variant(name)
            self.refresh()
        }
        actions.add(mode)
        viewMode = mode
        let toggle = ViewModeToggle()
        window.pages.headerItems.end.append(toggle)
        toggle.isVisible = window.pages.current?.kind == .photos
        window.pages.pageChanged = { [weak self, weak toggle] kind in
            toggle?.isVisible = kind == .photos
            self?.refresh()
        }
    }

    // MARK: Filters

    /// `win.show-rejected`, a toggle (no parameter, boolean state: a check item in the primary
    /// menu, Ctrl+J, the list's "Show"/"Hide" button); `win.minimum-rating`, int32 0…5 with the
    /// value as its state (radio items "All Photos", "★ 1 or More"… in the sort menu; "Show All"
    /// buttons); `win.folder-filter`, a string ("" for all folders) with the filter as its
    /// state (the sort menu's folder section, shown when the library has two or more folders).
    private func installFilterActions<Actions: Object & ActionMap>(in actions: Actions) {
        let store = self.store
        let showRejected = Action(name: "show-rejected", parameterType: nil, state: Variant(store.showsRejected))
        showRejected.onActivate(owner: self) { [unowned store, unowned showRejected] _ in
            store.showsRejected.toggle()
            showRejected.state = Variant(store.showsRejected)
        }
        actions.add(showRejected)
        let minimum = Action(name: "minimum-rating", parameterType: "i", state: Variant(Int32(store.minimumRating)))
        minimum.onActivate(owner: self) { [unowned store, unowned minimum] parameter in
            guard let value = parameter?.int32, RateAction.ratings.contains(Int(value)) else { return }
            store.minimumRating = Int(value)
            minimum.state = Variant(value)
        }
        actions.add(minimum)
        let filter = Action(name: "folder-filter", parameterType: "s", state: Variant(store.folderFilter ?? ""))
        filter.onActivate(owner: self) { [unowned self, unowned filter] parameter in
            guard let folder = parameter?.string else { return }
            self.store.folderFilter = folder.isEmpty ? nil : folder
            self.showFolderFilter(in: filter)
        }
        actions.add(filter)
        store.observeFolders(owner: self) { [unowned self, unowned filter] _ in self.showFolderFilter(in: filter) }
        showFolderFilter(in: filter)
    }

    /// The folder section of the sort menu, the filter action's state and the title, as
    /// the store has them now.
    private func showFolderFilter(in action: Action) {
        view.showFolders(window.folders.folderChoices)
        action.state = Variant(store.folderFilter ?? "")
        window.showFolderInTitle()
    }

    // MARK: Sort and write-back

    /// `win.sort-key` (a string, the key as its state), `win.sort-ascending` (a boolean) and
    /// `win.write-pending` (enabled while changes wait to be written to the files).
    private func installSortActions<Actions: Object & ActionMap>(in actions: Actions) {
        let store = self.store
        let sortKey = Action(name: "sort-key", parameterType: "s", state: Variant(sortKeyName))
        sortKey.onActivate(owner: self) { [unowned store, unowned sortKey] parameter in
            guard let name = parameter?.string, let key = PersistedState.SortKey(rawValue: name) else { return }
            store.sortOrder = PhotoSort(key)
            sortKey.state = Variant(name)
        }
        actions.add(sortKey)
        let ascending = Action(name: "sort-ascending", parameterType: "b", state: Variant(store.sortAscending))
        ascending.onActivate(owner: self) { [unowned self, unowned ascending] parameter in
            guard let value = parameter?.bool else { return }
            self.store.sortAscending = value
            ascending.state = Variant(value)
            self.view.sortButton.iconName = value ? "view-sort-ascending-symbolic" : "view-sort-descending-symbolic"
        }
        actions.add(ascending)

        let writePending = Action(name: "write-pending")
        writePending.onActivate(owner: self) { [unowned store] _ in store.writePendingChangesNow() }
        writePending.isEnabled = store.pendingWriteCount > 0
        actions.add(writePending)
        view.showPendingWrites(store.pendingWriteCount)
        store.observePendingWrites(owner: self) { [unowned self, unowned writePending] count in
            writePending.isEnabled = count > 0
            self.view.showPendingWrites(count)
        }
    }

    var sortKeyName: String {
        PersistedState.SortKey.allCases.first { PhotoSort($0) == store.sortOrder }?.rawValue ?? "date-taken"
    }
}

extension PhotoSort {
    init(_ key: PersistedState.SortKey) {
        switch key {
        case .dateTaken: self = .dateTaken
        case .name: self = .name
        case .rating: self = .rating
        case .camera: self = .camera
        }
    }
}
