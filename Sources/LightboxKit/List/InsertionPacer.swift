import Gtk

/// Shows a large change to a list a few insertions a frame.
///
/// GTK 4.8 builds, binds and measures a row for each item inserted next to the rows a
/// view has, up to 200, about half a millisecond apiece: a first batch of 200 items would
/// hold one frame for 100 ms. A change goes in as steps: each emits the change's insertion
/// runs front to back until `insertionsPerFrame` items went next to the view's rows
/// (insertions away from them cost GTK nothing and go in at once), one step a frame of the
/// view, and the change's last part runs after the last of them.
@MainActor
final class InsertionPacer {
    /// Emits insertions until `budget` items went next to the view's rows (all when nil);
    /// true once all are in.
    typealias Step = (_ budget: Int?) -> Bool

    /// At most this many items a frame go next to the rows the view has (nil: all at once).
    var insertionsPerFrame: Int?
    /// Whether the view is still being given the rest of a change.
    var hasPendingChange: Bool { pending != nil }
    /// True while a step runs from a frame or from `finishPendingChange()`: the change is
    /// the list's own, not the person's.
    private(set) var isRunningStep = false
    /// The rest of the change, with its last part.
    private var pending: Step?
    private var isTicking = false

    /// Runs `insert` and then `finish`. With `inSteps`, `insertionsPerFrame` set and `view` on
    /// screen, `insert` gets a budget of `insertionsPerFrame` a frame, `finish` runs after
    /// the last. Ticks come only while the view is mapped: its unmapping must finish the change.
    func show(_ insert: @escaping Step, inSteps: Bool, in view: Widget?, then finish: @escaping () -> Void) {
        let budget = inSteps && view?.isMapped == true ? insertionsPerFrame : nil
        if insert(budget) { return finish() }
        pending = { budget in
            guard insert(budget) else { return false }
            finish()
            return true
        }
        guard !isTicking, let view else { return }
        isTicking = true
        view.addTickCallback { [weak self] _ in
            guard let self else { return false }
            if let step = pending {
                pending = nil
                if !run(step, budget: insertionsPerFrame) { pending = step }
            }
            isTicking = pending != nil
            return isTicking
        }
    }

    /// Shows the rest of the change at once.
    func finishPendingChange() {
        guard let step = pending else { return }
        pending = nil
        _ = run(step, budget: nil)
    }

    private func run(_ step: Step, budget: Int?) -> Bool {
        isRunningStep = true
        defer { isRunningStep = false }
        return step(budget)
    }

    /// The step that emits the insertion `runs` (ascending positions in the new items)
    /// front to back. Items inserted inside the window of positions that have rows
    /// (`rowPositions`), or at its end, count against the budget (GTK 4.8 keeps rows for up
    /// to 200 around the shown ones). `emit(piece, inserted, carrying)` emits one piece,
    /// `inserted` counting the items inserted so far, this piece's too; `carried` objects (by
    /// new position) go back in with their items (`carrying`, by offset in the piece).
    static func insertions(
        _ runs: [Range<Int>], carrying carried: [Int: ModelItem],
        rowPositions: @escaping () -> ClosedRange<Int>?,
        emit: @escaping (_ piece: Range<Int>, _ inserted: Int, _ carrying: [Int: ModelItem]) -> Void
    ) -> Step {
        var waiting = runs[...]
        var carried = carried
        var inserted = 0
        return { budget in
            var budget = budget
            var rows = budget == nil ? nil : rowPositions()
            while let run = waiting.first {
                var piece = run
                let isNextToRows = rows.map { ($0.lowerBound...$0.upperBound + 1).contains(run.lowerBound) } ?? true
                if let left = budget, isNextToRows {
                    guard left > 0 else { return false }
                    piece = run.lowerBound..<Swift.min(run.upperBound, run.lowerBound + left)
                    budget = left - piece.count
                }
                inserted += piece.count
                var carrying: [Int: ModelItem] = [:]
                if !carried.isEmpty {
                    for position in piece {
                        if let object = carried.removeValue(forKey: position) { carrying[position - piece.lowerBound] = object }
                    }
                }
                emit(piece, inserted, carrying)
                if budget != nil {
                    if isNextToRows {
                        rows = rowPositions()
                    } else if let shown = rows, piece.lowerBound < shown.lowerBound {
                        rows = shown.lowerBound + piece.count...shown.upperBound + piece.count
                    }
                }
                waiting[waiting.startIndex] = piece.upperBound..<run.upperBound
                if waiting.first!.isEmpty { waiting.removeFirst() }
            }
            return true
        }
    }
}
