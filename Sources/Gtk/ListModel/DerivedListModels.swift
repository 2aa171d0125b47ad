import CGtk

/// Holds a Swift closure for a GTK callback with a `GDestroyNotify`.
private final class CallbackBox<Callback> {
    let callback: Callback
    init(_ callback: Callback) {
        self.callback = callback
        SignalBoxCounter.live += 1
    }
    deinit { SignalBoxCounter.live -= 1 }
}

private let releaseCallbackBox: GDestroyNotify = { data in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}

private func callback<C>(_ data: gpointer?) -> C {
    (Unmanaged<AnyObject>.fromOpaque(data!).takeUnretainedValue() as! CallbackBox<C>).callback
}

public typealias ItemComparator = @MainActor (ModelItem, ModelItem) -> Bool
public typealias ItemPredicate = @MainActor (ModelItem) -> Bool

/// GtkSortListModel with a GtkCustomSorter: GTK sorts another model's items.
public final class SortListModel: Object, ListModel {
    public let model: any ListModel

    /// `areInIncreasingOrder` compares two items of `model`.
    public init(_ model: any ListModel, by areInIncreasingOrder: @escaping ItemComparator) {
        self.model = model
        let box = Unmanaged.passRetained(CallbackBox(areInIncreasingOrder) as AnyObject).toOpaque()
        let custom = gtk_custom_sorter_new(
            { a, b, data in
                MainActor.assumeIsolated {
                    let less: ItemComparator = callback(data)
                    let first = ModelItem(retaining: UnsafeMutableRawPointer(mutating: a!))
                    let second = ModelItem(retaining: UnsafeMutableRawPointer(mutating: b!))
                    if less(first, second) { return GTK_ORDERING_SMALLER.rawValue }
                    return less(second, first) ? GTK_ORDERING_LARGER.rawValue : GTK_ORDERING_EQUAL.rawValue
                }
            }, box, releaseCallbackBox)
        let sorter = UnsafeMutableRawPointer(custom!).assumingMemoryBound(to: GtkSorter.self)
        g_object_ref(model.gobject)
        super.init(raw(gtk_sort_list_model_new(model.cast(), sorter)), ownership: .full)
    }
}

/// GtkFilterListModel with a GtkCustomFilter: GTK filters another model's items.
public final class FilterListModel: Object, ListModel {
    public let model: any ListModel

    public init(_ model: any ListModel, including isIncluded: @escaping ItemPredicate) {
        self.model = model
        let box = Unmanaged.passRetained(CallbackBox(isIncluded) as AnyObject).toOpaque()
        let custom = gtk_custom_filter_new(
            { item, data in
                MainActor.assumeIsolated {
                    let include: ItemPredicate = callback(data)
                    return include(ModelItem(retaining: item!)) ? 1 : 0
                }
            }, box, releaseCallbackBox)
        let filter = UnsafeMutableRawPointer(custom!).assumingMemoryBound(to: GtkFilter.self)
        g_object_ref(model.gobject)
        super.init(raw(gtk_filter_list_model_new(model.cast(), filter)), ownership: .full)
    }
}

/// GtkSliceListModel: a window of `size` items starting at `offset` of another model.
public final class SliceListModel: Object, ListModel {
    public let model: any ListModel

    public init(_ model: any ListModel, offset: Int, size: Int) {
        self.model = model
        g_object_ref(model.gobject)
        super.init(
            raw(gtk_slice_list_model_new(model.cast(), guint(offset), guint(size))),
            ownership: .full)
    }
}
