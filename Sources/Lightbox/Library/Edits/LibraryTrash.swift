import Foundation

/// Photos to the trash and back: the files move with GIO's trash, their catalog rows go
/// (and come back, ratings and all), and the photos a view shows follow. Files and rows
/// move together, serialized with live changes (see `Catalog.serialized`).
@MainActor
final class LibraryTrash {
    private let catalog: Catalog
    private let view: ShownPhotos
    private let edits: PhotoEdits

    init(catalog: Catalog, view: ShownPhotos, edits: PhotoEdits) {
        self.catalog = catalog
        self.view = view
        self.edits = edits
    }

    /// Moves photos (and their RAW+JPEG companions) to the trash and out of the catalog.
    /// Returns what `restore` needs.
    func moveToTrash(_ ids: [Photo.ID]) throws -> [TrashedPhoto] {
        edits.waitUntilSaved()  // the rows read below keep the newest ratings for Undo
        var trashed: [TrashedPhoto] = []
        defer {
            catalog.backUpSoon()
            view.remove(trashed.map(\.photo.id))
        }
        try catalog.serialized {
            defer { try? catalog.remove(paths: trashed.map(\.photo.path)) }
            for id in view.withCompanions(ids) {
                guard let photo = try catalog.photo(at: id) else { throw StoreError("no photo at \(id)") }
                trashed.append(try PhotoTrash.moveToTrash(photo))
            }
        }
        return trashed
    }

    /// Undoes `moveToTrash`: puts the files back where they were, with their ratings.
    /// Whatever live changes are still queued (the trash's own removals among them),
    /// they find the files back on disk and leave the restored rows alone.
    func restore(_ trashed: [TrashedPhoto]) throws {
        var restored: [Photo] = []
        defer {
            catalog.backUpSoon()
            view.merge(restored, keepingRatings: false)
        }
        try catalog.serialized {
            defer { try? catalog.restore(restored) }
            for item in trashed {
                try PhotoTrash.restore(item)
                var photo = item.photo
                if let info = FileInfo(path: photo.path) { photo.modified = info.modified }
                restored.append(photo)
            }
        }
    }
}
