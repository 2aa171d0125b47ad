import Gtk

/// A Swift array that GTK's list widgets show (objc.io's `ArrayDataSource`, from "Lighter View Controllers").
///
/// - GTK sees a lazy `GListModel` (`model`): building a source of a million items
///   makes no GObject per item; GTK gets item objects only for positions it asks
///   for, and they are freed when GTK drops them.
/// - `factory` drives a `GtkSignalListItemFactory`: bind dequeues a row of the item's
///   kind and configures it; the same source works for `ListView` and `GridView`.
/// - Rows GTK binds more than a screenful beyond the visible ones are configured once
///   the list has stopped jumping, or as soon as a scroll brings them near: a scrollbar
///   drag through a long list configures only the rows it shows.
/// - Subclasses (or companions such as a hosting data source) hook into
///   `bind(row:item:at:)` and `unbind(row:)`; rows get `prepareForReuse()`.
/// - Selection and activation reach `onSelectionChange`/`onActivate` and the
///   `delegate`; `select`, `focus(at:)`, `activate(at:)` and `scroll(to:)` act on the
///   attached view.
@MainActor
open class ArrayDataSource<Item> {
    /// The items, in the order GTK shows them.
    public internal(set) var items: [Item]
    /// What GTK sees (a view made by `makeListView`/`makeGridView` is given it).
    package let model = LazyListModel()
    /// Makes and binds the rows of list views.
    package let factory = SignalListItemFactory()
    /// Makes and binds the cells of grid views (see `registerGridCell`).
    package let gridFactory = SignalListItemFactory()
    /// Which row kind shows an item (every item is `.standard` unless set).
    public var kindOfItem: @MainActor (Item) -> RowKind = { _ in .standard }
    /// What happens when an item's kind has no registered row.
    public var unregisteredKindPolicy = UnregisteredKindPolicy.buildDefault

    let registry = RowRegistry<Item>()
    /// The cells grids show; a kind with no grid cell is shown with its list row.
    lazy var gridRegistry = RowRegistry<Item>(fallback: registry)
    /// Rows currently bound, by slot, with the registry that made them.
    private var bound: [ObjectIdentifier: (slot: ListItem, row: ListRowView, stamp: Int, registry: RowRegistry<Item>)] = [:]
    /// Slots bound far from the visible rows, configured when the main loop is idle.
    private var waitingSlots: [ObjectIdentifier: (slot: ListItem, registry: RowRegistry<Item>)] = [:]
    private var configureWaiting: MainLoopTimer?
    private var lastWaitingBind = ContinuousClock.now
    private var scrollConnection: SignalConnection?
    /// The row each slot holds (GTK 4.8 empties a slot before telling its teardown).
    private var rows: [ObjectIdentifier: ListRowView] = [:]
    /// Counts binds, so a rebind can skip rows GTK already bound again.
    private(set) var bindStamp = 0
    /// Set while `apply` emits its splices: what GTK sees between two splices.
    var transition: ((Int) -> Item)?
    /// Increases with every change of `items` (lets background work detect staleness).
    public private(set) var version = 0
    /// At most this many items a frame go next to the rows the view has when `apply` or
    /// `perform` inserts many (nil: all at once). GTK 4.8 builds, binds and measures a
    /// row for each of them, up to 200, about half a millisecond apiece: a first batch of
    /// 200 items would hold one frame for 100 ms. Until such a change is all shown,
    /// `items` is already the new array while `count`, `item(at:)` and positions are what
    /// the view shows; any other change first shows the rest at once.
    public var insertionsPerFrame: Int?
    /// The rest of a change shown a few insertions a frame: inserts up to the budget
    /// (everything when nil) and tells whether the change is complete.
    private var pendingStep: ((Int?) -> Bool)?
    /// Whether the view is still being given the rest of a change (`insertionsPerFrame`).
    public var hasPendingChange: Bool { pendingStep != nil }
    private var isTicking = false

    /// Told about selection and activation (held weakly).
    public weak var delegate: (any ListSelectionDelegate<Item>)?
    /// Called with the selected items, in list order, when the selection changes.
    public var onSelectionChange: (@MainActor ([Item]) -> Void)?
    /// Called with an item and its position when it is activated (Enter, double click).
    public var onActivate: (@MainActor (Item, Int) -> Void)?
    weak var view: ListBase?
    /// The attached view's selection model (looked up once: GTK reads it through a property).
    weak var selection: (any SelectionModel)?
    var selectionConnections: [SignalConnection] = []
    var isApplying = false
    /// Views whose selection follows the keyboard focus (`selectsFocusedItem(in:)`).
    var focusFollowers: [AnyObject] = []

    public init(_ items: [Item] = []) {
        self.items = items
        model.splice(at: 0, removed: 0, added: items.count)
        factory.onBind(owner: self) { [unowned self] in bindSlot($0, registry: registry) }
        factory.onUnbind(owner: self) { [unowned self] in unbindSlot($0) }
        factory.onTeardown(owner: self) { [unowned self] in tearDownSlot($0, registry: registry) }
        gridFactory.onBind(owner: self) { [unowned self] in bindSlot($0, registry: gridRegistry) }
        gridFactory.onUnbind(owner: self) { [unowned self] in unbindSlot($0) }
        gridFactory.onTeardown(owner: self) { [unowned self] in tearDownSlot($0, registry: gridRegistry) }
    }

    // MARK: Reading

    public var count: Int { model.count }

    /// The item at `position` as GTK currently sees it (also between the splices of an `apply`).
    public func item(at position: Int) -> Item {
        if let transition { return transition(position) }
        return items[position]
    }

    public subscript(position: Int) -> Item { item(at: position) }

    /// The source item behind a model item GTK handed out (also through sort/filter/slice models).
    public func item(for modelItem: ModelItem) -> Item? {
        model.position(of: modelItem).map(item(at:))
    }

    /// The source position of a model item GTK handed out.
    public func position(of modelItem: ModelItem) -> Int? { model.position(of: modelItem) }

    // MARK: Rows

    /// Registers the row type that shows items of `kind`; `configure` must set every field.
    /// Grid views show these rows too, unless a grid cell is registered for the kind.
    public func register<Row: ListRowView>(
        _ rowType: Row.Type, kind: RowKind = .standard,
        configure: @escaping @MainActor (Row, Item) -> Void
    ) {
        registry.register(
            kind,
            .init(
                make: { Row() },
                configure: { row, item in
                    configure(row as! Row, item)
                }))
    }

    /// Registers the cell type grid views (`makeGridView`) show items of `kind` in, as
    /// `UICollectionView` has cells of its own beside a table's: the same items, another
    /// look. Cells are rows (`ListRowView`) with their own reuse pool, separate from the
    /// list's; `configure` must set every field.
    public func registerGridCell<Cell: ListRowView>(
        _ cellType: Cell.Type, kind: RowKind = .standard,
        configure: @escaping @MainActor (Cell, Item) -> Void
    ) {
        gridRegistry.register(
            kind,
            .init(
                make: { Cell() },
                configure: { cell, item in
                    configure(cell as! Cell, item)
                }))
    }

    /// Number of rows bound right now.
    public var boundRowCount: Int { bound.count }

    /// The bound row showing the item at source `position`, if it is on screen (a row GTK
    /// bound far from the visible ones counts once it is configured).
    public func boundRow(at position: Int) -> ListRowView? {
        boundSlot(at: position)?.row
    }

    /// The slot (GTK's list item) and row showing `position`, if it is on screen.
    func boundSlot(at position: Int) -> (slot: ListItem, row: ListRowView)? {
        bound.values.first { entry in
            entry.slot.modelItem.flatMap(model.position(of:)) == position
        }.map { ($0.slot, $0.row) }
    }

    /// The source position a bound row shows (nil when `row` is not bound).
    public func position(of row: ListRowView) -> Int? {
        bound.values.first { $0.row === row }.flatMap { $0.slot.modelItem.flatMap(model.position(of:)) }
    }

    // Setup: the slot stays empty until bind knows the item's kind.

    private func bindSlot(_ slot: ListItem, registry: RowRegistry<Item>) {
        guard let modelItem = slot.modelItem, let position = model.position(of: modelItem) else { return }
        // GTK 4.8 keeps about 200 rows bound around the visible ones and binds them all
        // again when a long list jumps (a scrollbar drag): a slot that already holds a row
        // of the right kind and lies well outside the visible part keeps showing what it
        // showed (so its measured height stays valid) and is configured once the list has
        // stopped jumping, or when a scroll brings it near, unless it is unbound first.
        if let row = slot.child as? ListRowView, row.reuseKind == kindOfItem(item(at: position)),
            let adjustment = scrollAdjustment, isFarFromVisible(position, in: adjustment)
        {
            waitingSlots[ObjectIdentifier(slot)] = (slot, registry)
            lastWaitingBind = .now
            followScrolling(adjustment)
            if configureWaiting == nil {
                configureWaiting = MainLoopTimer(after: quietPeriod) { [weak self] in self?.configureWaitingRows() }
            }
            return
        }
        configure(slot, at: position, registry: registry)
    }

    private func configure(_ slot: ListItem, at position: Int, registry: RowRegistry<Item>) {
        let item = item(at: position)
        let kind = kindOfItem(item)
        guard let registration = registry.registration(for: kind) else {
            showUnregistered(kind, at: position, in: slot, registry: registry)
            return
        }
        let row: ListRowView
        if let current = slot.child as? ListRowView, current.reuseKind == kind {
            row = current
        } else {
            if let current = slot.child as? ListRowView {
                current.leaveSlot()
                registry.recycle(current)
            }
            row = registry.dequeue(kind, make: registration.make)
            slot.child = row
            rows[ObjectIdentifier(slot)] = row
        }
        registration.configure(row, item)
        row.follow(slot)
        bindStamp += 1
        bound[ObjectIdentifier(slot)] = (slot, row, bindStamp, registry)
        bind(row: row, item: item, at: position)
    }

    // MARK: Rows configured later

    /// How long binds of far rows must stop (the list stops jumping) before they are configured.
    package var quietPeriod: Duration = .milliseconds(100)

    /// The adjustment that scrolls the view (nil when it is not in a scrolled window).
    private var scrollAdjustment: Adjustment? {
        guard let view, let scrolled = view.parent as? ScrolledWindow else { return nil }
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
        let length = adjustment.upper - adjustment.lower
        guard length > 0, adjustment.pageSize < length, count > 0 else { return nil }
        let start = (adjustment.value - adjustment.lower) / length * Double(count)
        let end = (adjustment.value - adjustment.lower + adjustment.pageSize) / length * Double(count)
        let first = Swift.max(0, Int(start.rounded(.down)))
        return first..<Swift.min(count, Swift.max(first + 1, Int(end.rounded(.up))))
    }

    /// While rows wait, a scroll that brings one near the visible part configures it at once.
    private func followScrolling(_ adjustment: Adjustment) {
        guard scrollConnection == nil else { return }
        scrollConnection = adjustment.onValueChanged(owner: self) { [weak self, weak adjustment] in
            guard let self, let adjustment else { return }
            for (slot, registry) in waitingSlots.values {
                guard let position = slot.modelItem.flatMap(model.position(of:)),
                    !isFarFromVisible(position, in: adjustment)
                else { continue }
                waitingSlots[ObjectIdentifier(slot)] = nil
                configure(slot, at: position, registry: registry)
            }
            stopFollowingScrollingIfDone()
        }
    }

    private func stopFollowingScrollingIfDone() {
        guard waitingSlots.isEmpty else { return }
        scrollConnection?.disconnect()
        scrollConnection = nil
    }

    /// Once the list has stopped jumping, configures the rows that wait (nearest the
    /// visible part first), a few milliseconds at a time so that input and frames go first.
    private func configureWaitingRows() {
        configureWaiting = nil
        let quietFor = ContinuousClock.now - lastWaitingBind
        guard quietFor >= quietPeriod else {
            configureWaiting = MainLoopTimer(after: quietPeriod - quietFor) { [weak self] in self?.configureWaitingRows() }
            return
        }
        let deadline = ContinuousClock.now.advanced(by: .milliseconds(4))
        let center = scrollAdjustment.flatMap(estimatedVisiblePositions(in:)).map { ($0.lowerBound + $0.upperBound) / 2 } ?? 0
        let slots = waitingSlots.values.compactMap { slot, registry in
            slot.modelItem.flatMap(model.position(of:)).map { (slot: slot, registry: registry, position: $0) }
        }.sorted { abs($0.position - center) < abs($1.position - center) }
        for (slot, registry, position) in slots {
            waitingSlots[ObjectIdentifier(slot)] = nil
            configure(slot, at: position, registry: registry)
            if ContinuousClock.now >= deadline { break }
        }
        if waitingSlots.isEmpty {
            stopFollowingScrollingIfDone()
        } else {
            configureWaiting = MainLoopTimer.whenIdle { [weak self] in self?.configureWaitingRows() }
        }
    }

    /// Called after a row was configured for `item` (override point for subclasses).
    open func bind(row: ListRowView, item: Item, at position: Int) {}

    private func unbindSlot(_ slot: ListItem) {
        if waitingSlots.removeValue(forKey: ObjectIdentifier(slot)) != nil { return }
        guard let entry = bound.removeValue(forKey: ObjectIdentifier(slot)) else { return }
        entry.row.stopFollowing()
        unbind(row: entry.row)
        entry.row.prepareForReuse()
    }

    /// Called when a row stops showing its item, before its `prepareForReuse()`
    /// (override point for subclasses).
    open func unbind(row: ListRowView) {}

    /// Teardown: the slot goes away; its row goes back to the pool of its kind.
    private func tearDownSlot(_ slot: ListItem, registry: RowRegistry<Item>) {
        waitingSlots[ObjectIdentifier(slot)] = nil
        // GTK 4.8 has already taken the row out of the slot: it is found in `rows`.
        if let row = rows.removeValue(forKey: ObjectIdentifier(slot)) {
            row.leaveSlot()
            registry.recycle(row)
        }
        slot.child = nil
    }

    /// Configures again the bound rows showing `positions` (content changed in place),
    /// unless GTK bound them again after `stamp`.
    func rebind(positions: Set<Int>, boundBefore stamp: Int) {
        guard !positions.isEmpty else { return }
        for (slot, row, rowStamp, registry) in bound.values where rowStamp <= stamp {
            guard let modelItem = slot.modelItem, let position = model.position(of: modelItem),
                positions.contains(position)
            else { continue }
            let item = item(at: position)
            guard let kind = row.reuseKind, kindOfItem(item) == kind,
                let registration = registry.registration(for: kind)
            else {
                unbindSlot(slot)
                bindSlot(slot, registry: registry)
                continue
            }
            registration.configure(row, item)
            bind(row: row, item: item, at: position)
        }
    }

    private func showUnregistered(_ kind: RowKind, at position: Int, in slot: ListItem, registry: RowRegistry<Item>) {
        let message = "No row registered for kind \"\(kind)\" (item at position \(position))"
        switch unregisteredKindPolicy {
        case .trap:
            preconditionFailure("ArrayDataSource: \(message)")
        case .showErrorRow:
            GLibLog.critical("ArrayDataSource: \(message)", domain: GLibLog.kitDomain)
            if let current = slot.child as? ListRowView {
                current.leaveSlot()
                registry.recycle(current)
            }
            rows[ObjectIdentifier(slot)] = nil
            let row = ErrorRow()
            // Translators: a list row standing in for an item the app shows no row for (a
            // programming error); %1$@ is the item's kind, %2$d its position in the list.
            row.messageLabel.text = String(
                format: kitText("No row registered for kind \"%1$@\" (item at position %2$d)"),
                "\(kind)", position)
            slot.child = row
        }
    }

    // MARK: Mutations (each emits one splice after the array is updated)

    public func setItems(_ newItems: [Item]) {
        finishPendingChange()
        let removed = items.count
        items = newItems
        guard insertionsPerFrame != nil, view?.isMapped == true else {
            return changed(at: 0, removed: removed, added: newItems.count, lending: true)
        }
        // The removal lends the rows it frees; the new items follow a few a frame.
        isApplying = true
        defer { isApplying = false }
        changed(at: 0, removed: removed, added: 0, lending: true)
        show(insertions([0..<newItems.count], carrying: [:]) { _, _ in { newItems[$0] } }, inSteps: true) {
            self.transition = nil
        }
    }

    public func append(_ item: Item) { insert(item, at: items.count) }

    public func append(contentsOf newItems: [Item]) { insert(contentsOf: newItems, at: items.count) }

    public func insert(_ item: Item, at position: Int) { insert(contentsOf: [item], at: position) }

    public func insert(contentsOf newItems: [Item], at position: Int) {
        finishPendingChange()
        items.insert(contentsOf: newItems, at: position)
        changed(at: position, removed: 0, added: newItems.count)
    }

    @discardableResult
    public func remove(at position: Int) -> Item {
        finishPendingChange()
        let item = items.remove(at: position)
        changed(at: position, removed: 1, added: 0, lending: true)
        return item
    }

    public func removeSubrange(_ range: Range<Int>) {
        finishPendingChange()
        items.removeSubrange(range)
        changed(at: range.lowerBound, removed: range.count, added: 0, lending: true)
    }

    /// Moves one item; GTK keeps the item object (and a row showing it) across the move.
    public func move(from source: Int, to destination: Int) {
        guard source != destination else { return }
        finishPendingChange()
        let carried = model.liveItems(in: source..<source + 1)
        let item = items.remove(at: source)
        changed(at: source, removed: 1, added: 0)
        items.insert(item, at: destination)
        changed(at: destination, removed: 0, added: 1, carrying: carried)
    }

    /// Replaces the item at `position` with a different one (a new item object for GTK).
    public func replace(at position: Int, with item: Item) {
        finishPendingChange()
        items[position] = item
        changed(at: position, removed: 1, added: 1)
    }

    /// Replaces the item at `position` with a new version of the same item: GTK keeps
    /// the item object and a visible row is configured again in place.
    public func update(at position: Int, with item: Item) {
        update([position: item])
    }

    /// Replaces several items with new versions of themselves (a batch edit): their rows
    /// on screen are configured again in place, once each; selection and scroll position
    /// stay. GTK is told nothing: its item objects and their positions are unchanged, and
    /// an `items-changed` for them would only make it bind rows again (with a multiple
    /// selection, GTK 4.8 binds every row after the first change again).
    public func update(_ updates: [Int: Item]) {
        guard !updates.isEmpty else { return }
        finishPendingChange()
        let stamp = bindStamp
        for (position, item) in updates { items[position] = item }
        version += 1
        rebind(positions: Set(updates.keys), boundBefore: stamp)
    }

    /// Configures every bound row again with its item, in place (the rows' look depends
    /// on something besides the items that changed, such as a grid's cell size).
    public func reconfigureBoundRows() {
        finishPendingChange()
        let positions = bound.values.compactMap { $0.slot.modelItem.flatMap(model.position(of:)) }
        rebind(positions: Set(positions), boundBefore: bindStamp)
    }

    /// Emits the insertion `runs` (ascending positions in the new items) front to back:
    /// the returned step emits them until `budget` items went next to the view's rows
    /// (all when nil) and tells whether all are in. `shown(end, inserted)` is what GTK sees
    /// once the items before `end` are in and `inserted` items were inserted so far.
    /// `carried` objects (by new position) go back in with their items.
    func insertions(
        _ runs: [Range<Int>], carrying carried: [Int: ModelItem],
        shown: @escaping (_ end: Int, _ inserted: Int) -> (Int) -> Item
    ) -> (Int?) -> Bool {
        var waiting = runs[...]
        var carried = carried
        var inserted = 0
        return { [unowned self] budget in
            var budget = budget
            var rows = budget == nil ? nil : rowPositions()
            while let run = waiting.first {
                var piece = run
                // Items inserted inside the window of positions that have rows, or at its
                // end, get rows at once (GTK 4.8 keeps rows for up to 200 around the shown ones).
                let isNextToRows = rows.map { ($0.lowerBound...$0.upperBound + 1).contains(run.lowerBound) } ?? true
                if let left = budget, isNextToRows {
                    guard left > 0 else { return false }
                    piece = run.lowerBound..<Swift.min(run.upperBound, run.lowerBound + left)
                    budget = left - piece.count
                }
                inserted += piece.count
                transition = shown(piece.upperBound, inserted)
                var carrying: [Int: ModelItem] = [:]
                if !carried.isEmpty {
                    for position in piece {
                        if let object = carried.removeValue(forKey: position) { carrying[position - piece.lowerBound] = object }
                    }
                }
                changed(at: piece.lowerBound, removed: 0, added: piece.count, carrying: carrying)
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

    /// Runs `insert` and then `finish`; `inSteps` (and `insertionsPerFrame` set, the view on
    /// screen): a budget of insertions a frame, `finish` after the last.
    func show(_ insert: @escaping (Int?) -> Bool, inSteps: Bool, then finish: @escaping () -> Void) {
        let budget = inSteps && view?.isMapped == true ? insertionsPerFrame : nil
        if insert(budget) { return finish() }
        pendingStep = { budget in
            guard insert(budget) else { return false }
            finish()
            return true
        }
        guard !isTicking, let view else { return }
        isTicking = true
        // Ticks come only while the view is mapped; its unmapping finishes the change.
        view.addTickCallback { [weak self] _ in
            guard let self else { return false }
            if let step = pendingStep {
                pendingStep = nil
                if !run(step, budget: insertionsPerFrame) { pendingStep = step }
            }
            isTicking = pendingStep != nil
            return isTicking
        }
    }

    /// Shows at once the rest of a change `apply` or `perform` was showing a few
    /// insertions a frame (every mutation does this first; the view's unmapping too).
    public func finishPendingChange() {
        guard let step = pendingStep else { return }
        pendingStep = nil
        _ = run(step, budget: nil)
    }

    private func run(_ step: (Int?) -> Bool, budget: Int?) -> Bool {
        isApplying = true
        defer { isApplying = false }
        return step(budget)
    }

    /// The first and last positions that have a bound row (nil when none has).
    func rowPositions() -> ClosedRange<Int>? {
        var low = Int.max
        var high = -1
        for entry in bound.values {
            guard let modelItem = entry.slot.modelItem, let position = model.position(of: modelItem) else { continue }
            low = Swift.min(low, position)
            high = Swift.max(high, position)
        }
        return high < 0 ? nil : low...high
    }

    /// Emits one splice. `lending`: the removed items' objects may be handed out again
    /// for positions GTK asks for while it handles the splice, so GTK shows other items
    /// in the rows it had instead of destroying them and building new ones.
    func changed(at position: Int, removed: Int, added: Int, carrying: [Int: ModelItem] = [:], lending: Bool = false) {
        version += 1
        model.splice(at: position, removed: removed, added: added, carrying: carrying, lendingRemoved: lending)
    }
}

extension ArrayDataSource: @MainActor RandomAccessCollection {
    public var startIndex: Int { 0 }
    public var endIndex: Int { count }
}
