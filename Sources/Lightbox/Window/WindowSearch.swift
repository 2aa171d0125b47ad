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
