/// One change of the library, as the Store publishes it: every kind of change goes out
/// through one stream (`CatalogStore.observeEvents`), in the order it happened. The
/// `observe…` methods of the Store are that stream narrowed to one case.
///
/// ```swift
/// store.observeEvents(owner: self) { event in
///     switch event {
///     case .photos(let update): list.show(update)
///     case .notice(let message): toast(message)
///     default: break
///     }
/// }
/// ```
public enum LibraryEvent: Sendable {
    /// `photos` changed: the list to show and what changed in it (`observe`).
    case photos(PhotosUpdate)
    /// Photos of the library changed, whatever the search shows (`observeLibrary`).
    case library(LibraryChange)
    /// A passing message for the person (`observeNotices`).
    case notice(String)
    /// How far the scan is; nil when it ends (`observeScanProgress`).
    case scanProgress(ScanProgress?)
    /// What lasts and the window must keep saying, most serious first (`observeConditions`).
    case conditions([LibraryCondition])
    /// What the culling filters hide, once `photos` holds the photos it goes with (`observeFilterSummary`).
    case filterSummary(PhotoFilterSummary)
    /// The library's folders, their availability or the folder filter changed (`observeFolders`).
    case folders([String])
    /// Files whose edits are still to be written into them (`observePendingWrites`).
    case pendingWrites(Int)
    /// Photos found again at new paths, moved or renamed outside the app: former path →
    /// new path, all of one step. What holds photo ids (an undo history) follows them.
    case moved([String: String])
    /// The person's albums changed, by name (`observeAlbums`).
    case albums([Album])
    /// The saved searches changed, by name, or what they find was counted again (`observeSavedSearches`).
    case savedSearches([SavedSearch])
    /// The library's groups of duplicates were found again and differ (`observeDuplicates`).
    case duplicates([DuplicateGroup])
}

/// The Store's one stream of `LibraryEvent`s, and what lasts of it (the conditions and the
/// last notice): the services of the Store send here, observers register here. A handler
/// is called while its owner lives and forgotten after.
@MainActor
final class LibraryEvents {
    private struct Entry {
        weak var owner: AnyObject?
        let handler: @MainActor (LibraryEvent) -> Void
    }

    private var entries: [Entry] = []

    /// The last passing message for the person.
    private(set) var notice: String?

    /// What lasts, most serious first (see `raise` and `clear`).
    private(set) var conditions: [LibraryCondition] = [] {
        didSet { if conditions != oldValue { send(.conditions(conditions)) } }
    }

    func add(owner: AnyObject, _ handler: @escaping @MainActor (LibraryEvent) -> Void) {
        entries.append(Entry(owner: owner, handler: handler))
    }

    /// Calls every handler whose owner still lives with `event`. A handler may cause another
    /// event (a folder filter set when the folders change): the list is read once, so that
    /// one reaches every handler before this one goes on.
    func send(_ event: LibraryEvent) {
        entries.removeAll { $0.owner == nil }
        for entry in entries where entry.owner != nil { entry.handler(event) }
    }

    /// Says `message` to the person, once.
    func tell(_ message: String) {
        notice = message
        send(.notice(message))
    }

    /// Starts (or updates) a lasting condition.
    func raise(_ condition: LibraryCondition) {
        var list = conditions.filter { $0.kind != condition.kind }
        list.append(condition)
        conditions = list.sorted { $0.kind < $1.kind }
    }

    /// Ends the condition of `kind`, when one holds: the fault is gone.
    func clear(_ kind: LibraryCondition.Kind) {
        conditions.removeAll { $0.kind == kind }
    }

    /// Closes a dismissible condition of `kind` the person has read.
    func dismiss(_ kind: LibraryCondition.Kind) {
        conditions.removeAll { $0.kind == kind && $0.isDismissible }
    }

    func holds(_ kind: LibraryCondition.Kind) -> Bool {
        conditions.contains { $0.kind == kind }
    }
}
