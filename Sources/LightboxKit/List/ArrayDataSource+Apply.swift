import Gtk

extension ArrayDataSource where Item: Identifiable & Equatable {
    /// Replaces the items with `newItems`, emitting only what changed: removals back to
    /// front (in many runs, one splice over them: `ListDiff.removalRunsInOneSplice`), then
    /// insertions front to back (moves carry their item object), then
    /// in-place updates whose visible rows are configured again. Each splice is
    /// emitted after the array GTK reads has been updated, and until its own update
    /// splice an item shows GTK its old content (so GTK's sort and filter models,
    /// which compare items while handling a splice, see a consistent array). The selection follows the
    /// selected ids. Throws on duplicate ids (and changes nothing).
    public func apply(_ newItems: [Item]) throws(ListDiffError) {
        perform(try ListDiff(from: items, to: newItems), to: newItems)
    }

    /// Sorts the items with a minimal change set.
    public func sort(by areInIncreasingOrder: (Item, Item) -> Bool) throws(ListDiffError) {
        try apply(items.sorted(by: areInIncreasingOrder))
    }

    /// Emits a diff computed earlier (possibly off the main thread) from the current
    /// `items` to `newItems`. With `insertionsPerFrame` set (and the view on screen), the
    /// insertions next to the rows the view has are spread over the next frames, and a
    /// diff performed meanwhile waits for them: its splices start in the frame after
    /// (`items` is its new array at once). A few diffs may wait; with more, the view is
    /// given all of them at once.
    public func perform(_ diff: ListDiff, to newItems: [Item]) {
        let old = items
        guard pacer.canWait else {
            finishPendingChange()
            items = newItems
            return emit(diff, from: old, to: newItems)
        }
        items = newItems
        version += 1
        pacer.wait({ [unowned self] in emit(diff, from: old, to: newItems) }, in: view)
    }

    /// Emits `diff` from `old`, what the view shows now, to `newItems` (`items` already is
    /// `newItems`, or the array of a later diff waiting for this one).
    private func emit(_ diff: ListDiff, from old: [Item], to newItems: [Item]) {
        guard !diff.isEmpty else { return showsAllOf(newItems) }
        let stamp = rows.bindStamp
        let selectedIDs = selectedPositions.map { old[$0].id }
        isEmitting = true
        defer { isEmitting = false }

        let stableFrom = diff.stableFrom
        // Stable items whose content changed: new position → old position.
        let updatedFrom = Dictionary(uniqueKeysWithValues: zip(diff.updates, diff.updatedFrom))
        var carried: [Int: ModelItem] = [:]
        let targetOfMoved = Dictionary(uniqueKeysWithValues: diff.moves.map { ($0.value, $0.key) })
        var removedBefore = [Int](repeating: 0, count: diff.removals.count)
        for index in diff.removals.indices.dropFirst() {
            removedBefore[index] = removedBefore[index - 1] + diff.removals[index - 1].count
        }
        if diff.removals.count > ListDiff.removalRunsInOneSplice {
            removeInOneSplice(diff, from: old, removedBefore: removedBefore, targetOfMoved: targetOfMoved, carrying: &carried)
        } else {
            for index in diff.removals.indices.reversed() {
                let run = diff.removals[index]
                let carriesNone = takeMovedObjects(in: run, targetOfMoved: targetOfMoved, into: &carried)
                let cut = run.lowerBound
                let stableBefore = cut - removedBefore[index]
                transition = { $0 < cut ? old[$0] : old[stableFrom[$0 - cut + stableBefore]] }
                // Rows of removed items show the items that slide into view (unless an
                // object of the run is carried to a new place: it must stay free).
                changed(at: cut, removed: run.count, added: 0, lending: carriesNone)
            }
        }
        // Insertions front to back; until an item's own update splice GTK sees its old content.
        let insert = insertions(diff.insertions, carrying: carried) { end, insertedBefore in
            let stableBefore = end - insertedBefore
            return { position in
                position >= end
                    ? old[stableFrom[position - end + stableBefore]]
                    : updatedFrom[position].map { old[$0] } ?? newItems[position]
            }
        }
        var isInSteps = false
        let finish = { [unowned self] in
            // Shown in steps: the selection as it is now (the person may have changed it meanwhile).
            let selected = isInSteps ? selectedItems.map(\.id) : selectedIDs
            // Updated items keep their objects and positions: GTK is told nothing of them
            // (see `update(_:)`); their rows on screen, whenever GTK bound them, are
            // configured again with the new content.
            showsAllOf(newItems)
            var rebound = Set(diff.updates)
            for (to, from) in diff.moves where old[from] != newItems[to] { rebound.insert(to) }
            rows.rebind(positions: rebound, boundBefore: diff.updates.isEmpty ? stamp : rows.bindStamp)
            restoreSelection(selected)
        }
        // Moved items' objects stay carried within one call (GTK keeps a row only for an
        // object it meets again while handling the same change).
        pacer.show(insert, inSteps: diff.moves.isEmpty, in: view, then: finish)
        if hasPendingChange {
            isInSteps = true
            restoreSelection(selectedIDs)
        }
    }

    /// The live objects of moved items in `range` (old positions), put in `carried` by their
    /// new position for the insertions; whether there was none (the range's objects may be lent).
    private func takeMovedObjects(
        in range: Range<Int>, targetOfMoved: [Int: Int], into carried: inout [Int: ModelItem]
    ) -> Bool {
        var carriesNone = true
        for (offset, object) in model.liveItems(in: range) {
            guard let target = targetOfMoved[range.lowerBound + offset] else { continue }
            carried[target] = object
            carriesNone = false
        }
        return carriesNone
    }

    /// Removes `diff`'s removals in one splice, from the first removed position to the last,
    /// which adds back the items kept between them: an album of every tenth of 100,000 photos
    /// is 10,000 runs of removals, and GTK's list took 40–60 ms to handle as many splices, on
    /// the main thread. Moved items' objects go to `carried` for the insertions, as with a
    /// splice for each run.
    ///
    /// The span's objects are lent, in their order, to the positions GTK asks for (it asks for
    /// every added one when an item it tracks, its scroll anchor, was removed), so its rows
    /// stay in their order and its anchor near where it was. Carrying the kept items' objects
    /// instead left the anchor's object to be lent further down: the list scrolled to its end.
    private func removeInOneSplice(
        _ diff: ListDiff, from old: [Item], removedBefore: [Int], targetOfMoved: [Int: Int],
        carrying carried: inout [Int: ModelItem]
    ) {
        let runs = diff.removals
        let span = runs[0].lowerBound..<runs[runs.count - 1].upperBound
        let removedCount = removedBefore[runs.count - 1] + runs[runs.count - 1].count
        let carriesNone = takeMovedObjects(in: span, targetOfMoved: targetOfMoved, into: &carried)
        let stableFrom = diff.stableFrom
        transition = { old[stableFrom[$0]] }
        changed(at: span.lowerBound, removed: span.count, added: span.count - removedCount, lending: carriesNone)
    }

    /// The view has all of `newItems`, a diff's new array: it reads `items` again, or
    /// `newItems` until a diff waiting for this one starts.
    private func showsAllOf(_ newItems: [Item]) {
        transition = pacer.hasWaitingChanges ? { newItems[$0] } : nil
    }

    /// Selects `ids` where the view shows them now. A few ids are looked for one by one
    /// (no hashing of every item: this runs on the main thread after every change).
    private func restoreSelection(_ ids: [Item.ID]) {
        guard let selection else { return }
        var positions: [Int] = []
        if ids.count <= 8 {
            positions = ids.compactMap { id in indices.first { item(at: $0).id == id } }.sorted()
        } else {
            let wanted = Set(ids)
            for position in indices where wanted.contains(item(at: position).id) { positions.append(position) }
        }
        if selection.selectedPositions != positions {
            selection.unselectAll()
            for position in positions { selection.select(position, exclusive: false) }
        }
        if positions.count != ids.count { reportSelection() }
    }
}
