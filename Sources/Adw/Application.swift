import CAdw
import CGtk
@_spi(GtkBinding) import Gtk

/// AdwApplication: a GtkApplication that initializes libadwaita at startup (its
/// stylesheet, the style manager following the system's light or dark preference) and
/// loads the application's own `style.css` / `style-dark.css` resources if it has any.
open class Application: Gtk.Application {
    public init(id: String, handlesOpen: Bool = true, nonUnique: Bool = false) {
        super.init(id: id, handlesOpen: handlesOpen, nonUnique: nonUnique) { id, flags in
            UnsafeMutableRawPointer(adw_application_new(id, GApplicationFlags(rawValue: flags)))
        }
        // Wrappers of libadwaita's objects (the style manager, toasts) from their pointers.
        Object.registerGeneratedClasses(Object.adwClasses)
    }

    /// The style manager of the application's display (only after `startup`).
    public var styleManager: StyleManager {
        guard
            let manager = Object.wrapped(
                adw_application_get_style_manager(cast()), ownership: .borrowed,
                as: StyleManager.self)
        else {
            preconditionFailure("AdwApplication has no style manager before startup")
        }
        return manager
    }
}
