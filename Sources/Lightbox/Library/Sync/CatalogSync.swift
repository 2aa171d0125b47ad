import Foundation

/// Brings the catalog in line with a folder on disk: reads new and changed files
/// (finding moved ones again, see `Catalog.save`), marks photos whose files are gone as
/// missing. Blocking; run it off the main thread.
public struct CatalogSync: Sendable {
    public let catalog: Catalog
    public var scanner: PhotoScanner
    /// Rows are written in transactions of this many photos.
    var batchSize = 500

    public struct Summary: Sendable, Equatable {
        /// Files read (new or changed).
        public var read = 0
        public var unchanged = 0
        /// Files of known photos found at a new path (moved, renamed), not read again.
        public var moved = 0
        /// Paths of photos marked missing (their files are gone).
        public var removed: [String] = []
    }

    public init(catalog: Catalog, scanner: PhotoScanner = PhotoScanner()) {
        self.catalog = catalog
        self.scanner = scanner
    }

    /// Scans `folder` into the catalog. `onBatch` gets each committed batch (the photos
    /// saved, and where those found again were before); `onProgress` gets the number of files checked so far after each one;
    /// `onFolder` each folder as it is walked (to watch it). Throws when the folder can't
    /// be read or the catalog can't be written (the scan stops at the first failed write).
    public func run(
        folder: String, isCancelled: @escaping @Sendable () -> Bool = { false },
        onBatch: @escaping @Sendable (Catalog.Saved) -> Void = { _ in },
        onProgress: @escaping @Sendable (Int) -> Void = { _ in },
        onFolder: @escaping @Sendable (String) -> Void = { _ in }
    ) throws -> Summary {
        let root = (folder as NSString).standardizingPath
        let known = try catalog.stamps(in: root)
        let unidentified = try catalog.unidentified(in: root)
        let state = SyncState()
        state.seen.reserveCapacity(known.count)
        let catalog = self.catalog
        let batchSize = self.batchSize
        let moved = MovedFiles(catalog: catalog, removedFolders: try catalog.removedFolders())
        let findMoved: @Sendable (String, FileStamp, FileIdentity) -> Int64? = { path, stamp, identity in
            moved.photo(movedTo: path, stamp: stamp, identity: identity)
        }
        try scanner.scan(
            folder: root, known: known, findMoved: findMoved, isCancelled: { isCancelled() || state.error != nil }
        ) { event in
            // Events arrive one at a time (the scanner serializes them).
            state.record(event)
            if case .folder(let path) = event {
                onFolder(path)
            } else {
                onProgress(state.summary.read + state.summary.unchanged + state.summary.moved)
            }
            if state.pending.count + state.moved.count >= batchSize { state.flush(into: catalog, moved: moved, then: onBatch) }
        }
        state.flush(into: catalog, moved: moved, then: onBatch)
        state.waitForWrites()
        if let error = state.error { throw error }
        var summary = state.summary
        if !isCancelled() {
            summary.removed = try catalog.markVanished(known.keys.filter { !state.seen.contains($0) })
            // Rows written before files had identities get them once, so that their files can move.
            try catalog.identify(
                unidentified.filter(state.seen.contains).sorted().compactMap { path in FileIdentity.read(path).map { (path, $0) } })
        }
        return summary
    }
}

/// What one sync has seen so far; touched by one scanner event at a time.
private final class SyncState: @unchecked Sendable {
    var pending: [Photo] = []
    var moved: [MovedFile] = []
    var seen: Set<String> = []
    var summary = CatalogSync.Summary()

    func record(_ event: ScanEvent) {
        switch event {
        case .photo(let photo):
            pending.append(photo)
            seen.insert(photo.path)
            summary.read += 1
        case .unchanged(let path):
            seen.insert(path)
            summary.unchanged += 1
        case .moved(let file):
            moved.append(file)
            seen.insert(file.path)
            summary.moved += 1
        case .folder:
            break
        }
    }

    /// Writes run on their own queue, so reads go on while a batch is committed; at the readers'
    /// priority (nice 19), so a scan's commits never take the window's core in a frame.
    private let writer = LowestPriorityQueue()
    private let errorLock = NSLock()
    private var writeError: Error?

    var error: Error? { errorLock.withLock { writeError } }

    func flush(into catalog: Catalog, moved known: MovedFiles, then done: @escaping @Sendable (Catalog.Saved) -> Void) {
        let batch = pending
        let moves = moved
        pending.removeAll(keepingCapacity: true)
        moved.removeAll(keepingCapacity: true)
        writer.async { [self] in
            guard !batch.isEmpty || !moves.isEmpty, error == nil else { return }
            do {
                var saved = try catalog.relink(moves)
                saved.add(try catalog.saveRead(batch, mayBeKnown: known.mayBeKnown))
                done(saved)
            } catch {
                errorLock.withLock { writeError = error }
            }
        }
    }

    /// Waits for every batch handed to `flush`.
    func waitForWrites() { writer.sync() }
}
