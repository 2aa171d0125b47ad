import CGtk

/// A GListModel, seen from Swift: anything GTK's list widgets can show.
@MainActor
public protocol ListModel: AnyObject {
    /// The model as GTK sees it (interop layer only).
    var listModelObject: Object { get }
}

extension ListModel {
    /// Number of items as GTK sees it (`g_list_model_get_n_items`).
    public var itemCount: Int { Int(g_list_model_get_n_items(listModelObject.cast())) }

    /// Calls `handler(position, removed, added)` after each change.
    @discardableResult
    public func onItemsChanged(owner: AnyObject? = nil, _ handler: @escaping UInt3Handler) -> SignalConnection {
        listModelObject.connect("items-changed", owner: owner, handler)
    }
}

/// GtkStringList: a list of strings.
public final class StringList: Object, ListModel {
    public init(_ strings: [String] = []) {
        super.init(raw(gtk_string_list_new(nil)), ownership: .full)
        strings.forEach(append)
    }
    public var listModelObject: Object { self }
    public func append(_ string: String) { gtk_string_list_append(cast(), string) }
    public func remove(at index: Int) { gtk_string_list_remove(cast(), guint(index)) }
    public subscript(index: Int) -> String? {
        gtk_string_list_get_string(cast(), guint(index)).map { String(cString: $0) }
    }
}

/// A selection model over another model (GtkSingleSelection, GtkMultiSelection, GtkNoSelection).
open class SelectionModel: Object, ListModel {
    public let model: ListModel
    public var listModelObject: Object { self }

    init(_ pointer: UnsafeMutableRawPointer, model: ListModel) {
        self.model = model
        super.init(pointer, ownership: .full)
    }

    public func isSelected(_ position: Int) -> Bool {
        gtk_selection_model_is_selected(cast(), guint(position)) != 0
    }

    @discardableResult
    public func select(_ position: Int, exclusive: Bool = true) -> Bool {
        gtk_selection_model_select_item(cast(), guint(position), exclusive ? 1 : 0) != 0
    }

    @discardableResult
    public func unselect(_ position: Int) -> Bool {
        gtk_selection_model_unselect_item(cast(), guint(position)) != 0
    }

    public func unselectAll() { gtk_selection_model_unselect_all(cast()) }

    /// Positions currently selected, ascending.
    public var selectedPositions: [Int] {
        guard let bitset = gtk_selection_model_get_selection(cast()) else { return [] }
        defer { gtk_bitset_unref(bitset) }
        let count = gtk_bitset_get_size(bitset)
        return (0..<count).map { Int(gtk_bitset_get_nth(bitset, guint($0))) }
    }

    /// Called with (first position, count) of the items whose selection changed.
    @discardableResult
    public func onSelectionChanged(owner: AnyObject? = nil, _ handler: @escaping UInt2Handler) -> SignalConnection {
        connect("selection-changed", owner: owner, handler)
    }
}

public final class SingleSelection: SelectionModel {
    public init(_ model: ListModel, autoselect: Bool = false, canUnselect: Bool = true) {
        let model_ = model.listModelObject
        g_object_ref(model_.gobject)
        super.init(UnsafeMutableRawPointer(gtk_single_selection_new(model_.cast())), model: model)
        gtk_single_selection_set_autoselect(cast(), autoselect ? 1 : 0)
        gtk_single_selection_set_can_unselect(cast(), canUnselect ? 1 : 0)
        if !autoselect { gtk_single_selection_set_selected(cast(), GTK_INVALID_LIST_POSITION) }
    }

    /// GtkSingleSelection ignores `unselect_all` on GTK 4.8; clearing `selected` works.
    override public func unselectAll() { selected = nil }

    /// The selected position, or nil.
    public var selected: Int? {
        get {
            let position = gtk_single_selection_get_selected(cast())
            return position == GTK_INVALID_LIST_POSITION ? nil : Int(position)
        }
        set { gtk_single_selection_set_selected(cast(), newValue.map { guint($0) } ?? GTK_INVALID_LIST_POSITION) }
    }
}

public final class MultiSelection: SelectionModel {
    public init(_ model: ListModel) {
        let model_ = model.listModelObject
        g_object_ref(model_.gobject)
        super.init(UnsafeMutableRawPointer(gtk_multi_selection_new(model_.cast())), model: model)
    }
}

public final class NoSelection: SelectionModel {
    public init(_ model: ListModel) {
        let model_ = model.listModelObject
        g_object_ref(model_.gobject)
        super.init(UnsafeMutableRawPointer(gtk_no_selection_new(model_.cast())), model: model)
    }
}

/// GtkListItem: the slot a factory fills with a row.
public final class ListItem: Object {
    static func wrap(_ pointer: UnsafeMutableRawPointer) -> ListItem {
        Object.wrapper(of: pointer) { ListItem($0, ownership: .borrowed) }
    }

    public var child: Widget? {
        get { Widget.wrap(gtk_list_item_get_child(cast())) }
        set { gtk_list_item_set_child(cast(), newValue?.widget) }
    }

    /// The position of the bound item, or nil when unbound.
    public var position: Int? {
        let position = gtk_list_item_get_position(cast())
        return position == GTK_INVALID_LIST_POSITION ? nil : Int(position)
    }

    public var isSelected: Bool { gtk_list_item_get_selected(cast()) != 0 }

    public var isActivatable: Bool {
        get { gtk_list_item_get_activatable(cast()) != 0 }
        set { gtk_list_item_set_activatable(cast(), newValue ? 1 : 0) }
    }

    public var isSelectable: Bool {
        get { gtk_list_item_get_selectable(cast()) != 0 }
        set { gtk_list_item_set_selectable(cast(), newValue ? 1 : 0) }
    }

    /// The model item bound to this slot (interop-level: the GObject GTK got from the model).
    var itemPointer: UnsafeMutableRawPointer? { gtk_list_item_get_item(cast()) }

    /// Called when `selected` changes.
    @discardableResult
    public func onSelectedChanged(owner: AnyObject? = nil, _ handler: @escaping VoidHandler) -> SignalConnection {
        onNotify("selected", owner: owner, handler)
    }
}

/// GtkSignalListItemFactory with Swift closures for the four phases.
public final class SignalListItemFactory: Object {
    public init() { super.init(raw(gtk_signal_list_item_factory_new()), ownership: .full) }

    @discardableResult
    public func onSetup(owner: AnyObject? = nil, _ handler: @escaping @MainActor (ListItem) -> Void) -> SignalConnection {
        connectPointer("setup", owner: owner) { item in if let item { handler(ListItem.wrap(item)) } }
    }

    @discardableResult
    public func onBind(owner: AnyObject? = nil, _ handler: @escaping @MainActor (ListItem) -> Void) -> SignalConnection {
        connectPointer("bind", owner: owner) { item in if let item { handler(ListItem.wrap(item)) } }
    }

    @discardableResult
    public func onUnbind(owner: AnyObject? = nil, _ handler: @escaping @MainActor (ListItem) -> Void) -> SignalConnection {
        connectPointer("unbind", owner: owner) { item in if let item { handler(ListItem.wrap(item)) } }
    }

    @discardableResult
    public func onTeardown(owner: AnyObject? = nil, _ handler: @escaping @MainActor (ListItem) -> Void) -> SignalConnection {
        connectPointer("teardown", owner: owner) { item in if let item { handler(ListItem.wrap(item)) } }
    }
}

/// Shared API of GtkListView and GtkGridView.
open class ListBase: Widget {
    public let selection: SelectionModel
    public let factory: SignalListItemFactory

    init(_ pointer: UnsafeMutableRawPointer, selection: SelectionModel, factory: SignalListItemFactory) {
        self.selection = selection
        self.factory = factory
        super.init(pointer, ownership: .full)
    }

    /// Called with the position when an item is activated (Enter, double click,
    /// or single click when `singleClickActivate`).
    @discardableResult
    public func onActivate(owner: AnyObject? = nil, _ handler: @escaping UIntHandler) -> SignalConnection {
        connect("activate", owner: owner, handler)
    }

    /// Scrolls so that `position` is visible and moves focus there
    /// (the `list.scroll-to-item` action; GTK 4.8 has no `scroll_to`).
    public func scrollTo(_ position: Int) {
        activateAction("list.scroll-to-item", parameter: Variant(UInt32(position)))
    }
}

public final class ListView: ListBase {
    public init(selection: SelectionModel, factory: SignalListItemFactory) {
        g_object_ref(selection.gobject)
        g_object_ref(factory.gobject)
        super.init(UnsafeMutableRawPointer(gtk_list_view_new(selection.cast(), factory.cast())),
                   selection: selection, factory: factory)
    }

    public var singleClickActivate: Bool {
        get { gtk_list_view_get_single_click_activate(cast()) != 0 }
        set { gtk_list_view_set_single_click_activate(cast(), newValue ? 1 : 0) }
    }

    public var showsSeparators: Bool {
        get { gtk_list_view_get_show_separators(cast()) != 0 }
        set { gtk_list_view_set_show_separators(cast(), newValue ? 1 : 0) }
    }

    public var orientation: Orientation {
        get { .vertical }
        set { gtk_orientable_set_orientation(cast(), newValue.gtk) }
    }
}

public final class GridView: ListBase {
    public init(selection: SelectionModel, factory: SignalListItemFactory) {
        g_object_ref(selection.gobject)
        g_object_ref(factory.gobject)
        super.init(UnsafeMutableRawPointer(gtk_grid_view_new(selection.cast(), factory.cast())),
                   selection: selection, factory: factory)
    }

    public var maxColumns: Int {
        get { Int(gtk_grid_view_get_max_columns(cast())) }
        set { gtk_grid_view_set_max_columns(cast(), guint(newValue)) }
    }

    public var minColumns: Int {
        get { Int(gtk_grid_view_get_min_columns(cast())) }
        set { gtk_grid_view_set_min_columns(cast(), guint(newValue)) }
    }

    public var singleClickActivate: Bool {
        get { gtk_grid_view_get_single_click_activate(cast()) != 0 }
        set { gtk_grid_view_set_single_click_activate(cast(), newValue ? 1 : 0) }
    }
}

extension Widget {
    /// The widget's children, first to last.
    public var children: [Widget] {
        var result: [Widget] = []
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            result.append(Widget.wrap(UnsafeMutableRawPointer(current)))
            child = gtk_widget_get_next_sibling(current)
        }
        return result
    }
}
