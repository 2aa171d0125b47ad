import Foundation
import Gtk

/// Scanning: the library's folders are scanned one after the other (a queue), each walk's
/// batches shown as they are committed; every folder a scan walks is watched, and the
/// watches' live changes are read in the background, one batch after the other.
extension LibrarySync {
    /// What a scan came to.
    private enum ScanOutcome: Sendable {
        case done(FolderIdentity, removed: [String])
        case unavailable(reason: FolderOfflineReason)
        case failed(Error)
    }

    /// Reads new and changed files of every library folder that is online and drops
    /// vanished ones, one folder after the other; watches every folder it walks.
    func rescan() {
        if isLoading { scansOpenedFolders = true }
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
    func stopScans() {
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
    func scanNext() {
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
            root: folder,
            onChanges: { [unowned self] changes in self.whenLoaded { [weak self] in self?.filesChanged(changes, in: folder) } },
            onRootEvent: { [unowned self] in self.whenLoaded { [weak self] in self?.checkFolder(folder) } })
        watches[folder] = watch
        var streaming = CatalogSync(catalog: catalog, scanner: scanner)
        // The list fills as results stream in: a batch is committed (and the list
        // reloaded) every `listBatch` new files, not only every 500.
        streaming.batchSize = ScanProgress.listBatch
        let sync = streaming
        let known = folderIdentities[folder]
        isScanning = true
        scanProgress = ScanProgress(done: 0, total: nil)
        let throttle = ScanProgressThrottle()
        let onProgress: @Sendable (Int, Int) -> Void = { [weak self] done, total in
            guard throttle.admits(done: done, total: total) else { return }
            Task { @MainActor in
                guard !cancelled.isSet, let self, self.isScanning else { return }
                if self.scanProgress?.total == nil { self.view.expect(atLeast: total) }
                self.scanProgress = ScanProgress(done: max(done, self.scanProgress?.done ?? 0), total: total)
            }
        }
        let onBatch: @Sendable (Catalog.Saved) -> Void = { [weak self] batch in
            Task { @MainActor in
                self?.whenLoaded { [weak self] in
                    guard !cancelled.isSet, let self else { return }
                    self.view.remove(batch.movedFrom + batch.replaced)
                    self.view.merge(batch.photos)
                    if !batch.moves.isEmpty { self.events.send(.moved(batch.moves)) }
                }
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
                // The first number written in a process pages in ICU's number data: 10–20 ms
                // that would otherwise land in the frame that first shows the scan's progress.
                _ = FormattingLocale.current.count(total)
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
            // After the batches' merges (queued before this).
            self?.whenLoaded { [weak self] in
                guard let self, !cancelled.isSet else { return }
                self.finishScan(of: folder, outcome)
            }
        }
    }

    private func finishScan(of folder: String, _ outcome: ScanOutcome) {
        scanning = nil
        endedScans[folder, default: 0] += 1
        switch outcome {
        case .done(let identity, let removed):
            folderIdentities[folder] = identity
            events.clear(.diskFull)
            view.remove(removed)
        case .unavailable(let reason):
            folderUnavailable(folder, reason)
        case .failed(let error) where catalog.isDiskFull(error):
            scanQueue = []
            isScanning = false
            diskFull()
            return
        case .failed(let error):
            events.tell("\(error)")
        }
        scanNext()
    }

    /// Hands each folder a background scan walks to `watch` (on the main thread).
    func watchingFolders(with watch: FolderWatch?) -> @Sendable (String) -> Void {
        { [weak watch] path in Task { @MainActor in watch?.watch(path) } }
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
            self.view.remove(outcome.removed.filter { access(PathBytes.c($0), F_OK) != 0 } + outcome.replaced)
            if !outcome.removed.isEmpty || !outcome.saved.isEmpty { self.countMissingPhotos() }
            self.view.merge(outcome.saved.filter { access(PathBytes.c($0.path), F_OK) == 0 })
            if !outcome.moves.isEmpty { self.events.send(.moved(outcome.moves)) }
        }
    }
}
