import Foundation

/// Write-back: with `savesMetadataInFiles` on, every edit committed is queued in the same
/// transaction and written into the photo's file (or its XMP sidecar) in the background
/// by `MetadataWriteBack`.
extension PhotoEdits {
    func makeWriteBack() -> MetadataWriteBack {
        let scanner = sync?.scanner ?? PhotoScanner()
        return MetadataWriteBack(catalog: catalog, readFile: { scanner.read($0, $1) }) { [weak self] report in
            Task { @MainActor in self?.writeBackReported(report) }
        }
    }

    /// On: the queue left by the last run is written. Off: nothing more is queued, and
    /// the count shows what waits.
    func writeBackSettingChanged() {
        // The browsed folders' bar says whether their ratings go into the files too.
        if events.holds(.browsedFolders) { sync?.showBrowsedFolders() }
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
        if let reread = report.reread, view.photo(reread.id) != nil { view.merge([reread]) }
        if let failure = report.failure { events.tell(failure) }
    }

    /// At exit: waits a few seconds for the queue; what is left is written at the next launch.
    func finishWritingBack() {
        guard savesMetadataInFiles || pendingWriteCount > 0 else { return }
        writeBack.finish(waitingAtMost: 3)
    }
}
