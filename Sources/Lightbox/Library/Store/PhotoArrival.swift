import Foundation

/// Waits until the Store lists the photos of some files (photos opened from the file manager,
/// whose folder may just have been browsed: read from the catalog, then scanned), then calls
/// back once with the photos found, in the order of the files, and the files not found.
///
/// It is done when every file is listed and the list shows it and the scans it waits for are over (so that the
/// photo page can step through the whole folder), or when every folder holding the files
/// was scanned (or went offline) and some files are still not listed.
@MainActor
public final class PhotoArrival {
    private let store: CatalogStore
    private let paths: [String]
    /// The folders whose scan must be over before the photos are handed on.
    private let scans: Set<String>
    /// The folders (browsed or library) holding the files.
    private let roots: Set<String>
    private var handler: (@MainActor (_ photos: [Photo], _ missing: [String]) -> Void)?

    /// `paths` are standardized absolute paths; `waitingForScansOf` the browsed folders among
    /// the folders holding them.
    public init(
        _ paths: [String], in store: CatalogStore, waitingForScansOf scans: Set<String>,
        then handler: @escaping @MainActor (_ photos: [Photo], _ missing: [String]) -> Void
    ) {
        self.store = store
        self.paths = paths
        self.scans = scans
        roots = Set(paths.compactMap { path in store.folders.first { LibraryFolderList.contains($0, path) } })
        self.handler = handler
        // Checked once the change is told everyone: the end of a scan is told before its last
        // batches are published.
        let later: @MainActor () -> Void = { [weak self] in
            guard let self else { return }
            Task { @MainActor [weak self] in self?.check() }
        }
        store.observe(owner: self) { _ in later() }
        store.observeScanProgress(owner: self) { _ in later() }
        store.observeFolders(owner: self) { _ in later() }
    }

    /// Whether it is still waiting.
    public var isWaiting: Bool { handler != nil }

    /// Calls back if the Store has what is waited for (also right after `init`, for photos
    /// listed already).
    public func check() {
        guard let handler else { return }
        let found = paths.map { store.photoWithFile($0) }
        let isOver = { (folder: String) in
            self.store.hasScanned(folder) || self.store.offlineFolders[folder] != nil || !self.store.folders.contains(folder)
        }
        let allFound = found.allSatisfy { $0 != nil }
        // (Up to date: the list shows what the Store has, so the photos can be selected in it.)
        guard store.isUpToDate, (allFound && scans.allSatisfy(isOver)) || roots.allSatisfy(isOver) else { return }
        self.handler = nil
        handler(found.compactMap { $0 }, zip(paths, found).filter { $0.1 == nil }.map(\.0))
    }
}

extension CatalogStore {
    /// The photo of the library whose file is `path`: its own, or the JPEG beside a RAW file.
    public func photoWithFile(_ path: String) -> Photo? {
        photo(path) ?? allPhotos.first { $0.companion == path }
    }
}
