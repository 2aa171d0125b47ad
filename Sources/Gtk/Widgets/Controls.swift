import CGtk

/// GtkLabel.
open class Label: Widget {
    public init(_ text: String = "") {
        super.init(gtk_label_new(text), ownership: .full)
    }

    public var text: String {
        get { String(cString: gtk_label_get_text(cast())) }
        set { gtk_label_set_text(cast(), newValue) }
    }

    /// Sets Pango markup (escape user text with `Label.escape`).
    public func setMarkup(_ markup: String) { gtk_label_set_markup(cast(), markup) }

    public static func escape(_ text: String) -> String {
        guard let escaped = g_markup_escape_text(text, -1) else { return text }
        defer { g_free(escaped) }
        return String(cString: escaped)
    }

    /// Horizontal alignment of the text, 0 (start) to 1 (end).
    public var xalign: Double {
        get { Double(gtk_label_get_xalign(cast())) }
        set { gtk_label_set_xalign(cast(), Float(newValue)) }
    }

    public enum Ellipsize: Sendable { case none, start, middle, end }
    public var ellipsize: Ellipsize {
        get { .none }
        set {
            let mode: PangoEllipsizeMode = switch newValue {
            case .none: PANGO_ELLIPSIZE_NONE
            case .start: PANGO_ELLIPSIZE_START
            case .middle: PANGO_ELLIPSIZE_MIDDLE
            case .end: PANGO_ELLIPSIZE_END
            }
            gtk_label_set_ellipsize(cast(), mode)
        }
    }

    public var wraps: Bool {
        get { gtk_label_get_wrap(cast()) != 0 }
        set { gtk_label_set_wrap(cast(), newValue ? 1 : 0) }
    }

    public var isSelectable: Bool {
        get { gtk_label_get_selectable(cast()) != 0 }
        set { gtk_label_set_selectable(cast(), newValue ? 1 : 0) }
    }

    public var maxWidthChars: Int {
        get { Int(gtk_label_get_max_width_chars(cast())) }
        set { gtk_label_set_max_width_chars(cast(), gint(newValue)) }
    }

    public var widthChars: Int {
        get { Int(gtk_label_get_width_chars(cast())) }
        set { gtk_label_set_width_chars(cast(), gint(newValue)) }
    }
}

/// GtkImage: an icon.
public final class Image: Widget {
    public init(iconName: String? = nil) {
        super.init(gtk_image_new_from_icon_name(iconName), ownership: .full)
    }

    public func setIcon(_ name: String) { gtk_image_set_from_icon_name(cast(), name) }

    public var pixelSize: Int {
        get { Int(gtk_image_get_pixel_size(cast())) }
        set { gtk_image_set_pixel_size(cast(), gint(newValue)) }
    }
}

/// GtkButton.
open class Button: Widget {
    public init(label: String? = nil, iconName: String? = nil) {
        if let iconName {
            super.init(gtk_button_new_from_icon_name(iconName), ownership: .full)
            if let label { gtk_button_set_label(cast(), label) }
        } else {
            super.init(gtk_button_new_with_mnemonic(label ?? ""), ownership: .full)
        }
    }

    override init(_ pointer: UnsafeMutableRawPointer, ownership: Ownership) {
        super.init(pointer, ownership: ownership)
    }

    public var label: String? {
        get { gtk_button_get_label(cast()).map { String(cString: $0) } }
        set { gtk_button_set_label(cast(), newValue) }
    }

    public var iconName: String? {
        get { gtk_button_get_icon_name(cast()).map { String(cString: $0) } }
        set { gtk_button_set_icon_name(cast(), newValue) }
    }

    public var child: Widget? {
        get { Widget.wrap(gtk_button_get_child(cast())) }
        set { gtk_button_set_child(cast(), newValue?.widget) }
    }

    public var hasFrame: Bool {
        get { gtk_button_get_has_frame(cast()) != 0 }
        set { gtk_button_set_has_frame(cast(), newValue ? 1 : 0) }
    }

    /// The action ("win.open") the button activates.
    public var actionName: String? {
        get { gtk_actionable_get_action_name(OpaquePointer(gobject)).map { String(cString: $0) } }
        set { gtk_actionable_set_action_name(OpaquePointer(gobject), newValue) }
    }

    @discardableResult
    public func onClicked(owner: AnyObject? = nil, _ handler: @escaping VoidHandler) -> SignalConnection {
        connect("clicked", owner: owner, handler)
    }

    /// Emits "clicked", as a completed user click does.
    public func click() { emit("clicked") }
}

/// GtkToggleButton.
public final class ToggleButton: Button {
    public init(iconName: String? = nil, label: String? = nil) {
        super.init(gtk_toggle_button_new(), ownership: .full)
        if let iconName { gtk_button_set_icon_name(cast(), iconName) }
        if let label { gtk_button_set_label(cast(), label) }
    }

    public var isActive: Bool {
        get { gtk_toggle_button_get_active(cast()) != 0 }
        set { gtk_toggle_button_set_active(cast(), newValue ? 1 : 0) }
    }

    @discardableResult
    public func onToggled(owner: AnyObject? = nil, _ handler: @escaping VoidHandler) -> SignalConnection {
        connect("toggled", owner: owner, handler)
    }
}

/// GtkSpinner.
public final class Spinner: Widget {
    public init() { super.init(gtk_spinner_new(), ownership: .full) }
    public var isSpinning: Bool {
        get { gtk_spinner_get_spinning(cast()) != 0 }
        set { gtk_spinner_set_spinning(cast(), newValue ? 1 : 0) }
    }
}

/// GtkProgressBar.
public final class ProgressBar: Widget {
    public init() { super.init(gtk_progress_bar_new(), ownership: .full) }
    public var fraction: Double {
        get { gtk_progress_bar_get_fraction(cast()) }
        set { gtk_progress_bar_set_fraction(cast(), newValue) }
    }
    public var text: String? {
        get { gtk_progress_bar_get_text(cast()).map { String(cString: $0) } }
        set {
            gtk_progress_bar_set_text(cast(), newValue)
            gtk_progress_bar_set_show_text(cast(), newValue == nil ? 0 : 1)
        }
    }
    public func pulse() { gtk_progress_bar_pulse(cast()) }
}

/// GtkSearchEntry.
public final class SearchEntry: Widget {
    public init(placeholder: String? = nil) {
        super.init(gtk_search_entry_new(), ownership: .full)
        if let placeholder {
            var value = GValue()
            g_value_init(&value, lbx_type_string())
            g_value_set_string(&value, placeholder)
            g_object_set_property(gobject, "placeholder-text", &value)
            g_value_unset(&value)
        }
    }

    /// Types the key `controller` is handling into the entry, also while the entry is not
    /// shown yet (GTK gives keys to no one then; GtkSearchBar forwards them the same way).
    /// Only from a key handler; returns whether the entry used the key.
    public func type(keyFrom controller: KeyController) -> Bool {
        guard let text = gtk_editable_get_delegate(OpaquePointer(gobject)) else { return false }
        return controller.forward(to: UnsafeMutablePointer<GtkWidget>(text))
    }

    public var text: String {
        get { String(cString: gtk_editable_get_text(OpaquePointer(gobject))) }
        set { gtk_editable_set_text(OpaquePointer(gobject), newValue) }
    }

    /// Called (after a short GTK delay) when the text changes.
    @discardableResult
    public func onSearchChanged(owner: AnyObject? = nil, _ handler: @escaping VoidHandler) -> SignalConnection {
        connect("search-changed", owner: owner, handler)
    }

    /// Called when the user presses Escape in the entry.
    @discardableResult
    public func onStopSearch(owner: AnyObject? = nil, _ handler: @escaping VoidHandler) -> SignalConnection {
        connect("stop-search", owner: owner, handler)
    }

    /// Called when the user presses Enter in the entry.
    @discardableResult
    public func onActivate(owner: AnyObject? = nil, _ handler: @escaping VoidHandler) -> SignalConnection {
        connect("activate", owner: owner, handler)
    }

    /// Lets the entry pick up typing that starts anywhere in `widget`.
    public func captureKeys(from widget: Widget) {
        gtk_search_entry_set_key_capture_widget(cast(), widget.widget)
    }
}

/// GtkSeparator.
public final class Separator: Widget {
    public init(orientation: Orientation = .horizontal) {
        super.init(gtk_separator_new(orientation.gtk), ownership: .full)
    }
}
