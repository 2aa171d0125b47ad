/// Why `apply` refused a new array.
public enum ListDiffError: Error, Equatable, CustomStringConvertible {
    /// Two items share an id (`description` names it and both positions).
    case duplicateID(id: String, positions: [Int], inNewItems: Bool)

    public var description: String {
        switch self {
        case .duplicateID(let id, let positions, let inNewItems):
            "Duplicate id \(id) at positions \(positions.map(String.init).joined(separator: " and ")) "
                + "of the \(inNewItems ? "new" : "current") items"
        }
    }
}

/// The change set turning one array of identifiable items into another
/// (Heckel-style: matched by id in linear time, plus content equality).
///
/// Items kept in place form the longest run of common items whose relative order
/// did not change; every other common item is a move (a removal, then an
/// insertion that carries the same item object). Removals run back to front,
/// insertions front to back, so every splice is valid for the array it applies to.
public struct ListDiff: Sendable, Equatable {
    /// Ranges of old positions to remove (deleted and moved-out items), ascending.
    public let removals: [Range<Int>]
    /// Ranges of new positions to insert (new and moved-in items), ascending.
    public let insertions: [Range<Int>]
    /// For each moved item: new position → old position.
    public let moves: [Int: Int]
    /// New positions of items that stayed in place but whose content changed.
    public let updates: [Int]
    /// Old positions of `updates`, in the same order.
    @usableFromInline let updatedFrom: [Int]
    /// New and old positions of items that stay in place, ascending.
    @usableFromInline let stable: [Int]
    @usableFromInline let stableFrom: [Int]

    public var isEmpty: Bool { removals.isEmpty && insertions.isEmpty && updates.isEmpty }

    /// Number of `items-changed` splices applying this diff emits: one per run of removals
    /// (or one for all of them, in more than `removalRunsInOneSplice` runs) and of insertions
    /// (updates in place are not splices: their rows are configured again).
    public var spliceCount: Int {
        (removals.count > Self.removalRunsInOneSplice ? 1 : removals.count) + insertions.count
    }

    /// Removals in more runs than this are applied in one splice, from the first removed
    /// position to the last, that adds back the items kept between them with their objects:
    /// GTK handles one splice of 100,000 positions faster than 10,000 of nine.
    public static let removalRunsInOneSplice = 64

    @inlinable
    public init<Item: Identifiable & Equatable>(from old: [Item], to new: [Item]) throws(ListDiffError) {
        let newIndex = try Self.indexByID(new, isNew: true)
        // Common items in old order: their old and new positions. Two old items matching
        // the same new item are a duplicate id among the old items (unmatched old
        // duplicates are simply deleted).
        var matchedFrom = [Int](repeating: -1, count: new.count)
        var commonNew: [Int] = []
        var commonOld: [Int] = []
        commonNew.reserveCapacity(min(old.count, new.count))
        commonOld.reserveCapacity(min(old.count, new.count))
        for (position, item) in old.enumerated() {
            if let target = newIndex[item.id] {
                if matchedFrom[target] >= 0 {
                    throw .duplicateID(
                        id: String(describing: item.id), positions: [matchedFrom[target], position],
                        inNewItems: false)
                }
                matchedFrom[target] = position
                commonOld.append(position)
                commonNew.append(target)
            }
        }
        self.init(old: old, new: new, commonOld: commonOld, commonNew: commonNew)
    }

    /// The same diff, from indexes made before of each array's ids to their positions (a list
    /// that keeps one for its own lookups): only the new items' ids are looked up, so going from
    /// a long list to a short one (100,000 photos to an album's 10,000) hashes none of the
    /// old ones. An index that doesn't describe its array (its size, an id at its position)
    /// is not trusted: the diff is then found as `init(from:to:)` finds it.
    @inlinable
    public init<Item: Identifiable & Equatable>(
        from old: [Item], to new: [Item], oldIndex: [Item.ID: Int], newIndex: [Item.ID: Int]
    ) throws(ListDiffError) {
        guard oldIndex.count == old.count, newIndex.count == new.count else {
            self = try ListDiff(from: old, to: new)
            return
        }
        // The new position of each old item kept, by old position: the common items in old order.
        var newAt = [Int](repeating: -1, count: old.count)
        for (to, item) in new.enumerated() {
            guard let from = oldIndex[item.id] else { continue }
            guard old.indices.contains(from), old[from].id == item.id, newIndex[item.id] == to else {
                self = try ListDiff(from: old, to: new)
                return
            }
            newAt[from] = to
        }
        var commonNew: [Int] = []
        var commonOld: [Int] = []
        commonNew.reserveCapacity(min(old.count, new.count))
        commonOld.reserveCapacity(min(old.count, new.count))
        for (from, to) in newAt.enumerated() where to >= 0 {
            commonOld.append(from)
            commonNew.append(to)
        }
        self.init(old: old, new: new, commonOld: commonOld, commonNew: commonNew)
    }

    /// The diff from the common items' positions, in old order (`commonOld` ascending).
    @inlinable
    init<Item: Identifiable & Equatable>(old: [Item], new: [Item], commonOld: [Int], commonNew: [Int]) {
        // commonNew is in old order; the longest increasing run stays in place.
        let keep = Self.longestIncreasingSubsequence(commonNew)
        var isStableOld = [Bool](repeating: false, count: old.count)
        var isStableNew = [Bool](repeating: false, count: new.count)
        var stable: [Int] = []
        var stableFrom: [Int] = []
        stable.reserveCapacity(keep.count)
        stableFrom.reserveCapacity(keep.count)
        var updates: [Int] = []
        var updatedFrom: [Int] = []
        for index in keep {  // ascending in both old and new positions
            let (from, to) = (commonOld[index], commonNew[index])
            isStableOld[from] = true
            isStableNew[to] = true
            stable.append(to)
            stableFrom.append(from)
            if old[from] != new[to] {
                updates.append(to)
                updatedFrom.append(from)
            }
        }
        var moves: [Int: Int] = [:]
        for (index, to) in commonNew.enumerated() where !isStableNew[to] { moves[to] = commonOld[index] }
        removals = Self.runs(of: (0..<old.count).filter { !isStableOld[$0] })
        insertions = Self.runs(of: (0..<new.count).filter { !isStableNew[$0] })
        self.moves = moves
        self.updates = updates
        self.updatedFrom = updatedFrom
        self.stable = stable
        self.stableFrom = stableFrom
    }

    @inlinable
    static func indexByID<Item: Identifiable>(_ items: [Item], isNew: Bool) throws(ListDiffError) -> [Item.ID: Int] {
        var index: [Item.ID: Int] = [:]
        index.reserveCapacity(items.count)
        for (position, item) in items.enumerated() {
            if let first = index.updateValue(position, forKey: item.id) {
                throw .duplicateID(id: String(describing: item.id), positions: [first, position], inNewItems: isNew)
            }
        }
        return index
    }

    /// Ascending positions grouped into runs of consecutive ones.
    @usableFromInline
    static func runs(of positions: [Int]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = -1
        var end = -1
        for position in positions {
            if position == end {
                end += 1
            } else {
                if start >= 0 { result.append(start..<end) }
                start = position
                end = position + 1
            }
        }
        if start >= 0 { result.append(start..<end) }
        return result
    }

    /// Indices of one longest strictly increasing subsequence (patience sorting,
    /// O(n log n); linear when the order barely changed).
    @usableFromInline
    static func longestIncreasingSubsequence(_ values: [Int]) -> [Int] {
        var tails: [Int] = []  // index into values of the smallest tail per length
        var previous = [Int](repeating: -1, count: values.count)
        for (index, value) in values.enumerated() {
            if let last = tails.last, values[last] < value {
                previous[index] = last
                tails.append(index)
                continue
            }
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var result = [Int](repeating: 0, count: tails.count)
        var cursor = tails.last ?? -1
        for slot in stride(from: tails.count - 1, through: 0, by: -1) {
            result[slot] = cursor
            cursor = previous[cursor]
        }
        return result
    }
}
