import CGtk

extension Window {
    var window: UnsafeMutablePointer<GtkWindow> { cast() }

    public func setDefaultSize(width: Int, height: Int) {
        gtk_window_set_default_size(window, gint(width), gint(height))
    }

    public var defaultSize: (width: Int, height: Int) { (defaultWidth, defaultHeight) }

    /// Draws no title bar: header bars inside the window's content then act as the title
    /// bar (they move the window and hold its buttons). GTK does this when the title bar
    /// widget never shows.
    public func hideTitlebar() {
        let none = Box()
        none.isVisible = false
        titlebar = none
    }

    /// All toplevel windows GTK knows, wrapped (windows made from Swift keep their class).
    public static var toplevels: [Window] {
        guard let list = gtk_window_get_toplevels() else { return [] }
        let count = g_list_model_get_n_items(list)
        return (0..<count).compactMap { index in
            Object.wrapped(g_list_model_get_item(list, index), ownership: .full, as: Window.self)
        }
    }
}

extension ApplicationWindow: ActionMap {}

extension Widget {
    /// Renders the widget as it looks now into a PNG file. Returns false when the
    /// widget is not realized or has no size.
    @discardableResult
    public func renderPNG(to path: String) -> Bool {
        let width = gtk_widget_get_width(widget)
        let height = gtk_widget_get_height(widget)
        guard width > 0, height > 0, let native = gtk_widget_get_native(widget),
            let renderer = gtk_native_get_renderer(native)
        else { return false }
        let paintable = gtk_widget_paintable_new(widget)
        defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        let snapshot = gtk_snapshot_new()
        gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
        guard let node = gtk_snapshot_free_to_node(snapshot) else { return false }
        defer { gsk_render_node_unref(node) }
        var bounds = graphene_rect_t()
        graphene_rect_init(&bounds, 0, 0, Float(width), Float(height))
        guard let texture = gsk_renderer_render_texture(renderer, node, &bounds) else { return false }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        return gdk_texture_save_to_png(texture, path) != 0
    }
}
