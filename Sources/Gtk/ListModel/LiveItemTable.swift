import CGtk
import CGtkSupport

/// The live item objects of a `LazyListModel`, sorted by position (unretained: each
/// object removes itself when finalized).
///
/// A sorted array rather than a dictionary: GTK asks for items mostly in order (a
/// scroll, a sort or filter model's pass), which appends at the end without hashing,
/// and a splice shifts the positions after it in one pass, in place.
struct LiveItemTable {
    private var positions: [Int] = []
    private var items: [UnsafeMutableRawPointer] = []

    var isEmpty: Bool { positions.isEmpty }
    var count: Int { positions.count }
    var allPositions: [Int] { positions }

    /// Index of the first entry at or after `position`.
    private func firstIndex(atOrAfter position: Int) -> Int {
        if let last = positions.last, last < position { return positions.count }
        var low = 0
        var high = positions.count
        while low < high {
            let middle = (low + high) / 2
            if positions[middle] < position { low = middle + 1 } else { high = middle }
        }
        return low
    }

    subscript(position: Int) -> UnsafeMutableRawPointer? {
        let index = firstIndex(atOrAfter: position)
        return index < positions.count && positions[index] == position ? items[index] : nil
    }

    /// Records `item` at `position` (which has no entry).
    mutating func insert(_ item: UnsafeMutableRawPointer, at position: Int) {
        let index = firstIndex(atOrAfter: position)
        if index == positions.count {
            // In order (a pass, a scroll): an append, without the general insertion's shifting.
            positions.append(position)
            items.append(item)
            return
        }
        positions.insert(position, at: index)
        items.insert(item, at: index)
    }

    /// Forgets `item` if it is the entry at `position`.
    mutating func remove(_ item: UnsafeMutableRawPointer, at position: Int) {
        let index = firstIndex(atOrAfter: position)
        guard index < positions.count, positions[index] == position, items[index] == item else { return }
        if index == positions.count - 1 {
            positions.removeLast()
            items.removeLast()
            return
        }
        positions.remove(at: index)
        items.remove(at: index)
    }

    /// The entries in `range`, as (position, item).
    func entries(in range: Range<Int>) -> [(Int, UnsafeMutableRawPointer)] {
        let start = firstIndex(atOrAfter: range.lowerBound)
        let end = firstIndex(atOrAfter: range.upperBound)
        return (start..<end).map { (positions[$0], items[$0]) }
    }

    /// Applies a splice: entries in the removed range are detached and dropped,
    /// entries after it move by `added - removed` (their objects learn the new position).
    mutating func splice(at position: Int, removed: Int, added: Int) {
        let start = firstIndex(atOrAfter: position)
        guard start < positions.count else { return }
        let end = firstIndex(atOrAfter: position + removed)
        for index in start..<end {
            lbx_array_item_set_position(OpaquePointer(items[index]), LBX_ARRAY_ITEM_DETACHED)
        }
        positions.removeSubrange(start..<end)
        items.removeSubrange(start..<end)
        let delta = added - removed
        guard delta != 0 else { return }
        for index in start..<positions.count {
            positions[index] += delta
            lbx_array_item_set_position(OpaquePointer(items[index]), guint(positions[index]))
        }
    }
}
