import CGtk

/// GtkDrawingArea. Containers also use an empty one as a size probe: its `resize`
/// signal reports every new allocation without a per-frame tick.
public final class DrawingArea: Widget {
    public init() { super.init(gtk_drawing_area_new(), ownership: .full) }

    /// Called with the new width and height whenever the area is allocated a new size.
    @discardableResult
    public func onResize(owner: AnyObject? = nil,
                         _ handler: @escaping @MainActor (Int, Int) -> Void) -> SignalConnection {
        typealias ResizeHandler = @MainActor (Int, Int) -> Void
        let trampoline: @convention(c) (gpointer?, gint, gint, gpointer?) -> Void = { _, width, height, data in
            MainActor.assumeIsolated {
                withBox(data, default: ()) { (h: ResizeHandler) in h(Int(width), Int(height)) }
            }
        }
        return connect("resize", box: SignalBox(handler as ResizeHandler, owner: owner),
                       trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }
}

extension Widget {
    /// Whether the widget receives pointer input (false lets clicks pass through it).
    public var canTarget: Bool {
        get { gtk_widget_get_can_target(widget) != 0 }
        set { gtk_widget_set_can_target(widget, newValue ? 1 : 0) }
    }
}

extension HeaderBar {
    /// Whether the header shows the window's close/minimize/maximize buttons.
    public var showsTitleButtons: Bool {
        get { gtk_header_bar_get_show_title_buttons(cast()) != 0 }
        set { gtk_header_bar_set_show_title_buttons(cast(), newValue ? 1 : 0) }
    }
}
