import CGtk

extension ListModel {
    /// The items, first to last, as wrapped objects (for models of GObjects, such as a
    /// widget's children or controllers).
    public var objects: [Object] {
        (0..<itemCount).compactMap { Object.wrapped(g_list_model_get_item(cast(), guint($0)), ownership: .full) }
    }
}

extension StringList {
    /// A list of `strings`.
    public convenience init(_ strings: [String]) {
        self.init(UnsafeMutableRawPointer(gtk_string_list_new(nil)), ownership: .full)
        strings.forEach { append($0) }
    }

    public subscript(index: Int) -> String? { getString(index) }
}

extension SelectionModel {
    /// The model whose items this selection model selects.
    public var selectedModel: (any ListModel)? {
        getProperty("model") { Object.wrapped(g_value_get_object($0), ownership: .borrowed) as? any ListModel }
    }

    /// Selects `position`; `exclusive`: and unselects everything else.
    @discardableResult
    public func select(_ position: Int, exclusive: Bool = true) -> Bool {
        selectItem(position, unselectRest: exclusive)
    }

    /// Unselects everything. (GtkSingleSelection ignores `unselect_all` on GTK 4.8;
    /// clearing its `selected` works.)
    public func unselectAll() {
        if let single = self as? SingleSelection {
            single.selectedPosition = nil
        } else {
            gtk_selection_model_unselect_all(cast())
        }
    }

    /// Positions currently selected, ascending.
    public var selectedPositions: [Int] {
        guard let bitset = gtk_selection_model_get_selection(cast()) else { return [] }
        defer { gtk_bitset_unref(bitset) }
        let count = gtk_bitset_get_size(bitset)
        return (0..<count).map { Int(gtk_bitset_get_nth(bitset, guint($0))) }
    }
}

extension SingleSelection {
    /// A single selection over `model` that starts with nothing selected.
    public convenience init(_ model: any ListModel, autoselect: Bool = false, canUnselect: Bool = true) {
        self.init(model: model)
        self.autoselect = autoselect
        self.canUnselect = canUnselect
        if !autoselect { selectedPosition = nil }
    }

    /// The selected position, or nil.
    public var selectedPosition: Int? {
        get {
            let position = gtk_single_selection_get_selected(cast())
            return position == GTK_INVALID_LIST_POSITION ? nil : Int(position)
        }
        set { gtk_single_selection_set_selected(cast(), newValue.map { guint($0) } ?? GTK_INVALID_LIST_POSITION) }
    }
}

extension ListItem {
    /// The position of the bound item, or nil when unbound.
    public var boundPosition: Int? {
        let position = gtk_list_item_get_position(cast())
        return position == GTK_INVALID_LIST_POSITION ? nil : Int(position)
    }

    /// The model item bound to this slot (interop-level: the GObject GTK got from the model).
    var itemPointer: UnsafeMutableRawPointer? { gtk_list_item_get_item(cast()) }
}

extension ListBase {
    /// The selection model the view shows (`ListView.model` or `GridView.model`).
    public var selection: any SelectionModel {
        guard let model = getProperty("model", { Object.wrapped(g_value_get_object($0), ownership: .borrowed) }) as? any SelectionModel
        else {
            preconditionFailure("This \(typeName) has no selection model")
        }
        return model
    }

    /// Calls `handler` with the position when an item is activated (Enter, double click,
    /// or single click when the view activates on single click).
    @discardableResult
    public func onActivateItem(owner: AnyObject? = nil, _ handler: @escaping @MainActor (Int) -> Void) -> SignalConnection {
        if let list = self as? ListView { return list.onActivate(owner: owner, handler) }
        if let grid = self as? GridView { return grid.onActivate(owner: owner, handler) }
        preconditionFailure("A \(typeName) is neither a list view nor a grid view")
    }

    /// Scrolls so that `position` is visible and moves focus there
    /// (the `list.scroll-to-item` action; GTK 4.8 has no `scroll_to`).
    public func scrollTo(_ position: Int) {
        activateAction("list.scroll-to-item", parameter: Variant(UInt32(position)))
    }

    /// Selects `position` as a click or an arrow key does (`list.select-item`): alone, or
    /// toggled (`modify`, Ctrl), or from the last item selected this way (`extend`, Shift),
    /// which GTK remembers as where the next Shift+arrow extends from.
    public func selectItem(_ position: Int, modify: Bool = false, extend: Bool = false) {
        activateAction("list.select-item", parameter: Variant(tuple: [Variant(UInt32(position)), Variant(modify), Variant(extend)]))
    }
}

extension Widget {
    /// The widget's children, first to last.
    public var children: [Widget] {
        var result: [Widget] = []
        var child = firstChild
        while let current = child {
            result.append(current)
            child = current.nextSibling
        }
        return result
    }
}
