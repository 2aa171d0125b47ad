import Foundation
import Gtk

/// What an import gives every photo and video it brings: keywords (typed separated by commas)
/// and an album (one of the library's by its name, or a new one), as a person tags a
/// selection — the keywords written to the files like any other, the album in the catalog.
struct ImportExtras: Equatable {
    var keywords: [String] = []
    /// The album's name as typed; nil for none.
    var album: String?

    init(keywords: String, album: String) {
        var seen = Set<String>()
        self.keywords = keywords.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty && seen.insert($0.lowercased()).inserted }
        let album = album.trimmingCharacters(in: .whitespacesAndNewlines)
        self.album = album.isEmpty ? nil : album
    }

    var isEmpty: Bool { keywords.isEmpty && album == nil }

    /// Gives `ids` (the photos an import recorded) the keywords and puts them in the album
    /// (the library's album of that name, the case aside, else a new one). Why it could not,
    /// or nil.
    @MainActor
    func apply(to ids: [Photo.ID], in store: CatalogStore) -> String? {
        let listed = ids.filter { store.photo($0) != nil }
        guard !isEmpty, !listed.isEmpty else { return nil }
        do {
            if !keywords.isEmpty {
                _ = try store.edit(listed) { metadata in
                    for keyword in keywords { metadata.add(keyword: keyword) }
                }
            }
            if let album {
                if let existing = store.albums.first(where: { $0.name.compare(album, options: .caseInsensitive) == .orderedSame }) {
                    try store.addPhotos(listed, to: existing.id)
                } else {
                    try store.createAlbum(named: album, with: listed)
                }
            }
            return nil
        } catch {
            // Translators: %@ is why ("the disk holding the photo catalog is full").
            return String(format: tr("The keywords and album could not be given: %@"), "\(error)")
        }
    }
}
