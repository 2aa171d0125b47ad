import Gtk

/// Every keyboard shortcut: the accelerators the application registers and what the
/// shortcuts window (Ctrl+?) lists. Keys without an action are handled by the focused
/// page or widget (Delete by the window, only while not typing in search); 0–5 are read
/// by `RateAction.stars(for:modifiers:)` wherever they are pressed and activate `win.rate`.
enum KeyboardShortcuts {
    struct Entry {
        let title: String
        let keys: [String]
        /// The action the keys trigger through `Application.setAccelerators`; nil when a
        /// page or the window's key handler reads the keys itself.
        let action: String?
    }

    static let groups: [(title: String, entries: [Entry])] = [
        (
            tr("General"),
            [
                Entry(title: tr("Open folder"), keys: ["<Control>o"], action: "win.open-folder"),
                Entry(title: tr("Rescan the folder"), keys: ["<Control>r", "F5"], action: "win.rescan"),
                Entry(title: tr("Search"), keys: ["<Control>f"], action: "win.search"),
                Entry(title: tr("Show keyboard shortcuts"), keys: ["<Control>question"], action: "win.show-help-overlay"),
                Entry(title: tr("Preferences"), keys: ["<Control>comma"], action: "win.preferences"),
                Entry(title: tr("Main menu"), keys: ["F10"], action: nil),
                Entry(title: tr("Close window"), keys: ["<Control>w"], action: "window.close"),
                Entry(title: tr("Quit"), keys: ["<Control>q"], action: "app.quit"),
            ]
        ),
        (
            tr("Pages"),
            [
                Entry(title: tr("Photos"), keys: ["<Control>1"], action: "win.page::photos"),
                Entry(title: tr("Albums"), keys: ["<Control>2"], action: "win.page::albums"),
                Entry(title: tr("Keywords"), keys: ["<Control>3"], action: "win.page::keywords"),
                Entry(title: tr("Show or hide details"), keys: ["F9"], action: "win.toggle-details"),
                Entry(title: tr("Properties: show and focus the details"), keys: ["<Alt>Return"], action: "win.properties"),
                Entry(title: tr("View as list"), keys: ["<Alt>1"], action: "win.view-mode::list"),
                Entry(title: tr("View as grid"), keys: ["<Alt>2"], action: "win.view-mode::grid"),
                Entry(title: tr("Larger or smaller thumbnails in the grid"), keys: ["<Control>plus", "<Control>minus"], action: nil),
                Entry(title: tr("Default thumbnail size in the grid"), keys: ["<Control>0"], action: nil),
                Entry(title: tr("Open photo"), keys: ["Return"], action: nil),
                Entry(title: tr("Back, or close search"), keys: ["Escape"], action: nil),
                Entry(title: tr("Back"), keys: ["<Alt>Left"], action: nil),
            ]
        ),
        (
            tr("Photos"),
            [
                Entry(title: tr("Rate 0 to 5 stars"), keys: ["0", "1", "2", "3", "4", "5"], action: nil),
                Entry(title: tr("Reject, or take the reject back (as in Shotwell)"), keys: ["9"], action: nil),
                Entry(title: tr("Add or remove keywords"), keys: ["<Control>k"], action: "win.edit-keywords"),
                Entry(title: tr("Remove the focused keyword"), keys: ["Delete", "BackSpace"], action: nil),
                Entry(title: tr("Show or hide rejected photos"), keys: ["<Control>j"], action: "win.show-rejected"),
                Entry(title: tr("Next unrated photo"), keys: ["u"], action: nil),
                Entry(title: tr("Previous unrated photo"), keys: ["<Shift>u"], action: nil),
                Entry(title: tr("Move to trash"), keys: ["Delete"], action: nil),
                Entry(title: tr("Undo"), keys: ["<Control>z"], action: "win.undo"),
                Entry(title: tr("Redo"), keys: ["<Shift><Control>z"], action: "win.redo"),
                Entry(title: tr("Copy the selected photos"), keys: ["<Control>c"], action: nil),
                Entry(title: tr("Photo menu"), keys: ["Menu", "<Shift>F10"], action: nil),
                Entry(title: tr("Open with another application"), keys: ["<Shift><Control>o"], action: "win.open-with"),
                Entry(title: tr("Show in Files"), keys: ["<Control><Alt>o"], action: "win.show-in-files"),
                Entry(title: tr("Set as background (as in Eye of GNOME)"), keys: ["<Control>F8"], action: "win.set-background"),
                Entry(title: tr("Previous or next photo"), keys: ["Left", "Right"], action: nil),
                Entry(title: tr("Zoom in"), keys: ["<Control>plus"], action: nil),
                Entry(title: tr("Zoom out"), keys: ["<Control>minus"], action: nil),
                Entry(title: tr("Original size"), keys: ["<Control>0"], action: nil),
                Entry(title: tr("Full screen (on the photo page)"), keys: ["F11"], action: nil),
            ]
        ),
    ]

    /// Registers every accelerator that goes through an action.
    @MainActor
    static func register(in application: Application) {
        for entry in groups.flatMap(\.entries) {
            if let action = entry.action { application.setAccelerators(entry.keys, for: action) }
        }
    }

    /// The shortcuts window's content.
    static var shortcutGroups: [ShortcutGroup] {
        groups.map { group in
            ShortcutGroup(group.title, group.entries.map { Shortcut($0.title, $0.keys.joined(separator: " ")) })
        }
    }
}
