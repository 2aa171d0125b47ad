import CGtk

/// GtkWindow.
open class Window: Widget {
    /// GTK owns toplevel windows (they live until `destroy()`), so the wrapper borrows.
    public init() { super.init(gtk_window_new(), ownership: .borrowed) }

    override init(_ pointer: UnsafeMutableRawPointer, ownership: Ownership) {
        super.init(pointer, ownership: ownership)
    }

    var window: UnsafeMutablePointer<GtkWindow> { cast() }

    public var title: String? {
        get { gtk_window_get_title(window).map { String(cString: $0) } }
        set { gtk_window_set_title(window, newValue) }
    }

    public var child: Widget? {
        get { Widget.wrap(gtk_window_get_child(window)) }
        set { gtk_window_set_child(window, newValue?.widget) }
    }

    public var titlebar: Widget? {
        get { Widget.wrap(gtk_window_get_titlebar(window)) }
        set { gtk_window_set_titlebar(window, newValue?.widget) }
    }

    public func setDefaultSize(width: Int, height: Int) {
        gtk_window_set_default_size(window, gint(width), gint(height))
    }

    public var defaultSize: (width: Int, height: Int) {
        var width: gint = 0, height: gint = 0
        gtk_window_get_default_size(window, &width, &height)
        return (Int(width), Int(height))
    }

    public var isMaximized: Bool { gtk_window_is_maximized(window) != 0 }
    public func maximize() { gtk_window_maximize(window) }
    public func unmaximize() { gtk_window_unmaximize(window) }
    public var isActive: Bool { gtk_window_is_active(window) != 0 }

    public var isModal: Bool {
        get { gtk_window_get_modal(window) != 0 }
        set { gtk_window_set_modal(window, newValue ? 1 : 0) }
    }

    public var transientFor: Window? {
        get { nil }
        set { gtk_window_set_transient_for(window, newValue?.window) }
    }

    public var hidesOnClose: Bool {
        get { gtk_window_get_hide_on_close(window) != 0 }
        set { gtk_window_set_hide_on_close(window, newValue ? 1 : 0) }
    }

    /// The focused widget inside the window.
    public var focusedWidget: Widget? { Widget.wrap(gtk_window_get_focus(window)) }

    public func present() { gtk_window_present(window) }
    public func close() { gtk_window_close(window) }
    public func destroy() { gtk_window_destroy(window) }

    /// Called when the user (or `close()`) asks to close; return true to keep the window.
    @discardableResult
    public func onCloseRequest(owner: AnyObject? = nil, _ handler: @escaping BoolHandler) -> SignalConnection {
        connectReturningBool("close-request", owner: owner, handler)
    }

    /// All toplevel windows GTK knows, wrapped (windows made from Swift keep their class).
    public static var toplevels: [Window] {
        guard let list = gtk_window_get_toplevels() else { return [] }
        let count = g_list_model_get_n_items(list)
        return (0..<count).compactMap { index in
            guard let item = g_list_model_get_item(list, index) else { return nil }
            defer { g_object_unref(item) }
            return Object.wrapper(of: item) { Window($0, ownership: .borrowed) }
        }
    }
}

/// GtkApplicationWindow: a window that belongs to an `Application` and holds
/// `win.` actions.
open class ApplicationWindow: Window, ActionMap {
    public init(application: Application) {
        super.init(gtk_application_window_new(application.cast()), ownership: .borrowed)
    }

    public var showsMenubar: Bool {
        get { gtk_application_window_get_show_menubar(cast()) != 0 }
        set { gtk_application_window_set_show_menubar(cast(), newValue ? 1 : 0) }
    }
}

extension Widget {
    /// Renders the widget as it looks now into a PNG file. Returns false when the
    /// widget is not realized or has no size.
    @discardableResult
    public func renderPNG(to path: String) -> Bool {
        let width = gtk_widget_get_width(widget), height = gtk_widget_get_height(widget)
        guard width > 0, height > 0, let native = gtk_widget_get_native(widget),
              let renderer = gtk_native_get_renderer(native) else { return false }
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
