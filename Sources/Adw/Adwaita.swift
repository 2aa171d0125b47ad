import CAdw
import CGtk
@_spi(GtkBinding) import Gtk

/// libadwaita for the app: GNOME's widgets and styles on top of the GTK binding.
@MainActor
public enum Adwaita {
    private static var isInitialized = false

    /// Initializes libadwaita (its styles, the style manager) after GTK, and lets objects
    /// of its types get their generated wrappers. Safe to call more than once.
    public static func initialize() {
        guard !isInitialized else { return }
        isInitialized = true
        adw_init()
        Object.registerGeneratedClasses(Object.adwClasses)
    }
}

extension StyleManager {
    /// The style manager of the default display: the app's light or dark appearance.
    public static var `default`: StyleManager {
        guard let manager = Object.wrapped(adw_style_manager_get_default(), ownership: .borrowed, as: StyleManager.self) else {
            preconditionFailure("libadwaita has no style manager: call Adwaita.initialize() after GTK's")
        }
        return manager
    }
}

extension EntryRow {
    /// A row titled `title` (the placeholder while it is empty).
    public convenience init(title: String) {
        self.init()
        self.title = title
    }

    /// The row's text (its `GtkEditable` interface, which the binding does not wrap).
    public var text: String {
        get { String(cString: gtk_editable_get_text(cast())) }
        set { gtk_editable_set_text(cast(), newValue) }
    }

    /// Calls `handler` after the text changed, typed or set (`notify::text`).
    @discardableResult
    public func onTextChanged(owner: AnyObject? = nil, _ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connectNotify("text", owner: owner, handler)
    }

    /// Activates the text field, as Enter in it does (`entry-activated`, or `apply` while the
    /// apply button shows).
    public func activateText() {
        guard let text = gtk_editable_get_delegate(cast()) else { return }
        lbx_emit_by_name(UnsafeMutableRawPointer(text), "activate")
    }

    /// Names the row's text field for screen readers (libadwaita 1.2 leaves it unnamed; its
    /// title is only drawn above it).
    public func setTextAccessibleLabel(_ label: String) {
        Object.wrapped(gtk_editable_get_delegate(cast()), ownership: .borrowed, as: Widget.self)?.setAccessibleLabel(label)
    }
}
