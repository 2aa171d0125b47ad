/// Observing the Store: one stream of `LibraryEvent`s (`observeEvents`), and each kind of
/// event alone. A handler is called on the main thread while `owner` lives.
extension CatalogStore {
    /// Calls `handler` with every event of the library, in order, while `owner` lives.
    public func observeEvents(owner: AnyObject, _ handler: @escaping @MainActor (LibraryEvent) -> Void) {
        events.add(owner: owner, handler)
    }

    /// Calls `handler` with every update of `photos`, while `owner` lives.
    public func observe(owner: AnyObject, _ handler: @escaping @MainActor (PhotosUpdate) -> Void) {
        events.add(owner: owner) { if case .photos(let update) = $0 { handler(update) } }
    }

    /// Calls `handler` with every change of the library's photos (`allPhotos`), whatever
    /// the search shows, while `owner` lives.
    public func observeLibrary(owner: AnyObject, _ handler: @escaping @MainActor (LibraryChange) -> Void) {
        events.add(owner: owner) { if case .library(let change) = $0 { handler(change) } }
    }

    /// Calls `handler` with each new user-facing notice, while `owner` lives.
    public func observeNotices(owner: AnyObject, _ handler: @escaping @MainActor (String) -> Void) {
        events.add(owner: owner) { if case .notice(let message) = $0 { handler(message) } }
    }

    /// Calls `handler` with each new `scanProgress` (nil when the scan ends), while `owner` lives.
    public func observeScanProgress(owner: AnyObject, _ handler: @escaping @MainActor (ScanProgress?) -> Void) {
        events.add(owner: owner) { if case .scanProgress(let progress) = $0 { handler(progress) } }
    }

    /// Calls `handler` with every `conditions` list that differs from the last, while `owner` lives.
    public func observeConditions(owner: AnyObject, _ handler: @escaping @MainActor ([LibraryCondition]) -> Void) {
        events.add(owner: owner) { if case .conditions(let conditions) = $0 { handler(conditions) } }
    }

    /// Calls `handler` with every new `filterSummary` (a filter changed, or what it hides),
    /// once `photos` holds the photos it goes with, while `owner` lives.
    public func observeFilterSummary(owner: AnyObject, _ handler: @escaping @MainActor (PhotoFilterSummary) -> Void) {
        events.add(owner: owner) { if case .filterSummary(let summary) = $0 { handler(summary) } }
    }

    /// Calls `handler` with `folders` when the library's folders, their availability
    /// (`offlineFolders`) or the folder filter change, while `owner` lives.
    public func observeFolders(owner: AnyObject, _ handler: @escaping @MainActor ([String]) -> Void) {
        events.add(owner: owner) { if case .folders(let folders) = $0 { handler(folders) } }
    }

    /// Calls `handler` with every new `pendingWriteCount`, while `owner` lives.
    public func observePendingWrites(owner: AnyObject, _ handler: @escaping @MainActor (Int) -> Void) {
        events.add(owner: owner) { if case .pendingWrites(let count) = $0 { handler(count) } }
    }
}

extension CatalogStore {
    /// Calls `handler` with the albums, by name, whenever one is made, changed or deleted
    /// (an undo's too), while `owner` lives.
    public func observeAlbums(owner: AnyObject, _ handler: @escaping @MainActor ([Album]) -> Void) {
        events.add(owner: owner) { if case .albums(let albums) = $0 { handler(albums) } }
    }

    /// Calls `handler` with the saved searches, by name, whenever one is saved, changed or
    /// deleted, or they were counted again (`savedSearchCount`), while `owner` lives.
    public func observeSavedSearches(owner: AnyObject, _ handler: @escaping @MainActor ([SavedSearch]) -> Void) {
        events.add(owner: owner) { if case .savedSearches(let searches) = $0 { handler(searches) } }
    }
}
