import Foundation
import Gtk
import LightboxMedia

/// The library's duplicates, kept up to date: each picture's hash is kept as its thumbnail
/// is decoded or read (`ImageSource.pictureHashes`), photos never shown get theirs from a
/// thumbnail made in the background after each scan (one decode at a time, while nothing
/// else waits), and the groups are looked for again off the main thread whenever hashes
/// arrive or the library changes, published as `LibraryEvent.duplicates`.
@MainActor
final class LibraryDuplicates {
    private let catalog: Catalog
    private let images: ImageSource
    private let view: ShownPhotos
    private let events: LibraryEvents
    weak var sync: LibrarySync?
    /// Whether thumbnails are made for the photos never shown (tests counting decodes turn it off).
    var makesMissingThumbnails = true
    /// How groups are found (tests and the benchmark give files that are not there checks of their own).
    var finder = DuplicateFinder()
    /// The groups as last found, by their first path.
    private(set) var groups: [DuplicateGroup] = []
    /// Whether groups have been looked for since the library was opened.
    private(set) var hasLooked = false
    /// Whether a look runs now.
    private(set) var isLooking = false
    private var needsLooking = false
    /// Whether something other than hashes arriving asked for the next look.
    private var needsLookingSoon = false
    private var isLookScheduled = false
    /// Who waits for the running look to end (`lookNow`).
    private var lookEnded: [CheckedContinuation<Void, Never>] = []
    private var isHashingMissing = false
    /// When the running scan started (nil when none runs).
    private var scanStarted: ContinuousClock.Instant?
    /// How long changes gather before the groups are looked for again: at least this, and
    /// three times as long as the last look took (a large library's look costs a core a while).
    static let settleTime: Duration = .milliseconds(400)
    static let scanningPause: Duration = .seconds(2)
    /// The least time between looks that hashes arriving ask for, in a library of `largeLook` photos or more.
    static let hashesPause: Duration = .seconds(30)
    /// Looks over this many photos give their memory back to the system when done.
    nonisolated static let largeLook = 20_000
    private var lastLookTime: Duration = .zero
    /// How many photos the last look went through.
    private var lastLookedCount = 0

    init(catalog: Catalog, images: ImageSource, view: ShownPhotos, events: LibraryEvents, hashing: Bool) {
        self.catalog = catalog
        self.images = images
        self.view = view
        self.events = events
        guard hashing else { return }
        let inbox = HashInbox(catalog: catalog) { [weak self] in self?.setNeedsLooking(forHashes: true) }
        let sink = PictureHashSink(inbox.receive)
        images.pictureHashes.withLock { $0 = sink }
        events.add(owner: self) { [weak self] event in
            guard let self else { return }
            switch event {
            case .library, .folders, .moved: self.setNeedsLooking()
            case .scanProgress(nil):
                self.scanStarted = nil
                images.pictureHashes.withLock { $0 = sink }
                inbox.release()
                self.setNeedsLooking()
                self.hashMissingPictures()
            case .scanProgress(.some):
                guard self.scanStarted == nil else { break }
                self.scanStarted = .now
                // A scan has the cores: thumbnails decoded meanwhile are hashed after it, from
                // memory or the thumbnail cache (the pass below), not decoded again.
                images.pictureHashes.withLock { $0 = nil }
                inbox.hold()
            default: break
            }
        }
    }

    /// The group `photo` is in, if any. Looked through, not indexed: asked for one photo at a
    /// time (the details pane), and an index of a library of copies would keep 100,000 entries.
    func group(of photo: Photo.ID) -> DuplicateGroup? { groupIndex(of: photo).map { groups[$0] } }

    private func groupIndex(of photo: Photo.ID) -> Int? { groups.firstIndex { $0.photos.contains(photo) } }

    /// The folders looked in: the library's, as shown, but the offline ones.
    private var folders: [String] {
        guard let sync else { return [] }
        return sync.folders.filter { sync.offlineFolders[$0] == nil }
    }

    /// Looks for the groups again soon (changes that come together are looked at once); during
    /// a scan less often (at most every `scanningPause`, and a tenth of the time): the groups
    /// come as photos arrive, and looking takes little from the scan's cores. Hashes arriving
    /// (`forHashes`) ask for a look less often still.
    func setNeedsLooking(forHashes: Bool = false) {
        needsLooking = true
        if !forHashes { needsLookingSoon = true }
        guard !isLooking, !isLookScheduled else { return }
        isLookScheduled = true
        let pause =
            if !needsLookingSoon {
                // Hashes trickle in for a long while after a large library's scan: a look for each
                // batch would keep a core (and the memory a look reads) busy the whole time.
                max(lastLookedCount >= Self.largeLook ? Self.hashesPause : Self.scanningPause, lastLookTime * 20)
            } else if sync?.isScanning == true {
                max(Self.scanningPause, lastLookTime * 10)
            } else {
                max(Self.settleTime, lastLookTime * 3)
            }
        Task { @MainActor [weak self] in
            try? await Task.sleep(for: pause)
            // A scan's first seconds are its own (the files it reads take every core): a short
            // scan ends before a look would start, and is looked at once, at its end.
            while let started = self?.scanStarted, case let scanned = ContinuousClock.now - started, scanned < Self.scanningPause {
                try? await Task.sleep(for: Self.scanningPause - scanned)
            }
            self?.isLookScheduled = false
            await self?.look()
        }
    }

    /// Looks for the groups now and returns when they are published.
    func lookNow() async {
        if isLooking { await withCheckedContinuation { lookEnded.append($0) } }
        needsLooking = true
        await look()
    }

    /// Looks for the groups once, off the main thread; what asked for a look meanwhile is
    /// scheduled again (`setNeedsLooking`), paced, not looked at back to back.
    private func look() async {
        guard needsLooking, !isLooking else { return }
        isLooking = true
        needsLooking = false
        needsLookingSoon = false
        defer {
            isLooking = false
            for waiter in lookEnded { waiter.resume() }
            lookEnded = []
            if needsLooking { setNeedsLooking(forHashes: !needsLookingSoon) }
        }
        do {
            let folders = self.folders
            let catalog = self.catalog
            let finder = self.finder
            let clock = ContinuousClock()
            let start = clock.now
            defer { lastLookTime = clock.now - start }
            let shown = hasLooked ? groups : nil
            // Compared with the groups shown off the main thread too: unchanged, nothing of a
            // hundred thousand paths comes back to be compared or let go of there.
            let library = view.allPhotos
            let found = await runBelowTheWindow(.lowest) { () -> Look? in
                guard let (read, looked) = Self.find(in: folders, of: catalog, with: finder) else { return nil }
                let groups = read == shown ? nil : Self.sharingPaths(read, with: library)
                // A large library's look fills a read connection's page cache and leaves megabytes
                // freed in this thread's arena: given back, or the app keeps them.
                if looked >= Self.largeLook {
                    catalog.releaseCachedPages()
                    ProcessMemory.returnFreedMemory()
                }
                return Look(changed: groups, looked: looked)
            }
            guard let found else { return }
            lastLookedCount = found.looked
            if let groups = found.changed { publish(groups) }
        }
    }

    /// What a look found: the groups when they changed, and how many photos it went through.
    private struct Look: Sendable {
        let changed: [DuplicateGroup]?
        let looked: Int
    }

    /// The groups among the photos of `folders`, and how many photos were looked at (what was
    /// read is let go of on return).
    nonisolated private static func find(in folders: [String], of catalog: Catalog, with finder: DuplicateFinder)
        -> ([DuplicateGroup], Int)?
    {
        guard let candidates = try? catalog.duplicateCandidates(in: folders), let notDuplicates = try? catalog.notDuplicatePairs()
        else { return nil }
        return (finder.groups(in: candidates, notDuplicates: notDuplicates), candidates.count)
    }

    /// `groups` with the library's own path strings (the groups of a library of copies hold
    /// a hundred thousand paths: read from the catalog, each would be a second copy).
    nonisolated private static func sharingPaths(_ groups: [DuplicateGroup], with library: [Photo]) -> [DuplicateGroup] {
        guard groups.reduce(0, { $0 + $1.photos.count }) >= 1_000 else { return groups }
        var paths: [String: String] = [:]
        paths.reserveCapacity(library.count)
        for photo in library { paths[photo.id] = photo.id }
        return groups.map { group in
            var shared = group
            shared.photos = group.photos.map { paths[$0] ?? $0 }
            return shared
        }
    }

    private func publish(_ found: [DuplicateGroup]) {
        // Told even when the first look finds none: the page stops saying it is looking. Unchanged
        // groups never come here (`look` compares them off the main thread).
        hasLooked = true
        // The groups replaced are let go of off the main thread (a library of copies: 100,000
        // paths), and what they held given back.
        let replaced = groups
        let large = lastLookedCount >= Self.largeLook
        groups = found
        DispatchQueue.global(qos: .utility).async {
            withExtendedLifetime(replaced) {}
            if large { ProcessMemory.returnFreedMemory() }
        }
        events.send(.duplicates(found))
    }

    /// Makes the thumbnails (and so the hashes) of the photos that have none, one at a time
    /// in the background, until every photo has one or a scan starts.
    func hashMissingPictures() {
        guard makesMissingThumbnails, !isHashingMissing, images.pictureHashes.withLock({ $0 != nil }) else { return }
        isHashingMissing = true
        Task { @MainActor [weak self] in
            defer { self?.isHashingMissing = false }
            var last = ""
            var pause: Duration = .zero
            while let self, self.makesMissingThumbnails, self.sync?.isScanning == false {
                let folders = self.folders
                let catalog = self.catalog
                let after = last
                let batch = await Task.detached(priority: .utility) {
                    (try? catalog.photosWithoutPictureHash(in: folders, after: after, limit: 64)) ?? []
                }.value
                guard let end = batch.last?.path else { return }
                last = end
                var made: [(path: String, modified: Double, hash: PerceptualHash)] = []
                var failed: [(path: String, modified: Double)] = []
                for item in batch {
                    // Half a core at most: after each thumbnail (its decode in a worker, its file
                    // written here), a pause as long; the app stays the person's.
                    if pause > .zero { try? await Task.sleep(for: pause) }
                    let clock = ContinuousClock()
                    let start = clock.now
                    defer { pause = clock.now - start }
                    do {
                        made.append((item.path, item.modified, try await self.images.pictureHash(path: item.path, modified: item.modified)))
                    } catch is CancellationError {
                    } catch {
                        failed.append(item)
                    }
                    if self.sync?.isScanning != false { break }
                }
                // Kept here too: a thumbnail that was in memory already told no one.
                await Task.detached(priority: .utility) { [made, failed] in
                    try? catalog.savePictureHashes(made)
                    try? catalog.savePictureHashFailures(failed)
                }.value
                self.setNeedsLooking(forHashes: true)
            }
        }
    }

    // MARK: Keeping one

    /// Keeps `kept` of `group`: it takes its copies' stars, reject, keywords, title, caption
    /// and albums, then the copies go to the trash. One merge, undone by `undo`.
    func keep(_ kept: Photo.ID, of group: DuplicateGroup, edits: PhotoEdits, albums: LibraryAlbums, trash: LibraryTrash)
        throws -> DuplicateMerge
    {
        // The copies still in the library (a copy trashed elsewhere may wait in the group).
        let copies = group.photos.filter { $0 != kept && view.photo($0) != nil }
        guard group.photos.contains(kept), let keptPhoto = view.photo(kept) else { throw StoreError("no photo at \(kept)") }
        let copyPhotos = copies.compactMap(view.photo)
        let merged = PhotoMetadata.merging(keptPhoto.metadata, with: copyPhotos.map(\.metadata))
        let edit = try edits.edit([kept]) { $0 = merged }
        var albumEdits: [AlbumEdit] = []
        do {
            let holding = try catalog.albums(holding: [kept] + view.withCompanions(copies))
            for (album, members) in holding.sorted(by: { $0.key < $1.key }) where !members.contains(kept) {
                guard let state = albums.album(album)?.state else { continue }
                albumEdits.append(AlbumEdit(album: album, before: state, after: state, added: [kept]))
            }
            try albums.apply(albumEdits)
            let trashed = try trash.moveToTrash(copies)
            return DuplicateMerge(kept: kept, edit: edit, albums: albumEdits, trashed: trashed)
        } catch {
            // All or nothing: what was done is taken back.
            try? albums.apply(albumEdits.map(\.reversed))
            _ = try? edits.undo(edit)
            throw error
        }
    }

    /// Remembers that `group`'s photos (and their RAW+JPEG companions) are not duplicates, or
    /// forgets it (the undo); the groups are looked for again.
    func setNotDuplicates(_ photos: [Photo.ID], remembering: Bool) throws {
        try catalog.setNotDuplicates(view.withCompanions(photos), remembering: remembering)
        if remembering, let index = photos.lazy.compactMap(groupIndex).first {
            // Gone from the page at once, not when the groups are found again.
            var left = groups
            left.remove(at: index)
            publish(left)
        }
        setNeedsLooking()
    }
}

/// Hashes told from decoding threads, kept in the catalog together a moment after the first
/// (one transaction for a screenful of thumbnails), or when a scan ends (`hold`). Its state is behind an `NSLock`, as the
/// Store's other state shared with decoding threads is (ThreadSanitizer sees that lock).
private final class HashInbox: @unchecked Sendable {
    private let catalog: Catalog
    private let saved: @Sendable @MainActor () -> Void
    private let lock = NSLock()
    private var hashes: [(path: String, modified: Double, hash: PerceptualHash)] = []
    private var isSaving = false
    private var isHeld = false

    init(catalog: Catalog, saved: @escaping @Sendable @MainActor () -> Void) {
        self.catalog = catalog
        self.saved = saved
    }

    @Sendable func receive(path: String, modified: Double, hash: PerceptualHash) {
        let startsSaving = lock.withLock {
            hashes.append((path, modified, hash))
            guard !isSaving, !isHeld else { return false }
            isSaving = true
            return true
        }
        if startsSaving { save() }
    }

    /// Hashes wait while a scan runs: its writes come first, and the row of a file it has
    /// just found may not be written yet (a hash saved before it would find no photo).
    func hold() { lock.withLock { isHeld = true } }

    /// Saves what waited, and from now on as hashes come.
    func release() {
        let startsSaving = lock.withLock {
            isHeld = false
            guard !isSaving, !hashes.isEmpty else { return false }
            isSaving = true
            return true
        }
        if startsSaving { save() }
    }

    private func save() {
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + 0.25) { [self] in
            let waiting = lock.withLock {
                defer { (hashes, isSaving) = ([], false) }
                return hashes
            }
            try? catalog.savePictureHashes(waiting)
            Task { @MainActor in self.saved() }
        }
    }
}
