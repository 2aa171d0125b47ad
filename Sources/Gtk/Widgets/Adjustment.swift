import CGtk

/// GtkAdjustment: a scroll position along one axis, with its range and visible page.
public final class Adjustment: Object {
    public var value: Double {
        get { gtk_adjustment_get_value(cast()) }
        set { gtk_adjustment_set_value(cast(), newValue) }
    }

    public var upper: Double { gtk_adjustment_get_upper(cast()) }
    public var pageSize: Double { gtk_adjustment_get_page_size(cast()) }

    /// Called when the range or the page size changes (the content was laid out anew).
    @discardableResult
    public func onChanged(owner: AnyObject? = nil, _ handler: @escaping VoidHandler) -> SignalConnection {
        connect("changed", owner: owner, handler)
    }
}

extension ScrolledWindow {
    public var horizontalAdjustment: Adjustment {
        Object.wrapper(of: gtk_scrolled_window_get_hadjustment(cast())) { Adjustment($0, ownership: .borrowed) }
    }

    public var verticalAdjustment: Adjustment {
        Object.wrapper(of: gtk_scrolled_window_get_vadjustment(cast())) { Adjustment($0, ownership: .borrowed) }
    }
}
