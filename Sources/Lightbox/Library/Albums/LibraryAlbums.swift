import Foundation

/// The person's albums: read from the catalog when first asked for, changed only through
/// `AlbumEdit`s (each one undoable, committed before it returns), published as
/// `LibraryEvent.albums`. The album the view shows (`CatalogStore.shownAlbum`) is kept as its
/// photos' ids, in step with its edits and with files moved outside the app.
@MainActor
final class LibraryAlbums {
    private let catalog: Catalog
    private let view: ShownPhotos
    private let events: LibraryEvents
    private var read: [Album]?

    init(catalog: Catalog, view: ShownPhotos, events: LibraryEvents) {
        self.catalog = catalog
        self.view = view
        self.events = events
        events.add(owner: self) { [weak self] event in
            guard let self, case .moved(let moves) = event, let shown = self.view.spec.album else { return }
            let photos = Set(shown.photos.map { moves[$0] ?? $0 })
            if photos != shown.photos { self.view.spec.album = AlbumScope(id: shown.id, photos: photos) }
        }
    }

    /// Every album, in the order people read names (case and accents aside, numbers by value).
    var albums: [Album] {
        if let read { return read }
        let albums = ((try? catalog.albums()) ?? []).sorted(by: Self.byName)
        read = albums
        return albums
    }

    static func byName(_ a: Album, _ b: Album) -> Bool {
        let order = a.name.compare(
            b.name, options: [.caseInsensitive, .diacriticInsensitive, .numeric], locale: .current)
        return order == .orderedSame ? a.id < b.id : order == .orderedAscending
    }

    func album(_ id: Album.ID) -> Album? { albums.first { $0.id == id } }

    /// The ids of an album's photos, as the catalog has them now.
    func photos(in album: Album.ID) throws -> [Photo.ID] { try catalog.photos(inAlbum: album) }

    // MARK: Edits

    /// A new album named `name` with `photos` (none: an empty album).
    func create(named name: String, with photos: [Photo.ID]) throws -> AlbumEdit {
        guard let name = Album.name(name) else { throw StoreError(tr("an album needs a name")) }
        let edit = AlbumEdit(
            album: try catalog.nextAlbumID(), before: nil, after: Album.State(name: name, created: Date()),
            added: Self.unique(photos))
        try apply(edit)
        return edit
    }

    /// Adds the photos the album does not have yet.
    func add(_ photos: [Photo.ID], to id: Album.ID) throws -> AlbumEdit {
        let state = try existing(id).state
        let members = Set(try self.photos(in: id))
        let edit = AlbumEdit(album: id, before: state, after: state, added: Self.unique(photos).filter { !members.contains($0) })
        try apply(edit)
        return edit
    }

    /// Takes the photos out of the album (they stay in the library).
    func remove(_ photos: [Photo.ID], from id: Album.ID) throws -> AlbumEdit {
        let album = try existing(id)
        let members = Set(try self.photos(in: id))
        let leaving = Self.unique(photos).filter(members.contains)
        var after = album.state
        if let cover = after.cover, leaving.contains(cover) { after.cover = nil }
        let edit = AlbumEdit(album: id, before: album.state, after: after, removed: leaving)
        try apply(edit)
        return edit
    }

    func rename(_ id: Album.ID, to name: String) throws -> AlbumEdit {
        guard let name = Album.name(name) else { throw StoreError(tr("an album needs a name")) }
        let album = try existing(id)
        var after = album.state
        after.name = name
        let edit = AlbumEdit(album: id, before: album.state, after: after)
        try apply(edit)
        return edit
    }

    /// Makes `photo` (one of the album's) its cover.
    func setCover(_ photo: Photo.ID, of id: Album.ID) throws -> AlbumEdit {
        let album = try existing(id)
        var after = album.state
        after.cover = photo
        let edit = AlbumEdit(album: id, before: album.state, after: after)
        try apply(edit)
        return edit
    }

    /// Deletes the album; its photos stay in the library (and in their other albums).
    func delete(_ id: Album.ID) throws -> AlbumEdit {
        let edit = AlbumEdit(album: id, before: try existing(id).state, after: nil, removed: try photos(in: id))
        try apply(edit)
        return edit
    }

    /// Makes `edit` (or an undo's reverse of one) in the catalog, then shows it.
    func apply(_ edit: AlbumEdit) throws {
        try apply([edit])
    }

    /// Makes `edits` in order, in one transaction (all or none), then shows them: the
    /// albums are read and published once, however many edits there are.
    func apply(_ edits: [AlbumEdit]) throws {
        let edits = edits.filter { !$0.isEmpty }
        guard !edits.isEmpty else { return }
        if let reason = catalog.notWritableReason { throw StoreError(reason) }
        try catalog.apply(edits)
        read = nil
        if let shown = view.spec.album, let last = edits.last(where: { $0.album == shown.id }) {
            view.spec.album = last.after == nil ? nil : AlbumScope(id: shown.id, photos: Set(try photos(in: shown.id)))
        }
        events.send(.albums(albums))
    }

    private func existing(_ id: Album.ID) throws -> Album {
        guard let album = album(id) else { throw StoreError(tr("the album no longer exists")) }
        return album
    }

    private static func unique(_ photos: [Photo.ID]) -> [Photo.ID] {
        var seen = Set<Photo.ID>()
        return photos.filter { seen.insert($0).inserted }
    }
}
