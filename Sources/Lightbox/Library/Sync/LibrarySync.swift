import Foundation

/// Keeps the catalog, and the photos a view shows, in step with the library's folders on
/// disk: opening the library (its first screenful from the catalog at once, then every row),
/// then scanning the folders one after the other (see `LibrarySync+Scanning.swift`),
/// watching them for live changes, taking folders that go away offline until they are back
/// (see `LibrarySync+Availability.swift`), waiting out a full disk and counting the photos
/// whose files went missing.
@MainActor
final class LibrarySync {
    let catalog: Catalog
    let images: ImageSource
    let view: ShownPhotos
    let events: LibraryEvents
    let edits: PhotoEdits
    /// Reads the folders' files; its readers stand aside for `images.foreground`.
    var scanner = PhotoScanner()

    init(catalog: Catalog, images: ImageSource, view: ShownPhotos, events: LibraryEvents, edits: PhotoEdits) {
        self.catalog = catalog
        self.images = images
        self.view = view
        self.events = events
        self.edits = edits
        scanner.foreground = images.foreground
    }

    /// The library's folders (standardized, sorted), shown together: each is scanned and watched.
    var folders: [String] = [] {
        didSet { if folders != oldValue { events.send(.folders(folders)) } }
    }
    /// Library folders that can't be read now, with why: their photos are out of the list,
    /// their rows and ratings kept, until they are back.
    var offlineFolders: [String: FolderOfflineReason] = [:] {
        didSet { if offlineFolders != oldValue { events.send(.folders(folders)) } }
    }
    /// Folders among `folders` that are browsed, not library folders (see `LibrarySync+BrowsedFolders.swift`).
    var browsedFolders: Set<String> = []
    var isScanning = false {
        didSet {
            // Rows beyond the visible ones get their thumbnails after the scan.
            images.defersPrefetch = isScanning
            view.isScanning = isScanning
            guard !isScanning else { return }
            view.returnsMemoryWhenSettled = true
            scanProgress = nil
            view.scanEnded()
        }
    }
    /// How far the running scan is (nil when no scan runs).
    var scanProgress: ScanProgress? {
        didSet { events.send(.scanProgress(scanProgress)) }
    }
    /// Library folders waiting for their scan, scanned one after the other.
    var scanQueue: [String] = []
    /// How many scans of each folder have ended, whatever they came to: what waits for a
    /// folder's scan (an import adding folders) counts on it.
    var endedScans: [String: Int] = [:]
    /// The folder being scanned, and the flag that stops its scan.
    var scanning: (folder: String, cancelled: CancelFlag)?
    var watches: [String: FolderWatch] = [:]
    /// Each folder as its last scan found it (to tell a removed disk's mount point).
    var folderIdentities: [String: FolderIdentity] = [:]
    /// Offline folders' checks, every second, until each is back.
    var waitingForFolders: [String: Task<Void, Never>] = [:] {
        didSet { for (folder, task) in oldValue where waitingForFolders[folder] != task { task.cancel() } }
    }
    /// Waits for a fault (folder gone, disk full) to end, then picks the work up again.
    var waitingOutFault: Task<Void, Never>? {
        didSet { oldValue?.cancel() }
    }
    var liveChanges: Task<Void, Never>?
    /// The photos missing now (see LibrarySync+MissingPhotos.swift), and as many as there
    /// were when the person closed the bar that counts them: it comes back for more only.
    var missingPhotoCount = 0
    var missingPhotosDismissed = 0
    /// Bumped when another library opens: work for the library before is dropped.
    private(set) var generation = 0
    /// While the open folder's rows are read (what a scan finds meanwhile waits for them).
    var isLoading: Bool {
        get { view.isLoading }
        set { view.isLoading = newValue }
    }
    /// What scans and watches found while the rows were read, applied in order once they
    /// are shown. The scan runs beside the read instead of after it (a 100,000-photo
    /// library is read in about as long as it is scanned); the read may already hold what
    /// was found, and applying it again changes nothing.
    private var foundWhileLoading: [() -> Void] = []
    /// The first screenful being read for the folder being opened, until shown.
    private var pendingFirstScreenful: (read: InBackground<IndexedPhotos?>, generation: Int, spec: PhotoViewSpec)?
    /// Whether the folders being opened are scanned: an open made while they are read
    /// passes it on.
    var scansOpenedFolders = false
    /// Photos read at once when a folder opens, before the rest of the library: what the
    /// window shows, and no more.
    var firstScreenful = 40
    /// A first screenful read ahead (see `FirstScreenful.readAhead`), taken by the next open.
    var firstScreenfulReadAhead: InBackground<FirstScreenful?>?

    /// Shows the photos of `folders` together from the catalog (the first screenful at once,
    /// the rest right after), then rescans them one after the other in the background and
    /// watches them (`rescanning: false` leaves that to a later `rescan()`). A folder that
    /// can't be read, or goes away, is offline until it is back; the others are not affected.
    func open(folders list: [String], rescanning: Bool = true) {
        let roots = Self.roots(of: list)
        folders = roots
        browsedFolders.formIntersection(roots)
        generation += 1
        stopScans()
        watches = [:]
        folderIdentities = [:]
        waitingForFolders = [:]
        offlineFolders = [:]
        waitingOutFault = nil
        foundWhileLoading = []
        events.clear(.folderUnavailable)
        if let filter = view.spec.folder, FirstScreenful.shownFolders(roots, filter: filter) != [filter] {
            view.spec.folder = nil
        }
        view.clear()
        isLoading = true
        edits.metadataWhileLoading = [:]
        scansOpenedFolders = rescanning
        // Off the main thread: the first screenful (one indexed query per folder, so a large
        // library shows without waiting for the rest), then every row; the rescan runs beside.
        let catalog = self.catalog
        let opened = generation
        let shown = view.spec
        let limit = firstScreenful
        let shownRoots = FirstScreenful.shownFolders(roots, filter: shown.folder)
        let readAhead = firstScreenfulReadAhead
        firstScreenfulReadAhead = nil
        var firstRead: InBackground<IndexedPhotos?>?
        if FirstScreenful.isRead(for: shown) && !shownRoots.isEmpty {
            firstRead = InBackground {
                if let early = (try? readAhead?.value()) ?? nil, early.answers(folders: shownRoots, order: shown.order, limit: limit) {
                    return early.photos
                }
                return FirstScreenful.read(from: catalog, folders: shownRoots, order: shown.order, limit: limit).photos
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
                    return IndexedPhotos(photos)
                }
                return (rows, offline)
            }.value
            guard let self, self.generation == opened else { return }
            self.isLoading = false
            defer { self.edits.metadataWhileLoading = [:] }
            switch rows {
            case .success(let library):
                self.view.returnsMemoryWhenSettled = true
                self.view.setAll(library.with(self.edits.metadataWhileLoading))
            // Translators: %@ is SQLite's reason.
            case .failure(let error): self.events.tell(String(format: tr("The photo catalog can't be read: %@"), "\(error)"))
            }
            for (folder, reason) in offline.sorted(by: { $0.key < $1.key }) {
                self.folderUnavailable(folder, reason, dropping: false)
            }
            let found = self.foundWhileLoading
            self.foundWhileLoading = []
            for apply in found { apply() }
        }
        if rescanning {
            scanProgress = ScanProgress(done: 0, total: nil)
            scan(roots)
        }
    }

    /// Folders as `open` shows them: standardized, each once, sorted.
    nonisolated static func roots(of list: [String]) -> [String] {
        Set(list.map { ($0 as NSString).standardizingPath }).sorted()
    }

    /// Runs `apply` now, or once the rows being read are shown.
    func whenLoaded(_ apply: @escaping () -> Void) {
        if isLoading { foundWhileLoading.append(apply) } else { apply() }
    }

    /// Shows the first screenful of the folder being opened as soon as it has been read,
    /// waiting for it at most `timeout`.
    func showFirstScreenful(waitingAtMost timeout: TimeInterval) {
        guard let pending = pendingFirstScreenful,
            let first = pending.read.result(waitingAtMost: timeout)
        else { return }
        show(firstScreenful: (try? first.get()) ?? nil)
    }

    private func show(firstScreenful first: IndexedPhotos?) {
        guard let pending = pendingFirstScreenful else { return }
        pendingFirstScreenful = nil
        guard let first, generation == pending.generation, isLoading, view.spec == pending.spec else { return }
        view.showFirst(first.with(edits.metadataWhileLoading))
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
                let isWanted: @MainActor () -> Bool = { [weak self] in self.map { $0.generation == opened && $0.isOnline(folder) } ?? false
                }
                self.view.join(photos, while: isWanted) { [weak self] in
                    self?.scan([folder])
                }
            case .failure(let error):
                // Translators: %@ is SQLite's reason.
                self.events.tell(String(format: tr("The photo catalog can't be read: %@"), "\(error)"))
                self.scan([folder])
            }
        }
    }

    /// Whether `folder` is a library folder that can be read.
    func isOnline(_ folder: String) -> Bool { folders.contains(folder) && offlineFolders[folder] == nil }

    /// Takes the photos under `folder` out of the list (their rows stay in the catalog).
    func dropPhotos(inside folder: String) {
        if folders == [folder] { return view.setAll([]) }
        let opened = generation
        // (Back, or added again, meanwhile: its photos stay.)
        view.drop(
            where: { LibraryFolderList.contains(folder, $0.path) },
            while: { [weak self] in self.map { $0.generation == opened && !$0.isOnline(folder) } ?? false })
    }
}
