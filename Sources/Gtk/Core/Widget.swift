import CGtk

/// Initializes GTK once (for tests and tools that do not run an `Application`).
/// Returns false when no display can be opened.
@MainActor @discardableResult
public func initializeGtk() -> Bool {
    MainLoop.integrate()
    Renderer.preferCairoWithoutGPU()
    return gtk_init_check() != 0
}

public enum Orientation: Sendable {
    case horizontal, vertical
    var gtk: GtkOrientation { self == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL }
}

public enum Align: Sendable {
    case fill, start, end, center, baseline
    var gtk: GtkAlign {
        switch self {
        case .fill: GTK_ALIGN_FILL
        case .start: GTK_ALIGN_START
        case .end: GTK_ALIGN_END
        case .center: GTK_ALIGN_CENTER
        case .baseline: GTK_ALIGN_BASELINE
        }
    }
}

/// Widget state flags a row or control can follow.
public struct StateFlags: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let active = StateFlags(rawValue: GTK_STATE_FLAG_ACTIVE.rawValue)
    public static let hover = StateFlags(rawValue: GTK_STATE_FLAG_PRELIGHT.rawValue)
    public static let selected = StateFlags(rawValue: GTK_STATE_FLAG_SELECTED.rawValue)
    public static let insensitive = StateFlags(rawValue: GTK_STATE_FLAG_INSENSITIVE.rawValue)
    public static let focused = StateFlags(rawValue: GTK_STATE_FLAG_FOCUSED.rawValue)
    public static let focusVisible = StateFlags(rawValue: GTK_STATE_FLAG_FOCUS_VISIBLE.rawValue)
    public static let focusWithin = StateFlags(rawValue: GTK_STATE_FLAG_FOCUS_WITHIN.rawValue)
    public static let checked = StateFlags(rawValue: GTK_STATE_FLAG_CHECKED.rawValue)
}

/// Base of every widget wrapper.
open class Widget: Object {
    override init(_ pointer: UnsafeMutableRawPointer, ownership: Ownership) {
        super.init(pointer, ownership: ownership)
    }

    var widget: UnsafeMutablePointer<GtkWidget> { cast() }

    /// The wrapper of a widget GTK hands back: the existing one, or a plain `Widget`.
    static func wrap(_ pointer: UnsafeMutableRawPointer) -> Widget {
        Object.wrapper(of: pointer) { Widget($0, ownership: .borrowed) }
    }

    static func wrap(_ pointer: UnsafeMutablePointer<GtkWidget>?) -> Widget? {
        pointer.map { wrap(UnsafeMutableRawPointer($0)) }
    }

    public var isVisible: Bool {
        get { gtk_widget_get_visible(widget) != 0 }
        set { gtk_widget_set_visible(widget, newValue ? 1 : 0) }
    }

    public var isSensitive: Bool {
        get { gtk_widget_get_sensitive(widget) != 0 }
        set { gtk_widget_set_sensitive(widget, newValue ? 1 : 0) }
    }

    public var isMapped: Bool { gtk_widget_get_mapped(widget) != 0 }

    public var isFocusable: Bool {
        get { gtk_widget_get_focusable(widget) != 0 }
        set { gtk_widget_set_focusable(widget, newValue ? 1 : 0) }
    }

    public var canFocus: Bool {
        get { gtk_widget_get_can_focus(widget) != 0 }
        set { gtk_widget_set_can_focus(widget, newValue ? 1 : 0) }
    }

    public var hasFocus: Bool { gtk_widget_has_focus(widget) != 0 }

    @discardableResult
    public func grabFocus() -> Bool { gtk_widget_grab_focus(widget) != 0 }

    public var horizontalExpand: Bool {
        get { gtk_widget_get_hexpand(widget) != 0 }
        set { gtk_widget_set_hexpand(widget, newValue ? 1 : 0) }
    }

    public var verticalExpand: Bool {
        get { gtk_widget_get_vexpand(widget) != 0 }
        set { gtk_widget_set_vexpand(widget, newValue ? 1 : 0) }
    }

    public var horizontalAlignment: Align {
        get { .fill }
        set { gtk_widget_set_halign(widget, newValue.gtk) }
    }

    public var verticalAlignment: Align {
        get { .fill }
        set { gtk_widget_set_valign(widget, newValue.gtk) }
    }

    /// Sets all four margins.
    public func setMargins(_ all: Int) { setMargins(top: all, bottom: all, start: all, end: all) }

    public func setMargins(top: Int, bottom: Int, start: Int, end: Int) {
        gtk_widget_set_margin_top(widget, gint(top))
        gtk_widget_set_margin_bottom(widget, gint(bottom))
        gtk_widget_set_margin_start(widget, gint(start))
        gtk_widget_set_margin_end(widget, gint(end))
    }

    public func setSizeRequest(width: Int, height: Int) {
        gtk_widget_set_size_request(widget, gint(width), gint(height))
    }

    public var width: Int { Int(gtk_widget_get_width(widget)) }
    public var height: Int { Int(gtk_widget_get_height(widget)) }

    public var tooltip: String? {
        get { gtk_widget_get_tooltip_text(widget).map { String(cString: $0) } }
        set { gtk_widget_set_tooltip_text(widget, newValue) }
    }

    public var name: String {
        get { String(cString: gtk_widget_get_name(widget)) }
        set { gtk_widget_set_name(widget, newValue) }
    }

    public func addCSSClass(_ name: String) { gtk_widget_add_css_class(widget, name) }
    public func removeCSSClass(_ name: String) { gtk_widget_remove_css_class(widget, name) }
    public func hasCSSClass(_ name: String) -> Bool { gtk_widget_has_css_class(widget, name) != 0 }
    public func setCSSClass(_ name: String, _ on: Bool) { on ? addCSSClass(name) : removeCSSClass(name) }

    public var stateFlags: StateFlags { StateFlags(rawValue: gtk_widget_get_state_flags(widget).rawValue) }

    public var parentWidget: Widget? { Widget.wrap(gtk_widget_get_parent(widget)) }

    /// Removes the widget from its parent with the parent's own API (Box, Stack, Paned,
    /// ScrolledWindow, Revealer, Overlay, Button, Window, CenterBox). A widget inside a
    /// container this layer does not know is left in place and a critical is logged.
    public func unparent() {
        if lbx_widget_remove_from_parent(widget) == 0 {
            GLibLog.critical("Cannot remove a \(typeName) from a \(parentWidget?.typeName ?? "?"): unknown container")
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
            let width = Float(gtk_widget_get_width(view)), height = Float(gtk_widget_get_height(view))
            guard bounds.origin.x < width, bounds.origin.y < height,
                  bounds.origin.x + bounds.size.width > 0, bounds.origin.y + bounds.size.height > 0 else { return false }
            scrolled = gtk_widget_get_parent(view).flatMap { gtk_widget_get_ancestor($0, gtk_scrolled_window_get_type()) }
        }
        return true
    }

    public func queueDraw() { gtk_widget_queue_draw(widget) }
    public func queueResize() { gtk_widget_queue_resize(widget) }

    public func add(_ controller: EventController) {
        // gtk_widget_add_controller takes a reference (transfer full); the wrapper keeps its own.
        g_object_ref(controller.gobject)
        gtk_widget_add_controller(widget, controller.cast())
        controller.attached = true
    }

    /// Activates an action by name ("win.rescan", "list.scroll-to-item") from this widget.
    @discardableResult
    public func activateAction(_ name: String, parameter: Variant? = nil) -> Bool {
        gtk_widget_activate_action_variant(widget, name, parameter?.variant) != 0
    }

    /// Calls `handler` when the widget is mapped (shown on screen).
    @discardableResult
    public func onMap(owner: AnyObject? = nil, _ handler: @escaping VoidHandler) -> SignalConnection {
        connect("map", owner: owner, handler)
    }

    /// Calls `handler` when the widget is unmapped (hidden from screen).
    @discardableResult
    public func onUnmap(owner: AnyObject? = nil, _ handler: @escaping VoidHandler) -> SignalConnection {
        connect("unmap", owner: owner, handler)
    }

    /// Calls `handler` when the widget's state flags change (hover, selected, focus …).
    @discardableResult
    public func onStateFlagsChanged(owner: AnyObject? = nil, _ handler: @escaping VoidHandler) -> SignalConnection {
        connectPointer("state-flags-changed", owner: owner) { _ in handler() }
    }

    // MARK: Accessibility

    /// The accessible label screen readers announce.
    public var accessibleLabel: String? {
        get { nil }
        set { setAccessibleProperty(GTK_ACCESSIBLE_PROPERTY_LABEL, string: newValue ?? "") }
    }

    /// The accessible description.
    public var accessibleDescription: String? {
        get { nil }
        set { setAccessibleProperty(GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, string: newValue ?? "") }
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
