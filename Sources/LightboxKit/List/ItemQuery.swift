import Gtk

/// Sorting, filtering and searching over all items, shown through an `ArrayDataSource`
/// with minimal change sets. Filtering, sorting and diffing run off the main thread;
/// only the final splices run on the main thread, so typing in a search box over a
/// million items keeps the UI responsive.
@MainActor
public final class ItemQuery<Item: Identifiable & Equatable & Sendable> where Item.ID: Sendable {
    public typealias Predicate = @Sendable (Item) -> Bool
    public typealias Order = @Sendable (Item, Item) -> Bool

    public let source: ArrayDataSource<Item>
    /// Every item, before filtering and sorting.
    public private(set) var allItems: [Item]
    public private(set) var predicate: Predicate?
    public private(set) var order: Order?
    private var generation = 0
    private var pending: Task<(ListDiff, [Item])?, Never>?

    /// Shows `items` through `source` (its current items are replaced).
    public init(_ items: [Item], source: ArrayDataSource<Item>) throws(ListDiffError) {
        self.allItems = items
        self.source = source
        try source.apply(items)
    }

    /// Replaces every item and shows the filtered, sorted result now.
    public func setAll(_ items: [Item]) throws(ListDiffError) {
        allItems = items
        try source.apply(Self.result(items, predicate, order))
    }

    /// Filters and sorts on the main thread now (small lists, tests).
    public func update(predicate: Predicate?, order: Order?) throws(ListDiffError) {
        cancelPending()
        self.predicate = predicate
        self.order = order
        try source.apply(Self.result(allItems, predicate, order))
    }

    /// Filters, sorts and diffs in the background, then applies on the main thread.
    /// A newer call supersedes an older one; returns once this one is shown or superseded.
    public func search(predicate: Predicate?, order: Order? = nil) async throws(ListDiffError) {
        cancelPending()
        self.predicate = predicate
        self.order = order
        generation += 1
        let ticket = generation
        let all = allItems
        let current = source.items
        let version = source.version
        let work = Task.detached(priority: .userInitiated) { () -> (ListDiff, [Item])? in
            let result = Self.result(all, predicate, order)
            guard !Task.isCancelled, let diff = try? ListDiff(from: current, to: result) else { return nil }
            return (diff, result)
        }
        pending = work
        guard let (diff, result) = await work.value, ticket == generation else { return }
        if source.version == version {
            source.perform(diff, to: result)
        } else {
            try source.apply(result)
        }
    }

    private func cancelPending() {
        pending?.cancel()
        pending = nil
    }

    nonisolated private static func result(_ items: [Item], _ predicate: Predicate?, _ order: Order?) -> [Item] {
        var result = predicate.map { items.filter($0) } ?? items
        if let order { result.sort(by: order) }
        return result
    }
}
