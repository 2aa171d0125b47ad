import CGtk

/// The icon theme of the default display (GtkIconTheme): where named icons come from.
@MainActor
public enum IconTheme {
    /// Also looks for icons in `path`, a folder laid out like `/usr/share/icons`
    /// (`hicolor/scalable/apps/<name>.svg`): an app run from its source tree finds its own icon.
    public static func addSearchPath(_ path: String) {
        guard let theme = defaultTheme else { return }
        gtk_icon_theme_add_search_path(theme, path)
    }

    /// Whether the theme has an icon of this name.
    public static func hasIcon(_ name: String) -> Bool {
        guard let theme = defaultTheme else { return false }
        return gtk_icon_theme_has_icon(theme, name) != 0
    }

    private static var defaultTheme: OpaquePointer? {
        guard let display = gdk_display_get_default() else { return nil }
        return gtk_icon_theme_get_for_display(display)
    }
}
