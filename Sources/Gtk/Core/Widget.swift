import CGtk

/// Initializes GTK once (for tests and tools that do not run an `Application`).
/// Returns false when no display can be opened.
@MainActor @discardableResult
public func initializeGtk() -> Bool {
    MainLoop.integrate()
    Renderer.preferCairoWithoutGPU()
    return gtk_init_check() != 0
}

/// What the generated `Widget` lacks: interop accessors, conveniences over several GTK
/// calls, visibility in scrolled views, controllers, actions, accessibility.
extension Widget {
    var widget: UnsafeMutablePointer<GtkWidget> { cast() }

    /// Sets all four margins.
    public func setMargins(_ all: Int) { setMargins(top: all, bottom: all, start: all, end: all) }

    public func setMargins(top: Int, bottom: Int, start: Int, end: Int) {
        gtk_widget_set_margin_top(widget, gint(top))
        gtk_widget_set_margin_bottom(widget, gint(bottom))
        gtk_widget_set_margin_start(widget, gint(start))
        gtk_widget_set_margin_end(widget, gint(end))
    }

    /// Adds or removes a style class.
    public func setCssClass(_ name: String, _ on: Bool) { on ? addCssClass(name) : removeCssClass(name) }

    /// Removes the widget from its parent with the parent's own API (Box, Stack, Paned,
    /// ScrolledWindow, Revealer, Overlay, Button, Window, CenterBox). A widget inside a
    /// container this layer does not know is left in place and a critical is logged.
    /// (Not `gtk_widget_unparent`, which only a widget implementation may call.)
    public func removeFromParent() {
        if lbx_widget_remove_from_parent(widget) == 0 {
            GLibLog.critical("Cannot remove a \(typeName) from a \(parent?.typeName ?? "?"): unknown container")
        }
    }

    /// The window (or other root) this widget is in.
    public var rootWindow: Window? {
        guard let root = gtk_widget_get_root(widget) else { return nil }
        return Object.existingWrapper(of: UnsafeMutableRawPointer(root)) as? Window
    }

    /// Whether part of the widget lies inside the visible area of every scrolled window
    /// around it, as of the last layout (false when unmapped or not yet laid out). GTK's
    /// list views keep rows for many items beyond the visible ones.
    public var isInScrolledView: Bool {
        guard isMapped else { return false }
        var scrolled = gtk_widget_get_ancestor(widget, gtk_scrolled_window_get_type())
        while let view = scrolled {
            var bounds = graphene_rect_t()
            guard gtk_widget_compute_bounds(widget, view, &bounds) != 0 else { return false }
            let width = Float(gtk_widget_get_width(view))
            let height = Float(gtk_widget_get_height(view))
            guard bounds.origin.x < width, bounds.origin.y < height,
                bounds.origin.x + bounds.size.width > 0, bounds.origin.y + bounds.size.height > 0
            else { return false }
            scrolled = gtk_widget_get_parent(view).flatMap { gtk_widget_get_ancestor($0, gtk_scrolled_window_get_type()) }
        }
        return true
    }

    public func add(_ controller: EventController) {
        // gtk_widget_add_controller takes a reference (transfer full); the wrapper keeps its own.
        g_object_ref(controller.gobject)
        gtk_widget_add_controller(widget, controller.cast())
    }

    /// Activates an action by name ("app.quit", "list.scroll-to-item") from this widget.
    @discardableResult
    public func activateAction(_ name: String, parameter: Variant? = nil) -> Bool {
        gtk_widget_activate_action_variant(widget, name, parameter?.variant) != 0
    }

    // MARK: Accessibility

    /// Sets the label screen readers announce (GTK has no getter for it).
    public func setAccessibleLabel(_ label: String) {
        setAccessibleProperty(GTK_ACCESSIBLE_PROPERTY_LABEL, string: label)
    }

    /// Sets the accessible description (GTK has no getter for it).
    public func setAccessibleDescription(_ description: String) {
        setAccessibleProperty(GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, string: description)
    }

    func setAccessibleProperty(_ property: GtkAccessibleProperty, string: String) {
        var value = GValue()
        g_value_init(&value, lbx_type_string())
        g_value_set_string(&value, string)
        var properties = [property]
        var values = [value]
        gtk_accessible_update_property_value(OpaquePointer(gobject), 1, &properties, &values)
        g_value_unset(&values[0])
    }
}
