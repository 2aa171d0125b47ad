import Foundation
import LightboxMedia

/// Watches a folder tree and reports its changes in batches (main thread).
///
/// Every folder handed to `watch(_:)` gets a monitor; a folder created or moved in
/// later is watched the moment it is seen, before anything lists it, so no file copied
/// into it is missed. Changes are collected and reported together once they have been
/// quiet for `quietPeriod` (at the latest `longestWait` after the first one): copying
/// 1,000 files is one batch, not 1,000 reloads. The watched folder itself going away
/// (deleted, moved, unmounted) is reported at once, without waiting.
@MainActor
final class FolderWatch {
    /// Paths that changed since the last batch.
    struct Changes: Equatable, Sendable {
        /// Files and folders that appeared or changed (a folder is to be read whole).
        var changed: Set<String> = []
        /// Files and folders that went away (a folder with everything in it).
        var removed: Set<String> = []

        var isEmpty: Bool { changed.isEmpty && removed.isEmpty }
    }

    let root: String
    /// A batch is reported once changes have stopped for this long…
    var quietPeriod: Duration = .milliseconds(250)
    /// …or this long after its first change, while a burst goes on.
    var longestWait: Duration = .seconds(1)

    private var monitors: [String: DirectoryMonitor] = [:]
    private var pending = Changes()
    private var firstPending: ContinuousClock.Instant?
    private var lastPending: ContinuousClock.Instant?
    private var flushing: Task<Void, Never>?
    private let onChanges: @MainActor (Changes) -> Void
    private let onRootEvent: @MainActor () -> Void

    /// `onChanges` gets each batch; `onRootEvent` runs at once when the watched folder
    /// itself was deleted, moved, unmounted or had its permissions changed.
    init(
        root: String, onChanges: @escaping @MainActor (Changes) -> Void,
        onRootEvent: @escaping @MainActor () -> Void
    ) {
        self.root = root
        self.onChanges = onChanges
        self.onRootEvent = onRootEvent
    }

    isolated deinit { flushing?.cancel() }

    /// Folders being watched, sorted.
    var watchedFolders: [String] { monitors.keys.sorted() }

    /// Starts watching `folder` (once; a folder that can't be watched is skipped: its
    /// changes show at the next scan).
    func watch(_ folder: String) {
        guard monitors[folder] == nil, let monitor = try? DirectoryMonitor(path: folder) else { return }
        monitor.onEvent(owner: self) { [unowned self] event in self.handle(event, in: folder) }
        monitors[folder] = monitor
    }

    private func handle(_ event: DirectoryMonitor.Event, in folder: String) {
        switch event {
        case .changed(let path) where path == root, .removed(let path) where path == root:
            onRootEvent()
        case .changed(let path):
            if isFolder(path) { watch(path) }  // before it is read: nothing copied into it is missed
            pending.removed.remove(path)
            pending.changed.insert(path)
            scheduleFlush()
        case .removed(let path):
            // A watched folder's own monitor reports it too; its parent's report is enough.
            if path == folder { return }
            for watched in monitors.keys where watched == path || watched.hasPrefix(path + "/") {
                monitors[watched] = nil
            }
            pending.changed.remove(path)
            pending.removed.insert(path)
            scheduleFlush()
        }
    }

    private func isFolder(_ path: String) -> Bool {
        FileInfo(path: path)?.isFolder == true
            && !(path as NSString).lastPathComponent.hasPrefix(".")
    }

    private func scheduleFlush() {
        let now = ContinuousClock.now
        lastPending = now
        if firstPending == nil { firstPending = now }
        guard flushing == nil else { return }
        flushing = Task { [weak self] in
            while let due = self?.due, ContinuousClock.now < due {
                try? await Task.sleep(until: due)
                if Task.isCancelled { return }
            }
            self?.flush()
        }
    }

    /// When the pending batch is to be reported.
    private var due: ContinuousClock.Instant? {
        guard let firstPending, let lastPending else { return nil }
        return min(lastPending + quietPeriod, firstPending + longestWait)
    }

    private func flush() {
        flushing = nil
        firstPending = nil
        lastPending = nil
        let changes = pending
        pending = Changes()
        if !changes.isEmpty { onChanges(changes) }
    }
}
