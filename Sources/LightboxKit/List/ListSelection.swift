import Gtk

/// Told about selection and activation in a list, with the Swift items
/// (a generic table view delegate that speaks in items). Held weakly by the data source.
@MainActor
public protocol ListSelectionDelegate<Item>: AnyObject {
    associatedtype Item
    /// The selection changed; `items` are all selected items, in list order.
    func listDidChangeSelection(_ items: [Item])
    /// An item was activated (Enter, double click).
    func listDidActivate(_ item: Item, at position: Int)
}

extension ListSelectionDelegate {
    public func listDidActivate(_ item: Item, at position: Int) {}
}

/// How many items a list lets the user select.
public enum SelectionMode: Sendable {
    case none, single, multiple
}

extension ArrayDataSource {
    /// Makes a `ListView` over this source, attached (selection and activation reported to `delegate`).
    /// With a `.multiple` selection GTK selects with Ctrl/Shift+click, Shift+arrows and
    /// Ctrl+A, and Escape keeps only the focused item of several (see `collapsesSelectionOnEscape`).
    /// With `selectionFollowsFocus`, the keyboard focus and the selection stay on the same
    /// item (see `selectsFocusedItem(in:)`).
    public func makeListView(selection mode: SelectionMode = .single, selectionFollowsFocus: Bool = false) -> ListView {
        let view = ListView(model: makeSelection(mode), factory: factory)
        attach(view)
        if mode == .multiple { collapsesSelectionOnEscape(in: view) }
        if selectionFollowsFocus { selectsFocusedItem(in: view) }
        return view
    }

    /// Makes a `GridView` over this source, attached like `makeListView`. Its cells are the
    /// ones `registerGridCell` registered, or the list's rows for kinds without a cell.
    public func makeGridView(selection mode: SelectionMode = .single) -> GridView {
        let view = GridView(model: makeSelection(mode), factory: gridFactory)
        attach(view)
        if mode == .multiple { collapsesSelectionOnEscape(in: view) }
        return view
    }

    /// Makes a `GridView` over this source that shows nothing until `switchView(to:)` gives
    /// it the selection model of `view`, the attached view (a list and a grid of the same
    /// items, one of them on screen, as a photo app's "View as List / Grid").
    public func makeGridView(sharingSelectionWith view: ListBase) -> GridView {
        let grid = GridView(model: nil, factory: gridFactory)
        if view.selection is MultiSelection { collapsesSelectionOnEscape(in: grid) }
        return grid
    }

    /// Shows this source in `newView` instead of the attached view, through the same
    /// selection model: what was selected stays selected (one selection, not two kept in
    /// step), and the first item visible before is scrolled into view. The keyboard focus,
    /// if it was on a selected item, goes back to it, and the view moves on only as far as
    /// keeping that item in sight needs. The view left
    /// is given no model, so it keeps no rows bound (its rows go back to the pools) and
    /// does no work for changes while hidden. `newView` must have been made by
    /// `makeGridView(sharingSelectionWith:)`, or be a view this source was attached to before.
    /// Call it while the view left is still on screen (before a stack shows `newView`
    /// instead): the first visible item is read from it.
    public func switchView(to newView: ListBase) {
        guard let old = view, old !== newView else { return }
        let shared = old.selection
        let first = firstVisiblePosition
        let focused = selectedPositions.first { hasFocus(at: $0) }
        finishPendingChange()
        Self.setModel(nil, of: old)
        Self.setModel(shared, of: newView)
        attach(newView)
        guard let first, count > 0 else { return }
        // GTK scrolls to an item only once the view has laid its items out, and puts an
        // item below the visible part at the bottom: the view stays transparent while it
        // lays out, goes to the end, then back up to `first`, which lands at the top.
        newView.opacity = 0
        var step = 0
        newView.addTickCallback { [weak self, weak newView] _ in
            guard let self, let newView, self.view === newView, self.count > 0 else {
                newView?.opacity = 1
                return false
            }
            guard self.boundRowCount > 0, newView.height > 0 else { return true }
            step += 1
            switch step {
            case 1:
                self.scroll(to: self.count - 1)
                return true
            case 2:
                self.scroll(to: Swift.min(first, self.count - 1))
                if let focused, focused != first { return true }
                newView.opacity = 1
                return false
            case 3:
                // The item with the keyboard focus is brought into view now, not by GTK some
                // frames later when the focus lands on it (a scroll the person would see).
                if let focused { self.scroll(to: focused) }
                return true
            default:
                // The keyboard focus goes back to the selected item it was on (scrolling moved it).
                if let focused { self.focus(at: focused) }
                newView.opacity = 1
                return false
            }
        }
    }

    private static func setModel(_ model: (any SelectionModel)?, of view: ListBase) {
        if let list = view as? ListView {
            list.model = model
        } else if let grid = view as? GridView {
            grid.model = model
        } else {
            preconditionFailure("A \(view.typeName) is neither a list view nor a grid view")
        }
    }

    /// The position of the first item the attached view shows (its top left, the first
    /// item of a row partly scrolled away counting), nil when it shows none or is not on screen.
    public var firstVisiblePosition: Int? {
        guard let view, view.isMapped else { return nil }
        return visiblePosition(in: view, lines: stride(from: 1, to: view.height, by: 4), pick: { $0.min() })
    }

    /// The position of the last item the attached view shows (its bottom right, the last
    /// item of a row partly scrolled away counting), nil when it shows none or is not on screen.
    public var lastVisiblePosition: Int? {
        guard let view, view.isMapped else { return nil }
        return visiblePosition(in: view, lines: stride(from: view.height - 2, to: 0, by: -4), pick: { $0.max() })
    }

    /// The items under the first of `lines` (a few pixels apart, past the spacing around
    /// rows) that meets rows, narrowed to one by `pick`.
    private func visiblePosition(
        in view: ListBase, lines: StrideTo<Int>, pick: ([Int]) -> Int?
    ) -> Int? {
        let width = view.width
        for y in lines {
            let positions = stride(from: 2, to: width, by: 16).compactMap { x in
                view.pick(Double(x), y: Double(y), flags: .default).flatMap { boundPosition(around: $0, in: view) }
            }
            if let position = pick(positions) { return position }
        }
        return nil
    }

    /// The position shown by the row `widget` is in (or is the item widget of).
    func boundPosition(around widget: Widget, in view: ListBase) -> Int? {
        var current: Widget? = widget
        while let candidate = current, candidate !== view {
            if let row = candidate as? ListRowView { return position(of: row) }
            if candidate.parent === view, let row = candidate.firstChild as? ListRowView { return position(of: row) }
            current = candidate.parent
        }
        return nil
    }

    /// Escape in `view` with several items selected keeps only the one with the keyboard
    /// focus (or the first): a person clearing a selection stays where they are. With one
    /// item selected, Escape goes on to whatever else handles it (closing a search, going back).
    public func collapsesSelectionOnEscape(in view: ListBase) {
        let keys = EventControllerKey()
        keys.onKey(owner: self) { [weak self] key, modifiers in
            guard let self, modifiers.isEmpty, key == Key(name: "Escape") else { return false }
            let selected = selectedPositions
            guard selected.count > 1 else { return false }
            select(at: selected.first { self.hasFocus(at: $0) } ?? selected[0])
            return true
        }
        view.add(keys)
    }

    private func makeSelection(_ mode: SelectionMode) -> any SelectionModel {
        switch mode {
        case .none: NoSelection(model: model)
        case .single: SingleSelection(model)
        case .multiple: MultiSelection(model: model)
        }
    }

    /// Reports `view`'s selection and activation to the delegate. The view's selection
    /// model must wrap this source directly (positions are source positions).
    public func attach(_ view: ListBase) {
        let selection = view.selection
        precondition(
            selection.selectedModel === model,
            "ArrayDataSource.attach: the view's selection model does not wrap this data source")
        selectionConnections.forEach { $0.disconnect() }
        self.view = view
        self.selection = selection
        selectionConnections = [
            selection.onSelectionChanged(owner: self) { [unowned self] _, _ in
                if !isApplying { reportSelection() }
            },
            view.onActivateItem(owner: self) { [unowned self] position in
                guard position < count else { return }
                let item = item(at: position)
                onActivate?(item, position)
                delegate?.listDidActivate(item, at: position)
            },
            // Frames stop with the view: what was shown a step a frame is shown at once.
            view.onUnmap(owner: self) { [unowned self] in finishPendingChange() },
        ]
    }

    /// Positions selected in the attached view, ascending.
    public var selectedPositions: [Int] { selection?.selectedPositions ?? [] }

    /// Items selected in the attached view, in list order.
    public var selectedItems: [Item] { selectedPositions.map(item(at:)) }

    /// The position of the item with the keyboard focus in the attached view, if any.
    public var focusedPosition: Int? {
        guard let view, let focus = view.rootWindow?.focusWidget, focus.isAncestor(view) else { return nil }
        return boundPosition(around: focus, in: view)
    }

    /// What a command acts on: the selected items, or the item with the keyboard focus
    /// when none is selected (a person who took the last item out of the selection with
    /// Ctrl is still on it).
    public var selectedOrFocusedItems: [Item] {
        let selected = selectedPositions
        if selected.isEmpty, let focused = focusedPosition { return [item(at: focused)] }
        return selected.map(item(at:))
    }

    /// Selects the item at `position` (alone, unless `extending` a multiple selection)
    /// and scrolls it into view.
    /// When the keyboard focus is in the view (or was on a row that left it), it moves to
    /// the item too: focus and selection stay on the same item.
    public func select(at position: Int, extending: Bool = false) {
        guard let view, let selection else { preconditionFailure("ArrayDataSource.select: no view attached") }
        selection.select(position, exclusive: !extending)
        let focusIsLost = view.isMapped && view.rootWindow?.focusWidget == nil
        if view.stateFlags.contains(.focusWithin) || focusIsLost {
            focus(at: position)
        } else {
            view.scrollTo(position)
        }
    }

    /// Selects the items at `positions` at once (one selection change), replacing the
    /// selection unless `extending` it; needs a view with a `.multiple` selection.
    public func select(positions: Range<Int>, extending: Bool = false) {
        guard let selection else { preconditionFailure("ArrayDataSource.select: no view attached") }
        let positions = positions.clamped(to: 0..<count)
        guard !positions.isEmpty else { return }
        _ = selection.selectRange(positions.lowerBound, nItems: positions.count, unselectRest: !extending)
    }

    /// Scrolls the item at `position` into view (GTK moves the keyboard focus there too).
    public func scroll(to position: Int) {
        guard let view, position >= 0, position < count else { return }
        view.scrollTo(position)
    }

    /// Moves the keyboard focus to the item at `position`, scrolling it into view.
    /// Works also when the focus is outside the list (in a list around it, say).
    public func focus(at position: Int) {
        guard position >= 0, position < count else { return }
        if grabFocus(at: position) { return }
        scroll(to: position)
        // A row not bound yet (far away, or just inserted) is bound at the next layout;
        // unless the person has gone elsewhere by then (typing in a search entry, say).
        weak let before = view?.rootWindow?.focusWidget
        var frames = 0
        view?.addTickCallback { [weak self] _ in
            frames += 1
            guard let self, let view = self.view, position < self.count else { return false }
            if let now = view.rootWindow?.focusWidget, now !== before, !now.isAncestor(view) { return false }
            return !self.grabFocus(at: position) && frames < 10
        }
    }

    private func grabFocus(at position: Int) -> Bool {
        guard let (slot, _) = rows.boundSlot(at: position) else { return false }
        return slot.child?.parent?.grabFocus() == true
    }

    /// Whether the keyboard focus is on the item at `position`.
    public func hasFocus(at position: Int) -> Bool {
        guard let row = boundRow(at: position), let focused = view?.rootWindow?.focusWidget else { return false }
        return focused === row.parent || focused === row
    }

    /// Activates the item at `position` as Enter or a double click would (`onActivate`
    /// and the delegate hear of it).
    public func activate(at position: Int) {
        guard let view, position >= 0, position < count else { return }
        view.activateAction("list.activate-item", parameter: Variant(UInt32(position)))
    }

    /// Clears the selection.
    public func unselectAll() { selection?.unselectAll() }

    func reportSelection() {
        let items = selectedItems
        onSelectionChange?(items)
        delegate?.listDidChangeSelection(items)
    }
}

extension ArrayDataSource where Item: Identifiable {
    /// Selects the item with `id` and scrolls it into view; false when no item has it.
    @discardableResult
    public func select(id: Item.ID, extending: Bool = false) -> Bool {
        // While a change is shown in steps, an item the view already shows is selected
        // where it is; any other first has the rest shown.
        if hasPendingChange, let shown = indices.first(where: { item(at: $0).id == id }) {
            select(at: shown, extending: extending)
            return true
        }
        finishPendingChange()
        guard let position = items.firstIndex(where: { $0.id == id }) else { return false }
        select(at: position, extending: extending)
        return true
    }
}
