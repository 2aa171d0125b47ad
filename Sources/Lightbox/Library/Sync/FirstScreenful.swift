import Foundation

/// The first photos a library's window shows, read from the catalog before the rest of the
/// library (one indexed query per folder, so a large library shows without waiting for
/// every row).
///
/// The app starts one read ahead, while libadwaita starts up (`readAhead`): the catalog's
/// folders and the order and size the window had tell what it will show. The library's
/// `open` takes that read when it asks for the same photos, and reads them itself otherwise.
struct FirstScreenful: Sendable {
    /// The folders whose photos are shown, in the order `open` lists them.
    let folders: [String]
    let order: PhotoSort
    let limit: Int
    /// Nil when the first photos can't be had cheaply (see `Catalog.firstPhotos`).
    let photos: IndexedPhotos?

    /// Whether a view shows its first screenful before the rest: not for a search or a
    /// rating filter (the first photos by date would rarely be enough to show), nor oldest first.
    static func isRead(for spec: PhotoViewSpec) -> Bool {
        spec.search.isEmpty && !spec.ascending && spec.minimumRating == 0
    }

    /// The folders shown of the library `folders` (standardized, sorted) with the folder
    /// filter `filter`: a filter only applies to one of several library folders.
    static func shownFolders(_ folders: [String], filter: String?) -> [String] {
        guard let filter, folders.count > 1, folders.contains(filter) else { return folders }
        return [filter]
    }

    /// Each folder's first screenful holds its part of the library's.
    static func read(from catalog: Catalog, folders: [String], order: PhotoSort, limit: Int) -> FirstScreenful {
        var first: [Photo] = []
        for folder in folders {
            guard let part = (try? catalog.firstPhotos(in: folder, order: order, limit: limit)) ?? nil else {
                return FirstScreenful(folders: folders, order: order, limit: limit, photos: nil)
            }
            first += part
        }
        return FirstScreenful(folders: folders, order: order, limit: limit, photos: IndexedPhotos(first))
    }

    /// The first screenful of the library the catalog records, for a view of `spec` (its
    /// folder filter not yet checked against the library), read off the main thread once
    /// `catalog` is open. Nil for a catalog whose library was never set up.
    static func readAhead(from catalog: InBackground<Catalog>, spec: PhotoViewSpec, limit: Int)
        -> InBackground<FirstScreenful?>?
    {
        guard isRead(for: spec) else { return nil }
        return InBackground {
            let catalog = try catalog.value()
            let folders = LibrarySync.roots(of: try catalog.libraryFolders().map(\.path))
            guard !folders.isEmpty else { return nil }
            let filter = spec.folder.map { ($0 as NSString).standardizingPath }
            return read(from: catalog, folders: shownFolders(folders, filter: filter), order: spec.order, limit: limit)
        }
    }

    /// Whether this read is the one `folders`, `order` and `limit` ask for.
    func answers(folders: [String], order: PhotoSort, limit: Int) -> Bool {
        self.folders == folders && self.order == order && self.limit == limit
    }
}
