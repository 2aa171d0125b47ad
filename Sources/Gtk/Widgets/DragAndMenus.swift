import CGtk

extension DragSource {
    /// GTK asks for the drag's content when a drag starts (`prepare`): return what the
    /// drag carries, or nil to refuse the drag.
    @discardableResult
    public func onPrepare(owner: AnyObject? = nil,
                          _ handler: @escaping @MainActor () -> ContentProvider?) -> SignalConnection {
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
        return connect("prepare", box: SignalBox(handler, owner: owner),
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
        return connect("drag-begin", box: SignalBox(handler, owner: owner),
                       trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }
}

extension Popover {
    /// Pops the popover up from `widget` (pointing at `point` in its coordinates, or at
    /// the whole widget), parented to it while it shows: GTK's popovers belong to a widget,
    /// and one parented for good must be taken off before its widget goes.
    public func popup(from widget: Widget, at point: (x: Double, y: Double)? = nil) {
        if gtk_widget_get_parent(self.widget) != widget.widget {
            if gtk_widget_get_parent(self.widget) != nil { gtk_widget_unparent(self.widget) }
            gtk_widget_set_parent(self.widget, widget.widget)
        }
        if let point {
            var rect = GdkRectangle(x: Int32(point.x), y: Int32(point.y), width: 1, height: 1)
            gtk_popover_set_pointing_to(cast(), &rect)
        } else {
            gtk_popover_set_pointing_to(cast(), nil)
        }
        popup()
    }

    /// Takes the popover off the widget it was popped up from (once it closed, and after
    /// the item picked ran its action, which GTK looks up from the popover's parent).
    public func detach() {
        guard !isVisible, gtk_widget_get_parent(widget) != nil else { return }
        gtk_widget_unparent(widget)
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
