import Gtk

/// A Swift array that GTK's list widgets show (objc.io's `ArrayDataSource`, from "Lighter View Controllers").
///
/// - GTK sees a lazy `GListModel` (`model`): building a source of a million items
///   makes no GObject per item; GTK gets item objects only for positions it asks
///   for, and they are freed when GTK drops them.
/// - Each item's row is registered by kind with a configure closure (`register`); the
///   same source works for `ListView` and `GridView` (`RowBinder` puts the rows in GTK's slots).
/// - Rows GTK binds more than a screenful beyond the visible ones are configured once
///   the list has stopped jumping, or as soon as a scroll brings them near: a scrollbar
///   drag through a long list configures only the rows it shows (`FarRowQueue`).
/// - A large change can reach the view a few insertions a frame (`insertionsPerFrame`).
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
    /// Which row kind shows an item (every item is `.standard` unless set).
    public var kindOfItem: @MainActor (Item) -> RowKind = { _ in .standard }
    /// What happens when an item's kind has no registered row.
    public var unregisteredKindPolicy = UnregisteredKindPolicy.buildDefault
    /// Increases with every change of `items` (lets background work detect staleness).
    public internal(set) var version = 0

    /// The rows in the attached views' slots.
    lazy var rows = RowBinder(source: self)
    /// Spreads large insertions over frames.
    let pacer = InsertionPacer()
    /// Set while a change is emitted in splices: what GTK sees between two splices.
    var transition: ((Int) -> Item)?
    /// True while `apply`, `perform` or `setItems` emit their splices.
    var isEmitting = false

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
    /// Views whose selection follows the keyboard focus (`selectsFocusedItem(in:)`).
    var focusFollowers: [AnyObject] = []

    public init(_ items: [Item] = []) {
        self.items = items
        model.splice(at: 0, removed: 0, added: items.count)
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
        rows.registry.register(kind, .init(make: { Row() }, configure: { row, item in configure(row as! Row, item) }))
    }

    /// Registers the cell type grid views (`makeGridView`) show items of `kind` in, as
    /// `UICollectionView` has cells of its own beside a table's: the same items, another
    /// look. Cells are rows (`ListRowView`) with their own reuse pool, separate from the
    /// list's; `configure` must set every field.
    public func registerGridCell<Cell: ListRowView>(
        _ cellType: Cell.Type, kind: RowKind = .standard,
        configure: @escaping @MainActor (Cell, Item) -> Void
    ) {
        rows.gridRegistry.register(kind, .init(make: { Cell() }, configure: { cell, item in configure(cell as! Cell, item) }))
    }

    /// Makes and binds the rows of list views.
    package var factory: SignalListItemFactory { rows.listFactory }
    /// Makes and binds the cells of grid views (see `registerGridCell`).
    package var gridFactory: SignalListItemFactory { rows.gridFactory }
    /// How long binds of far rows must stop (the list stops jumping) before they are configured.
    package var quietPeriod: Duration {
        get { rows.farRows.quietPeriod }
        set { rows.farRows.quietPeriod = newValue }
    }

    /// Number of rows bound right now.
    public var boundRowCount: Int { rows.boundCount }

    /// The bound row showing the item at source `position`, if it is on screen (a row GTK
    /// bound far from the visible ones counts once it is configured).
    public func boundRow(at position: Int) -> ListRowView? { rows.boundSlot(at: position)?.row }

    /// The source position a bound row shows (nil when `row` is not bound).
    public func position(of row: ListRowView) -> Int? { rows.position(of: row) }

    /// Called after a row was configured for `item` (override point for subclasses).
    open func bind(row: ListRowView, item: Item, at position: Int) {}

    /// Called when a row stops showing its item, before its `prepareForReuse()`
    /// (override point for subclasses).
    open func unbind(row: ListRowView) {}

    // MARK: Mutations (each emits one splice after the array is updated)

    public func setItems(_ newItems: [Item]) {
        finishPendingChange()
        let removed = items.count
        items = newItems
        guard insertionsPerFrame != nil, view?.isMapped == true else {
            return changed(at: 0, removed: removed, added: newItems.count, lending: true)
        }
        // The removal lends the rows it frees; the new items follow a few a frame.
        isEmitting = true
        defer { isEmitting = false }
        changed(at: 0, removed: removed, added: 0, lending: true)
        pacer.show(insertions([0..<newItems.count], carrying: [:]) { _, _ in { newItems[$0] } }, inSteps: true, in: view) {
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
        let stamp = rows.bindStamp
        for (position, item) in updates { items[position] = item }
        version += 1
        rows.rebind(positions: Set(updates.keys), boundBefore: stamp)
    }

    /// Takes `newItems`: the items with new versions of themselves at `positions` (an edit
    /// of a copy of `items`, such as a store's new array beside the list's). As `update(_:)`,
    /// without writing into `items`: while its storage is shared, that would copy every item.
    public func update(positions: [Int], in newItems: [Item]) {
        finishPendingChange()
        precondition(newItems.count == items.count, "update(positions:in:): \(newItems.count) items for \(items.count)")
        let stamp = rows.bindStamp
        items = newItems
        version += 1
        rows.rebind(positions: Set(positions), boundBefore: stamp)
    }

    /// Configures every bound row again with its item, in place (the rows' look depends
    /// on something besides the items that changed, such as a grid's cell size).
    public func reconfigureBoundRows() {
        finishPendingChange()
        rows.rebind(positions: Set(rows.boundPositions), boundBefore: rows.bindStamp)
    }

    /// Emits one splice. `lending`: the removed items' objects may be handed out again
    /// for positions GTK asks for while it handles the splice, so GTK shows other items
    /// in the rows it had instead of destroying them and building new ones.
    func changed(at position: Int, removed: Int, added: Int, carrying: [Int: ModelItem] = [:], lending: Bool = false) {
        version += 1
        model.splice(at: position, removed: removed, added: added, carrying: carrying, lendingRemoved: lending)
    }

    // MARK: Large changes a few insertions a frame

    /// At most this many items a frame go next to the rows the view has when `apply` or
    /// `perform` inserts many (nil: all at once); see `InsertionPacer`. Until such a change
    /// is all shown, `items` is already the new array while `count`, `item(at:)` and
    /// positions are what the view shows. A `perform` (or `apply`) meanwhile waits for it;
    /// any other change first shows the rest, and the waiting ones, at once.
    public var insertionsPerFrame: Int? {
        get { pacer.insertionsPerFrame }
        set { pacer.insertionsPerFrame = newValue }
    }

    /// Whether the view is still being given the rest of a change (`insertionsPerFrame`).
    public var hasPendingChange: Bool { pacer.hasPendingChange }

    /// Shows at once the rest of a change `apply` or `perform` was showing a few
    /// insertions a frame (every mutation does this first; the view's unmapping too).
    public func finishPendingChange() { pacer.finishPendingChange() }

    /// Whether the source is emitting a change of its own (selection changes GTK reports
    /// meanwhile are not the person's).
    var isApplying: Bool { isEmitting || pacer.isRunningStep }

    /// The step that emits the insertion `runs` (see `InsertionPacer.insertions`).
    /// `shown(end, inserted)` is what GTK sees once the items before `end` are in and
    /// `inserted` items were inserted so far.
    func insertions(
        _ runs: [Range<Int>], carrying carried: [Int: ModelItem],
        shown: @escaping (_ end: Int, _ inserted: Int) -> (Int) -> Item
    ) -> InsertionPacer.Step {
        InsertionPacer.insertions(runs, carrying: carried, rowPositions: { [unowned self] in rows.positionRange() }) {
            [unowned self] piece, inserted, carrying in
            transition = shown(piece.upperBound, inserted)
            changed(at: piece.lowerBound, removed: 0, added: piece.count, carrying: carrying)
        }
    }
}

extension ArrayDataSource: @MainActor RandomAccessCollection {
    public var startIndex: Int { 0 }
    public var endIndex: Int { count }
}
