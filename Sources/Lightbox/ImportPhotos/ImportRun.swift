import Foundation
import Gtk

/// An import the window started, running behind it: `PhotoImport` on a thread of its own below
/// the window's priority, each batch recorded in the catalog and listed at once, its progress
/// told at most ten times a second with the time left, and at the end the keywords and album
/// (`ImportExtras`) given to what it recorded.
@MainActor
final class ImportRun {
    private let cancelled = CancelFlag()
    /// The photos recorded so far, for the extras.
    private var recorded: [Photo.ID] = []

    /// Starts importing `groups` into `folder`. `progress` gets the progress and the seconds
    /// left (nil for the first two seconds); `finished` the report and why the extras could not
    /// be given, if they could not.
    init(
        _ importer: PhotoImport, _ groups: [ImportSurvey.Group], into folder: String, extras: ImportExtras, store: CatalogStore,
        progress: @escaping @MainActor (PhotoImport.Progress, Double?) -> Void,
        finished: @escaping @MainActor (PhotoImportReport, String?) -> Void
    ) {
        let catalog = store.catalog
        let cancelled = self.cancelled
        Thread.detachNewThread {
            // Copying in the kernel takes a core: at the window's priority it took the window's
            // frames (70 ms gaps on two cores). Beside the thumbnail workers (nice 10), not below
            // them: a person waits for the import, not for thumbnails of what it brought.
            ThreadPriority.lowerCurrentThread()
            var shown = Date.distantPast
            let started = Date()
            let report = importer.run(
                groups, into: folder,
                record: { photos in
                    let saved = try catalog.save(photos)
                    Task { @MainActor in
                        store.showSaved(saved)
                        self.recorded += saved.photos.map(\.id)
                    }
                },
                progress: { state in
                    guard Date().timeIntervalSince(shown) >= 0.1 else { return }
                    shown = Date()
                    let elapsed = Date().timeIntervalSince(started)
                    let left: Double? =
                        elapsed > 2 && state.bytes > 0
                        ? elapsed * Double(state.totalBytes - state.bytes) / Double(state.bytes) : nil
                    Task { @MainActor in progress(state, left) }
                }, isCancelled: { cancelled.isSet })
            Task { @MainActor in finished(report, extras.apply(to: self.recorded, in: store)) }
        }
    }

    /// Stops after the file being copied (which is not kept).
    func stop() { cancelled.set() }
}
