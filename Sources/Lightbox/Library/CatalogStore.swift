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
/// store.photo(id)                                 // a photo as it is now, search or not
/// store.openLibrary(seedingWith: { pictures })    // the library's folders: catalog rows at once, then rescans, then live updates
/// store.open(folder: path)                        // one folder alone (tools and tests)
/// try store.addFolder(path); store.folderFilter = path   // see CatalogStore+LibraryFolders.swift
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
@MainActor
public final class CatalogStore {
    public let catalog: Catalog
    /// Every image the UI shows comes from here; the scan stands aside while images on
    /// screen decode (see `ImageSource.foreground`).
    public let images: ImageSource
    /// Reads the folder's files; its readers stand aside for `images.foreground` (a
    /// replacement scanner does too only if given that gate).
    public var scanner = PhotoScanner()
    /// The last passing message for the person (a scan or catalog read that failed).
    public private(set) var notice: String?
    /// The library's folders (standardized, sorted), shown together: each is scanned and
    /// watched (see `CatalogStore+LibraryFolders.swift`).
    public internal(set) var folders: [String] = [] {
        didSet { if folders != oldValue { folderObservers.send(folders) } }
    }
    /// Library folders that can't be read now, with why (`.deletedOrMoved`): their
    /// photos are out of the list, their rows and ratings kept, until they are back.
    public internal(set) var offlineFolders: [String: FolderOfflineReason] = [:] {
        didSet { if offlineFolders != oldValue { folderObservers.send(folders) } }
    }
    var folderObservers = ObserverList<[String]>()
    /// Folders among `folders` that are browsed, not library folders: shown, scanned and
    /// watched for this session only (see `CatalogStore+BrowsedFolders.swift`).
    public internal(set) var browsedFolders: Set<String> = []
    /// The library folders' photos, in no particular order.
    public private(set) var allPhotos: [Photo] = [] {
        didSet { allPhotosChanges &+= 1 }  // (no `oldValue`: changed in place, not copied)
    }
    /// Counts changes of `allPhotos`: a list made off the main thread from an older one
    /// must not replace a newer one (see `join`).
    private var allPhotosChanges = 0
    /// The open folder's photos after search and sort, as last published.
    public private(set) var photos: [Photo] = []
    /// Counts published updates (see `PhotosUpdate.version`).
    private var version = 0
    public private(set) var isScanning = false {
        didSet {
            // Rows beyond the visible ones get their thumbnails after the scan.
            images.defersPrefetch = isScanning
            guard !isScanning else { return }
            returnsMemoryWhenSettled = true
            scanProgress = nil
            if publishingSoon != nil {  // the scan's last batches, at once
                publishingSoon = nil
                publish()
            }
            returnMemoryIfSettled()
        }
    }
    /// A publish waiting for more of a scan's batches (see `merge`).
    private var publishingSoon: Task<Void, Never>? {
        didSet { oldValue?.cancel() }
    }
    /// While a scan runs, its batches are shown together at most this often.
    static let scanBatchInterval = Duration.milliseconds(300)
    /// How far the running scan is (nil when no scan runs); see `observeScanProgress`.
    public private(set) var scanProgress: ScanProgress? {
        didSet { progressObservers.send(scanProgress) }
    }
    /// What lasts and the window must keep saying (ratings can't be saved, catalog
    /// recovered…), most serious first; see `observeConditions`.
    public private(set) var conditions: [LibraryCondition] = [] {
        didSet { if conditions != oldValue { conditionObservers.send(conditions) } }
    }

    public var sortOrder: PhotoSort {
        get { spec.order }
        set { spec.order = newValue }
    }
    public var searchText: String {
        get { spec.search }
        set { spec.search = newValue }
    }
    /// Smallest first (oldest, A→Z, fewest stars) when true; the default is newest first.
    public var sortAscending: Bool {
        get { spec.ascending }
        set { spec.ascending = newValue }
    }
    /// Search, order and filters (see `CatalogStore+Filters.swift` for the filters' API).
    var spec = PhotoViewSpec() { didSet { if spec != oldValue { publish() } } }
    /// What the culling filters hide of the photos the search matches, published with
    /// `photos` (see `observeFilterSummary`).
    public private(set) var filterSummary = PhotoFilterSummary() {
        didSet { if filterSummary != oldValue { filterObservers.send(filterSummary) } }
    }
    /// Libraries of this many photos or more (and any library while it is scanned) are
    /// searched, sorted and compared off the main thread (smaller ones at once, which
    /// keeps them simple to follow).
    var offMainThreshold = 5_000
    /// The library's keywords with their photo counts, counted when asked (see `LibraryKeywords`).
    public private(set) lazy var keywords = LibraryKeywords(store: self)
    private var isComputingView = false
    private var viewRequested = false
    /// Where each photo of `allPhotos` is.
    private(set) var allIndex: [Photo.ID: Int] = [:]

    private var observers = ObserverList<PhotosUpdate>()
    private var libraryObservers = ObserverList<LibraryChange>()
    private var noticeObservers = ObserverList<String>()
    private var progressObservers = ObserverList<ScanProgress?>()
    private var conditionObservers = ObserverList<[LibraryCondition]>()
    private var filterObservers = ObserverList<PhotoFilterSummary>()
    /// Library folders waiting for their scan, scanned one after the other.
    private var scanQueue: [String] = []
    /// The folder being scanned, and the flag that stops its scan.
    private var scanning: (folder: String, cancelled: CancelFlag)?
    private var watches: [String: FolderWatch] = [:]
    /// Each folder as its last scan found it (to tell a removed disk's mount point).
    private(set) var folderIdentities: [String: FolderIdentity] = [:]
    /// Offline folders' checks, every second, until each is back.
    private var waitingForFolders: [String: Task<Void, Never>] = [:] {
        didSet { for (folder, task) in oldValue where waitingForFolders[folder] != task { task.cancel() } }
    }
    /// Waits for a fault (folder gone, disk full) to end, then picks the work up again.
    private var waitingOutFault: Task<Void, Never>? {
        didSet { oldValue?.cancel() }
    }
    private var liveChanges: Task<Void, Never>?
    /// The photos missing now (see CatalogStore+MissingPhotos.swift), and as many as there
    /// were when the person closed the bar that counts them: it comes back for more only.
    var missingPhotoCount = 0
    var missingPhotosDismissed = 0
    /// Bumped when another library opens: work for the library before is dropped.
    private(set) var generation = 0
    /// While the open folder's rows are read (a rescan waits for them).
    private(set) var isLoading = false
    /// The first screenful being read for the folder being opened, until shown.
    private var pendingFirstScreenful: (read: InBackground<Library?>, generation: Int, spec: PhotoViewSpec)?
    private(set) var rescanWhenLoaded = false
    /// Edits made while the folder's rows are read: the rows may have been read before
    /// the edits were saved, so they are laid over them.
    private var metadataWhileLoading: [Photo.ID: PhotoMetadata] = [:]
    /// Catalog edits (ratings, rejects, keywords) are committed here, in order, off the main thread.
    private let edits = DispatchQueue(label: "io.github.lightbox.catalog-edits", qos: .userInitiated)
    /// Edits shown but not yet committed, by photo (see `edit`).
    private var unsavedEdits: [Photo.ID: Int] = [:]

    // MARK: Write-back state (see CatalogStore+WriteBack.swift)
    /// Whether edits are also written into the photo files (the `save-metadata-in-files`
    /// setting); setting it, on or off, also brings `pendingWriteCount` up to date.
    public var savesMetadataInFiles = false {
        didSet { writeBackSettingChanged() }
    }
    /// Files whose edits are still to be written into them (see `observePendingWrites`).
    public internal(set) var pendingWriteCount = 0 {
        didSet { if pendingWriteCount != oldValue { pendingWriteObservers.send(pendingWriteCount) } }
    }
    var pendingWriteObservers = ObserverList<Int>()
    lazy var writeBack = makeWriteBack()

    public init(catalog: Catalog, images: ImageSource = ImageSource()) {
        self.catalog = catalog
        self.images = images
        scanner.foreground = images.foreground
        if let reason = catalog.notWritableReason {
            // Translators: %@ is why the catalog can't be written ("the folder /home/ada/.local/share is read-only").
            raise(
                LibraryCondition(
                    .catalogNotWritable,
                    message: String(
                        format: tr("Ratings can't be saved: %@. Photos are shown, but ratings and other changes are not kept."), reason)))
        }
        if let recovery = catalog.recovery {
            raise(LibraryCondition(.catalogRecovered, message: recovery.message, isDismissible: true))
        }
    }

    /// Opens the catalog at its standard place.
    public convenience init() throws {
        self.init(catalog: try Catalog())
    }

    // MARK: Observing

    /// Calls `handler` with every update of `photos`, while `owner` lives.
    public func observe(owner: AnyObject, _ handler: @escaping @MainActor (PhotosUpdate) -> Void) {
        observers.add(owner: owner, handler)
    }

    /// Calls `handler` with every change of the open folder's photos (`allPhotos`), whatever
    /// the search shows, while `owner` lives.
    public func observeLibrary(owner: AnyObject, _ handler: @escaping @MainActor (LibraryChange) -> Void) {
        libraryObservers.add(owner: owner, handler)
    }

    /// The open folder's photo with `id` as it is now (search or not); nil when it has none.
    public func photo(_ id: Photo.ID) -> Photo? {
        allIndex[id].map { allPhotos[$0] }
    }

    /// Calls `handler` with each new user-facing notice, while `owner` lives.
    public func observeNotices(owner: AnyObject, _ handler: @escaping @MainActor (String) -> Void) {
        noticeObservers.add(owner: owner, handler)
    }

    /// Calls `handler` with each new `scanProgress` (nil when the scan ends), while `owner` lives.
    public func observeScanProgress(owner: AnyObject, _ handler: @escaping @MainActor (ScanProgress?) -> Void) {
        progressObservers.add(owner: owner, handler)
    }

    /// Calls `handler` with every `conditions` list that differs from the last, while `owner` lives.
    public func observeConditions(owner: AnyObject, _ handler: @escaping @MainActor ([LibraryCondition]) -> Void) {
        conditionObservers.add(owner: owner, handler)
    }

    /// Calls `handler` with every new `filterSummary` (a filter changed, or what it hides),
    /// once `photos` holds the photos it goes with, while `owner` lives.
    public func observeFilterSummary(owner: AnyObject, _ handler: @escaping @MainActor (PhotoFilterSummary) -> Void) {
        filterObservers.add(owner: owner, handler)
    }

    /// Closes a condition the person has read (only dismissible ones close).
    public func dismiss(_ kind: LibraryCondition.Kind) {
        if kind == .photosMissing { missingPhotosDismissed = missingPhotoCount }
        conditions.removeAll { $0.kind == kind && $0.isDismissible }
    }

    /// Starts (or updates) a lasting condition.
    func raise(_ condition: LibraryCondition) {
        var list = conditions.filter { $0.kind != condition.kind }
        list.append(condition)
        conditions = list.sorted { $0.kind < $1.kind }
    }

    /// Ends the condition of `kind`, when one holds: the fault is gone.
    func clear(_ kind: LibraryCondition.Kind) {
        conditions.removeAll { $0.kind == kind }
    }

    // MARK: Publishing

    /// Searches and sorts `allPhotos` again and publishes the difference: at once for a
    /// small library, off the main thread for a large one. Requests made while that runs
    /// are served by one more run after it.
    private func publish() {
        viewRequested = true
        if !isComputingView { computeView() }
    }

    /// Whether `photos` shows `allPhotos` as searched and sorted now (nothing is being read,
    /// searched or sorted).
    public var isUpToDate: Bool { !isLoading && !isComputingView && !viewRequested }

    private func computeView() {
        viewRequested = false
        let all = allPhotos
        let spec = self.spec
        let previous = photos
        let startVersion = version
        // While a scan streams batches in, always off the main thread: batches queued on
        // the main thread would otherwise be sorted one after the other without a frame.
        guard max(all.count, previous.count) >= offMainThreshold || isScanning else {
            let (result, filters) = spec.view(of: all)
            return show(result, (try? ListDiff(from: previous, to: result)).map { .diff($0) } ?? .reset, filters: filters)
        }
        isComputingView = true
        Task { [weak self] in
            let (result, filters, diff) = await Task.detached(priority: .background) {
                () -> ([Photo], PhotoFilterSummary, ListDiff?) in
                let (result, filters) = spec.view(of: all)
                return (result, filters, try? ListDiff(from: previous, to: result))
            }.value
            guard let self else { return }
            self.isComputingView = false
            // Published meanwhile (a rating in place): this diff no longer applies; start again.
            if self.version == startVersion {
                self.show(result, diff.map { .diff($0) } ?? .reset, filters: filters)
            } else {
                self.viewRequested = true
            }
            if self.viewRequested { self.computeView() }
        }
    }

    /// Publishes `result` and what the filters hid of it (`filters`; nil keeps the last),
    /// that first: observers of either see `photos` and `filterSummary` agree.
    private func show(_ result: [Photo], _ change: PhotosUpdate.Change, filters: PhotoFilterSummary? = nil) {
        defer { returnMemoryIfSettled() }
        photos = result
        if let filters { filterSummary = filters }
        if case .diff(let diff) = change, diff.isEmpty { return }
        version += 1
        observers.send(PhotosUpdate(photos: result, change: change, version: version))
    }

    /// Set by a whole read of the folder or the end of a scan: their large temporary arrays,
    /// made off the main thread, stay in glibc's per-thread arenas (about 25 MB at 100,000
    /// photos) until given back once the list shows the result.
    private var returnsMemoryWhenSettled = false

    private func returnMemoryIfSettled() {
        guard returnsMemoryWhenSettled, isUpToDate, !isScanning else { return }
        returnsMemoryWhenSettled = false
        DispatchQueue.global(qos: .background).async { ProcessMemory.returnFreedMemory() }
    }

    /// Replaces every photo (another folder, or the whole catalog read).
    private func setAll(_ photos: [Photo]) {
        setAll(Library(photos))
    }

    private func setAll(_ library: Library) {
        adopt(library)
        publish()
    }

    private func adopt(_ library: Library) {
        allPhotos = library.photos
        allIndex = library.index
        libraryObservers.send(LibraryChange(ids: nil))
    }

    private func reindex() {
        allIndex = Library.index(of: allPhotos)
    }

    /// Photos without duplicate ids, and where each is: made off the main thread for a
    /// whole catalog read (hashing 100,000 paths takes tens of milliseconds).
    private struct Library: Sendable {
        private(set) var photos: [Photo]
        let index: [Photo.ID: Int]

        /// With this metadata instead of the one read.
        func with(_ metadata: [Photo.ID: PhotoMetadata]) -> Library {
            var library = self
            for (id, values) in metadata {
                if let position = index[id] { library.photos[position].metadata = values }
            }
            return library
        }

        init(_ photos: [Photo]) {
            self.photos = photos.uniqueByID()
            index = Self.index(of: self.photos)
        }

        static func index(of photos: [Photo]) -> [Photo.ID: Int] {
            var index: [Photo.ID: Int] = [:]
            index.reserveCapacity(photos.count)
            for (position, photo) in photos.enumerated() { index[photo.id] = position }
            return index
        }
    }

    /// Adds or updates photos. A photo read from its file that is already listed keeps
    /// the catalog's rating, reject and keywords (saving a file read never overwrites them).
    func merge(_ batch: [Photo], keepingRatings: Bool = true) {
        guard !batch.isEmpty else { return }
        for var photo in batch {
            if let index = allIndex[photo.id] {
                if keepingRatings { photo.metadata = allPhotos[index].metadata }
                allPhotos[index] = photo
            } else {
                allIndex[photo.id] = allPhotos.count
                allPhotos.append(photo)
            }
        }
        libraryObservers.send(LibraryChange(ids: Set(batch.map(\.id))))
        // A scan's first photos at once, then its batches a few times a second: each
        // publish sorts and compares the whole library, and the list's frames come first.
        guard isScanning, !photos.isEmpty else { return publish() }
        guard publishingSoon == nil else { return }
        publishingSoon = Task { [weak self] in
            try? await Task.sleep(for: Self.scanBatchInterval)
            guard !Task.isCancelled, let self else { return }
            self.publishingSoon = nil
            self.publish()
        }
    }

    /// Adds the catalog rows of a folder joining the list (added, or back online), while
    /// `isWanted()` (the folder is still in the library), then runs `then`: a few at once;
    /// many are joined to the list off the main thread (the whole list and its index made
    /// there), unless the list changed meanwhile.
    func join(_ rows: [Photo], while isWanted: @escaping @MainActor () -> Bool, then: @escaping @MainActor () -> Void) {
        guard rows.count >= offMainThreshold else {
            merge(rows.uniqueByID(), keepingRatings: false)
            return then()
        }
        let shown = allPhotos
        let changes = allPhotosChanges
        let opened = generation
        Task { [weak self] in
            let joined = await Task.detached(priority: .userInitiated) { Library(shown + rows) }.value
            guard let self, self.generation == opened, isWanted() else { return }
            if self.allPhotosChanges == changes {
                self.returnsMemoryWhenSettled = true
                self.setAll(joined)
            } else {
                self.merge(rows.uniqueByID(), keepingRatings: false)
            }
            then()
        }
    }

    /// Drops photos whose rows are gone.
    private func remove(_ ids: some Sequence<Photo.ID>) {
        let gone = Set(ids).filter { allIndex[$0] != nil }
        guard !gone.isEmpty else { return }
        allPhotos.removeAll { gone.contains($0.id) }
        reindex()
        libraryObservers.send(LibraryChange(ids: gone))
        publish()
    }

    func tell(_ message: String) {
        notice = message
        noticeObservers.send(message)
    }

    // MARK: Folders

    /// Shows one folder as the whole library (tools and tests; the catalog's list of library
    /// folders is left as it is): see `open(folders:rescanning:)`.
    public func open(folder: String, rescanning: Bool = true) {
        open(folders: [folder], rescanning: rescanning)
    }

    /// Shows the photos of `folders` together from the catalog (the first screenful at once,
    /// the rest right after), then rescans them one after the other in the background and
    /// watches them (`rescanning: false` leaves that to a later `rescan()`, after the
    /// window's first frame). A folder that can't be read, or goes away, is offline (the
    /// `.folderUnavailable` condition names it) until it is back; the others are not affected.
    public func open(folders list: [String], rescanning: Bool = true) {
        let roots = Set(list.map { ($0 as NSString).standardizingPath }).sorted()
        folders = roots
        browsedFolders.formIntersection(roots)
        generation += 1
        stopScans()
        watches = [:]
        folderIdentities = [:]
        waitingForFolders = [:]
        offlineFolders = [:]
        waitingOutFault = nil
        clear(.folderUnavailable)
        if let filter = spec.folder, roots.count < 2 || !roots.contains(filter) { spec.folder = nil }
        allPhotos = []
        reindex()
        libraryObservers.send(LibraryChange(ids: nil))
        show([], .reset, filters: PhotoFilterSummary(showsRejected: spec.showsRejected, minimumRating: spec.minimumRating))
        isLoading = true
        metadataWhileLoading = [:]
        rescanWhenLoaded = rescanning
        if rescanning {
            isScanning = true
            scanProgress = ScanProgress(done: 0, total: nil)
        }
        // Off the main thread: the first screenful (one indexed query per folder, so a large
        // library shows without waiting for the rest), then every row, then the rescan.
        let catalog = self.catalog
        let opened = generation
        let shown = spec
        let firstScreenful = self.firstScreenful
        let shownRoots = shown.folder.map { [$0] } ?? roots
        var firstRead: InBackground<Library?>?
        // (Not for a rating filter: the first screenful by date would rarely have enough photos to show.)
        // Each folder's first screenful holds its part of the library's.
        if shown.search.isEmpty && !shown.ascending && shown.minimumRating == 0 && !shownRoots.isEmpty {
            firstRead = InBackground {
                var first: [Photo] = []
                for root in shownRoots {
                    guard let part = (try? catalog.firstPhotos(in: root, order: shown.order, limit: firstScreenful)) ?? nil
                    else { return nil }
                    first += part
                }
                return Library(first)
            }
        }
        pendingFirstScreenful = firstRead.map { ($0, opened, shown) }
        Task { [weak self] in
            if let firstRead {
                let first = try? await runBlocking(qos: .userInitiated) { try firstRead.value() }
                guard let self, self.generation == opened else { return }
                self.show(firstScreenful: first ?? nil)
            }
            let (rows, offline) = await Task.detached(priority: .userInitiated) {
                // With several folders, an offline one is found before its rows are shown.
                var offline: [String: FolderOfflineReason] = [:]
                let rows = Result {
                    var photos: [Photo] = []
                    for root in roots {
                        let rows = try catalog.photos(in: root)
                        if roots.count > 1, let reason = FolderAvailability.check(root, hasPhotos: !rows.isEmpty).reason {
                            offline[root] = reason
                        } else {
                            photos += rows
                        }
                    }
                    return Library(photos)
                }
                return (rows, offline)
            }.value
            guard let self, self.generation == opened else { return }
            self.isLoading = false
            defer { self.metadataWhileLoading = [:] }
            switch rows {
            case .success(let library):
                self.returnsMemoryWhenSettled = true
                self.setAll(library.with(self.metadataWhileLoading))
            // Translators: %@ is SQLite's reason.
            case .failure(let error): self.tell(String(format: tr("The photo catalog can't be read: %@"), "\(error)"))
            }
            for (folder, reason) in offline.sorted(by: { $0.key < $1.key }) {
                self.folderUnavailable(folder, reason, dropping: false)
            }
            if self.rescanWhenLoaded { self.rescan() }
        }
    }

    /// Shows the first screenful of the folder being opened as soon as it has been read,
    /// waiting for it at most `timeout`: a window about to appear then has photos in its
    /// first frame.
    public func showFirstScreenful(waitingAtMost timeout: TimeInterval) {
        guard let pending = pendingFirstScreenful,
            let first = pending.read.result(waitingAtMost: timeout)
        else { return }
        show(firstScreenful: (try? first.get()) ?? nil)
    }

    private func show(firstScreenful first: Library?) {
        guard let pending = pendingFirstScreenful else { return }
        pendingFirstScreenful = nil
        guard let first, generation == pending.generation, isLoading, spec == pending.spec else { return }
        adopt(first.with(metadataWhileLoading))
        let (result, filters) = spec.view(of: allPhotos)
        show(result, .reset, filters: filters)
    }

    /// Photos read at once when a folder opens, before the rest of the library: what the
    /// window shows (set from its size, `PhotoListController.photosFitting`), and no more —
    /// before its first frame GTK builds a row for each photo the list holds (up to 200).
    public var firstScreenful = 40

    /// What a scan came to.
    private enum ScanOutcome: Sendable {
        case done(FolderIdentity, removed: [String])
        case unavailable(reason: FolderOfflineReason)
        case failed(Error)
    }

    /// Reads new and changed files of every library folder that is online and drops
    /// vanished ones, one folder after the other; watches every folder it walks.
    public func rescan() {
        guard !isLoading else {
            rescanWhenLoaded = true
            return
        }
        waitingOutFault = nil
        scan(folders.filter { offlineFolders[$0] == nil })
    }

    /// Queues `list` for scanning (a folder being scanned now starts again).
    func scan(_ list: [String]) {
        if let current = scanning, list.contains(current.folder) {
            current.cancelled.set()
            scanning = nil
        }
        scanQueue.removeAll { list.contains($0) }
        scanQueue += list
        if !scanQueue.isEmpty {
            isScanning = true
            scanProgress = scanProgress ?? ScanProgress(done: 0, total: nil)
        }
        scanNext()
    }

    /// Stops the running scan and forgets the queued ones.
    private func stopScans() {
        scanning?.cancelled.set()
        scanning = nil
        scanQueue = []
    }

    /// Takes `folder` out of the scans and watches (offline, or out of the library).
    func stopScanning(_ folder: String) {
        if let current = scanning, current.folder == folder {
            current.cancelled.set()
            scanning = nil
        }
        scanQueue.removeAll { $0 == folder }
        watches[folder] = nil
        folderIdentities[folder] = nil
        waitingForFolders[folder] = nil
    }

    /// Scans the next queued folder; the scan is over when none is left.
    private func scanNext() {
        guard scanning == nil else { return }
        guard !scanQueue.isEmpty else {
            isScanning = false
            countMissingPhotos()
            return
        }
        let folder = scanQueue.removeFirst()
        let cancelled = CancelFlag()
        scanning = (folder, cancelled)
        let watch = FolderWatch(
            root: folder, onChanges: { [unowned self] in self.filesChanged($0, in: folder) },
            onRootEvent: { [unowned self] in self.checkFolder(folder) })
        watches[folder] = watch
        var streaming = CatalogSync(catalog: catalog, scanner: scanner)
        // The list fills as results stream in: a batch is committed (and the list
        // reloaded) every `listBatch` new files, not only every 500.
        streaming.batchSize = ScanProgress.listBatch
        let sync = streaming
        let known = folderIdentities[folder]
        isScanning = true
        scanProgress = ScanProgress(done: 0, total: nil)
        let onProgress: @Sendable (Int, Int) -> Void = { [weak self] done, total in
            guard done % ScanProgress.reportEvery == 0 || done >= total else { return }
            Task { @MainActor in
                guard !cancelled.isSet, let self, self.isScanning else { return }
                self.scanProgress = ScanProgress(done: max(done, self.scanProgress?.done ?? 0), total: total)
            }
        }
        let onBatch: @Sendable (Catalog.Saved) -> Void = { [weak self] batch in
            Task { @MainActor in
                guard !cancelled.isSet else { return }
                self?.remove(batch.movedFrom + batch.replaced)
                self?.merge(batch.photos)
            }
        }
        let onFolder = watchingFolders(with: watch)
        let catalog = self.catalog
        Task { [weak self] in
            let outcome = await Task.detached(priority: .utility) { () -> ScanOutcome in
                let identity: FolderIdentity
                let hasPhotos = known == nil && ((try? catalog.photoCount(in: folder)) ?? 0) > 0
                switch FolderAvailability.check(folder, known: known, hasPhotos: hasPhotos) {
                case .unavailable(let reason): return .unavailable(reason: reason)
                case .available(let found): identity = found
                }
                let total = ScanProgress.countPhotoFiles(in: folder)
                onProgress(0, total)
                do {
                    let summary = try sync.run(
                        folder: folder, isCancelled: { cancelled.isSet }, onBatch: onBatch,
                        onProgress: { onProgress($0, total) }, onFolder: onFolder)
                    return .done(identity, removed: summary.removed)
                } catch let error as ScanError {
                    // Gone between the check and the walk: check again, for the reason.
                    return .unavailable(reason: FolderAvailability.check(folder).reason ?? .unreadable(error.reason))
                } catch {
                    return .failed(error)
                }
            }.value
            guard let self, !cancelled.isSet else { return }
            self.scanning = nil
            switch outcome {
            case .done(let identity, let removed):
                self.folderIdentities[folder] = identity
                self.clear(.diskFull)
                // After the batches' merges (queued on the main actor before this).
                self.remove(removed)
            case .unavailable(let reason):
                self.folderUnavailable(folder, reason)
            case .failed(let error) where self.catalog.isDiskFull(error):
                self.scanQueue = []
                self.isScanning = false
                self.diskFull()
                return
            case .failed(let error):
                self.tell("\(error)")
            }
            self.scanNext()
        }
    }

    /// Hands each folder a background scan walks to `watch` (on the main thread).
    private func watchingFolders(with watch: FolderWatch?) -> @Sendable (String) -> Void {
        { [weak watch] path in Task { @MainActor in watch?.watch(path) } }
    }

    /// Something happened to the library folder itself: see whether it is still there.
    private func checkFolder(_ folder: String) {
        let known = folderIdentities[folder]
        Task { [weak self] in
            let availability = await Task.detached(priority: .userInitiated) {
                FolderAvailability.check(folder, known: known)
            }.value
            guard let self, self.folders.contains(folder), self.offlineFolders[folder] == nil else { return }
            switch availability {
            case .unavailable(let reason): self.folderUnavailable(folder, reason)
            case .available(let identity) where known != nil && identity != known: self.scan([folder])  // made again
            case .available: break
            }
        }
    }

    /// A library folder went away or can't be read: its photos leave the list at once
    /// (their rows and ratings stay in the catalog) until it is back; the other folders'
    /// photos stay, and their scans go on. (`dropping: false`: none of its photos are listed.)
    private func folderUnavailable(_ folder: String, _ reason: FolderOfflineReason, dropping: Bool = true) {
        let known = folderIdentities[folder]
        stopScanning(folder)
        offlineFolders[folder] = reason
        if dropping { dropPhotos(inside: folder) }
        showOfflineFolders()
        let catalog = self.catalog
        waitingForFolders[folder] = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(1))
                if Task.isCancelled { return }
                let isBack = await Task.detached(priority: .utility) {
                    let hasPhotos = known == nil && ((try? catalog.photoCount(in: folder)) ?? 0) > 0
                    return FolderAvailability.check(folder, known: known, hasPhotos: hasPhotos).identity != nil
                }.value
                if isBack { break }
            }
            guard !Task.isCancelled, let self, self.folders.contains(folder) else { return }
            self.folderReturned(folder)
        }
        scanNext()  // the other folders' scans go on (or the scan ends)
    }

    /// An offline folder is back: its photos from the catalog at once, with their ratings,
    /// then a scan of it.
    private func folderReturned(_ folder: String) {
        waitingForFolders[folder] = nil
        guard folders.count > 1 else { return open(folders: folders) }
        offlineFolders[folder] = nil
        showOfflineFolders()
        joinCatalogRowsThenScan(folder)
    }

    /// Reads `folder`'s photos from the catalog off the main thread and shows them with the
    /// others (ratings and all, while the folder stays online), then scans it: a folder that
    /// came back, or one just added to the library.
    func joinCatalogRowsThenScan(_ folder: String) {
        let catalog = self.catalog
        let opened = generation
        Task { [weak self] in
            let rows = await Task.detached(priority: .userInitiated) { Result { try catalog.photos(in: folder) } }.value
            guard let self, self.generation == opened, self.folders.contains(folder), self.offlineFolders[folder] == nil
            else { return }
            switch rows {
            case .success(let photos):
                self.join(photos, while: { [weak self] in self?.isOnline(folder) ?? false }) { [weak self] in
                    self?.scan([folder])
                }
            case .failure(let error):
                // Translators: %@ is SQLite's reason.
                self.tell(String(format: tr("The photo catalog can't be read: %@"), "\(error)"))
                self.scan([folder])
            }
        }
    }

    /// Whether `folder` is a library folder that can be read.
    func isOnline(_ folder: String) -> Bool { folders.contains(folder) && offlineFolders[folder] == nil }

    /// Takes the photos under `folder` out of the list (their rows stay in the catalog).
    /// In a large library the rest of the list and its index are made off the main thread,
    /// unless the list changed meanwhile.
    func dropPhotos(inside folder: String) {
        if folders == [folder] { return setAll([]) }
        let isInside: @Sendable (Photo) -> Bool = { LibraryFolderList.contains(folder, $0.path) }
        guard allPhotos.count >= offMainThreshold else { return remove(allPhotos.lazy.filter(isInside).map(\.id)) }
        let shown = allPhotos
        let changes = allPhotosChanges
        let opened = generation
        Task { [weak self] in
            let kept = await Task.detached(priority: .userInitiated) { Library(shown.filter { !isInside($0) }) }.value
            // (Back, or added again, meanwhile: its photos stay.)
            guard let self, self.generation == opened, !self.isOnline(folder) else { return }
            if self.allPhotosChanges == changes {
                self.returnsMemoryWhenSettled = true
                self.setAll(kept)
            } else {
                self.remove(self.allPhotos.lazy.filter(isInside).map(\.id))
            }
        }
    }

    /// The `.folderUnavailable` condition names every offline library folder and why.
    func showOfflineFolders() {
        let offline = folders.compactMap { folder in offlineFolders[folder].map { (folder, $0) } }
        switch offline.count {
        case 0:
            clear(.folderUnavailable)
        case 1:
            raise(LibraryCondition(.folderUnavailable, message: offline[0].1.message(folder: offline[0].0)))
        default:
            // Translators: separates the offline folders in a list.
            let list = offline.map { $0.1.listItem(folder: $0.0) }.joined(separator: tr("; "))
            // Translators: %2$@ is a list of folders and what happened to each.
            raise(
                LibraryCondition(
                    .folderUnavailable,
                    message: String(
                        format: trn(
                            "%1$d library folder is offline: %2$@. Its photos will be shown again when it is back.",
                            "%1$d library folders are offline: %2$@. Their photos will be shown again when they are back.", offline.count),
                        offline.count, list)))
        }
    }

    /// The disk under the catalog is full: scanning waits until space is freed.
    private func diskFull() {
        raise(
            LibraryCondition(
                .diskFull,
                message: tr(
                    "The disk holding the photo catalog is full. Scanning stopped and goes on by itself when space is freed; ratings saved before are kept."
                )))
        guard waitingOutFault == nil else { return }
        let catalog = self.catalog
        waitOut(every: .seconds(2), until: { catalog.hasRoomToGrow }) { [weak self] in
            self?.rescan()
        }
    }

    /// Checks `isOver` off the main thread every `interval` until it holds, then runs `then`.
    private func waitOut(
        every interval: Duration, until isOver: @escaping @Sendable () -> Bool,
        then: @escaping @MainActor () -> Void
    ) {
        waitingOutFault = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                if Task.isCancelled { return }
                if await Task.detached(priority: .utility, operation: isOver).value { break }
            }
            guard !Task.isCancelled else { return }
            self?.waitingOutFault = nil
            then()
        }
    }

    /// A batch of live changes in library folder `folder`: read those files (or drop their
    /// rows) off the main thread, in one go, then show what changed. Batches are handled
    /// one after the other.
    private func filesChanged(_ changes: FolderWatch.Changes, in folder: String) {
        guard folders.contains(folder), offlineFolders[folder] == nil else { return }
        let catalog = self.catalog
        let scanner = self.scanner
        let onFolder = watchingFolders(with: watches[folder])
        let previous = liveChanges
        liveChanges = Task { [weak self] in
            await previous?.value
            let outcome = await Task.detached(priority: .utility) {
                LiveChanges(catalog: catalog, scanner: scanner).apply(changes, onFolder: onFolder)
            }.value
            guard let self, self.folders.contains(folder), self.offlineFolders[folder] == nil else { return }
            if let failure = outcome.failure, catalog.isDiskFull(failure) { self.diskFull() }
            // Trash and Undo run on this thread meanwhile: what is on disk now decides.
            self.remove(outcome.removed.filter { access($0, F_OK) != 0 } + outcome.replaced)
            if !outcome.removed.isEmpty || !outcome.saved.isEmpty { self.countMissingPhotos() }
            self.merge(outcome.saved.filter { access($0.path, F_OK) == 0 })
        }
    }

    // MARK: Editing

    /// At exit: writes back what it can in a few seconds (the rest stays queued), folds the
    /// write-ahead log into the catalog file and copies it to its backups.
    public func prepareToQuit() {
        waitUntilSaved()
        finishWritingBack()
        catalog.checkpoint()
        catalog.backUpNow()
    }

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

    /// Changes the stars, reject or keywords of `ids` with `change`, as one edit: the rows
    /// show it at once, whatever the library's size; the catalog commits it in the
    /// background in one transaction, edits one after the other (`waitUntilSaved` waits
    /// for that). An edit the catalog refuses (a full disk) is taken back and said in a
    /// notice. Returns what changed (photos `change` left as they were are not in it),
    /// which `undo` takes back.
    @discardableResult
    public func edit(_ ids: [Photo.ID], _ change: (inout PhotoMetadata) -> Void) throws -> MetadataEdit {
        var before: [Photo.ID: PhotoMetadata] = [:]
        var after: [Photo.ID: PhotoMetadata] = [:]
        for id in withCompanions(ids) where before[id] == nil {
            guard let old = try currentMetadata(of: id) else { throw StoreError("no photo at \(id)") }
            var new = old
            change(&new)
            guard new != old else { continue }
            before[id] = old
            after[id] = new
        }
        let edit = MetadataEdit(before: before, after: after)
        try apply(after)
        return edit
    }

    /// Takes `edit` back: each photo gets the metadata it had before. Returns the edit
    /// that redoes it.
    @discardableResult
    public func undo(_ edit: MetadataEdit) throws -> MetadataEdit {
        try apply(edit.before)
        return edit.reversed
    }

    /// A photo's metadata as shown now: the open folder's, or while the folder is read,
    /// the catalog's. Nil when neither has the photo.
    private func currentMetadata(of id: Photo.ID) throws -> PhotoMetadata? {
        if let index = allIndex[id] { return allPhotos[index].metadata }
        guard isLoading else { return nil }
        if let shown = metadataWhileLoading[id] { return shown }
        return try catalog.photo(at: id)?.metadata
    }

    /// Shows `values` and commits them in the background (see `edit`).
    private func apply(_ values: [Photo.ID: PhotoMetadata]) throws {
        guard !values.isEmpty else { return }
        if let reason = catalog.notWritableReason { throw StoreError(reason) }
        if conditions.contains(where: { $0.kind == .diskFull }) {
            throw StoreError(tr("the disk holding the photo catalog is full"))
        }
        if isLoading { metadataWhileLoading.merge(values) { $1 } }
        show(values)
        for id in values.keys { unsavedEdits[id, default: 0] += 1 }
        let catalog = self.catalog
        let writeBack = savesMetadataInFiles ? self.writeBack : nil
        edits.async {
            do {
                _ = try catalog.setMetadata(values, queueingWrites: writeBack != nil)
                writeBack?.schedule()
                catalog.backUpSoon()
                Task { @MainActor [weak self] in self?.saved(Array(values.keys), failure: nil) }
            } catch {
                var saved: [Photo.ID: PhotoMetadata] = [:]
                for id in values.keys { saved[id] = (try? catalog.photo(at: id))?.metadata }
                let failure = EditFailure(isDiskFull: catalog.isDiskFull(error), saved: saved)
                Task { @MainActor [weak self] in self?.saved(Array(values.keys), failure: failure) }
            }
        }
    }

    /// Blocks until every edit made so far is committed to the catalog (at exit, before
    /// a trash reads its rows, and for callers that must know a rating is on disk).
    public func waitUntilSaved() {
        edits.sync {}
    }

    private struct EditFailure: Sendable {
        let isDiskFull: Bool
        /// What the catalog holds for each photo (none when it has no row).
        let saved: [Photo.ID: PhotoMetadata]
    }

    private func saved(_ ids: [Photo.ID], failure: EditFailure?) {
        var settled: [Photo.ID] = []
        for id in ids {
            let unsaved = (unsavedEdits[id] ?? 1) - 1
            unsavedEdits[id] = unsaved > 0 ? unsaved : nil
            if unsaved <= 0 { settled.append(id) }
        }
        guard let failure else { return }
        if failure.isDiskFull { diskFull() }
        tell(Self.unsavedMessage(count: ids.count, diskFull: failure.isDiskFull))
        // What the catalog keeps, unless a newer edit of the photo is on its way (and the
        // rows still being read must not bring the refused one back).
        var restored: [Photo.ID: PhotoMetadata] = [:]
        for id in settled {
            metadataWhileLoading[id] = nil
            if let saved = failure.saved[id] { restored[id] = saved }
        }
        show(restored)
    }

    /// The photos' rows show `values` in this frame, whatever the library's size; they
    /// move to their places (or leave the list) when the order or a filter depends on them.
    private func show(_ values: [Photo.ID: PhotoMetadata]) {
        var changed: Set<Photo.ID> = []
        var movesInList = false
        for (id, metadata) in values {
            guard let index = allIndex[id], allPhotos[index].metadata != metadata else { continue }
            movesInList = movesInList || spec.isAffected(from: allPhotos[index].metadata, to: metadata)
            allPhotos[index].metadata = metadata
            changed.insert(id)
        }
        guard !changed.isEmpty else { return }
        var updated = photos
        var positions: [Int] = []
        if changed.count <= 8 {
            for id in changed {
                if let position = updated.firstIndex(where: { $0.id == id }) { positions.append(position) }
            }
        } else {
            for (position, photo) in updated.enumerated() where changed.contains(photo.id) { positions.append(position) }
        }
        if !positions.isEmpty {
            positions.sort()
            for position in positions { updated[position].metadata = values[updated[position].id]! }
            show(updated, .updated(positions))
        }
        libraryObservers.send(LibraryChange(ids: changed))
        if movesInList { publish() }
    }

    /// Moves photos to the trash (GIO) and out of the catalog. Returns what `restore` needs.
    /// Files and rows move together (serialized with live changes, see `Catalog.serialized`).
    public func moveToTrash(_ ids: [Photo.ID]) throws -> [TrashedPhoto] {
        waitUntilSaved()  // the rows read below keep the newest ratings for Undo
        var trashed: [TrashedPhoto] = []
        defer {
            catalog.backUpSoon()
            remove(trashed.map(\.photo.id))
        }
        try catalog.serialized {
            defer { try? catalog.remove(paths: trashed.map(\.photo.path)) }
            for id in withCompanions(ids) {
                guard let photo = try catalog.photo(at: id) else { throw StoreError("no photo at \(id)") }
                trashed.append(try PhotoTrash.moveToTrash(photo))
            }
        }
        return trashed
    }

    /// Undoes `moveToTrash`: puts the files back where they were, with their ratings.
    /// Whatever live changes are still queued (the trash's own removals among them),
    /// they find the files back on disk and leave the restored rows alone.
    public func restore(_ trashed: [TrashedPhoto]) throws {
        var restored: [Photo] = []
        defer {
            catalog.backUpSoon()
            merge(restored, keepingRatings: false)
        }
        try catalog.serialized {
            defer { try? catalog.restore(restored) }
            for item in trashed {
                try PhotoTrash.restore(item)
                var photo = item.photo
                var info = stat()
                if stat(photo.path, &info) == 0 { photo.modified = FileStamp(info).modified }
                restored.append(photo)
            }
        }
    }
}

/// How far a scan is: files checked so far, of the photo files found in the folder tree.
public struct ScanProgress: Equatable, Sendable {
    public var done: Int
    /// Nil until the folder tree was counted.
    public var total: Int?

    /// Progress is reported every this many files.
    static let reportEvery = 50
    /// New files committed (and shown) together while scanning.
    static let listBatch = 200

    /// Photo files under `folder` (hidden files and folders skipped): the scan's total.
    /// Counted from directory listings alone: only names that are not photo files are
    /// `stat`ed (to find the subfolders), so 100,000 photos cost a few hundred calls.
    static func countPhotoFiles(in folder: String) -> Int {
        var visited: Set<FolderIdentity> = []
        func count(_ folder: String) -> Int {
            var info = stat()
            guard stat(folder, &info) == 0, visited.insert(FolderIdentity(info)).inserted,
                let entries = try? DirectoryListing.entries(of: folder)
            else { return 0 }
            var total = 0
            for entry in entries where !entry.name.hasPrefix(".") {
                if PhotoFileKind(name: entry.name) != .other {
                    total += 1
                } else if entry.isValidUTF8 {
                    let path = folder + "/" + entry.name
                    var target = stat()
                    if stat(path, &target) == 0, target.st_mode & S_IFMT == S_IFDIR { total += count(path) }
                }
            }
            return total
        }
        return count(folder)
    }
}

/// A request the Store refuses, with the reason.
public struct StoreError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
