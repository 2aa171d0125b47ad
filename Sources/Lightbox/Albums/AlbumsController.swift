import Gtk
import LightboxKit

/// Child → parent: the person opens an album or a saved search (the window shows its photos
/// on the Photos page).
@MainActor
public protocol AlbumOpening: AnyObject {
    func open(_ album: Album.ID)
    func open(savedSearch: SavedSearch.ID)
}

/// The Albums page: the person's albums as a grid of covers, names and counts, by name, then
/// the saved searches with what they find now, following the Store. Enter or a click opens
/// one (`opener`); F2 renames the selected one, Delete deletes it (an album's photos stay;
/// Undo brings it back), as the menu of a right click or the Menu key does. New Album
/// (Ctrl+N) makes an empty album. Photos dragged onto an album's card go in it (the page
/// switcher's Albums button turns to this page while a drag hovers it).
public final class AlbumsController: Controller, TitleEditing, PhotoMenuOpening, ListSelectionDelegate {
    public weak var opener: AlbumOpening?
    /// The window's history, where each edit made here goes, and its messages.
    public weak var commands: PhotoCommands?
    public let source = ArrayDataSource<AlbumItem>()
    private let store: CatalogStore
    private var albumsView: AlbumsView { view as! AlbumsView }
    /// The page's actions (`albums-page.`, on its view): `rename`, `delete`, enabled while an album is selected.
    let actions = ActionGroup()
    private let renameAction = Action(name: "rename")
    private let deleteAction = Action(name: "delete")
    private(set) var namePopover: AlbumNamePopover?
    private lazy var menu = PopoverMenu(model: AlbumsController.menuModel())

    public init(store: CatalogStore) {
        self.store = store
        super.init()
        title = tr("Albums")
        let images = store.images
        source.register(AlbumCard.self) { [unowned self] card, item in
            card.configure(with: item, images: images)
            card.onDrop = { [weak self] paths in self?.drop(paths, on: item) ?? false }
        }
        source.delegate = self
        store.observeAlbums(owner: self) { [weak self] _ in self?.showAlbums() }
        store.observeSavedSearches(owner: self) { [weak self] _ in self?.showAlbums() }
        // A cover's photo rated, moved or let go of.
        store.observeLibrary(owner: self) { [weak self] _ in if self?.isViewLoaded == true { self?.showAlbums() } }
    }

    static func menuModel() -> Menu {
        let menu = Menu()
        menu.append(tr("Rename…"), action: "albums-page.rename", accel: "F2")
        menu.append(tr("Delete"), action: "albums-page.delete", accel: "Delete")
        return menu
    }

    public override func loadView() -> Widget {
        let grid = source.makeGridView(selection: .single)
        grid.singleClickActivate = false
        return AlbumsView(grid: grid)
    }

    public override func viewDidLoad() {
        renameAction.onActivate(owner: self) { [weak self] _ in self?.editTitle() }
        deleteAction.onActivate(owner: self) { [weak self] _ in self?.deleteSelected() }
        actions.add(renameAction)
        actions.add(deleteAction)
        albumsView.insertActionGroup(actions, prefix: "albums-page")
        albumsView.add(KeyboardShortcuts.controller(for: .albumsPage))
        albumsView.newAlbumButton.actionName = "win.new-album"
        albumsView.empty.show(
            icon: "folder-pictures-symbolic", title: tr("No Albums"),
            description: tr("Select photos and press Shift+A to put them in an album, or make an empty one with New Album."),
            button: (tr("_New Album"), "win.new-album", nil))
        menu.hasArrow = false
        menu.attach(to: albumsView)
        let click = GestureClick()
        click.button = 3
        click.onPressed(owner: self) { [weak self] _, x, y in self?.openMenu(at: (x, y)) }
        albumsView.grid.add(click)
        showAlbums()
    }

    /// Keyboard users start on the selected album (the first, at first).
    public override func viewDidAppear() {
        guard source.count > 0 else { return }
        if source.selectedPositions.isEmpty { source.select(at: 0) }
        source.focus(at: source.selectedPositions.first ?? 0)
    }

    /// The albums by name, each with its cover as the library has it now, then the saved searches.
    private func showAlbums() {
        let albums = store.albums.map { album in AlbumItem(kind: .album(album), cover: album.shownCover.flatMap(store.photo)) }
        let searches = store.savedSearches.map { search in
            let count = store.savedSearchCount(search.id)
            return AlbumItem(kind: .search(search, count), cover: count?.newest.flatMap(store.photo))
        }
        let items = albums + searches
        try? source.apply(items)
        guard isViewLoaded else { return }
        albumsView.showAlbums(!items.isEmpty)
        updateActions()
    }

    private func updateActions() {
        let selected = selectedItem != nil
        renameAction.isEnabled = selected
        deleteAction.isEnabled = selected
    }

    /// The album or saved search selected (the one the keys act on).
    public var selectedItem: AlbumItem? { source.selectedItems.first }

    /// Selects the album (after making it, or coming back from it).
    public func reveal(_ id: Album.ID) {
        source.select(id: "album-\(id)")
        if let position = source.selectedPositions.first, isViewLoaded, view.isMapped { source.focus(at: position) }
        updateActions()
    }

    // MARK: Editing

    /// F2: renames the selected album or saved search, in a popover on the grid.
    public func editTitle() {
        guard let item = selectedItem else { return }
        let heading = item.album != nil ? tr("Rename Album") : tr("Rename Saved Search")
        let popover = AlbumNamePopover(heading: heading, done: tr("_Rename"), name: item.name)
        popover.doneButton.useUnderline = true
        popover.onDone = { [weak self] name in
            guard let self else { return nil }
            do {
                switch item.kind {
                case .album(let album): commands?.record(try store.renameAlbum(album.id, to: name))
                case .search(let search, _): commands?.record(try store.renameSavedSearch(search.id, to: name))
                }
                return nil
            } catch {
                return "\(error)"
            }
        }
        present(popover)
    }

    /// Delete: deletes the selected album (its photos stay) or saved search; the window says
    /// so, with Undo.
    private func deleteSelected() {
        guard let item = selectedItem else { return }
        do {
            switch item.kind {
            case .album(let album):
                let edit = try store.deleteAlbum(album.id)
                // Translators: a toast; %@ is the album's name. Its photos stay in the library.
                commands?.record(edit, saying: CommandMessage(String(format: tr("Album “%@” deleted"), album.name), isUndoable: true))
            case .search(let search, _):
                let edit = try store.deleteSavedSearch(search.id)
                // Translators: a toast; %@ is the saved search's name.
                commands?.record(
                    edit, saying: CommandMessage(String(format: tr("Saved search “%@” deleted"), search.name), isUndoable: true))
            }
        } catch {
            // Translators: %@ is the reason (from the system or SQLite).
            commands?.say(CommandMessage(String(format: tr("It could not be deleted: %@"), "\(error)")))
        }
    }

    /// Photos dragged from a photo list (or files from GNOME Files) dropped on an album: those
    /// the library has are added to it; a saved search takes none.
    @discardableResult
    public func drop(_ paths: [String], on item: AlbumItem) -> Bool {
        guard let album = item.album else { return false }
        let photos = paths.filter { store.photo($0) != nil }
        guard !photos.isEmpty else {
            commands?.say(CommandMessage(tr("Only photos of the library can be put in an album")))
            return false
        }
        do {
            let edit = try store.addPhotos(photos, to: album.id)
            commands?.record(
                edit,
                saying: CommandMessage(AlbumCommands.added(edit.added.count, of: photos.count, to: album.name), isUndoable: !edit.isEmpty))
            return true
        } catch {
            // Translators: %@ is the reason (from the system or SQLite).
            commands?.say(CommandMessage(String(format: tr("The photos could not be added to the album: %@"), "\(error)")))
            return false
        }
    }

    private func present(_ popover: AlbumNamePopover) {
        namePopover?.popdown()
        namePopover = popover
        popover.attach(to: albumsView)
        popover.open(pointingAt: albumsView.grid)
    }

    private func openMenu(at point: (x: Double, y: Double)) {
        if let id = albumsView.grid.descendant(at: point, as: AlbumCard.self)?.itemID { source.select(id: id) }
        updateActions()
        guard selectedItem != nil else { return }
        menu.popup(pointingAt: albumsView.grid, at: point)
    }

    /// The Menu key, Shift+F10 (`win.photo-menu`): the selected album's menu.
    public func openPhotoMenu() {
        guard selectedItem != nil else { return }
        menu.popup(pointingAt: albumsView.grid)
    }

    var isShowingEmptyState: Bool { albumsView.isShowingEmptyState }

    // MARK: ListSelectionDelegate

    public func listDidChangeSelection(_ items: [AlbumItem]) { updateActions() }

    public func listDidActivate(_ item: AlbumItem, at position: Int) {
        switch item.kind {
        case .album(let album): opener?.open(album.id)
        case .search(let search, _): opener?.open(savedSearch: search.id)
        }
    }
}
