import Foundation

/// The person's albums (see `LibraryAlbums`): each edit committed before it returns and
/// published to `observeAlbums`; each returns the `AlbumEdit` that `apply(_:)` of its
/// `reversed` takes back.
///
/// ```swift
/// let edit = try store.createAlbum(named: "Norway 2024", with: selected.map(\.id))
/// try store.addPhotos(ids, to: album.id); try store.apply(edit.reversed)   // undo
/// store.shownAlbum = album.id          // `photos` are the album's (search, filters and sort apply)
/// ```
extension CatalogStore {
    /// Every album, by name.
    public var albums: [Album] { albumList.albums }

    public func album(_ id: Album.ID) -> Album? { albumList.album(id) }

    /// The ids of an album's photos (in no order).
    public func photos(inAlbum id: Album.ID) throws -> [Photo.ID] { try albumList.photos(in: id) }

    @discardableResult
    public func createAlbum(named name: String, with photos: [Photo.ID] = []) throws -> AlbumEdit {
        try albumList.create(named: name, with: photos)
    }

    @discardableResult
    public func addPhotos(_ photos: [Photo.ID], to album: Album.ID) throws -> AlbumEdit {
        try albumList.add(photos, to: album)
    }

    @discardableResult
    public func removePhotos(_ photos: [Photo.ID], from album: Album.ID) throws -> AlbumEdit {
        try albumList.remove(photos, from: album)
    }

    @discardableResult
    public func renameAlbum(_ album: Album.ID, to name: String) throws -> AlbumEdit {
        try albumList.rename(album, to: name)
    }

    @discardableResult
    public func setCover(_ photo: Photo.ID, of album: Album.ID) throws -> AlbumEdit {
        try albumList.setCover(photo, of: album)
    }

    @discardableResult
    public func deleteAlbum(_ album: Album.ID) throws -> AlbumEdit {
        try albumList.delete(album)
    }

    /// Makes `edit`: an undo's `reversed` edit, or a redo.
    public func apply(_ edit: AlbumEdit) throws { try albumList.apply(edit) }

    /// Makes `edits` in order, in one transaction (all or none), published once: many
    /// albums made at once (an import), or their undo (`edits.reversed().map(\.reversed)`).
    public func apply(_ edits: [AlbumEdit]) throws { try albumList.apply(edits) }

    /// The album whose photos `photos` shows (search, filters and sort apply within it); nil
    /// for the whole library. An album deleted meanwhile is no longer shown.
    public var shownAlbum: Album.ID? {
        get { view.spec.album?.id }
        set {
            guard newValue != view.spec.album?.id else { return }
            view.spec.album = newValue.map { AlbumScope(id: $0, photos: Set((try? albumList.photos(in: $0)) ?? [])) }
        }
    }
}

/// Saved searches (see `LibrarySavedSearches`): each edit committed before it returns and
/// published to `observeSavedSearches`, with what each finds counted in the background.
extension CatalogStore {
    /// Every saved search, by name.
    public var savedSearches: [SavedSearch] { savedSearchList.searches }

    public func savedSearch(_ id: SavedSearch.ID) -> SavedSearch? { savedSearchList.search(id) }

    /// How many photos a saved search finds now (nil until first counted).
    public func savedSearchCount(_ id: SavedSearch.ID) -> SavedSearchCount? { savedSearchList.counts[id] }

    /// Keeps `query` (the search bar's text) as a saved search named `name`.
    @discardableResult
    public func saveSearch(named name: String, query: String) throws -> SavedSearchEdit {
        try savedSearchList.save(named: name, query: query)
    }

    @discardableResult
    public func renameSavedSearch(_ id: SavedSearch.ID, to name: String) throws -> SavedSearchEdit {
        try savedSearchList.rename(id, to: name)
    }

    @discardableResult
    public func deleteSavedSearch(_ id: SavedSearch.ID) throws -> SavedSearchEdit {
        try savedSearchList.delete(id)
    }

    public func apply(_ edit: SavedSearchEdit) throws { try savedSearchList.apply(edit) }
}
