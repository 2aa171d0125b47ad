import Foundation

/// An album the person made: a name, the photo chosen as its cover, and its photos. One photo
/// may be in many albums; an album's photos are kept by their catalog rows, so they follow
/// their files when they move, and leave it only when let go of.
public struct Album: Identifiable, Sendable, Equatable {
    public typealias ID = Int64
    public let id: ID
    public var name: String
    /// The photo chosen as the cover; nil: the album's newest photo stands for it.
    public var cover: Photo.ID?
    public var created: Date
    /// How many photos it has.
    public var count: Int
    /// The photo that stands for it: the cover, else its newest photo; nil when it has none.
    public var shownCover: Photo.ID?

    public init(id: ID, name: String, cover: Photo.ID? = nil, created: Date, count: Int, shownCover: Photo.ID? = nil) {
        self.id = id
        self.name = name
        self.cover = cover
        self.created = created
        self.count = count
        self.shownCover = shownCover ?? cover
    }

    /// What an album is apart from its photos, before or after an edit.
    public struct State: Sendable, Equatable {
        public var name: String
        public var cover: Photo.ID?
        public var created: Date

        public init(name: String, cover: Photo.ID? = nil, created: Date) {
            self.name = name
            self.cover = cover
            self.created = created
        }
    }

    public var state: State { State(name: name, cover: cover, created: created) }

    /// A name as the person typed it: one line, surrounding space trimmed; nil when nothing is left.
    public static func name(_ typed: String) -> String? {
        let line = typed.split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: .whitespaces)
        return line.isEmpty ? nil : line
    }
}

/// One edit of an album (made, renamed, given a cover, photos added or removed, deleted):
/// what it was before and after (nil: it did not exist), and the photos that came in or
/// left. `CatalogStore.apply` makes it; its `reversed` takes it back.
public struct AlbumEdit: Sendable, Equatable {
    public let album: Album.ID
    public let before: Album.State?
    public let after: Album.State?
    public let added: [Photo.ID]
    public let removed: [Photo.ID]

    public init(album: Album.ID, before: Album.State?, after: Album.State?, added: [Photo.ID] = [], removed: [Photo.ID] = []) {
        self.album = album
        self.before = before
        self.after = after
        self.added = added
        self.removed = removed
    }

    public var reversed: AlbumEdit { AlbumEdit(album: album, before: after, after: before, added: removed, removed: added) }

    /// Whether it changes nothing.
    public var isEmpty: Bool { before == after && added.isEmpty && removed.isEmpty }

    /// This edit with its photos where `moves` (former path → new path) took them.
    public func following(_ moves: [Photo.ID: Photo.ID]) -> AlbumEdit {
        func moved(_ id: Photo.ID?) -> Photo.ID? { id.map { moves[$0] ?? $0 } }
        func moved(_ state: Album.State?) -> Album.State? {
            state.map { Album.State(name: $0.name, cover: moved($0.cover), created: $0.created) }
        }
        return AlbumEdit(
            album: album, before: moved(before), after: moved(after),
            added: added.map { moves[$0] ?? $0 }, removed: removed.map { moves[$0] ?? $0 })
    }
}
