import Gtk
import LightboxKit

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

extension MainWindowController {
    /// The `win.` actions the header, menus and accelerators use, added to `actions`
    /// (the application window); dialogs open over `window`.
    func installActions<Actions: Object & ActionMap>(in actions: Actions, window: Window) {
        actions.addAction("open-folder", owner: self) { [unowned self, unowned window] in
            FolderChooser.choose(title: tr("Open Folder"), parent: window) { [weak self] folder in
                if let folder { self?.addToLibrary(folder) }
            }
        }
        actions.addAction("rescan", owner: self) { [unowned self] in self.store.rescan() }
        // The browsed folders' bar's button.
        actions.addAction("add-browsed-folders", owner: self) { [unowned self] in self.addBrowsedFoldersToLibrary() }
        actions.addAction("search", owner: self) { [unowned self] in self.startSearch() }
        commands.install(in: actions)
        installHandoffs(in: actions, window: window)
        actions.addAction("edit-keywords", owner: self) { [unowned self] in
            (self.currentPage as? KeywordEditing)?.editKeywords()
        }
        installFilterActions(in: actions)
        installViewModeActions(in: actions)
        installFolderFilter(in: actions, window: window)
        actions.addAction("show-help-overlay", owner: self) { [unowned window] in
            KeyboardShortcutsWindow.make(over: window).present()
        }

        let page = Action(name: "page", parameterType: "s")
        page.onActivate(owner: self) { [unowned self] parameter in
            if let name = parameter?.string, let kind = PersistedState.Page(rawValue: name) { self.show(kind) }
        }
        actions.add(page)

        let sortKey = Action(name: "sort-key", parameterType: "s", state: Variant(sortKeyName))
        sortKey.onActivate(owner: self) { [unowned self, unowned sortKey] parameter in
            guard let name = parameter?.string, let key = PersistedState.SortKey(rawValue: name) else { return }
            self.store.sortOrder = PhotoSort(key)
            sortKey.state = Variant(name)
        }
        actions.add(sortKey)
        let ascending = Action(name: "sort-ascending", parameterType: "b", state: Variant(store.sortAscending))
        ascending.onActivate(owner: self) { [unowned self, unowned ascending] parameter in
            guard let value = parameter?.bool else { return }
            self.store.sortAscending = value
            ascending.state = Variant(value)
            self.windowView.sortButton.iconName = value ? "view-sort-ascending-symbolic" : "view-sort-descending-symbolic"
        }
        actions.add(ascending)

        let writePending = Action(name: "write-pending")
        writePending.onActivate(owner: self) { [unowned self] _ in self.store.writePendingChangesNow() }
        writePending.isEnabled = store.pendingWriteCount > 0
        actions.add(writePending)
        windowView.showPendingWrites(store.pendingWriteCount)
        store.observePendingWrites(owner: self) { [unowned self, unowned writePending] count in
            writePending.isEnabled = count > 0
            self.windowView.showPendingWrites(count)
        }
    }

    var sortKeyName: String {
        PersistedState.SortKey.allCases.first { PhotoSort($0) == store.sortOrder }?.rawValue ?? "date-taken"
    }
}
