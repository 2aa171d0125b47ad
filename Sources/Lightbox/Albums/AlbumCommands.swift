import Foundation
import Gtk
import LightboxKit

/// The window's album commands, on the selected photos of the page in front: add them to an
/// album (`win.add-to-album`, Shift+A: the album chooser), make an album of them
/// (`win.new-album`, Ctrl+N; an empty one on the Albums page), and, while the Photos page
/// shows an album, take them out of it (`win.remove-from-album`) or make one its cover
/// (`win.set-album-cover`); `win.leave-album` goes back to the Albums page. Every edit is a
/// step of the window's history (`PhotoCommands`), said in a toast with Undo.
@MainActor
final class AlbumCommands {
    private let store: CatalogStore
    private let commands: PhotoCommands
    private let page: @MainActor () -> Controller?
    /// Where the popovers go: the window's view.
    private let host: @MainActor () -> Widget?
    private let removeAction = Action(name: "remove-from-album")
    private let coverAction = Action(name: "set-album-cover")
    private let leaveAction = Action(name: "leave-album")
    /// Shows the page whose album changed: the Photos page for an album opened, Albums after.
    var showPage: (@MainActor (PersistedState.Page) -> Void)?
    private(set) var chooser: AlbumChooser?
    private(set) var namePopover: AlbumNamePopover?

    init(
        store: CatalogStore, commands: PhotoCommands, page: @escaping @MainActor () -> Controller?,
        host: @escaping @MainActor () -> Widget?
    ) {
        self.store = store
        self.commands = commands
        self.page = page
        self.host = host
        store.observeAlbums(owner: self) { [weak self] _ in self?.updateActions() }
    }

    func install<Actions: Object & ActionMap>(in actions: Actions) {
        actions.addAction("add-to-album", owner: self) { [weak self] in self?.chooseAlbum() }
        actions.addAction("new-album", owner: self) { [weak self] in self?.newAlbum() }
        removeAction.onActivate(owner: self) { [weak self] _ in self?.removeSelected() }
        coverAction.onActivate(owner: self) { [weak self] _ in self?.makeCover() }
        leaveAction.onActivate(owner: self) { [weak self] _ in self?.leave() }
        [removeAction, coverAction, leaveAction].forEach(actions.add)
        updateActions()
    }

    private func updateActions() {
        let inAlbum = store.shownAlbum.flatMap(store.album) != nil
        removeAction.isEnabled = inAlbum
        coverAction.isEnabled = inAlbum
        leaveAction.isEnabled = store.shownAlbum != nil
    }

    /// The selected photos of the page in front (none on a page without photos).
    private var selection: [Photo] { (page() as? PhotoSelecting)?.selectedPhotos ?? [] }

    // MARK: Opening

    /// Shows the album's photos on the Photos page.
    func open(_ album: Album.ID) {
        store.shownAlbum = album
        updateActions()
        showPage?(.photos)
    }

    /// Shows the photos a saved search finds on the Photos page: its text in the search bar.
    func open(savedSearch id: SavedSearch.ID, in search: WindowSearch) {
        guard let saved = store.savedSearch(id) else { return }
        store.shownAlbum = nil
        updateActions()
        search.show(saved.query)
        showPage?(.photos)
    }

    /// Back to every photo, and to the Albums page with the album selected.
    func leave() {
        let album = store.shownAlbum
        store.shownAlbum = nil
        updateActions()
        showPage?(.albums)
        if let album { (page() as? AlbumsController)?.reveal(album) }
    }

    // MARK: Commands

    /// Shift+A: the album chooser, for the selected photos.
    func chooseAlbum() {
        let photos = selection.map(\.id)
        guard !photos.isEmpty, let host = host(), let target = page()?.view else { return }
        let chooser = AlbumChooser(albums: store.albums, photoCount: photos.count)
        chooser.onChoose = { [weak self] choice in self?.add(photos, to: choice) }
        present(chooser, in: host)
        self.chooser = chooser
        chooser.open(pointingAt: target)
    }

    /// Ctrl+N: a new album of the selected photos (empty on the Albums page), named in a popover.
    func newAlbum() {
        let photos = page() is AlbumsController ? [] : selection.map(\.id)
        guard let host = host(), let target = page()?.view else { return }
        let heading =
            photos.isEmpty
            ? tr("New Album")
            // Translators: the heading of the New Album popover; %d is how many selected photos go in it.
            : FormattingLocale.current.counted(trn("New Album of %d Photo", "New Album of %d Photos", photos.count), photos.count)
        let popover = AlbumNamePopover(heading: heading, done: tr("_Create"))
        popover.doneButton.useUnderline = true
        popover.onDone = { [weak self] name in self?.add(photos, to: .new(name)) }
        present(popover, in: host)
        namePopover = popover
        popover.open(pointingAt: target)
    }

    /// Adds `photos` to the album chosen (a new one is made); returns what went wrong.
    func add(_ photos: [Photo.ID], to choice: AlbumChoice) -> String? {
        do {
            switch choice {
            case .album(let id):
                let edit = try store.addPhotos(photos, to: id)
                let name = store.album(id)?.name ?? ""
                commands.record(
                    edit, saying: CommandMessage(Self.added(edit.added.count, of: photos.count, to: name), isUndoable: !edit.isEmpty))
            case .new(let name):
                let edit = try store.createAlbum(named: name, with: photos)
                commands.record(edit, saying: CommandMessage(Self.made(edit.after?.name ?? name, count: photos.count), isUndoable: true))
                (page() as? AlbumsController)?.reveal(edit.album)
            }
            return nil
        } catch {
            return "\(error)"
        }
    }

    private func removeSelected() {
        guard let album = store.shownAlbum.flatMap(store.album) else { return }
        let photos = selection.map(\.id)
        guard !photos.isEmpty else { return }
        do {
            let edit = try store.removePhotos(photos, from: album.id)
            // Translators: a toast; %1$d is how many photos, %2$@ the album's name. The photos stay in the library.
            let format = trn("%1$d photo removed from “%2$@”", "%1$d photos removed from “%2$@”", edit.removed.count)
            commands.record(edit, saying: CommandMessage(String(format: format, edit.removed.count, album.name), isUndoable: true))
        } catch {
            // Translators: %@ is the reason (from the system or SQLite).
            commands.say(CommandMessage(String(format: tr("The photos could not be removed from the album: %@"), "\(error)")))
        }
    }

    private func makeCover() {
        guard let album = store.shownAlbum, let photo = selection.first else { return }
        do {
            commands.record(try store.setCover(photo.id, of: album))
        } catch {
            // Translators: %@ is the reason (from the system or SQLite).
            commands.say(CommandMessage(String(format: tr("The album cover could not be set: %@"), "\(error)")))
        }
    }

    private func present(_ popover: Popover, in host: Widget) {
        chooser?.popdown()
        namePopover?.popdown()
        popover.attach(to: host)
    }

    // MARK: Messages

    /// "3 photos added to “Norway”", or that they were all in it already.
    static func added(_ added: Int, of count: Int, to album: String) -> String {
        guard added > 0 else {
            // Translators: a toast; %@ is the album's name.
            return String(format: trn("The photo is in “%@” already", "The photos are in “%@” already", count), album)
        }
        // Translators: a toast; %1$d is how many photos, %2$@ the album's name.
        return String(format: trn("%1$d photo added to “%2$@”", "%1$d photos added to “%2$@”", added), added, album)
    }

    /// "Album “Norway” made with 3 photos", "Album “Norway” made".
    static func made(_ album: String, count: Int) -> String {
        // Translators: a toast; %@ is the new album's name.
        guard count > 0 else { return String(format: tr("Album “%@” made"), album) }
        // Translators: a toast; %1$@ is the new album's name, %2$d how many photos are in it.
        return String(format: trn("Album “%1$@” made with %2$d photo", "Album “%1$@” made with %2$d photos", count), album, count)
    }
}
