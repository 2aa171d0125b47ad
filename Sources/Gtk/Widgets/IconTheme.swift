import CGtk
import Foundation

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

    /// Whether an application icon `name` (`hicolor/scalable/apps/<name>.svg`) is installed
    /// in one of `dataFolders` (GTK's: `$XDG_DATA_HOME`, then `$XDG_DATA_DIRS`). Looked up on
    /// disk, not in the theme: the theme loads once, on its first lookup, and loads again
    /// after `addSearchPath` — which an app adds before the first lookup, when this says no.
    public nonisolated static func isAppIconInstalled(_ name: String, in dataFolders: [String] = dataFolders) -> Bool {
        dataFolders.contains { folder in
            FileManager.default.fileExists(atPath: folder + "/icons/hicolor/scalable/apps/" + name + ".svg")
        }
    }

    /// The data folders GTK looks for icon themes in (each holding an `icons` folder).
    public nonisolated static var dataFolders: [String] {
        var folders = [String(cString: g_get_user_data_dir())]
        if var system = g_get_system_data_dirs() {
            while let folder = system.pointee {
                folders.append(String(cString: folder))
                system += 1
            }
        }
        return folders
    }

    private static var defaultTheme: OpaquePointer? {
        guard let display = gdk_display_get_default() else { return nil }
        return gtk_icon_theme_get_for_display(display)
    }
}
