import Gtk
import LightboxKit

/// The window's search: the header's toggle reveals the bar, what is typed narrows the Store
/// as it is typed, Enter selects the first photo found, Escape (GTK's stop-search) closes the
/// bar and clears it. Search belongs to the top-level pages: a pushed page hides the bar,
/// which comes back with them while a search narrows their photos.
@MainActor
final class WindowSearch {
    private unowned let window: MainWindowController
    private var view: MainWindowView { window.windowView }
    /// `win.save-search` (Ctrl+S, the bar's button): enabled while there is a search to keep.
    let saveAction = Action(name: "save-search")
    private(set) var namePopover: AlbumNamePopover?

    init(window: MainWindowController) {
        self.window = window
    }

    /// Wires the view's search widgets (once the window's view is loaded).
    func start() {
        let view = self.view
        view.searchButton.onToggled(owner: self) { [weak self] in self?.toggled() }
        view.searchEntry.onSearchChanged(owner: self) { [weak self] in
            guard let self else { return }
            self.window.store.searchText = self.view.searchEntry.text
        }
        // At once, not when typing pauses: Ctrl+S right after the last key keeps what was typed.
        view.searchEntry.onTextChanged(owner: self) { [weak self] in
            guard let self else { return }
            self.saveAction.isEnabled = !PhotoSearch(self.view.searchEntry.text).isEmpty
        }
        saveAction.isEnabled = false
        saveAction.onActivate(owner: self) { [weak self] _ in self?.saveSearch() }
        view.searchEntry.onStopSearch(owner: self) { [weak self] in self?.close() }
        view.searchEntry.onActivate(owner: self) { [weak self] in self?.selectFirstResult() }
        // The search bar slides in from its next frame on; until its entry shows, GTK
        // gives keys typed right after Ctrl+F to no one: they are handed to the entry.
        let early = EventControllerKey()
        early.useCapturePhase()
        early.onKey(owner: self) { [weak self, unowned early] _, _ in
            guard let self, self.isTyping, !self.view.searchEntry.isMapped else { return false }
            return self.view.searchEntry.type(keyFrom: early)
        }
        view.add(early)
    }

    /// Whether typing goes to the search entry (the commands act on nothing then).
    var isTyping: Bool { view.searchEntry.stateFlags.contains(.focusWithin) }

    /// `win.search` (Ctrl+F): the bar, its entry taking the keyboard; top-level pages only.
    func begin() {
        guard window.navigation.controllers.count == 1 else { return }
        view.searchButton.isActive = true
        _ = view.searchEntry.grabFocus()
    }

    /// Shows `query` in the bar and the photos it finds (a saved search opened), the keyboard in the list.
    func show(_ query: String) {
        view.searchButton.isActive = true
        view.searchEntry.text = query
        window.store.searchText = query
        saveAction.isEnabled = !PhotoSearch(query).isEmpty
    }

    /// Ctrl+S: keeps the search under a name asked for in a popover; it shows beside the albums.
    func saveSearch() {
        let query = view.searchEntry.text
        guard !PhotoSearch(query).isEmpty else { return }
        window.store.searchText = query
        let popover = AlbumNamePopover(heading: tr("Save Search"), done: tr("_Save"), name: query)
        popover.doneButton.useUnderline = true
        popover.onDone = { [weak self] name in
            guard let self else { return nil }
            do {
                let edit = try self.window.store.saveSearch(named: name, query: query)
                // Translators: a toast; %@ is the saved search's name.
                let text = String(format: tr("Search “%@” saved: it is on the Albums page"), edit.after?.name ?? name)
                self.window.commands.record(edit, saying: CommandMessage(text, isUndoable: true))
                return nil
            } catch {
                return "\(error)"
            }
        }
        namePopover?.popdown()
        namePopover = popover
        popover.attach(to: view)
        popover.open(pointingAt: view.saveSearchButton)
    }

    /// Shows the bar while a top-level page shows and the search is on.
    func showBarForPage() {
        view.searchBar.isRevealed = window.navigation.controllers.count == 1 && view.searchButton.isActive
    }

    private func toggled() {
        view.searchBar.isRevealed = view.searchButton.isActive
        if view.searchButton.isActive {
            _ = view.searchEntry.grabFocus()
        } else {
            view.searchEntry.text = ""
            window.store.searchText = ""
        }
    }

    /// Enter in the search entry selects the first photo found.
    private func selectFirstResult() {
        guard let first = window.store.photos.first else { return }
        (window.currentPage as? PhotoRevealing)?.reveal(first.id)
    }

    private func close() {
        view.searchButton.isActive = false
        _ = window.pages.current?.controller.view.grabFocus()
    }
}
