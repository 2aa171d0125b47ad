import Foundation
import Gtk
import LightboxKit

/// The main window's root: the top-level pages inside a navigation stack (the photo
/// page and collection pages push over them), search, sort, the toasts, and the
/// window's actions. Opens photos for the pages below it (`PhotoOpening`).
final class MainWindowController: Controller, PhotoOpening {
    let store: CatalogStore
    let navigation: NavigationController
    let pages: PagesController
    /// Builds the page pushed to show `photos[index]` large.
    private let makePhotoPage: @MainActor (CatalogStore, [Photo], Int) -> Controller
    private var shownTop: Controller?
    /// The library's rescan waits for the window's first frame (see `openLibrary`).
    var rescanOnAppear = false
    var windowView: MainWindowView { view as! MainWindowView }
    /// Open With, Show in Files, Copy, Set as Background (see MainWindowController+Handoffs).
    private(set) lazy var handoffs = makeHandoffs()
    /// Photos opened from the file manager, until the Store lists them (see MainWindowController+OpenFiles).
    var pendingFiles: PhotoArrival?

    /// Lightbox's window: the Photos, Albums and Keywords pages over `store`, opening photos in the photo page.
    static func lightbox(store: CatalogStore) -> (root: MainWindowController, photos: PhotosController) {
        let photos = PhotosController(store: store)
        let albums = AlbumsController(store: store)
        let keywords = KeywordsController(store: store)
        let root = MainWindowController(
            store: store,
            pages: [
                WindowPage(kind: .photos, title: tr("Photos"), controller: photos),
                WindowPage(kind: .albums, title: tr("Albums"), controller: albums),
                WindowPage(kind: .keywords, title: tr("Keywords"), controller: keywords),
            ],
            makePhotoPage: { store, list, index in PhotoPageController(store: store, photos: list, index: index) })
        photos.opener = root
        albums.opener = root
        keywords.opener = root
        photos.details.keywordsEditor.onEdit = { [weak root] edit in root?.keywordsEdited(edit) }
        return (root, photos)
    }

    init(
        store: CatalogStore, pages: [WindowPage],
        makePhotoPage: @escaping @MainActor (CatalogStore, [Photo], Int) -> Controller
    ) {
        self.store = store
        self.pages = PagesController(pages: pages)
        self.makePhotoPage = makePhotoPage
        navigation = NavigationController(root: self.pages)
        super.init()
        title = AppInfo.name
        addChild(navigation)
        store.observeNotices(owner: self) { [weak self] message in self?.showToast(message, undoable: false) }
        store.observeConditions(owner: self) { [weak self] conditions in self?.show(conditions) }
    }

    override func loadView() -> Widget { MainWindowView(navigation: navigation.view) }

    /// The navigation's header is the window's title bar.
    override var windowTitlebar: WindowTitlebar { .header(of: navigation) }

    override func viewDidLoad() {
        navigation.didMove(toParent: self)
        shownTop = navigation.topController
        let view = windowView
        // Search and sort on the top-level pages; the main menu on every page.
        pages.headerItems.start = [view.searchButton]
        pages.headerItems.end = [view.sortButton]
        navigation.headerItems.end = [view.menuButton]
        view.searchButton.onToggled(owner: self) { [weak self] in self?.searchToggled() }
        view.searchEntry.onSearchChanged(owner: self) { [weak self] in
            guard let self else { return }
            self.store.searchText = self.windowView.searchEntry.text
        }
        view.searchEntry.onStopSearch(owner: self) { [weak self] in self?.closeSearch() }
        view.searchEntry.onActivate(owner: self) { [weak self] in self?.selectFirstResult() }
        let keys = EventControllerKey()
        keys.onKey(owner: self) { [weak self] key, modifiers in
            self?.pageKeyPressed(key, modifiers) ?? false
        }
        view.add(keys)
        // The search bar slides in from its next frame on; until its entry shows, GTK
        // gives keys typed right after Ctrl+F to no one: hand them to the entry.
        let early = EventControllerKey()
        early.useCapturePhase()
        early.onKey(owner: self) { [weak self, unowned early] _, _ in
            guard let self, self.isTyping, !self.windowView.searchEntry.isMapped else { return false }
            return self.windowView.searchEntry.type(keyFrom: early)
        }
        view.add(early)
        show(store.conditions)
    }

    /// Lasting conditions stay in the window until they are over (or closed, when they may be).
    private func show(_ conditions: [LibraryCondition]) {
        guard isViewLoaded else { return }
        for bar in windowView.show(conditions) {
            let kind = bar.condition.kind
            if bar.condition.isDismissible {
                bar.closeButton.onClicked(owner: self) { [weak self] in self?.store.dismiss(kind) }
            }
            if kind == .browsedFolders {
                bar.actionButton.onClicked(owner: self) { [weak self] in self?.addBrowsedFoldersToLibrary() }
            }
            if kind == .photosMissing {
                bar.actionButton.onClicked(owner: self) { [weak self] in
                    guard let self, let window = self.view.rootWindow else { return }
                    MissingPhotosController.present(store: self.store, over: window)
                }
            }
        }
    }

    // MARK: Folder

    /// Shows the library's folders (see `CatalogStore.openLibrary`), narrowed to `filter`.
    func openLibrary(seedingWith seed: () -> String, showing filter: String?) {
        // The catalog's rows show at once; a window not on screen yet starts the rescan
        // after its first frame, so the scan does not compete with start-up for the CPU.
        store.openLibrary(seedingWith: seed, showing: filter, rescanning: isViewLoaded && view.isMapped)
        rescanOnAppear = !(isViewLoaded && view.isMapped)
        showFolderInTitle()
    }

    // MARK: Pages

    /// The page the window's commands act on: a pushed page, or the visible top-level page.
    var currentPage: Controller? {
        let top = navigation.topController
        return top === pages ? pages.current?.controller : top
    }

    func show(_ page: PersistedState.Page) {
        if navigation.controllers.count > 1 { navigation.pop(animated: false) }
        pages.show(page)
    }

    func open(_ photo: Photo, in photos: [Photo], from page: Controller) {
        guard let index = photos.firstIndex(where: { $0.id == photo.id }) else { return }
        navigation.push(makePhotoPage(store, photos, index))
    }

    override func viewDidAppear() {
        super.viewDidAppear()
        guard rescanOnAppear else { return }
        rescanOnAppear = false
        view.onNextPaint { [weak self] in self?.store.rescan() }
    }

    override func childDidChangeTitle(_ child: Controller) {
        guard child === navigation else { return }
        let top = navigation.topController
        if let left = shownTop, top !== left, !navigation.controllers.contains(where: { $0 === left }),
            let id = (left as? PhotoSelecting)?.currentPhoto?.id
        {
            (currentPage as? PhotoRevealing)?.reveal(id, focusing: true)
        }
        shownTop = top
        handoffs.refresh()
        // A pushed page has no search: its bar hides, and comes back with the pages, whose
        // photos the search still narrows (a narrowed list never shows without its bar).
        if isViewLoaded {
            windowView.searchBar.isRevealed = navigation.controllers.count == 1 && windowView.searchButton.isActive
        }
    }

    // MARK: Search

    private func searchToggled() {
        let view = windowView
        view.searchBar.isRevealed = view.searchButton.isActive
        if view.searchButton.isActive {
            _ = view.searchEntry.grabFocus()
        } else {
            view.searchEntry.text = ""
            store.searchText = ""
        }
    }

    func startSearch() {
        guard navigation.controllers.count == 1 else { return }
        windowView.searchButton.isActive = true
        _ = windowView.searchEntry.grabFocus()
    }

    /// Enter in the search entry selects the first photo found.
    private func selectFirstResult() {
        guard let first = store.photos.first else { return }
        (currentPage as? PhotoRevealing)?.reveal(first.id)
    }

    private func closeSearch() {
        windowView.searchButton.isActive = false
        _ = pages.current?.controller.view.grabFocus()
    }

    /// Whether typing goes to the search entry (digits and Delete must not act then).
    var isTyping: Bool { windowView.searchEntry.stateFlags.contains(.focusWithin) }

    /// 0–5 (`win.rate`), 9 (`win.reject`), U and Shift+U (next and previous unrated photo)
    /// and Delete on the pages, reaching here when the focused widget did not use them.
    private func pageKeyPressed(_ key: Key, _ modifiers: ModifierType) -> Bool {
        guard !isTyping else { return false }
        if RateAction.activate(for: key, modifiers: modifiers, from: view) { return true }
        if stepToUnrated(for: key, modifiers: modifiers) { return true }
        if modifiers.isEmpty, key == Key(name: "9") || key == Key(name: "KP_9") {
            return view.activateAction("win.reject", parameter: nil)
        }
        if modifiers.isEmpty || modifiers == .shiftMask, key == Key(name: "Delete") || key == Key(name: "KP_Delete") {
            commands.trash()
            return true
        }
        return false
    }

    // MARK: Rating, reject, trash and undo

    /// What `win.rate`, `win.reject`, `win.undo`, `win.redo` and Delete do: act on the
    /// current page's selected photos, not while typing in search; a toast says what
    /// they did (with Undo) or why they failed.
    private(set) lazy var commands = PhotoCommands(
        store: store,
        page: { [weak self] in
            guard let self, !self.isTyping else { return nil }
            return self.currentPage
        },
        say: { [weak self] message in
            guard let self else { return }
            if let message { self.showToast(message.text, undoable: message.isUndoable) } else { self.hideToast() }
        })

    func showToast(_ message: String, undoable: Bool) {
        guard isViewLoaded else { return }
        windowView.show(toast: message, undoable: undoable)
    }

    func hideToast() {
        guard isViewLoaded else { return }
        windowView.dismissToast()
    }
}
