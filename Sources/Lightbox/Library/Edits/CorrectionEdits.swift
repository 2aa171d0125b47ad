import Foundation

/// The person's corrections of a selection's date taken and place, each one edit (one undo).
extension CatalogStore {
    /// Changes the date taken of `photos` (as shown now) as `adjustment` says: a shift moves
    /// each photo's own date, so the spacing between them stays. Returns the edit to undo
    /// (with write-back on, its undo writes the file's own date back: `PhotoMetadata.restorable`).
    @discardableResult
    public func adjustDates(of photos: [Photo], _ adjustment: DateAdjustment) throws -> MetadataEdit {
        var shown: [Photo.ID: (taken: String?, offset: String?)] = [:]
        for photo in photos { shown[photo.id] = (photo.taken, photo.takenOffset) }
        return try edit(
            photos.map(\.id),
            byPhoto: { id, metadata in
                guard let old = shown[id], let taken = adjustment.adjusted(old.taken) else { return }
                metadata.corrections.taken = taken
                metadata.corrections.takenOffset = adjustment.adjustedTimeZone(old.offset)
            })
    }

    /// Gives `photos` a place, or takes theirs away (`.removed`). Returns the edit to undo.
    @discardableResult
    public func setPlace(_ place: PlaceCorrection, of photos: [Photo.ID]) throws -> MetadataEdit {
        try edit(photos) { $0.corrections.place = place }
    }
}
