import Foundation

/// The person's corrections of a selection's date taken and place, each one edit (one undo).
extension CatalogStore {
    /// Changes the date taken of `photos` (as shown now) as `adjustment` says: a shift moves
    /// each photo's own date, so the spacing between them stays. Returns the edit to undo.
    ///
    /// While edits are written into the files, a photo without a correction before gets, in
    /// the edit's `before`, its file's date as an explicit correction: the written file no longer
    /// holds its old date, so an undo writes it back (a correction taken away writes nothing).
    @discardableResult
    public func adjustDates(of photos: [Photo], _ adjustment: DateAdjustment) throws -> MetadataEdit {
        var shown: [Photo.ID: (taken: String?, offset: String?)] = [:]
        for photo in photos { shown[photo.id] = (photo.taken, photo.takenOffset) }
        let edit = try edit(
            photos.map(\.id),
            byPhoto: { id, metadata in
                guard let old = shown[id], let taken = adjustment.adjusted(old.taken) else { return }
                metadata.corrections.taken = taken
                metadata.corrections.takenOffset = adjustment.adjustedTimeZone(old.offset)
            })
        guard savesMetadataInFiles else { return edit }
        var before = edit.before
        for (id, old) in edit.before where old.corrections.taken == nil {
            guard let photo = photo(id), let taken = photo.fileTaken else { continue }
            before[id]?.corrections.taken = taken
            before[id]?.corrections.takenOffset = photo.fileTakenOffset
        }
        return MetadataEdit(before: before, after: edit.after)
    }

    /// Gives `photos` a place, or takes theirs away (`.removed`). Returns the edit to undo;
    /// as with dates, while edits are written into the files its `before` names the file's
    /// own place, so an undo writes the GPS tags back (without the altitude).
    @discardableResult
    public func setPlace(_ place: PlaceCorrection, of photos: [Photo.ID]) throws -> MetadataEdit {
        let edit = try edit(photos) { $0.corrections.place = place }
        guard savesMetadataInFiles else { return edit }
        var before = edit.before
        for (id, old) in edit.before where old.corrections.place == nil {
            guard let photo = photo(id), let latitude = photo.fileLatitude, let longitude = photo.fileLongitude else { continue }
            before[id]?.corrections.place = .at(latitude: latitude, longitude: longitude)
        }
        return MetadataEdit(before: before, after: edit.after)
    }
}
