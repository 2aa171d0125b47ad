import Foundation
import Gtk
import LightboxKit

/// The photos a view shows: the library's photos (`allPhotos`, and where each is), and
/// `photos`, those searched, filtered and sorted by `spec`, published as `PhotosUpdate`s
/// with what changed. Libraries of `offMainThreshold` photos or more (and any library while
/// it is scanned) are searched, sorted and compared off the main thread; the main thread
/// only applies the result.
@MainActor
final class ShownPhotos {
    private let events: LibraryEvents

    init(events: LibraryEvents) {
        self.events = events
    }

    /// The library folders' photos, in no particular order.
    private(set) var allPhotos: [Photo] = [] {
        didSet { changes &+= 1 }  // (no `oldValue`: changed in place, not copied)
    }
    /// Counts changes of `allPhotos`: a list made off the main thread from an older one
    /// must not replace a newer one (see `join`).
    private(set) var changes = 0
    /// Where each photo of `allPhotos` is.
    private(set) var index: [Photo.ID: Int] = [:]
    /// `allPhotos` after search, filters and sort, as last published.
    private(set) var photos: [Photo] = []
    /// Where each photo of `photos` is, when made with it off the main thread (large
    /// libraries): an edit of many photos finds their rows without walking every photo
    /// shown (at 100,000, a walk touched as many boxes and hashed as many paths).
    private var shownIndex: [Photo.ID: Int]?
    /// Where the photos of the last view made off the main thread stand in its order, while
    /// `allPhotos` is as it was then: the next view in that order (an album opened, a search)
    /// sorts its photos by these places.
    private var shownOrder: ShownOrder?
    /// `changes` when `allPhotos` was last found to hold nothing to pair: views made before the
    /// next change need not look through 100,000 paths again.
    private var pairFreeAt: Int?
    /// Counts published updates (see `PhotosUpdate.version`).
    private var version = 0
    /// Counts edits shown in place (`show(_ values:)`), published or not: a view computed
    /// from the photos as they were before one is not shown (an edit of photos the list did
    /// not show then, which a new search or filter shows, would show their old values).
    private var edits = 0
    /// Search, order and filters.
    var spec = PhotoViewSpec() { didSet { if spec != oldValue { publish() } } }
    /// What the culling filters hide of the photos the search matches, published with `photos`.
    private(set) var filterSummary = PhotoFilterSummary() {
        didSet { if filterSummary != oldValue { events.send(.filterSummary(filterSummary)) } }
    }
    /// Libraries of this many photos or more (and any library while it is scanned) are
    /// searched, sorted and compared off the main thread (smaller ones at once, which
    /// keeps them simple to follow).
    var offMainThreshold = 5_000
    private var isComputingView = false
    private var viewRequested = false
    /// While the library's rows are read (set by `LibrarySync`).
    var isLoading = false
    /// While a scan runs (set by `LibrarySync`): its batches are published together.
    var isScanning = false
    /// A batch of many coming in (an import's) waits to be published with the next ones, as
    /// a scan's do (see `merge`).
    private var waitsForMoreBatches = false
    /// A publish waiting for more of a scan's batches (see `merge`).
    private var publishingSoon: Task<Void, Never>? {
        didSet { oldValue?.cancel() }
    }
    /// While a scan runs, its batches are shown together at most this often.
    static let scanBatchInterval = Duration.milliseconds(300)
    /// Set by a whole read of the folder or the end of a scan: their large temporary arrays,
    /// made off the main thread, stay in glibc's per-thread arenas (about 25 MB at 100,000
    /// photos) until given back once the list shows the result.
    var returnsMemoryWhenSettled = false

    /// The photo with `id` as it is now (search or not); nil when the library has none.
    func photo(_ id: Photo.ID) -> Photo? {
        index[id].map { allPhotos[$0] }
    }

    /// Whether `photos` shows `allPhotos` as searched and sorted now (nothing is being read,
    /// searched or sorted).
    var isUpToDate: Bool { !isLoading && !isComputingView && !viewRequested }

    /// The scan is over: its last batches at once, and the memory it used given back.
    func scanEnded() {
        if publishingSoon != nil {
            publishingSoon = nil
            publish()
        }
        returnMemoryIfSettled()
    }

    // MARK: Publishing

    /// Searches and sorts `allPhotos` again and publishes the difference: at once for a
    /// small library, off the main thread for a large one. Requests made while that runs
    /// are served by one more run after it.
    func publish() {
        viewRequested = true
        if !isComputingView { computeView() }
    }

    private func computeView() {
        viewRequested = false
        let all = allPhotos
        let spec = self.spec
        // Only an album's view reads the index: shared with a view made off the main thread,
        // the next batch of a scan would copy all of it on the main thread.
        let index = spec.album == nil ? nil : self.index
        let previous = photos
        let previousIndex = shownIndex
        let startVersion = version
        let startEdits = edits
        let startChanges = changes
        let knownPairFree = pairFreeAt == changes
        let ranks = shownOrder.flatMap { $0.ranks(for: spec, changes: startChanges) }
        let streamed = isScanning || waitsForMoreBatches
        waitsForMoreBatches = false
        // While a scan or an import streams batches in, always off the main thread: batches
        // queued on the main thread would otherwise be sorted one after the other without a
        // frame (an import's each took 40 ms of a frame of a library of 3,000 on two cores).
        guard max(all.count, previous.count) >= offMainThreshold || streamed else {
            let (result, filters) = spec.view(of: all, index: index)
            return show(result, (try? ListDiff(from: previous, to: result)).map { .diff($0) } ?? .reset, filters: filters)
        }
        isComputingView = true
        // Made outside the task below, so that only this closure holds `previous` and lets it
        // go off the main thread; below the window, whose frames come first (a scan publishes a
        // few times a second, each view sorting the whole library: as nice as a thread gets, as
        // nobody waits for one batch's view).
        let make = { @Sendable () -> ([Photo], PhotoFilterSummary, ListDiff?, [Photo.ID: Int], pairFree: Bool) in
            let pairFree = knownPairFree || !PairedFiles.mayPair(all)
            let (result, filters) = spec.view(of: all, index: index, pairFree: pairFree, ranks: ranks)
            let resultIndex = IndexedPhotos.index(of: result)
            // With the index of the photos shown, only the new view's ids are looked up (an
            // album of 10,000 opened over 100,000 photos: not 100,000 of them).
            let diff =
                if let previousIndex {
                    try? ListDiff(from: previous, to: result, oldIndex: previousIndex, newIndex: resultIndex)
                } else {
                    try? ListDiff(from: previous, to: result)
                }
            return (result, filters, diff, resultIndex, pairFree)
        }
        let priority: BackgroundPriority = streamed ? .lowest : .belowTheWindow
        let view = Task.detached { await runBelowTheWindow(priority, make) }
        Task { [weak self] in
            let (result, filters, diff, index, pairFree) = await view.value
            guard let self else { return }
            self.isComputingView = false
            if pairFree, self.changes == startChanges { self.pairFreeAt = startChanges }
            // Published or edited meanwhile (a rating in place): this diff no longer applies; start again.
            if self.version == startVersion && self.edits == startEdits {
                self.shownOrder = ShownOrder(ranks: index, order: spec.order, ascending: spec.ascending, changes: startChanges)
                self.show(result, diff.map { .diff($0) } ?? .reset, filters: filters, index: index)
            } else {
                self.viewRequested = true
            }
            if self.viewRequested { self.computeView() }
        }
    }

    /// Publishes `result` and what the filters hid of it (`filters`; nil keeps the last),
    /// that first: observers of either see `photos` and `filterSummary` agree.
    private func show(
        _ result: [Photo], _ change: PhotosUpdate.Change, filters: PhotoFilterSummary? = nil, index: [Photo.ID: Int]? = nil
    ) {
        let replaced = (photos, shownIndex)
        defer {
            releaseOffMain(replaced)
            returnMemoryIfSettled()
        }
        photos = result
        shownIndex = index
        if let filters { filterSummary = filters }
        if case .diff(let diff) = change, diff.isEmpty { return }
        version += 1
        events.send(.photos(PhotosUpdate(photos: result, change: change, version: version)))
    }

    func returnMemoryIfSettled() {
        guard returnsMemoryWhenSettled, isUpToDate, !isScanning else { return }
        returnsMemoryWhenSettled = false
        DispatchQueue.global(qos: .background).async { ProcessMemory.returnFreedMemory() }
    }

    // MARK: Changing the library's photos

    /// No photos, shown at once (another library opens).
    func clear() {
        allPhotos = []
        reindex()
        events.send(.library(LibraryChange(ids: nil)))
        show([], .reset, filters: PhotoFilterSummary(showsRejected: spec.showsRejected, minimumRating: spec.minimumRating))
    }

    /// Replaces every photo (another folder, or the whole catalog read).
    func setAll(_ photos: [Photo]) {
        setAll(IndexedPhotos(photos))
    }

    func setAll(_ library: IndexedPhotos) {
        adopt(library)
        publish()
    }

    /// Shows the first screenful read of a library being opened, at once.
    func showFirst(_ library: IndexedPhotos) {
        adopt(library)
        let (result, filters) = spec.view(of: allPhotos, index: index)
        show(result, .reset, filters: filters)
    }

    private func adopt(_ library: IndexedPhotos) {
        let replaced = (allPhotos, index)
        allPhotos = library.photos
        index = library.index
        events.send(.library(LibraryChange(ids: nil)))
        releaseOffMain(replaced)
    }

    private func reindex() {
        index = IndexedPhotos.index(of: allPhotos)
    }

    /// Makes room in the index for `count` photos in all (a scan has counted its folder's
    /// files, some perhaps listed already): it grows once, while small, not by rehashing a
    /// table of 65,000 paths mid-scan on the main thread.
    func expect(atLeast count: Int) {
        guard count > index.capacity else { return }
        index.reserveCapacity(count)
    }

    /// Adds or updates photos. A photo read from its file that is already listed keeps
    /// the catalog's rating, reject and keywords (saving a file read never overwrites them).
    /// `streamed`: one of many batches coming in (an import's), shown with the next ones.
    func merge(_ batch: [Photo], keepingRatings: Bool = true, streamed: Bool = false) {
        guard !batch.isEmpty else { return }
        for var photo in batch {
            if let position = index[photo.id] {
                if keepingRatings { photo.metadata = allPhotos[position].metadata }
                allPhotos[position] = photo
            } else {
                index[photo.id] = allPhotos.count
                allPhotos.append(photo)
            }
        }
        events.send(.library(LibraryChange(ids: Set(batch.map(\.id)))))
        // A scan's first photos at once, then its batches a few times a second: each
        // publish sorts and compares the whole library, and the list's frames come first.
        guard isScanning || streamed, !photos.isEmpty else { return publish() }
        if streamed { waitsForMoreBatches = true }
        guard publishingSoon == nil else { return }
        publishingSoon = Task { [weak self] in
            try? await Task.sleep(for: Self.scanBatchInterval)
            guard !Task.isCancelled, let self else { return }
            self.publishingSoon = nil
            self.publish()
        }
    }

    /// Adds the catalog rows of a folder joining the list (added, or back online), while
    /// `isWanted()`, then runs `then`: a few at once; many are joined to the list off the
    /// main thread (the whole list and its index made there), unless the list changed meanwhile.
    func join(_ rows: [Photo], while isWanted: @escaping @MainActor () -> Bool, then: @escaping @MainActor () -> Void) {
        guard rows.count >= offMainThreshold else {
            merge(rows.uniqueByID(), keepingRatings: false)
            return then()
        }
        let shown = allPhotos
        let changes = self.changes
        Task { [weak self] in
            let joined = await Task.detached(priority: .userInitiated) { IndexedPhotos(shown + rows) }.value
            guard let self, isWanted() else { return }
            if self.changes == changes {
                self.returnsMemoryWhenSettled = true
                self.setAll(joined)
            } else {
                self.merge(rows.uniqueByID(), keepingRatings: false)
            }
            then()
        }
    }

    /// Takes the photos `isLeaving` out of the list (their rows stay in the catalog) while
    /// `isWanted()`. In a large library the rest of the list and its index are made off the
    /// main thread, unless the list changed meanwhile.
    func drop(where isLeaving: @escaping @Sendable (Photo) -> Bool, while isWanted: @escaping @MainActor () -> Bool) {
        guard allPhotos.count >= offMainThreshold else { return remove(allPhotos.lazy.filter(isLeaving).map(\.id)) }
        let shown = allPhotos
        let changes = self.changes
        Task { [weak self] in
            let kept = await Task.detached(priority: .userInitiated) { IndexedPhotos(shown.filter { !isLeaving($0) }) }.value
            guard let self, isWanted() else { return }
            if self.changes == changes {
                self.returnsMemoryWhenSettled = true
                self.setAll(kept)
            } else {
                self.remove(self.allPhotos.lazy.filter(isLeaving).map(\.id))
            }
        }
    }

    /// Drops photos whose rows are gone.
    func remove(_ ids: some Sequence<Photo.ID>) {
        let gone = Set(ids).filter { index[$0] != nil }
        guard !gone.isEmpty else { return }
        allPhotos.removeAll { gone.contains($0.id) }
        reindex()
        events.send(.library(LibraryChange(ids: gone)))
        publish()
    }

    /// The photos' rows show `values` in this frame, whatever the library's size; they
    /// move to their places (or leave the list) when the order or a filter depends on them.
    func show(_ values: [Photo.ID: PhotoMetadata]) {
        var changed: Set<Photo.ID> = []
        var movesInList = false
        for (id, metadata) in values {
            guard let position = index[id], allPhotos[position].metadata != metadata else { continue }
            movesInList = movesInList || spec.isAffected(from: allPhotos[position].metadata, to: metadata)
            allPhotos[position].metadata = metadata
            changed.insert(id)
        }
        guard !changed.isEmpty else { return }
        edits &+= 1
        var updated = photos
        var positions: [Int] = []
        if let shownIndex {
            positions = changed.compactMap { shownIndex[$0] }
        } else if changed.count <= 8 {
            for id in changed {
                if let position = updated.firstIndex(where: { $0.id == id }) { positions.append(position) }
            }
        } else {
            for (position, photo) in updated.enumerated() where changed.contains(photo.id) { positions.append(position) }
        }
        if !positions.isEmpty {
            positions.sort()
            for position in positions { updated[position].metadata = values[updated[position].id]! }
            show(updated, .updated(positions), index: shownIndex)
        }
        events.send(.library(LibraryChange(ids: changed)))
        if movesInList { publish() }
    }

    /// `ids` followed by the companions of the photos among them (a RAW's JPEG, a Live Photo's
    /// motion: see `PairedFiles`): what an edit or the trash acts on when the person acts on a
    /// photo of two files.
    func withCompanions(_ ids: [Photo.ID]) -> [Photo.ID] {
        withCompanionsGiven(ids).map(\.id)
    }

    /// `withCompanions`, each with the id given that brought it in (itself for `ids`).
    func withCompanionsGiven(_ ids: [Photo.ID]) -> [(id: Photo.ID, given: Photo.ID)] {
        var result = ids.map { (id: $0, given: $0) }
        var motions: [String: [Photo.ID]]?
        let motionsByIdentifier = {
            if motions == nil { motions = LivePhotos.motionsByIdentifier(in: self.allPhotos) }
            return motions!
        }
        for id in ids {
            guard let position = index[id], allPhotos[position].error == nil else { continue }
            let companion =
                RawJpegPairs.companion(of: id, exists: { index[$0] != nil })
                ?? LivePhotos.motion(of: allPhotos[position], lookup: photo, motionsByIdentifier: motionsByIdentifier)
            if let companion { result.append((companion, id)) }
        }
        return result
    }
}

/// Lets `value` go on a background thread. The views replaced in a large library are held
/// until their update is out and then released there: freeing 100,000 photos and an index
/// of as many ids took 10 to 20 ms of the frame that showed a search's result. (Whoever lets
/// go of a value last frees it; holding it through the update makes that this thread.)
private func releaseOffMain(_ value: some Sendable) {
    DispatchQueue.global(qos: .utility).async { withExtendedLifetime(value) {} }
}
