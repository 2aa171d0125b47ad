import CGtk

/// GMenu: a menu model.
public final class Menu: Object {
    public init() { super.init(raw(g_menu_new()), ownership: .full) }

    /// Appends an item that activates `action` ("app.about"), with an optional target
    /// for parameterized or radio actions.
    public func append(_ label: String, action: String, target: Variant? = nil) {
        let item = g_menu_item_new(label, nil)
        g_menu_item_set_action_and_target_value(item, action, target?.raw)
        g_menu_append_item(cast(), item)
        g_object_unref(UnsafeMutableRawPointer(item))
    }

    /// Appends a section (items between separators), optionally titled.
    public func appendSection(_ label: String? = nil, _ section: Menu) {
        g_menu_append_section(cast(), label, section.cast())
    }

    public func appendSubmenu(_ label: String, _ submenu: Menu) {
        g_menu_append_submenu(cast(), label, submenu.cast())
    }

    public var count: Int { Int(g_menu_model_get_n_items(cast())) }
}

/// GtkMenuButton.
public final class MenuButton: Widget {
    public init(iconName: String, menu: Menu? = nil) {
        super.init(gtk_menu_button_new(), ownership: .full)
        gtk_menu_button_set_icon_name(cast(), iconName)
        if let menu { self.menu = menu }
    }

    public var menu: Menu? {
        get { nil }
        set { gtk_menu_button_set_menu_model(cast(), newValue?.cast()) }
    }

    /// Makes this the window's primary menu: F10 opens it.
    public var isPrimary: Bool {
        get { gtk_menu_button_get_primary(cast()) != 0 }
        set { gtk_menu_button_set_primary(cast(), newValue ? 1 : 0) }
    }

    public func popup() { gtk_menu_button_popup(cast()) }
    public func popdown() { gtk_menu_button_popdown(cast()) }
}

/// A CSS style sheet applied to the whole display.
@MainActor
public enum StyleSheet {
    /// Loads `css` for every widget on the default display, at application priority.
    public static func apply(_ css: String) {
        let provider = gtk_css_provider_new()
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(gdk_display_get_default(), OpaquePointer(provider),
                                                   guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(UnsafeMutableRawPointer(provider))
    }
}
