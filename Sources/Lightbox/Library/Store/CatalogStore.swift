import Foundation
import Gtk
import LightboxKit
import LightboxMedia

/// The photo library as the UI sees it: the only thing that touches the catalog and
/// the disk. Main-thread API; scans and disk work run in the background.
///
/// ```swift
/// let store = try CatalogStore()                  // opens $XDG_DATA_HOME/<app-id>/catalog.sqlite
/// store.observeConditions(owner: self) { conditions in }  // lasting: ratings can't be saved, catalog recovered
/// store.observe(owner: self) { update in list.show(update) }  // PhotosUpdate: the photos and what changed
/// store.observeLibrary(owner: self) { change in }  // LibraryChange: which photos changed, search or not
/// store.observeEvents(owner: self) { event in }   // every LibraryEvent above and below, in order
/// store.photo(id)                                 // a photo as it is now, search or not
/// store.openLibrary(seedingWith: { pictures })    // the library's folders: catalog rows at once, then rescans, then live updates
/// store.open(folder: path)                        // one folder alone (tools and tests)
/// try store.addFolder(path); store.folderFilter = path   // see CatalogStore+Folders.swift
/// store.observeScanProgress(owner: self) { p in }  // ScanProgress(done:total:) while scanning, nil at the end
/// store.searchText = "canon"; store.sortOrder = .rating
/// try store.setRating(4, for: photo.id)           // shown at once, committed in the background
/// let edit = try store.setRating(3, for: ids)     // many photos, one edit; try store.undo(edit)
/// try store.edit(ids) { $0.add(keyword: "Bergen") }  // stars, reject, keywords (PhotoMetadata)
/// let undo = try store.moveToTrash([photo.id]); try store.restore(undo)
/// store.photos.groupedByMonth(); store.photos.groupedByCamera(); store.photos.groupedByDay()
/// // Images off the main thread (thumbnails and the photo page's); cancel the task when the row goes away:
/// let thumbnail = try await store.images.image(for: photo, size: 256)          // on screen: .visible
/// let next = try await store.images.image(for: neighbour, size: 2048, priority: .nearby)
/// store.images.cachedImage(for: photo, size: 256)                              // memory only, no waiting
/// ```
/// Photos that can't be shown are in the list too, with `photo.error` saying why.
/// `photos` is the library folders' photos after search, filters and sort; `allPhotos` ignores the
/// search. Observers get `photos` again after every change (scan batch, rating, trash,
/// live file change), on the main thread. Conditions (see `observeConditions`) say what
/// lasts and the window must keep showing: ratings can't be saved, catalog recovered.
/// Notices (see `observeNotices`) are passing messages: a rating that could not be saved.
///
/// The Store is a front over a few services that share one stream of `LibraryEvent`s:
/// `ShownPhotos` (the photos a view shows), `LibrarySync` (the catalog in step with the
/// disk), `PhotoEdits` (edits, undo, write-back) and `LibraryTrash`.
@MainActor
public final class CatalogStore {
    public let catalog: Catalog
    /// Every image the UI shows comes from here; the scan stands aside while images on
    /// screen decode (see `ImageSource.foreground`).
    public let images: ImageSource
    /// The one stream of library changes, and the conditions and notice that last.
    let events = LibraryEvents()
    /// The photos a view shows: the library's, searched, filtered and sorted.
    let view: ShownPhotos
    /// Keeping the catalog in step with the disk: loading, scans, watches, offline folders.
    let sync: LibrarySync
    /// Ratings, rejects and keywords, with undo, committed and written back in the background.
    let edits: PhotoEdits
    let trash: LibraryTrash
    /// The person's albums and saved searches.
    let albumList: LibraryAlbums
    let savedSearchList: LibrarySavedSearches
    /// The library's duplicates, kept up to date (see `CatalogStore+Duplicates.swift`).
    let duplicateList: LibraryDuplicates

    public init(catalog: Catalog, images: ImageSource = ImageSource()) {
        self.catalog = catalog
        self.images = images
        view = ShownPhotos(events: events)
        edits = PhotoEdits(catalog: catalog, view: view, events: events)
        sync = LibrarySync(catalog: catalog, images: images, view: view, events: events, edits: edits)
        trash = LibraryTrash(catalog: catalog, view: view, edits: edits)
        albumList = LibraryAlbums(catalog: catalog, view: view, events: events)
        savedSearchList = LibrarySavedSearches(catalog: catalog, view: view, events: events)
        // Off only to measure what hashing costs a first scan (`lightbox-bench app`).
        duplicateList = LibraryDuplicates(
            catalog: catalog, images: images, view: view, events: events,
            hashing: ProcessInfo.processInfo.environment["LIGHTBOX_PICTURE_HASHES"] != "0")
        edits.sync = sync
        duplicateList.sync = sync
        if let reason = catalog.notWritableReason {
            // Translators: %@ is why the catalog can't be written ("the folder /home/ada/.local/share is read-only").
            events.raise(
                LibraryCondition(
                    .catalogNotWritable,
                    message: String(
                        format: tr("Ratings can't be saved: %@. Photos are shown, but ratings and other changes are not kept."), reason)))
        }
        if let recovery = catalog.recovery {
            events.raise(LibraryCondition(.catalogRecovered, message: recovery.message, isDismissible: true))
        }
    }

    /// Opens the catalog at its standard place.
    public convenience init() throws {
        self.init(catalog: try Catalog())
    }

    /// Reads the folder's files; its readers stand aside for `images.foreground` (a
    /// replacement scanner does too only if given that gate).
    public var scanner: PhotoScanner {
        get { sync.scanner }
        set { sync.scanner = newValue }
    }

    // MARK: The photos shown

    /// The library folders' photos, in no particular order.
    public var allPhotos: [Photo] { view.allPhotos }
    /// The library folders' photos after search, filters and sort, as last published.
    public var photos: [Photo] { view.photos }
    /// The library's photo with `id` as it is now (search or not); nil when it has none.
    public func photo(_ id: Photo.ID) -> Photo? { view.photo(id) }
    /// Whether `photos` shows `allPhotos` as searched and sorted now (nothing is being read,
    /// searched or sorted).
    public var isUpToDate: Bool { view.isUpToDate }

    public var sortOrder: PhotoSort {
        get { view.spec.order }
        set { view.spec.order = newValue }
    }
    public var searchText: String {
        get { view.spec.search }
        set { view.spec.search = newValue }
    }
    /// Smallest first (oldest, A→Z, fewest stars) when true; the default is newest first.
    public var sortAscending: Bool {
        get { view.spec.ascending }
        set { view.spec.ascending = newValue }
    }
    /// Whether rejected photos are listed (false by default: culling hides them).
    public var showsRejected: Bool {
        get { view.spec.showsRejected }
        set { view.spec.showsRejected = newValue }
    }
    /// The fewest stars a listed photo has, 0…5 (0 lists every rating); clamped.
    public var minimumRating: Int {
        get { view.spec.minimumRating }
        set { view.spec.minimumRating = min(max(newValue, 0), 5) }
    }
    /// Whether the filters let `photo` through, whatever the search: what pages listing
    /// photos of their own choosing (a camera's, a day's) show.
    public func isListed(_ photo: Photo) -> Bool { view.spec.admits(photo) }
    /// What the culling filters hide of the photos the search matches, published with
    /// `photos` (see `observeFilterSummary`).
    public var filterSummary: PhotoFilterSummary { view.filterSummary }
    /// Libraries of this many photos or more (and any library while it is scanned) are
    /// searched, sorted and compared off the main thread.
    var offMainThreshold: Int {
        get { view.offMainThreshold }
        set { view.offMainThreshold = newValue }
    }
    /// The library's keywords with their photo counts, counted when asked (see `LibraryKeywords`).
    public private(set) lazy var keywords = LibraryKeywords(store: self)

    // MARK: What lasts, and passing messages

    /// The last passing message for the person (a scan or catalog read that failed).
    public var notice: String? { events.notice }
    /// What lasts and the window must keep saying (ratings can't be saved, catalog
    /// recovered…), most serious first; see `observeConditions`.
    public var conditions: [LibraryCondition] { events.conditions }

    /// Closes a condition the person has read (only dismissible ones close).
    public func dismiss(_ kind: LibraryCondition.Kind) {
        if kind == .photosMissing { sync.missingPhotosDismissed = sync.missingPhotoCount }
        events.dismiss(kind)
    }

    // MARK: Edits

    /// Sets a photo's stars (0…5); see `edit`.
    public func setRating(_ rating: Int, for id: Photo.ID) throws {
        try setRating(rating, for: [id])
    }

    /// Sets the stars (0…5) of several photos as one edit (one undo); see `edit`.
    @discardableResult
    public func setRating(_ rating: Int, for ids: [Photo.ID]) throws -> MetadataEdit {
        // Translators: %d is the rating asked for.
        guard (0...5).contains(rating) else { throw StoreError(String(format: tr("a rating is 0 to 5 stars, not %d"), rating)) }
        return try edit(ids) { $0.rating = rating }
    }

    /// Rejects photos (or takes the reject back) as one edit; see `edit`.
    @discardableResult
    public func setRejected(_ rejected: Bool, for ids: [Photo.ID]) throws -> MetadataEdit {
        try edit(ids) { $0.isRejected = rejected }
    }

    /// Changes the stars, reject or keywords of `ids` (and their RAW+JPEG companions) with
    /// `change`, as one edit: the rows show it at once, the catalog commits it in the
    /// background (`waitUntilSaved` waits for that); an edit the catalog refuses is taken
    /// back and said in a notice. Returns what changed, which `undo` takes back.
    @discardableResult
    public func edit(_ ids: [Photo.ID], _ change: (inout PhotoMetadata) -> Void) throws -> MetadataEdit {
        try edits.edit(ids, change)
    }

    /// `edit` with a change of each photo's own (one edit, one undo, as `edit`): `change` gets
    /// the id given (for a RAW+JPEG companion, the id of the photo it goes with) and that
    /// photo's metadata. What brings another app's values across, photo by photo.
    @discardableResult
    public func edit(_ ids: [Photo.ID], byPhoto change: (Photo.ID, inout PhotoMetadata) -> Void) throws -> MetadataEdit {
        try edits.edit(ids, byPhoto: change)
    }

    /// Takes `edit` back: each photo gets the metadata it had before. Returns the edit
    /// that redoes it.
    @discardableResult
    public func undo(_ edit: MetadataEdit) throws -> MetadataEdit {
        try edits.undo(edit)
    }

    /// Blocks until every edit made so far is committed to the catalog (at exit, before
    /// a trash reads its rows, and for callers that must know a rating is on disk).
    public func waitUntilSaved() {
        edits.waitUntilSaved()
    }

    /// Whether edits are also written into the photo files (the `save-metadata-in-files`
    /// setting); setting it, on or off, also brings `pendingWriteCount` up to date.
    public var savesMetadataInFiles: Bool {
        get { edits.savesMetadataInFiles }
        set { edits.savesMetadataInFiles = newValue }
    }
    /// Files whose edits are still to be written into them (see `observePendingWrites`).
    public var pendingWriteCount: Int { edits.pendingWriteCount }
    var writeBack: MetadataWriteBack { edits.writeBack }

    /// Writes every queued file now, in the background, the setting on or off.
    public func writePendingChangesNow() {
        edits.writeBack.schedule()
    }

    /// At exit: writes back what it can in a few seconds (the rest stays queued), folds the
    /// write-ahead log into the catalog file and copies it to its backups.
    public func prepareToQuit() {
        waitUntilSaved()
        edits.finishWritingBack()
        catalog.checkpoint()
        catalog.backUpNow()
    }

    // MARK: Trash

    /// Moves photos to the trash (GIO) and out of the catalog. Returns what `restore` needs.
    public func moveToTrash(_ ids: [Photo.ID]) throws -> [TrashedPhoto] {
        try trash.moveToTrash(ids)
    }

    /// Undoes `moveToTrash`: puts the files back where they were, with their ratings.
    public func restore(_ trashed: [TrashedPhoto]) throws {
        try trash.restore(trashed)
        // The rows come back without their pictures' hashes: made again, a copy is found again.
        duplicateList.hashMissingPictures()
    }
}
