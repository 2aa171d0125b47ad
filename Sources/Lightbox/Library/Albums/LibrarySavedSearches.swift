import Foundation

/// How many photos a saved search finds now, and the newest of them (its card's cover).
public struct SavedSearchCount: Sendable, Equatable {
    public let count: Int
    public let newest: Photo.ID?
}

/// The person's saved searches: read from the catalog when first asked for, changed only
/// through `SavedSearchEdit`s (each undoable, committed before it returns), and counted —
/// off the main thread, a few hundred milliseconds after the library or the filters change,
/// as the Photos page would list them (RAW+JPEG pairs as one photo, the culling filters and
/// the folder filter applied). Published as `LibraryEvent.savedSearches`.
@MainActor
final class LibrarySavedSearches {
    private let catalog: Catalog
    private let view: ShownPhotos
    private let events: LibraryEvents
    private var read: [SavedSearch]?
    /// As last counted; a search not counted yet has none.
    private(set) var counts: [SavedSearch.ID: SavedSearchCount] = [:]
    private var counting = false
    private var countRequested = false
    private var countSoon: Task<Void, Never>? {
        didSet { oldValue?.cancel() }
    }
    /// Changes that come together (a scan's batches, a rating's events) are counted once.
    static let countDelay = Duration.milliseconds(250)

    init(catalog: Catalog, view: ShownPhotos, events: LibraryEvents) {
        self.catalog = catalog
        self.view = view
        self.events = events
        events.add(owner: self) { [weak self] event in
            switch event {
            case .library, .filterSummary, .folders: self?.countSoonIfAny()
            default: break
            }
        }
    }

    /// Every saved search, by name.
    var searches: [SavedSearch] {
        if let read { return read }
        let searches = ((try? catalog.savedSearches()) ?? []).sorted { a, b in
            let order = a.name.compare(b.name, options: [.caseInsensitive, .diacriticInsensitive, .numeric], locale: .current)
            return order == .orderedSame ? a.id < b.id : order == .orderedAscending
        }
        read = searches
        if counts.isEmpty, !searches.isEmpty { countSoonIfAny() }
        return searches
    }

    func search(_ id: SavedSearch.ID) -> SavedSearch? { searches.first { $0.id == id } }

    // MARK: Edits

    func save(named name: String, query: String) throws -> SavedSearchEdit {
        guard let name = Album.name(name) else { throw StoreError(tr("a saved search needs a name")) }
        let query = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !query.isEmpty else { throw StoreError(tr("there is no search to save")) }
        let edit = SavedSearchEdit(
            search: try catalog.nextSavedSearchID(), before: nil, after: SavedSearch.State(name: name, query: query, created: Date()))
        try apply(edit)
        return edit
    }

    func rename(_ id: SavedSearch.ID, to name: String) throws -> SavedSearchEdit {
        guard let name = Album.name(name) else { throw StoreError(tr("a saved search needs a name")) }
        let state = try existing(id).state
        var after = state
        after.name = name
        let edit = SavedSearchEdit(search: id, before: state, after: after)
        try apply(edit)
        return edit
    }

    func delete(_ id: SavedSearch.ID) throws -> SavedSearchEdit {
        let edit = SavedSearchEdit(search: id, before: try existing(id).state, after: nil)
        try apply(edit)
        return edit
    }

    func apply(_ edit: SavedSearchEdit) throws {
        guard !edit.isEmpty else { return }
        if let reason = catalog.notWritableReason { throw StoreError(reason) }
        try catalog.apply(edit)
        read = nil
        if edit.after == nil { counts[edit.search] = nil }
        events.send(.savedSearches(searches))
        countSoonIfAny()
    }

    private func existing(_ id: SavedSearch.ID) throws -> SavedSearch {
        guard let search = search(id) else { throw StoreError(tr("the saved search no longer exists")) }
        return search
    }

    // MARK: Counting

    private func countSoonIfAny() {
        guard read.map({ !$0.isEmpty }) ?? true else { return }
        countSoon = Task { [weak self] in
            try? await Task.sleep(for: Self.countDelay)
            guard !Task.isCancelled else { return }
            self?.count()
        }
    }

    /// Counts every saved search off the main thread; a request made meanwhile counts again after.
    func count() {
        guard !counting else {
            countRequested = true
            return
        }
        let searches = self.searches
        guard !searches.isEmpty else { return }
        counting = true
        countRequested = false
        let all = view.allPhotos
        var library = view.spec
        library.album = nil
        let spec = library
        let queries = searches.map { ($0.id, $0.query) }
        let counting = Task.detached(priority: .utility) { spec.counts(of: queries, in: all) }
        Task { [weak self] in
            let counts = await counting.value
            guard let self else { return }
            self.counting = false
            self.counts = counts
            self.events.send(.savedSearches(self.searches))
            if self.countRequested { self.count() }
        }
    }
}

extension PhotoViewSpec {
    /// What each query finds among `all` as the Photos page would list it with these filters.
    func counts(of queries: [(SavedSearch.ID, String)], in all: [Photo]) -> [SavedSearch.ID: SavedSearchCount] {
        var shown = self
        let candidates = candidates(all)
        var counts: [SavedSearch.ID: SavedSearchCount] = [:]
        for (id, query) in queries {
            shown.search = query
            var hidden = PhotoFilterSummary()
            let found = shown.found(in: candidates, summary: &hidden)
            let newest = found.max { ($0.taken ?? "") < ($1.taken ?? "") }
            counts[id] = SavedSearchCount(count: found.count, newest: newest?.id)
        }
        return counts
    }
}
