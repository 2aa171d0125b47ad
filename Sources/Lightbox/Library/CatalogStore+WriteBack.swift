import Foundation

/// Write-back: with `savesMetadataInFiles` on, every edit the Store commits is queued in
/// the same transaction and written into the photo's file (or its XMP sidecar) in the
/// background by `MetadataWriteBack`.
///
/// ```swift
/// store.savesMetadataInFiles = true          // resumes what a crash or quit left queued
/// store.observePendingWrites(owner: self) { count in }  // files still to be written
/// store.writePendingChangesNow()             // writes the queue, the setting on or off
/// ```
extension CatalogStore {
    /// Calls `handler` with every new `pendingWriteCount`, while `owner` lives.
    public func observePendingWrites(owner: AnyObject, _ handler: @escaping @MainActor (Int) -> Void) {
        pendingWriteObservers.add(owner: owner, handler)
    }

    /// Writes every queued file now, in the background.
    public func writePendingChangesNow() {
        writeBack.schedule()
    }

    func makeWriteBack() -> MetadataWriteBack {
        MetadataWriteBack(catalog: catalog, readFile: { [scanner] in scanner.read($0, $1) }) { [weak self] report in
            Task { @MainActor in self?.writeBackReported(report) }
        }
    }

    /// On: the queue left by the last run is written. Off: nothing more is queued, and
    /// the count shows what waits.
    func writeBackSettingChanged() {
        // The browsed folders' bar says whether their ratings go into the files too.
        if conditions.contains(where: { $0.kind == .browsedFolders }) { showBrowsedFolders() }
        if savesMetadataInFiles {
            writeBack.schedule()
        } else {
            let catalog = self.catalog
            Task { [weak self] in
                let count = await Task.detached(priority: .utility) { (try? catalog.pendingWriteCount()) ?? 0 }.value
                self?.pendingWriteCount = count
            }
        }
    }

    private func writeBackReported(_ report: MetadataWriteBack.Report) {
        pendingWriteCount = report.remaining
        if let reread = report.reread, photo(reread.id) != nil { merge([reread]) }
        if let failure = report.failure { tell(failure) }
    }

    /// At exit: waits a few seconds for the queue; what is left is written at the next launch.
    func finishWritingBack() {
        guard savesMetadataInFiles || pendingWriteCount > 0 else { return }
        writeBack.finish(waitingAtMost: 3)
    }
}
