import Gtk

/// The keyboard shortcuts window (Ctrl+?): every entry of `KeyboardShortcuts`, grouped.
@MainActor
enum KeyboardShortcutsWindow {
    /// The window, over `parent`, ready to present.
    static func make(over parent: Window) -> ShortcutsWindow {
        let window = ShortcutsWindow(groups: KeyboardShortcuts.shortcutGroups)
        window.title = tr("Keyboard Shortcuts")
        window.transientFor = parent
        return window
    }
}
