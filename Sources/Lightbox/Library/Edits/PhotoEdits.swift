import Foundation

/// Edits of the photos' stars, rejects and keywords: shown at once in the photos a view
/// shows, committed to the catalog in the background, one after the other, taken back
/// when the catalog refuses them; undone and redone as `MetadataEdit`s; written into the
/// photo files too when `savesMetadataInFiles` (see `PhotoEdits+WriteBack.swift`).
@MainActor
final class PhotoEdits {
    let catalog: Catalog
    let view: ShownPhotos
    let events: LibraryEvents
    /// For the library's loading, its disk-full fault, the scanner and the browsed folders' bar.
    weak var sync: LibrarySync?

    init(catalog: Catalog, view: ShownPhotos, events: LibraryEvents) {
        self.catalog = catalog
        self.view = view
        self.events = events
    }

    /// Edits made while the library's rows are read: the rows may have been read before
    /// the edits were saved, so they are laid over them.
    var metadataWhileLoading: [Photo.ID: PhotoMetadata] = [:]
    /// Catalog edits (ratings, rejects, keywords) are committed here, in order, off the main thread.
    private let queue = DispatchQueue(label: "io.github.lightbox.catalog-edits", qos: .userInitiated)
    /// Edits shown but not yet committed, by photo (see `edit`).
    private var unsavedEdits: [Photo.ID: Int] = [:]

    /// Whether edits are also written into the photo files (the `save-metadata-in-files`
    /// setting); setting it, on or off, also brings `pendingWriteCount` up to date.
    var savesMetadataInFiles = false {
        didSet { writeBackSettingChanged() }
    }
    /// Files whose edits are still to be written into them.
    var pendingWriteCount = 0 {
        didSet { if pendingWriteCount != oldValue { events.send(.pendingWrites(pendingWriteCount)) } }
    }
    lazy var writeBack = makeWriteBack()

    private var isLoading: Bool { view.isLoading }

    /// Changes the stars, reject or keywords of `ids` with `change`, as one edit: the rows
    /// show it at once, whatever the library's size; the catalog commits it in the
    /// background in one transaction, edits one after the other (`waitUntilSaved` waits
    /// for that). An edit the catalog refuses (a full disk) is taken back and said in a
    /// notice. Returns what changed (photos `change` left as they were are not in it),
    /// which `undo` takes back.
    func edit(_ ids: [Photo.ID], _ change: (inout PhotoMetadata) -> Void) throws -> MetadataEdit {
        try edit(ids) { _, metadata in change(&metadata) }
    }

    /// `edit`, with a change of each photo's own: `change` gets the id it was given (for a
    /// RAW+JPEG companion, the id of the photo it goes with) and that photo's metadata.
    func edit(_ ids: [Photo.ID], byPhoto change: (Photo.ID, inout PhotoMetadata) -> Void) throws -> MetadataEdit {
        var before: [Photo.ID: PhotoMetadata] = [:]
        var after: [Photo.ID: PhotoMetadata] = [:]
        before.reserveCapacity(ids.count)
        after.reserveCapacity(ids.count)
        for (id, given) in view.withCompanionsGiven(ids) where before[id] == nil {
            guard let old = try currentMetadata(of: id) else { throw StoreError("no photo at \(id)") }
            var new = old
            change(given, &new)
            guard new != old else { continue }
            before[id] = savesMetadataInFiles ? old.restorable(from: new, file: view.photo(id)) : old
            after[id] = new
        }
        let edit = MetadataEdit(before: before, after: after)
        try apply(after)
        return edit
    }

    /// Takes `edit` back: each photo gets the metadata it had before. Returns the edit
    /// that redoes it.
    func undo(_ edit: MetadataEdit) throws -> MetadataEdit {
        try apply(edit.before)
        return edit.reversed
    }

    /// A photo's metadata as shown now: the open folder's, or while the folder is read,
    /// the catalog's. Nil when neither has the photo.
    private func currentMetadata(of id: Photo.ID) throws -> PhotoMetadata? {
        if let photo = view.photo(id) { return photo.metadata }
        guard isLoading else { return nil }
        if let shown = metadataWhileLoading[id] { return shown }
        return try catalog.photo(at: id)?.metadata
    }

    /// Shows `values` and commits them in the background (see `edit`).
    private func apply(_ values: [Photo.ID: PhotoMetadata]) throws {
        guard !values.isEmpty else { return }
        if let reason = catalog.notWritableReason { throw StoreError(reason) }
        if events.holds(.diskFull) {
            throw StoreError(tr("the disk holding the photo catalog is full"))
        }
        if isLoading { metadataWhileLoading.merge(values) { $1 } }
        view.show(values)
        for id in values.keys { unsavedEdits[id, default: 0] += 1 }
        let catalog = self.catalog
        let writeBack = savesMetadataInFiles ? self.writeBack : nil
        queue.async {
            do {
                _ = try catalog.setMetadata(values, queueingWrites: writeBack != nil)
                writeBack?.schedule()
                catalog.backUpSoon()
                Task { @MainActor [weak self] in self?.saved(Array(values.keys), failure: nil) }
            } catch {
                var saved: [Photo.ID: PhotoMetadata] = [:]
                for id in values.keys { saved[id] = (try? catalog.photo(at: id))?.metadata }
                let failure = EditFailure(isDiskFull: catalog.isDiskFull(error), saved: saved)
                Task { @MainActor [weak self] in self?.saved(Array(values.keys), failure: failure) }
            }
        }
    }

    /// Blocks until every edit made so far is committed to the catalog (at exit, before
    /// a trash reads its rows, and for callers that must know a rating is on disk).
    func waitUntilSaved() {
        queue.sync {}
    }

    private struct EditFailure: Sendable {
        let isDiskFull: Bool
        /// What the catalog holds for each photo (none when it has no row).
        let saved: [Photo.ID: PhotoMetadata]
    }

    private func saved(_ ids: [Photo.ID], failure: EditFailure?) {
        var settled: [Photo.ID] = []
        for id in ids {
            let unsaved = (unsavedEdits[id] ?? 1) - 1
            unsavedEdits[id] = unsaved > 0 ? unsaved : nil
            if unsaved <= 0 { settled.append(id) }
        }
        guard let failure else { return }
        if failure.isDiskFull { sync?.diskFull() }
        events.tell(Self.unsavedMessage(count: ids.count, diskFull: failure.isDiskFull))
        // What the catalog keeps, unless a newer edit of the photo is on its way (and the
        // rows still being read must not bring the refused one back).
        var restored: [Photo.ID: PhotoMetadata] = [:]
        for id in settled {
            metadataWhileLoading[id] = nil
            if let saved = failure.saved[id] { restored[id] = saved }
        }
        view.show(restored)
    }

    /// The notice when an edit of `count` photos could not be saved: one whole sentence
    /// per case, so a translation never joins fragments.
    static func unsavedMessage(count: Int, diskFull: Bool) -> String {
        switch (count == 1, diskFull) {
        case (true, false):
            return tr("The rating could not be saved.")
        case (true, true):
            return tr("The rating could not be saved: the disk holding the photo catalog is full.")
        case (false, false):
            return String(
                format: trn(
                    "The changes to %d photo could not be saved.",
                    "The changes to %d photos could not be saved.", count), count)
        case (false, true):
            return String(
                format: trn(
                    "The changes to %d photo could not be saved: the disk holding the photo catalog is full.",
                    "The changes to %d photos could not be saved: the disk holding the photo catalog is full.", count), count)
        }
    }
}
