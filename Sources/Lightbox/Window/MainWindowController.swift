import Foundation
import Gtk
import LightboxKit

/// The main window's root: the top-level pages inside a navigation stack (the photo
/// page and collection pages push over them), the toasts and the library's lasting
/// conditions. It coordinates the window's parts, each a type of its own: the actions
/// (`WindowActions`, which every key of `KeyboardShortcuts` activates), the search
/// (`WindowSearch`), what adding a folder does (`LibraryFolderPolicy`), photos opened from
/// the file manager (`OpenedFilesPresenter`), the commands on photos (`PhotoCommands`) and
/// the hand-offs to other apps (`PhotoHandoffs`). Opens photos for the pages below it
/// (`PhotoOpening`).
final class MainWindowController: Controller, PhotoOpening, AlbumOpening, PhotoSelectionObserving {
    let store: CatalogStore
    let navigation: NavigationController
    let pages: PagesController
    /// Builds the page pushed to show `photos[index]` large.
    private let makePhotoPage: @MainActor (CatalogStore, [Photo], Int) -> Controller
    private var shownTop: Controller?
    /// The library's rescan waits for the window's first frame (see `openLibrary`).
    private var rescanOnAppear = false
    var windowView: MainWindowView { view as! MainWindowView }
    private(set) lazy var actions = WindowActions(window: self)
    private(set) lazy var search = WindowSearch(window: self)
    private(set) lazy var folders = LibraryFolderPolicy(store: store)
    private lazy var openedFiles = OpenedFilesPresenter(window: self)

    /// Lightbox's window: the Photos, Albums, Months, Keywords and Duplicates pages over `store`, opening photos in the photo page.
    static func lightbox(store: CatalogStore) -> (root: MainWindowController, photos: PhotosController) {
        let photos = PhotosController(store: store)
        let albums = AlbumsController(store: store)
        let months = MonthsController(store: store)
        let keywords = KeywordsController(store: store)
        let duplicates = DuplicatesController(store: store)
        let root = MainWindowController(
            store: store,
            pages: [
                WindowPage(kind: .photos, title: tr("Photos"), controller: photos),
                WindowPage(kind: .albums, title: tr("Albums"), controller: albums),
                WindowPage(kind: .months, title: tr("Months"), controller: months),
                WindowPage(kind: .keywords, title: tr("Keywords"), controller: keywords),
                WindowPage(kind: .duplicates, title: tr("Duplicates"), controller: duplicates),
            ],
            makePhotoPage: { store, list, index in PhotoPageController(store: store, photos: list, index: index) })
        photos.opener = root
        months.opener = root
        albums.opener = root
        albums.commands = root.commands
        keywords.opener = root
        duplicates.opener = root
        duplicates.commands = root.commands
        photos.details.keywordsEditor.onEdit = { [weak root] edit in root?.commands.recordKeywordEdit(edit) }
        photos.details.titleEditor.onEdit = { [weak root] edit in root?.commands.record(edit) }
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
        search.start()
        // The keys that a focused text field types or uses itself (digits, U, Delete, Ctrl+C).
        view.add(KeyboardShortcuts.controller(for: .windowUnlessTyping))
        show(store.conditions)
    }

    /// Adds the window's actions (`WindowActions`) to `actions`; dialogs open over `window`.
    func installActions<Actions: Object & ActionMap>(in actions: Actions, window: Window) {
        self.actions.install(in: actions, parent: window)
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
            if kind == .otherLibraryFound {
                bar.closeButton.onClicked(owner: self) { [weak self] in self?.otherLibraryOffer.answered() }
                bar.actionButton.onClicked(owner: self) { [weak self] in
                    guard let self else { return }
                    _ = self.view.activateAction("win.import-library")
                }
            }
            if kind == .importSourceConnected {
                bar.actionButton.onClicked(owner: self) { [weak self] in self?.imports.importFromOffered() }
            }
            if kind == .photosMissing {
                bar.actionButton.onClicked(owner: self) { [weak self] in
                    guard let self, let window = self.view.rootWindow else { return }
                    MissingPhotosController.present(store: self.store, over: window)
                }
            }
        }
    }

    // MARK: Folders

    /// Shows the library's folders (see `CatalogStore.openLibrary`), narrowed to `filter`.
    func openLibrary(seedingWith seed: () -> String, showing filter: String?) {
        // The catalog's rows show at once; a window not on screen yet starts the rescan
        // after its first frame, so the scan does not compete with start-up for the CPU.
        store.openLibrary(seedingWith: seed, showing: filter, rescanning: isViewLoaded && view.isMapped)
        rescanOnAppear = !(isViewLoaded && view.isMapped)
        showFolderInTitle()
    }

    /// Shows `folder` alone, as a library of one folder that the catalog does not record
    /// (windows made by tests and tools).
    func open(folder: String) {
        store.open(folder: folder, rescanning: isViewLoaded && view.isMapped)
        rescanOnAppear = !(isViewLoaded && view.isMapped)
        showFolderInTitle()
    }

    /// Open Folder…, `lightbox FOLDER` and a file manager's Open With (see `LibraryFolderPolicy`).
    func addToLibrary(_ path: String) {
        if let message = folders.add(path) { showToast(message, undoable: false) }
        showFolderInTitle()
    }

    /// "Add “Downloads” to the Library" (`win.add-browsed-folders`), in the bar over browsed folders.
    func addBrowsedFoldersToLibrary() {
        for message in folders.addBrowsedFolders() { showToast(message, undoable: false) }
        showFolderInTitle()
    }

    /// Photos (and folders) opened from the file manager (see `OpenedFilesPresenter`).
    func open(files opened: OpenedPaths) { openedFiles.open(opened) }

    func showFolderInTitle() { title = folders.title }

    // MARK: Pages

    /// The Photos page (the window always has one).
    var photosPage: PhotosController? {
        pages.pages.first { $0.kind == .photos }?.controller as? PhotosController
    }

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
        let page = makePhotoPage(store, photos, index)
        (page as? PhotoPageController)?.titleEditor.onEdit = { [weak self] edit in self?.commands.record(edit) }
        navigation.push(page)
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
        actions.refresh()
        // A pushed page has no search: its bar hides, and comes back with the pages, whose
        // photos the search still narrows (a narrowed list never shows without its bar).
        if isViewLoaded { search.showBarForPage() }
    }

    // MARK: Commands

    /// Whether typing goes to the search entry (digits and Delete must not act then).
    var isTyping: Bool { search.isTyping }

    /// What `win.rate`, `win.reject`, `win.trash`, `win.undo`, `win.redo` and the unrated
    /// steps do: act on the current page's selected photos, not while typing in search; a
    /// toast says what they did (with Undo) or why they failed.
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

    /// Open With, Show in Files, Copy, Set as Background, Export…: on the current page's selection
    /// (none while typing in search); what went wrong is said in a toast.
    private(set) lazy var handoffs: PhotoHandoffs = {
        let handoffs = PhotoHandoffs(
            store: store,
            page: { [weak self] in
                guard let self, !self.isTyping else { return nil }
                return self.currentPage
            }, selectionPage: { [weak self] in self?.currentPage },
            say: { [weak self] message in
                guard let self, let message else { return }
                self.showToast(message.text, undoable: message.isUndoable)
            }, window: { [weak self] in self?.view.rootWindow })
        handoffs.exportSelection = { [weak self] photos in self?.exports.export(photos) }
        return handoffs
    }()

    /// Export… and the Show in Files of its toast.
    private(set) lazy var exports = ExportCommand(window: self)
    private(set) lazy var imports = ImportPhotosCommand(window: self)

    /// The bar offering another app's library at launch (see `OtherLibraryOffer`); the app
    /// gives it its settings (without them it offers nothing).
    lazy var otherLibraryOffer = OtherLibraryOffer(store: store, settings: nil)

    /// New Album, Add to Album, an album shown on the Photos page.
    private(set) lazy var albumCommands: AlbumCommands = {
        let commands = AlbumCommands(
            store: store, commands: commands,
            page: { [weak self] in
                guard let self, !self.isTyping else { return nil }
                return self.currentPage
            }, host: { [weak self] in self?.isViewLoaded == true ? self?.windowView : nil })
        commands.showPage = { [weak self] page in self?.show(page) }
        return commands
    }()

    /// Rotate right and left (Ctrl+R, Shift+Ctrl+R, `]`, `[`).
    private(set) lazy var rotateCommands = RotateCommands(
        store: store, commands: commands,
        page: { [weak self] in
            guard let self, !self.isTyping else { return nil }
            return self.currentPage
        },
        say: { [weak self] message in self?.showToast(message.text, undoable: message.isUndoable) })

    /// The date and time (and place) of the selected photos.
    private(set) lazy var correctionCommands = CorrectionCommands(
        store: store, commands: commands,
        page: { [weak self] in
            guard let self, !self.isTyping else { return nil }
            return self.currentPage
        }, window: { [weak self] in self?.view.rootWindow })

    /// An album activated on the Albums page: its photos on the Photos page.
    func open(_ album: Album.ID) { albumCommands.open(album) }

    /// A saved search activated on the Albums page: its text in the search bar, its photos on the Photos page.
    func open(savedSearch: SavedSearch.ID) { albumCommands.open(savedSearch: savedSearch, in: search) }

    public func pageSelectionDidChange() { handoffs.refresh() }

    func showToast(_ message: String, undoable: Bool) {
        guard isViewLoaded else { return }
        windowView.show(toast: message, undoable: undoable)
    }

    func hideToast() {
        guard isViewLoaded else { return }
        windowView.dismissToast()
    }
}
