import Foundation

/// A search the person keeps under a name (a smart album): the search bar's text (see
/// `PhotoSearch`), whose photos are found anew whenever it is opened or counted.
public struct SavedSearch: Identifiable, Sendable, Equatable {
    public typealias ID = Int64
    public let id: ID
    public var name: String
    /// The search bar's text: words and terms (`stars:5 camera:canon taken:2023 rejected:no`).
    public var query: String
    public var created: Date

    public init(id: ID, name: String, query: String, created: Date) {
        self.id = id
        self.name = name
        self.query = query
        self.created = created
    }

    /// What a saved search is, before or after an edit.
    public struct State: Sendable, Equatable {
        public var name: String
        public var query: String
        public var created: Date
    }

    public var state: State { State(name: name, query: query, created: created) }
}

/// One edit of a saved search (saved, renamed, deleted): what it was before and after (nil:
/// it did not exist). Its `reversed` takes it back.
public struct SavedSearchEdit: Sendable, Equatable {
    public let search: SavedSearch.ID
    public let before: SavedSearch.State?
    public let after: SavedSearch.State?

    public var reversed: SavedSearchEdit { SavedSearchEdit(search: search, before: after, after: before) }
    public var isEmpty: Bool { before == after }
}
