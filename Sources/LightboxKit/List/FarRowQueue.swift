import Gtk

/// Rows bound far beyond the visible part of a list, configured once the list settles.
///
/// GTK 4.8 keeps about 200 rows bound around the visible ones and binds them all again
/// when a long list jumps (a scrollbar drag). A row waiting here keeps showing what it
/// showed (so its measured height stays valid) and is configured once binds have stopped
/// for `quietPeriod` (nearest the visible part first, a few milliseconds at a time so that
/// input and frames go first), or as soon as a scroll of the view's scrolled window brings
/// it near, or never, when GTK unbinds it first. A scrollbar drag through a long list so
/// configures only the rows it shows.
@MainActor
final class FarRowQueue {
    /// How long binds of far rows must stop (the list stops jumping) before they are configured.
    var quietPeriod: Duration = .milliseconds(100)

    private let model: LazyListModel
    /// The view whose scrolled window is watched (the one the last waiting row is in).
    private weak var view: ListBase?
    /// Slots waiting, each with what configures it for a position.
    private var waiting: [ObjectIdentifier: (slot: ListItem, configure: @MainActor (Int) -> Void)] = [:]
    private var timer: MainLoopTimer?
    private var lastPostponed = ContinuousClock.now
    private var scrollConnection: SignalConnection?

    /// Watches the rows of views over `model`.
    init(model: LazyListModel) { self.model = model }

    /// Keeps `slot`, bound to `position` in `view`, waiting when that lies more than a
    /// screenful beyond the visible part; `configure` runs when its turn comes, with the
    /// position it has then. False (nothing kept) when the row is to be configured now.
    func postpone(
        _ slot: ListItem, at position: Int, in view: ListBase?, configure: @escaping @MainActor (Int) -> Void
    ) -> Bool {
        guard let view, let adjustment = Self.scrollAdjustment(of: view), isFarFromVisible(position, in: adjustment) else {
            return false
        }
        self.view = view
        waiting[ObjectIdentifier(slot)] = (slot, configure)
        lastPostponed = .now
        followScrolling(adjustment)
        if timer == nil {
            timer = MainLoopTimer(after: quietPeriod) { [weak self] in self?.configureWaitingRows() }
        }
        return true
    }

    /// Forgets `slot` (GTK unbound it or tore it down); whether it was waiting.
    @discardableResult
    func remove(_ slot: ListItem) -> Bool {
        waiting.removeValue(forKey: ObjectIdentifier(slot)) != nil
    }

    /// The adjustment that scrolls `view` (nil when it is not in a scrolled window).
    private static func scrollAdjustment(of view: ListBase) -> Adjustment? {
        guard let scrolled = view.parent as? ScrolledWindow else { return nil }
        return view.orientation == .horizontal ? scrolled.horizontalAdjustment : scrolled.verticalAdjustment
    }

    /// Whether `position` lies more than a screenful beyond the visible part of the view
    /// (estimated from the adjustment: rows of one list are alike in size).
    private func isFarFromVisible(_ position: Int, in adjustment: Adjustment) -> Bool {
        guard let visible = estimatedVisiblePositions(in: adjustment) else { return false }
        let margin = visible.count + 8
        return position < visible.lowerBound - margin || position >= visible.upperBound + margin
    }

    private func estimatedVisiblePositions(in adjustment: Adjustment) -> Range<Int>? {
        let count = model.count
        let length = adjustment.upper - adjustment.lower
        guard length > 0, adjustment.pageSize < length, count > 0 else { return nil }
        let start = (adjustment.value - adjustment.lower) / length * Double(count)
        let end = (adjustment.value - adjustment.lower + adjustment.pageSize) / length * Double(count)
        let first = Swift.max(0, Int(start.rounded(.down)))
        return first..<Swift.min(count, Swift.max(first + 1, Int(end.rounded(.up))))
    }

    private func position(of slot: ListItem) -> Int? { slot.modelItem.flatMap(model.position(of:)) }

    /// While rows wait, a scroll that brings one near the visible part configures it at once.
    private func followScrolling(_ adjustment: Adjustment) {
        guard scrollConnection == nil else { return }
        scrollConnection = adjustment.onValueChanged(owner: self) { [weak self, weak adjustment] in
            guard let self, let adjustment else { return }
            for (slot, configure) in waiting.values {
                guard let position = position(of: slot), !isFarFromVisible(position, in: adjustment) else { continue }
                waiting[ObjectIdentifier(slot)] = nil
                configure(position)
            }
            stopFollowingScrollingIfDone()
        }
    }

    private func stopFollowingScrollingIfDone() {
        guard waiting.isEmpty else { return }
        scrollConnection?.disconnect()
        scrollConnection = nil
    }

    /// Once the list has stopped jumping, configures the rows that wait (nearest the
    /// visible part first), a few milliseconds at a time so that input and frames go first.
    private func configureWaitingRows() {
        timer = nil
        let quietFor = ContinuousClock.now - lastPostponed
        guard quietFor >= quietPeriod else {
            timer = MainLoopTimer(after: quietPeriod - quietFor) { [weak self] in self?.configureWaitingRows() }
            return
        }
        let deadline = ContinuousClock.now.advanced(by: .milliseconds(4))
        let visible = view.flatMap(Self.scrollAdjustment(of:)).flatMap(estimatedVisiblePositions(in:))
        let center = visible.map { ($0.lowerBound + $0.upperBound) / 2 } ?? 0
        let rows = waiting.values.compactMap { slot, configure in
            position(of: slot).map { (slot: slot, configure: configure, position: $0) }
        }.sorted { abs($0.position - center) < abs($1.position - center) }
        for (slot, configure, position) in rows {
            waiting[ObjectIdentifier(slot)] = nil
            configure(position)
            if ContinuousClock.now >= deadline { break }
        }
        if waiting.isEmpty {
            stopFollowingScrollingIfDone()
        } else {
            timer = MainLoopTimer.whenIdle { [weak self] in self?.configureWaitingRows() }
        }
    }
}
