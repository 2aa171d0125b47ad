import Gtk

/// A Swift array that GTK's list widgets show (the seeds' `ArrayDataSource`).
///
/// - GTK sees a lazy `GListModel` (`model`): building a source of a million items
///   makes no GObject per item; GTK gets item objects only for positions it asks
///   for, and they are freed when GTK drops them.
/// - `factory` drives a `GtkSignalListItemFactory`: bind dequeues a row of the item's
///   kind and configures it; the same source works for `ListView` and `GridView`.
/// - Subclasses (or companions such as a hosting data source) hook into
///   `bind(_:row:item:at:)` and `unbind(_:row:)`.
@MainActor
open class ArrayDataSource<Item>: ListModel {
    /// The items, in the order GTK shows them.
    public internal(set) var items: [Item]
    /// What GTK sees.
    public let model = LazyListModel()
    /// Give this to a `ListView` or `GridView`.
    public let factory = SignalListItemFactory()
    /// Which row kind shows an item (every item is `.standard` unless set).
    public var kindOfItem: @MainActor (Item) -> RowKind = { _ in .standard }
    /// What happens when an item's kind has no registered row.
    public var unregisteredKindPolicy = UnregisteredKindPolicy.buildDefault

    let registry = RowRegistry<Item>()
    /// Rows currently bound, by slot.
    private var bound: [ObjectIdentifier: (slot: ListItem, row: ListRowView, stamp: Int)] = [:]
    /// Counts binds, so a rebind can skip rows GTK already bound again.
    private(set) var bindStamp = 0
    /// Set while `apply` emits its splices: what GTK sees between two splices.
    var transition: ((Int) -> Item)?
    /// Increases with every change of `items` (lets background work detect staleness).
    public private(set) var version = 0

    /// Told about selection and activation (held weakly).
    public weak var delegate: (any ListSelectionDelegate<Item>)?
    weak var view: ListBase?
    var selectionConnections: [SignalConnection] = []
    var isApplying = false

    public var listModelObject: Object { model }

    public init(_ items: [Item] = []) {
        self.items = items
        model.splice(at: 0, removed: 0, added: items.count)
        factory.onSetup(owner: self) { [unowned self] in setUp($0) }
        factory.onBind(owner: self) { [unowned self] in bind($0) }
        factory.onUnbind(owner: self) { [unowned self] in unbind($0) }
        factory.onTeardown(owner: self) { [unowned self] in tearDown($0) }
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
    public func register<Row: ListRowView>(_ rowType: Row.Type, kind: RowKind = .standard,
                                           configure: @escaping @MainActor (Row, Item) -> Void) {
        registry.register(kind, .init(make: { Row() }, configure: { row, item in
            configure(row as! Row, item)
        }))
    }

    /// Number of rows bound right now.
    public var boundRowCount: Int { bound.count }

    /// The bound row showing the item at source `position`, if it is on screen.
    public func boundRow(at position: Int) -> ListRowView? {
        bound.values.first { entry in
            entry.slot.modelItem.flatMap(model.position(of:)) == position
        }?.row
    }

    /// Setup: the slot stays empty until bind knows the item's kind.
    open func setUp(_ slot: ListItem) {}

    private func bind(_ slot: ListItem) {
        guard let modelItem = slot.modelItem, let position = model.position(of: modelItem) else { return }
        let item = item(at: position)
        let kind = kindOfItem(item)
        guard let registration = registry.registration(for: kind) else {
            showUnregistered(kind, at: position, in: slot)
            return
        }
        let row: ListRowView
        if let current = slot.child as? ListRowView, current.reuseKind == kind {
            row = current
        } else {
            if let current = slot.child as? ListRowView { registry.recycle(current) }
            row = registry.dequeue(kind, make: registration.make)
            slot.child = row
        }
        registration.configure(row, item)
        row.follow(slot)
        bindStamp += 1
        bound[ObjectIdentifier(slot)] = (slot, row, bindStamp)
        bind(slot, row: row, item: item, at: position)
    }

    /// Called after a row was configured for `item` (override point for subclasses).
    open func bind(_ slot: ListItem, row: ListRowView, item: Item, at position: Int) {}

    private func unbind(_ slot: ListItem) {
        guard let entry = bound.removeValue(forKey: ObjectIdentifier(slot)) else { return }
        entry.row.stopFollowing()
        unbind(slot, row: entry.row)
    }

    /// Called when a row stops showing its item (override point for subclasses).
    open func unbind(_ slot: ListItem, row: ListRowView) {}

    /// Teardown: the slot goes away; its row goes back to the pool of its kind.
    open func tearDown(_ slot: ListItem) {
        if let row = slot.child as? ListRowView {
            slot.child = nil
            registry.recycle(row)
        } else {
            slot.child = nil
        }
    }

    /// Configures again the bound rows showing `positions` (content changed in place),
    /// unless GTK bound them again after `stamp`.
    func rebind(positions: Set<Int>, boundBefore stamp: Int) {
        guard !positions.isEmpty else { return }
        for (slot, row, rowStamp) in bound.values where rowStamp <= stamp {
            guard let modelItem = slot.modelItem, let position = model.position(of: modelItem),
                  positions.contains(position) else { continue }
            let item = item(at: position)
            guard let kind = row.reuseKind, kindOfItem(item) == kind,
                  let registration = registry.registration(for: kind) else {
                unbind(slot)
                bind(slot)
                continue
            }
            registration.configure(row, item)
            bind(slot, row: row, item: item, at: position)
        }
    }

    private func showUnregistered(_ kind: RowKind, at position: Int, in slot: ListItem) {
        let message = "No row registered for kind \"\(kind)\" (item at position \(position))"
        switch unregisteredKindPolicy {
        case .trap:
            preconditionFailure("ArrayDataSource: \(message)")
        case .showErrorRow:
            GLibLog.critical("ArrayDataSource: \(message)")
            if let current = slot.child as? ListRowView { registry.recycle(current) }
            let row = ErrorRow()
            row.messageLabel.text = message
            slot.child = row
        }
    }

    // MARK: Mutations (each emits one splice after the array is updated)

    public func setItems(_ newItems: [Item]) {
        let removed = items.count
        items = newItems
        changed(at: 0, removed: removed, added: newItems.count, lending: true)
    }

    public func append(_ item: Item) { insert(item, at: items.count) }

    public func append(contentsOf newItems: [Item]) { insert(contentsOf: newItems, at: items.count) }

    public func insert(_ item: Item, at position: Int) { insert(contentsOf: [item], at: position) }

    public func insert(contentsOf newItems: [Item], at position: Int) {
        items.insert(contentsOf: newItems, at: position)
        changed(at: position, removed: 0, added: newItems.count)
    }

    @discardableResult
    public func remove(at position: Int) -> Item {
        let item = items.remove(at: position)
        changed(at: position, removed: 1, added: 0, lending: true)
        return item
    }

    public func removeSubrange(_ range: Range<Int>) {
        items.removeSubrange(range)
        changed(at: range.lowerBound, removed: range.count, added: 0, lending: true)
    }

    /// Moves one item; GTK keeps the item object (and a row showing it) across the move.
    public func move(from source: Int, to destination: Int) {
        guard source != destination else { return }
        let carried = model.liveItems(in: source..<source + 1)
        let item = items.remove(at: source)
        changed(at: source, removed: 1, added: 0)
        items.insert(item, at: destination)
        changed(at: destination, removed: 0, added: 1, carrying: carried)
    }

    /// Replaces the item at `position` with a different one (a new item object for GTK).
    public func replace(at position: Int, with item: Item) {
        items[position] = item
        changed(at: position, removed: 1, added: 1)
    }

    /// Replaces the item at `position` with a new version of the same item: GTK keeps
    /// the item object and a visible row is configured again in place.
    public func update(at position: Int, with item: Item) {
        items[position] = item
        let stamp = bindStamp
        changed(at: position, removed: 1, added: 1, carrying: model.liveItems(in: position..<position + 1))
        rebind(positions: [position], boundBefore: stamp)
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
