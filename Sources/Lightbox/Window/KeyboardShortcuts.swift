import Gtk

/// Every key Lightbox reads, each bound to one action: the table the application registers
/// its accelerators from, the window and the pages build their shortcut controllers from, and
/// the shortcuts window (Ctrl+?) lists. A page that uses a key implements (and enables) the
/// action; no view or controller reads keys itself. A disabled action lets its key go on, so
/// an action is enabled only where its keys mean it (the zoom on the photo page and the grid).
/// GTK's own keys (Return on a row, Escape in a popover or the search, arrows in a list) and the
/// kit's (back) stay theirs: they are listed, bound to nothing.
enum KeyboardShortcuts {
    /// Where GTK reads an entry's keys, and so what has them first.
    enum Reach: Sendable, Equatable, CaseIterable {
        /// The application's accelerators (`Application.setAccelerators`): read before the
        /// focused widget, wherever the focus is in the window; menus show them.
        case window
        /// The window's shortcut controller, in the bubble phase: the focused widget has the
        /// key first, so a text field types digits, U and 9, deletes with Delete, copies its
        /// own text with Ctrl+C and opens its own menu with the Menu key.
        case windowUnlessTyping
        /// The photo page's view, in the capture phase (before its buttons).
        case photoPage
        /// The Months page's view, in the capture phase: before the month list and the strips
        /// move the focus themselves.
        case monthsPage
        /// The keyword entry, in the capture phase: before its text moves the cursor.
        case keywordEntry
        /// A keyword chip, in the bubble phase.
        case keywordChip
        /// The title and caption rows, in the capture phase: before the window's Escape.
        case textRow
        /// The Albums page's view, in the capture phase: before the window's Delete (the trash).
        case albumsPage
        /// The Duplicates page's list, in the capture phase: before the list's own Enter and the
        /// window's Delete (the trash). Keys with the focus elsewhere on the page go on.
        case duplicatesPage
        /// The import window's photos, in the capture phase: before the list's own arrows and
        /// the window's default button.
        case importPage
        /// A window over the main one (Date and Time), in the bubble phase: its fields have the keys first.
        case dialog
        /// GTK's or the kit's own handling: listed, bound to nothing.
        case widgets

        /// The phase a shortcut controller for these keys runs in; nil where the table makes
        /// none (GTK reads the application's accelerators itself; GTK's own keys are listed only).
        var phase: PropagationPhase? {
            switch self {
            case .photoPage, .monthsPage, .keywordEntry, .textRow, .albumsPage, .duplicatesPage, .importPage: .capture
            case .windowUnlessTyping, .keywordChip, .dialog: .bubble
            case .window, .widgets: nil
            }
        }
    }

    /// A key ("<Control>plus", as `gtk_accelerator_parse` reads it) and the detailed action it
    /// activates ("win.zoom::in", "win.rate(3)").
    struct Binding: Sendable, Equatable {
        let key: String
        let action: String
    }

    struct Entry: Sendable {
        let title: String
        /// Every key of the entry, each activating the entry's one action (with its own target,
        /// as 0–5 rate with the digit); none bound for GTK's own keys.
        let bindings: [Binding]
        let reach: Reach

        /// Keys that all activate `action` (a detailed action name).
        init(_ title: String, _ keys: [String], _ action: String, _ reach: Reach = .window) {
            self.init(title, keys.map { Binding(key: $0, action: action) }, reach)
        }

        init(_ title: String, _ bindings: [Binding], _ reach: Reach) {
            self.title = title
            self.bindings = bindings
            self.reach = reach
        }

        /// Keys GTK's widgets or the kit handle themselves.
        static func widgets(_ title: String, _ keys: [String]) -> Entry {
            Entry(title, keys.map { Binding(key: $0, action: "") }, .widgets)
        }

        var keys: [String] { bindings.map(\.key) }

        /// The action the keys activate, without target ("win.zoom"); nil for GTK's own keys.
        var action: String? {
            guard reach != .widgets, let detailed = bindings.first?.action else { return nil }
            return KeyboardShortcuts.actionName(detailed)
        }
    }

    static let groups: [(title: String, entries: [Entry])] = [
        (
            tr("General"),
            [
                Entry(tr("Open folder"), ["<Control>o"], "win.open-folder"),
                Entry(tr("Rescan the folder"), ["F5"], "win.rescan"),
                Entry(tr("Search"), ["<Control>f"], "win.search"),
                Entry(tr("Save the search (beside the albums)"), ["<Control>s"], "win.save-search"),
                Entry(tr("Show keyboard shortcuts"), ["<Control>question"], "win.show-help-overlay"),
                Entry(tr("Preferences"), ["<Control>comma"], "win.preferences"),
                .widgets(tr("Main menu"), ["F10"]),
                Entry(tr("Close window"), ["<Control>w"], "window.close"),
                Entry(tr("Quit"), ["<Control>q"], "app.quit"),
            ]
        ),
        (
            tr("Pages"),
            [
                Entry(tr("Photos"), ["<Control>1"], "win.page::photos"),
                Entry(tr("Albums"), ["<Control>2"], "win.page::albums"),
                Entry(tr("Months"), ["<Control>3"], "win.page::months"),
                Entry(tr("Keywords"), ["<Control>4"], "win.page::keywords"),
                Entry(tr("Duplicates"), ["<Control>5"], "win.page::duplicates"),
                Entry(tr("Show or hide details"), ["F9"], "win.toggle-details"),
                Entry(tr("Properties: show and focus the details"), ["<Alt>Return"], "win.properties"),
                Entry(tr("View as list"), ["<Alt>1"], "win.view-mode::list"),
                Entry(tr("View as grid"), ["<Alt>2"], "win.view-mode::grid"),
                Entry(
                    tr("Move between months (Months)"),
                    [
                        Binding(key: "Up", action: "months.month::previous"),
                        Binding(key: "Down", action: "months.month::next"),
                        Binding(key: "Page_Up", action: "months.month::previous-page"),
                        Binding(key: "Page_Down", action: "months.month::next-page"),
                        Binding(key: "Home", action: "months.month::first"),
                        Binding(key: "End", action: "months.month::last"),
                    ], .monthsPage),
                .widgets(tr("Previous or next group (Duplicates)"), ["Up", "Down"]),
                Entry(
                    tr("Choose the copy to keep (Duplicates)"),
                    [
                        Binding(key: "Left", action: "duplicates-page.choose(-1)"),
                        Binding(key: "Right", action: "duplicates-page.choose(1)"),
                    ], .duplicatesPage),
                Entry(
                    tr("Keep One: keep the marked copy, move the others to the trash (Duplicates)"),
                    ["Return", "Delete"], "duplicates-page.keep-one", .duplicatesPage),
                Entry(
                    tr("Keep one copy in every group (Duplicates)"), ["<Shift><Control>Delete"], "duplicates-page.keep-all", .duplicatesPage
                ),
                Entry(
                    tr("Not Duplicates: stop showing the group’s photos together (Duplicates)"), ["n"], "duplicates-page.not-duplicates",
                    .duplicatesPage),
                Entry(
                    tr("Move between the photos (Import)"),
                    ["Left", "Right", "Up", "Down", "Home", "End"].map {
                        Binding(key: $0, action: "import-page.move::\($0.lowercased())")
                    }, .importPage),
                .widgets(tr("Choose a photo, or not (Import)"), ["space"]),
                Entry(tr("Choose every new photo (Import)"), ["<Control>a"], "import-page.choose-all", .importPage),
                Entry(tr("Choose no photo (Import)"), ["<Shift><Control>a"], "import-page.choose-none", .importPage),
                .widgets(tr("Open photo"), ["Return"]),
                .widgets(tr("Select all photos"), ["<Control>a"]),
                .widgets(tr("Back, or close search"), ["Escape"]),
                .widgets(tr("Back"), ["<Alt>Left"]),
            ]
        ),
        (
            tr("Photos"),
            [
                Entry(
                    tr("Rate 0 to 5 stars"), RateAction.ratings.map { Binding(key: "\($0)", action: "win.rate(\($0))") },
                    .windowUnlessTyping),
                Entry(tr("Reject, or take the reject back (as in Shotwell)"), ["9"], "win.reject", .windowUnlessTyping),
                // Translators: F2, as in Shotwell.
                Entry(tr("Edit the title and caption, or rename the album"), ["F2"], "win.edit-title"),
                Entry(tr("Put the title or caption back as it was, and leave it"), ["Escape"], "text-row.revert", .textRow),
                Entry(tr("Add or remove keywords"), ["<Control>k"], "win.edit-keywords"),
                // Translators: Ctrl+R and ], as in Shotwell and GNOME's image viewer.
                Entry(tr("Rotate right (clockwise)"), ["<Control>r", "bracketright"], "win.rotate-right", .windowUnlessTyping),
                Entry(tr("Rotate left (counterclockwise)"), ["<Shift><Control>r", "bracketleft"], "win.rotate-left", .windowUnlessTyping),
                // Translators: Shift+A, as in Google Photos.
                Entry(tr("Add the selected photos to an album"), ["<Shift>a"], "win.add-to-album", .windowUnlessTyping),
                Entry(tr("New album, of the selected photos"), ["<Control>n"], "win.new-album"),
                Entry(tr("Delete the album (Albums)"), ["Delete"], "albums-page.delete", .albumsPage),
                // Translators: Ctrl+Shift+T, as in Shotwell's Adjust Date and Time.
                Entry(tr("Change the date and time of the selected photos"), ["<Shift><Control>t"], "win.adjust-date"),
                Entry(tr("Set the place of the selected photos"), ["<Shift><Control>l"], "win.set-place"),
                Entry(tr("Copy the selected photo’s place"), ["<Shift><Control>c"], "win.copy-place", .windowUnlessTyping),
                Entry(tr("Give the selected photos the place copied"), ["<Shift><Control>v"], "win.paste-place", .windowUnlessTyping),
                Entry(tr("Close the Date and Time or Place window without changing anything"), ["Escape"], "dialog.cancel", .dialog),
                Entry(tr("Next suggested keyword"), ["Down"], "keyword-entry.next-suggestion", .keywordEntry),
                Entry(tr("Previous suggested keyword"), ["Up"], "keyword-entry.previous-suggestion", .keywordEntry),
                Entry(tr("Close the suggestions, or leave the keyword entry"), ["Escape"], "keyword-entry.leave", .keywordEntry),
                Entry(tr("Remove the focused keyword"), ["Delete", "BackSpace"], "keyword.remove", .keywordChip),
                Entry(tr("Show or hide rejected photos"), ["<Control>j"], "win.show-rejected"),
                Entry(tr("Next unrated photo"), ["u"], "win.next-unrated", .windowUnlessTyping),
                Entry(tr("Previous unrated photo"), ["<Shift>u"], "win.previous-unrated", .windowUnlessTyping),
                Entry(tr("Move to trash"), ["Delete"], "win.trash", .windowUnlessTyping),
                Entry(tr("Undo"), ["<Control>z"], "win.undo"),
                Entry(tr("Redo"), ["<Shift><Control>z"], "win.redo"),
                Entry(tr("Copy the selected photos"), ["<Control>c"], "win.copy", .windowUnlessTyping),
                Entry(tr("Photo menu"), ["Menu", "<Shift>F10"], "win.photo-menu", .windowUnlessTyping),
                Entry(tr("Open with another application"), ["<Shift><Control>o"], "win.open-with"),
                Entry(tr("Show in Files"), ["<Control><Alt>o"], "win.show-in-files"),
                // Shotwell's key.
                Entry(tr("Export the selected photos into a folder"), ["<Shift><Control>e"], "win.export"),
                Entry(tr("Set as background (as in Eye of GNOME)"), ["<Control>F8"], "win.set-background"),
                Entry(
                    tr("Previous or next photo"),
                    [Binding(key: "Left", action: "photo.step(-1)"), Binding(key: "Right", action: "photo.step(1)")], .photoPage),
                Entry(tr("Zoom in, or larger thumbnails in the grid"), ["<Control>plus"], "win.zoom::in"),
                Entry(tr("Zoom out, or smaller thumbnails in the grid"), ["<Control>minus"], "win.zoom::out"),
                Entry(tr("Fit the photo to the page, or the default thumbnail size in the grid"), ["<Control>0"], "win.zoom::reset"),
                Entry(tr("Play or pause the video"), ["space"], "photo.play", .photoPage),
                Entry(
                    tr("Back or forward five seconds in the video"),
                    [Binding(key: "<Shift>Left", action: "photo.seek(-5)"), Binding(key: "<Shift>Right", action: "photo.seek(5)")],
                    .photoPage),
                Entry(tr("Mute or unmute the video"), ["m"], "photo.mute", .photoPage),
                Entry(tr("Full screen (on the photo page)"), ["F11"], "photo.full-screen", .photoPage),
                Entry(tr("Leave full screen"), ["Escape"], "photo.leave-full-screen", .photoPage),
            ]
        ),
    ]

    static var entries: [Entry] { groups.flatMap(\.entries) }

    /// Keys that mean the same as one in the table, registered with it and not listed again:
    /// the keypad's, and = and _ for + and − (Ctrl and that key, with or without Shift).
    static let sameKeys: [String: [String]] = [
        "0": ["KP_0"], "1": ["KP_1"], "2": ["KP_2"], "3": ["KP_3"], "4": ["KP_4"], "5": ["KP_5"], "9": ["KP_9"],
        "plus": ["equal", "KP_Add"], "minus": ["underscore", "KP_Subtract"],
        "Delete": ["KP_Delete"], "Return": ["KP_Enter"], "Left": ["KP_Left"], "Right": ["KP_Right"], "Up": ["KP_Up"], "Down": ["KP_Down"],
        "Page_Up": ["KP_Page_Up"], "Page_Down": ["KP_Page_Down"], "Home": ["KP_Home"], "End": ["KP_End"],
    ]

    /// `key` and the keys that mean the same, with its modifiers ("<Control>plus",
    /// "<Control>equal", "<Control>KP_Add").
    static func registeredKeys(_ key: String) -> [String] {
        let split = key.range(of: ">", options: .backwards)?.upperBound ?? key.startIndex
        let modifiers = key[..<split]
        return [key] + (sameKeys[String(key[split...])] ?? []).map { modifiers + $0 }
    }

    /// Every key bound with `reach`, the same keys included, each with its detailed action.
    static func bindings(for reach: Reach) -> [Binding] {
        entries.filter { $0.reach == reach }.flatMap(\.bindings).flatMap { binding in
            registeredKeys(binding.key).map { Binding(key: $0, action: binding.action) }
        }
    }

    /// The action of a detailed action name ("win.zoom" of "win.zoom::in" and of "win.rate(3)").
    static func actionName(_ detailed: String) -> String {
        let end = [detailed.range(of: "::")?.lowerBound, detailed.firstIndex(of: "(")].compactMap { $0 }.min()
        return String(detailed[..<(end ?? detailed.endIndex)])
    }

    /// Registers the accelerators (the keys read before the focused widget) of every action.
    @MainActor
    static func register(in application: Application) {
        var actions: [String] = []
        var keys: [String: [String]] = [:]
        for binding in bindings(for: .window) {
            if keys[binding.action] == nil { actions.append(binding.action) }
            keys[binding.action, default: []].append(binding.key)
        }
        for action in actions { application.setAccelerators(keys[action] ?? [], for: action) }
    }

    /// A shortcut controller for the keys of `reach`, in its phase, for the widget it names
    /// (which, or whose ancestors, have the actions).
    @MainActor
    static func controller(for reach: Reach) -> ShortcutController {
        guard let phase = reach.phase else {
            preconditionFailure("KeyboardShortcuts: \(reach) keys have no controller of their own")
        }
        let controller = ShortcutController()
        controller.propagationPhase = phase
        for binding in bindings(for: reach) { controller.add(trigger: binding.key, action: binding.action) }
        return controller
    }

    /// The shortcuts window's content: every entry, with every key it lists.
    static var shortcutGroups: [ShortcutGroup] {
        groups.map { group in
            ShortcutGroup(group.title, group.entries.map { Shortcut($0.title, $0.keys.joined(separator: " ")) })
        }
    }
}
