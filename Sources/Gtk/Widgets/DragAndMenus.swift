import CGtk

extension DragSource {
    /// GTK asks for the drag's content when a drag starts (`prepare`): return what the
    /// drag carries, or nil to refuse the drag.
    @discardableResult
    public func onPrepare(
        owner: AnyObject? = nil,
        _ handler: @escaping @MainActor () -> ContentProvider?
    ) -> SignalConnection {
        typealias Handler = @MainActor () -> ContentProvider?
        let trampoline: @convention(c) (gpointer?, Double, Double, gpointer?) -> gpointer? = { _, _, _, data in
            // `prepare` returns a new reference (transfer full).
            let provider = MainActor.assumeIsolated {
                withBox(data, default: nil) { (handler: Handler) -> Int? in
                    handler().map { Int(bitPattern: g_object_ref(UnsafeMutableRawPointer($0.provider))) }
                }
            }
            return provider.flatMap { UnsafeMutableRawPointer(bitPattern: $0) }
        }
        return connect(
            "prepare", box: SignalBox(handler, owner: owner),
            trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// Shows `widget`'s look (a thumbnail) under the pointer while dragging, from the
    /// moment the drag begins.
    @discardableResult
    public func useIcon(of widget: @escaping @MainActor () -> Widget?, owner: AnyObject? = nil) -> SignalConnection {
        typealias Handler = @MainActor () -> Void
        let handler: Handler = { [weak self] in
            guard let self, let widget = widget() else { return }
            let paintable = gtk_widget_paintable_new(widget.widget)
            gtk_drag_source_set_icon(self.cast(), paintable, Int32(widget.width / 2), Int32(widget.height / 2))
            g_object_unref(UnsafeMutableRawPointer(paintable))
        }
        let trampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, _, data in
            MainActor.assumeIsolated { withBox(data, default: ()) { (handler: Handler) in handler() } }
        }
        return connect(
            "drag-begin", box: SignalBox(handler, owner: owner),
            trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }
}

extension Popover {
    /// Makes `host` the popover's parent for good, as GtkMenuButton keeps its popover: a
    /// container that lets go of its children when it goes (a GtkBox), which does not lay the
    /// popover out among them (GTK leaves natives out of layout).
    public func attach(to host: Widget) {
        guard gtk_widget_get_parent(widget) != host.widget else { return }
        if gtk_widget_get_parent(widget) != nil { gtk_widget_unparent(widget) }
        gtk_widget_set_parent(widget, host.widget)
    }

    /// Pops the popover up pointing at `point` of `target` (in its coordinates), or at the
    /// whole of `target`, a widget inside the popover's parent (a row of a list).
    public func popup(pointingAt target: Widget, at point: (x: Double, y: Double)? = nil) {
        if let parent = gtk_widget_get_parent(widget) {
            var rect = GdkRectangle(x: 0, y: 0, width: 1, height: 1)
            if let point {
                var from = graphene_point_t(x: Float(point.x), y: Float(point.y))
                var to = graphene_point_t()
                if gtk_widget_compute_point(target.widget, parent, &from, &to) != 0 {
                    rect.x = Int32(to.x)
                    rect.y = Int32(to.y)
                }
            } else {
                var bounds = graphene_rect_t()
                if gtk_widget_compute_bounds(target.widget, parent, &bounds) != 0 {
                    rect = GdkRectangle(
                        x: Int32(bounds.origin.x), y: Int32(bounds.origin.y),
                        width: Int32(bounds.size.width), height: Int32(bounds.size.height))
                }
            }
            gtk_popover_set_pointing_to(cast(), &rect)
        }
        popup()
    }
}

extension Widget {
    /// The widget of type `T` at `point` (in this widget's coordinates): the deepest
    /// widget there or its nearest ancestor of that type, below this widget. A list's row
    /// under a right click.
    public func descendant<T: Widget>(at point: (x: Double, y: Double), as type: T.Type) -> T? {
        var current = gtk_widget_pick(widget, point.x, point.y, GTK_PICK_DEFAULT)
        while let candidate = current, candidate != widget {
            if let match = Object.existingWrapper(of: UnsafeMutableRawPointer(candidate)) as? T { return match }
            current = gtk_widget_get_parent(candidate)
        }
        return nil
    }
}

/// Files dropped on a widget (dragged from Lightbox's photo lists or from GNOME Files): a
/// `GtkDropTarget` for a `GdkFileList`, which GTK also makes from `text/uri-list`.
public final class FileDropTarget: EventController {
    public init() {
        super.init(UnsafeMutableRawPointer(gtk_drop_target_new(gdk_file_list_get_type(), GDK_ACTION_COPY)), ownership: .full)
    }

    /// Calls `handler` with the dropped files' paths; it returns whether it took them (GTK
    /// tells the source the drop failed otherwise).
    @discardableResult
    public func onDrop(owner: AnyObject? = nil, _ handler: @escaping @MainActor ([String]) -> Bool) -> SignalConnection {
        typealias Handler = @MainActor ([String]) -> Bool
        let trampoline: @convention(c) (gpointer?, UnsafePointer<GValue>?, Double, Double, gpointer?) -> gboolean = {
            _, value, _, _, data in
            let list = value.flatMap { OpaquePointer(g_value_get_boxed($0)) }
            return MainActor.assumeIsolated {
                let paths = ContentFormatsReading.paths(of: list)
                return withBox(data, default: false) { (handler: Handler) in handler(paths) } ? 1 : 0
            }
        }
        return connect("drop", box: SignalBox(handler, owner: owner), trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }
}
