import Gtk

/// Shows a large change to a list a few insertions a frame.
///
/// GTK 4.8 builds, binds and measures a row for each item inserted next to the rows a
/// view has, up to 200, about half a millisecond apiece: a first batch of 200 items would
/// hold one frame for 100 ms. A change goes in as steps: each emits the change's insertion
/// runs front to back until `insertionsPerFrame` items went next to the view's rows
/// (insertions away from them cost GTK nothing and go in at once), one step a frame of the
/// view, and the change's last part runs after the last of them. A change given while one
/// is still being shown waits for it (`wait(_:in:)`) and starts in a frame of its own:
/// showing the rest of the first at once would build up to 200 rows in one frame.
@MainActor
final class InsertionPacer {
    /// Emits insertions until `budget` items went next to the view's rows (all when nil);
    /// true once all are in.
    typealias Step = (_ budget: Int?) -> Bool

    /// At most this many items a frame go next to the rows the view has (nil: all at once).
    var insertionsPerFrame: Int?
    /// At most this many changes wait for the one being shown; with more, all are shown at once.
    static let maxWaitingChanges = 3
    /// Whether the view is still being given the rest of a change, or changes wait for it.
    var hasPendingChange: Bool { pending != nil || !waitingChanges.isEmpty }
    /// Whether changes wait for the one being shown.
    var hasWaitingChanges: Bool { !waitingChanges.isEmpty }
    /// Whether another change may wait (false: the caller shows the pending ones at once
    /// first). One given while they are all being shown at once joins them.
    var canWait: Bool { hasPendingChange && (isFinishing || waitingChanges.count < Self.maxWaitingChanges) }
    /// True while a step runs from a frame or from `finishPendingChange()`: the change is
    /// the list's own, not the person's.
    private(set) var isRunningStep = false
    /// The rest of the change, with its last part.
    private var pending: Step?
    /// The changes given meanwhile, oldest first: each emits its first part when called.
    private var waitingChanges: [() -> Void] = []
    private var isTicking = false
    /// True while `finishPendingChange()` runs: every change is shown at once.
    private var isFinishing = false

    /// Runs `insert` and then `finish`. With `inSteps`, `insertionsPerFrame` set and `view` on
    /// screen, `insert` gets a budget of `insertionsPerFrame` a frame, `finish` runs after
    /// the last. Ticks come only while the view is mapped: its unmapping must finish the change.
    func show(_ insert: @escaping Step, inSteps: Bool, in view: Widget?, then finish: @escaping () -> Void) {
        let budget = inSteps && !isFinishing && view?.isMapped == true ? insertionsPerFrame : nil
        if insert(budget) { return finish() }
        pending = { budget in
            guard insert(budget) else { return false }
            finish()
            return true
        }
        tick(in: view)
    }

    /// Runs `change` (which emits a change, through `show` when it is large) once the
    /// change being shown and those waiting before it are shown, in a frame of its own.
    /// Call only when `canWait`.
    func wait(_ change: @escaping () -> Void, in view: Widget?) {
        precondition(canWait, "InsertionPacer.wait: nothing to wait for, or too many waiting")
        waitingChanges.append(change)
        tick(in: view)
    }

    /// Shows the rest of the change, and every change waiting for it, at once.
    func finishPendingChange() {
        guard hasPendingChange, !isFinishing else { return }
        isFinishing = true
        defer { isFinishing = false }
        if let step = pending {
            pending = nil
            _ = run(step, budget: nil)
        }
        while !waitingChanges.isEmpty { start(waitingChanges.removeFirst()) }
    }

    /// One step a frame of `view` while anything is pending: more of the change being
    /// shown or, once it is all in, the start of the next waiting one.
    private func tick(in view: Widget?) {
        guard !isTicking, let view else { return }
        isTicking = true
        view.addTickCallback { [weak self] _ in
            guard let self else { return false }
            if let step = pending {
                pending = nil
                if !run(step, budget: insertionsPerFrame) { pending = step }
            } else if !waitingChanges.isEmpty {
                start(waitingChanges.removeFirst())
            }
            isTicking = hasPendingChange
            return isTicking
        }
    }

    private func start(_ change: () -> Void) { asListsOwn(change) }

    private func run(_ step: Step, budget: Int?) -> Bool { asListsOwn { step(budget) } }

    /// Runs `body` as a change of the list's own (`isRunningStep`), also when nested.
    private func asListsOwn<T>(_ body: () -> T) -> T {
        let wasRunning = isRunningStep
        isRunningStep = true
        defer { isRunningStep = wasRunning }
        return body()
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
