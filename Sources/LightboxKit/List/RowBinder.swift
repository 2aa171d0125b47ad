import Gtk

/// Puts rows into the slots (`GtkListItem`s) of the views over a data source: on bind it
/// dequeues a row of the item's kind from the registry, configures it and tells the source;
/// on unbind the row stops following its slot; on teardown it goes back to its kind's pool
/// (UITableView's `dequeueReusableCell(withIdentifier:)` and `cellForRowAtIndexPath`).
/// The slot stays empty from setup until bind knows the item's kind.
@MainActor
final class RowBinder<Item> {
    private unowned let source: ArrayDataSource<Item>
    /// Makes and binds the rows of list views.
    let listFactory = SignalListItemFactory()
    /// Makes and binds the cells of grid views.
    let gridFactory = SignalListItemFactory()
    let registry = RowRegistry<Item>()
    /// The cells grids show; a kind with no grid cell is shown with its list row.
    lazy var gridRegistry = RowRegistry<Item>(fallback: registry)
    /// Rows bound far from the visible ones wait there to be configured.
    let farRows: FarRowQueue
    /// Rows currently bound, by slot, with the registry that made them.
    private var bound: [ObjectIdentifier: (slot: ListItem, row: ListRowView, stamp: Int, registry: RowRegistry<Item>)] = [:]
    /// The row each slot holds (GTK 4.8 empties a slot before telling its teardown).
    private var rows: [ObjectIdentifier: ListRowView] = [:]
    /// Counts binds, so a rebind can skip rows GTK already bound again.
    private(set) var bindStamp = 0

    init(source: ArrayDataSource<Item>) {
        self.source = source
        farRows = FarRowQueue(model: source.model)
        listFactory.onBind(owner: self) { [unowned self] in bindSlot($0, registry: registry) }
        listFactory.onUnbind(owner: self) { [unowned self] in unbindSlot($0) }
        listFactory.onTeardown(owner: self) { [unowned self] in tearDownSlot($0, registry: registry) }
        gridFactory.onBind(owner: self) { [unowned self] in bindSlot($0, registry: gridRegistry) }
        gridFactory.onUnbind(owner: self) { [unowned self] in unbindSlot($0) }
        gridFactory.onTeardown(owner: self) { [unowned self] in tearDownSlot($0, registry: gridRegistry) }
    }

    // MARK: Bound rows

    var boundCount: Int { bound.count }

    /// The slot and row showing source `position`, if it is on screen.
    func boundSlot(at position: Int) -> (slot: ListItem, row: ListRowView)? {
        bound.values.first { self.position(of: $0.slot) == position }.map { ($0.slot, $0.row) }
    }

    /// The source position a bound row shows (nil when `row` is not bound).
    func position(of row: ListRowView) -> Int? {
        bound.values.first { $0.row === row }.flatMap { position(of: $0.slot) }
    }

    /// The source positions of every bound row.
    var boundPositions: [Int] { bound.values.compactMap { position(of: $0.slot) } }

    /// The first and last positions that have a bound row (nil when none has).
    func positionRange() -> ClosedRange<Int>? {
        var low = Int.max
        var high = -1
        for entry in bound.values {
            guard let position = position(of: entry.slot) else { continue }
            low = Swift.min(low, position)
            high = Swift.max(high, position)
        }
        return high < 0 ? nil : low...high
    }

    private func position(of slot: ListItem) -> Int? { slot.modelItem.flatMap(source.model.position(of:)) }

    // MARK: GTK's factory signals

    private func bindSlot(_ slot: ListItem, registry: RowRegistry<Item>) {
        guard let position = position(of: slot) else { return }
        // A slot that already holds a row of the right kind may keep showing what it showed
        // while it lies far from the visible rows (see `FarRowQueue`).
        if let row = slot.child as? ListRowView, row.reuseKind == source.kindOfItem(source.item(at: position)),
            farRows.postpone(
                slot, at: position, in: source.view,
                configure: { [unowned self] position in configure(slot, at: position, registry: registry) })
        {
            return
        }
        configure(slot, at: position, registry: registry)
    }

    private func configure(_ slot: ListItem, at position: Int, registry: RowRegistry<Item>) {
        let item = source.item(at: position)
        let kind = source.kindOfItem(item)
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
        source.bind(row: row, item: item, at: position)
    }

    private func unbindSlot(_ slot: ListItem) {
        if farRows.remove(slot) { return }
        guard let entry = bound.removeValue(forKey: ObjectIdentifier(slot)) else { return }
        entry.row.stopFollowing()
        source.unbind(row: entry.row)
        entry.row.prepareForReuse()
    }

    /// Teardown: the slot goes away; its row goes back to the pool of its kind.
    private func tearDownSlot(_ slot: ListItem, registry: RowRegistry<Item>) {
        farRows.remove(slot)
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
            guard let position = position(of: slot), positions.contains(position) else { continue }
            let item = source.item(at: position)
            guard let kind = row.reuseKind, source.kindOfItem(item) == kind,
                let registration = registry.registration(for: kind)
            else {
                unbindSlot(slot)
                bindSlot(slot, registry: registry)
                continue
            }
            registration.configure(row, item)
            source.bind(row: row, item: item, at: position)
        }
    }

    private func showUnregistered(_ kind: RowKind, at position: Int, in slot: ListItem, registry: RowRegistry<Item>) {
        let message = "No row registered for kind \"\(kind)\" (item at position \(position))"
        switch source.unregisteredKindPolicy {
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
}
