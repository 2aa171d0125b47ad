import CGtk

extension Menu {
    /// Appends an item that activates `action` ("app.about"), with an optional target
    /// for parameterized or radio actions; `accel` shows a key the window handles itself
    /// ("<Control>c"), where no accelerator is registered for the action.
    /// With `hiddenWhenDisabled`, the item is left out while its action is disabled (an
    /// album's items outside an album).
    public func append(
        _ label: String, action: String, target: Variant? = nil, accel: String? = nil, hiddenWhenDisabled: Bool = false
    ) {
        let item = g_menu_item_new(label, nil)
        g_menu_item_set_action_and_target_value(item, action, target?.raw)
        if let accel { g_menu_item_set_attribute_value(item, "accel", g_variant_new_string(accel)) }
        if hiddenWhenDisabled { g_menu_item_set_attribute_value(item, "hidden-when", g_variant_new_string("action-disabled")) }
        g_menu_append_item(cast(), item)
        g_object_unref(UnsafeMutableRawPointer(item))
    }

    /// Appends a section (items between separators), optionally titled.
    public func appendSection(_ label: String? = nil, _ section: Menu) {
        appendSection(label, section: section)
    }

}

extension MenuButton {
    /// A menu button showing `iconName` that opens `menu`.
    public convenience init(iconName: String, menu: Menu? = nil) {
        self.init()
        self.iconName = iconName
        if let menu { menuModel = menu }
    }
}

/// A CSS style sheet applied to the whole display.
@MainActor
public enum StyleSheet {
    /// Loads `css` for every widget on the default display, at application priority.
    public static func apply(_ css: String) {
        let provider = gtk_css_provider_new()
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(
            gdk_display_get_default(), OpaquePointer(provider),
            guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(UnsafeMutableRawPointer(provider))
    }
}
