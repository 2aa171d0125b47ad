import CAdw
import Gtk

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
