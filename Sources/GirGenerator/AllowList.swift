/// What the generator emits: the GIR types the project uses, and the few names and
/// defaults that read better in Swift than the mechanical mapping.
public struct AllowList: Sendable {
    /// The Swift module the bindings go to ("Gtk"), and its files' import lines.
    public var module: String
    public var imports: [String]
    /// Where the sources and the tests are written, from the package root.
    public var sourcesFolder: String
    public var testsFolder: String
    /// Namespaces whose enums and option sets this module declares.
    public var enumNamespaces: [String]
    /// Modules these bindings build on: their types may be taken and returned, not emitted.
    public var dependencies: [AllowList]
    /// GIR files read, from the GIR directory.
    public var girFiles: [String]
    /// Classes and interfaces to wrap, qualified ("Gtk.Box", "Gio.ListModel").
    public var types: [String]
    /// Types wrapped by hand-written classes that generated members may take and return.
    public var handWritten: [String: String]
    /// Signal parameters whose GIR type is wider than what the signal passes
    /// (`Gtk.SignalListItemFactory::setup.object`: the GIR says GObject, GTK 4.8 passes a GtkListItem).
    public var signalParameterTypes: [String: String]
    /// Swift names instead of the mechanical ones. Keys:
    /// `Gtk.Widget.visible` (a property), `gtk_label_new` (a method or constructor, by C name).
    public var renames: [String: String]
    /// Constructor or method parameters, by `c_identifier.parameter`: the Swift label
    /// (`_` for none), optionally with a default (`label = default`).
    public var parameters: [String: String]
    /// Members not generated, by C name or `Gtk.Class.property` / `Gtk.Class::signal`,
    /// each with the reason (hand-written instead, or not meaningful in Swift).
    public var skipped: [String: String]
    /// For the round-trip test: how to make an instance of a class ("Gtk.Box": "Box()"),
    /// samples for object-typed properties by Swift type ("Widget": "Label()"), and
    /// properties left out with the reason ("Gtk.Adjustment.value": "clamped to the range").
    public var testInstances: [String: String]
    public var testSamples: [String: String]
    public var testSkipped: [String: String]
    /// The two values a property's test writes, where the type's samples do not suit it
    /// ("Adw.AboutWindow.release-notes": markup).
    public var testPropertyValues: [String: [String]] = [:]
    /// Properties whose setter does work even when the value is the same, by
    /// `Gtk.Class.property`: the generated setter returns when it is.
    public var setOnlyWhenChanged: Set<String> = []
}

extension AllowList {
    /// The types Lightbox's GTK layer wraps.
    public static let lightbox = AllowList(
        module: "Gtk", imports: ["import CGtk"],
        sourcesFolder: "Sources/Gtk/Generated", testsFolder: "Tests/GtkTests/Generated",
        enumNamespaces: ["Gtk", "Gdk", "Gio", "Pango", "Gsk"], dependencies: [],
        girFiles: ["GLib-2.0.gir", "GObject-2.0.gir", "Gio-2.0.gir", "Pango-1.0.gir", "Gdk-4.0.gir", "Gsk-4.0.gir", "Gtk-4.0.gir"],
        types: [
            "Gio.ListModel", "Gio.MenuModel", "Gio.Menu",
            "Gtk.Orientable", "Gtk.SelectionModel",
            "Gtk.Widget", "Gtk.Box", "Gtk.CenterBox", "Gtk.ScrolledWindow", "Gtk.Paned", "Gtk.Stack",
            "Gtk.StackSwitcher", "Gtk.Revealer", "Gtk.Overlay", "Gtk.HeaderBar",
            "Gtk.Label", "Gtk.Image", "Gtk.Picture", "Gtk.Button", "Gtk.ToggleButton", "Gtk.MenuButton",
            "Gtk.Spinner", "Gtk.ProgressBar", "Gtk.SearchEntry", "Gtk.Separator", "Gtk.DrawingArea",
            "Gtk.Entry", "Gtk.FlowBox", "Gtk.FlowBoxChild",
            "Gtk.Window", "Gtk.ApplicationWindow", "Gtk.AboutDialog",
            "Gtk.Adjustment",
            "Gtk.ListItem", "Gtk.ListItemFactory", "Gtk.SignalListItemFactory",
            "Gtk.ListBase", "Gtk.ListView", "Gtk.GridView",
            "Gtk.SingleSelection", "Gtk.MultiSelection", "Gtk.NoSelection", "Gtk.StringList",
            "Gtk.EventController", "Gtk.EventControllerKey", "Gtk.EventControllerFocus",
            "Gtk.NativeDialog", "Gtk.FileChooserNative",
            // A setting's on/off switch in a preferences row.
            "Gtk.Switch",
            // A context menu opened by a right click, and dragging files out to other apps.
            "Gtk.Popover", "Gtk.PopoverMenu", "Gtk.Gesture", "Gtk.GestureSingle", "Gtk.GestureClick", "Gtk.DragSource",
        ],
        handWritten: ["Gtk.Application": "Application"],
        signalParameterTypes: [
            "Gtk.SignalListItemFactory::setup.object": "Gtk.ListItem",
            "Gtk.SignalListItemFactory::bind.object": "Gtk.ListItem",
            "Gtk.SignalListItemFactory::unbind.object": "Gtk.ListItem",
            "Gtk.SignalListItemFactory::teardown.object": "Gtk.ListItem",
        ],
        renames: [
            "Pango.WrapMode": "LineWrapMode",
            // The kit's `SelectionMode` (of its lists) is the one app code names.
            "Gtk.SelectionMode": "ChildSelectionMode",
            "Gtk.FlowBox.homogeneous": "isHomogeneous",
            "Gtk.Widget.visible": "isVisible",
            "Gtk.Widget.sensitive": "isSensitive",
            "Gtk.Widget.focusable": "isFocusable",
            "Gtk.Widget.can-focus": "canFocus",
            "Gtk.Widget.has-focus": "hasFocus",
            "Gtk.Widget.hexpand": "horizontalExpand",
            "Gtk.Widget.vexpand": "verticalExpand",
            "Gtk.Widget.halign": "horizontalAlignment",
            "Gtk.Widget.valign": "verticalAlignment",
            "Gtk.Widget.tooltip-text": "tooltip",
            "Gtk.Box.homogeneous": "isHomogeneous",
            "Gtk.Label.label": "text",
            "Gtk.Stack.transition-running": "isTransitionRunning",
            "Gtk.Revealer.reveal-child": "isRevealed",
            "Gtk.Stack.transition-type": "transition",
            "Gtk.Label.wrap": "wraps",
            "Gtk.Label.selectable": "isSelectable",
            "Gtk.ToggleButton.active": "isActive",
            "Gtk.Switch.active": "isActive",
            "Gtk.Spinner.spinning": "isSpinning",
            "Gtk.ListItem.selected": "isSelected",
            "Gtk.ListItem.activatable": "isActivatable",
            "Gtk.ListItem.selectable": "isSelectable",
            "Gtk.Window.modal": "isModal",
            "Gtk.Window.focus-visible": "isFocusVisible",
            "Gtk.Window.hide-on-close": "hidesOnClose",
            "Gtk.Window.maximized": "isMaximized",
            "Gtk.Window.is-active": "isActive",
            "Gtk.MenuButton.primary": "isPrimary",
            "Gtk.ListView.show-separators": "showsSeparators",
            "Gtk.HeaderBar.show-title-buttons": "showsTitleButtons",
            "Gtk.ApplicationWindow.show-menubar": "showsMenubar",
            "Gtk.ScrolledWindow.propagate-natural-height": "propagatesNaturalHeight",
            "Gtk.ScrolledWindow.propagate-natural-width": "propagatesNaturalWidth",
            "Gtk.ScrolledWindow.hadjustment": "horizontalAdjustment",
            "Gtk.ScrolledWindow.vadjustment": "verticalAdjustment",
            "Gtk.Stack.hhomogeneous": "isHorizontallyHomogeneous",
            "Gtk.Stack.vhomogeneous": "isVerticallyHomogeneous",
            "Gtk.NativeDialog.modal": "isModal",
            "Gtk.NativeDialog.visible": "isVisible",
            "g_list_model_get_n_items": "itemCount",
            "g_menu_model_get_n_items": "itemCount",
            "gtk_widget_get_mapped": "isMapped",
            "gtk_widget_get_realized": "isRealized",
            "gtk_widget_get_child_visible": "isChildVisible",
            "gtk_image_set_from_icon_name": "setIcon",
            "gtk_picture_set_filename": "setFile",
            "gtk_label_new": "init",
            "gtk_button_new_with_mnemonic": "init",
            "gtk_image_new_from_icon_name": "init",
        ],
        parameters: [
            "gtk_label_new.str": "_ = nil",
            "gtk_button_new_with_mnemonic.label": "mnemonic",
            "gtk_image_new_from_icon_name.icon_name": "iconName",
            "gtk_box_new.orientation": "orientation = .vertical",
            "gtk_box_new.spacing": "spacing = 0",
            "gtk_paned_new.orientation": "orientation = .horizontal",
            "gtk_separator_new.orientation": "orientation = .horizontal",
            "gtk_string_list_new.strings": "_",
            "gtk_widget_set_size_request.width": "width",
            "gtk_scrolled_window_set_policy.hscrollbar_policy": "horizontal",
            "gtk_scrolled_window_set_policy.vscrollbar_policy": "vertical",
        ],
        skipped: [
            "gtk_widget_unparent": "only a widget implementation may call it; `Widget.removeFromParent()` instead",
            "gtk_widget_set_parent": "only a widget implementation may call it",
            "gtk_selection_model_unselect_all": "hand-written: GtkSingleSelection ignores it on GTK 4.8",
            "gtk_widget_add_controller": "hand-written: takes the controller's reference",
            "gtk_widget_insert_action_group": "hand-written: takes an action group",
        ],
        testInstances: [
            "Gtk.Window": "Window()",
            "Gtk.ApplicationWindow": "",
            "Gtk.AboutDialog": "AboutDialog()",
            "Gtk.Adjustment": "Adjustment(value: 0, lower: 0, upper: 100, stepIncrement: 1, pageIncrement: 10, pageSize: 10)",
            "Gtk.StackSwitcher": "StackSwitcher()",
            "Gtk.SingleSelection": "SingleSelection(model: StringList([\"a\", \"b\", \"c\", \"d\", \"e\", \"f\", \"g\", \"h\"]))",
            "Gtk.MultiSelection": "MultiSelection(model: StringList([]))",
            "Gtk.NoSelection": "NoSelection(model: StringList([]))",
            "Gtk.ListView": "ListView(model: nil, factory: nil)",
            "Gtk.GridView": "GridView(model: nil, factory: nil)",
            "Gtk.FileChooserNative":
                "FileChooserNative(title: \"Open\", parent: nil, action: .selectFolder, acceptLabel: nil, cancelLabel: nil)",
            "Gtk.ListItem": "",
        ],
        testSamples: [
            "Widget": "Label()",
            "Adjustment": "Adjustment(value: 0, lower: 0, upper: 100, stepIncrement: 1, pageIncrement: 10, pageSize: 10)",
            "ListItemFactory": "SignalListItemFactory()",
            "any ListModel": "StringList([])",
            "any SelectionModel": "NoSelection(model: StringList([]))",
        ],
        testSkipped: [
            "Gtk.Image.file": "GTK keeps only a file it could load",
            "Gtk.Image.resource": "GTK keeps only a resource it could load",
            "Gtk.ScrolledWindow.child": "GTK puts a child that cannot scroll itself into a GtkViewport",
            "Gtk.Stack.visible-child": "must be a page of the stack (StackTests)",
            "Gtk.Stack.visible-child-name": "must name a page of the stack (StackTests)",
            "Gtk.Widget.opacity": "GTK stores opacity in 8 bits",
            "Gtk.Window.focus-widget": "must be a widget inside the window",
            "Gtk.Window.default-widget": "must be a widget inside the window",
            "Gtk.Widget::destroy": "GTK's handler disposes the widget",
            "Gtk.Widget::show": "GTK's handler maps a widget without a parent",
            "Gtk.Widget::hide": "GTK's handler needs a shown widget",
            "Gtk.Widget::map": "GTK's handler needs a realized widget (lifecycle tests map real windows)",
            "Gtk.Widget::unmap": "GTK's handler needs a mapped widget (lifecycle tests unmap real windows)",
            "Gtk.Widget::realize": "GTK's handler needs a widget in a window",
            "Gtk.Widget::unrealize": "GTK's handler needs a realized widget",
            "Gtk.Widget::mnemonic-activate": "GTK's handler activates the widget",
            "Gtk.Widget::move-focus": "GTK's handler needs a widget in a window",
            "Gtk.Window::enable-debugging": "GTK's handler opens the inspector",
            "Gtk.Window::activate-default": "GTK's handler needs a realized window",
            "Gtk.Window::activate-focus": "GTK's handler needs a realized window",
            "Gtk.SignalListItemFactory::setup": "GTK makes list items itself (ArrayDataSourceTests bind real rows)",
            "Gtk.SignalListItemFactory::bind": "GTK makes list items itself (ArrayDataSourceTests bind real rows)",
            "Gtk.SignalListItemFactory::unbind": "GTK makes list items itself (ArrayDataSourceTests bind real rows)",
            "Gtk.SignalListItemFactory::teardown": "GTK makes list items itself (ArrayDataSourceTests bind real rows)",
            "Gtk.Paned::accept-position": "a keyboard action on the handle: GTK's handler needs a paned in a window",
            "Gtk.Paned::cancel-position": "a keyboard action on the handle: GTK's handler needs a paned in a window",
            "Gtk.Paned::cycle-child-focus": "a keyboard action on the handle: GTK's handler needs a paned in a window",
            "Gtk.Paned::cycle-handle-focus": "a keyboard action on the handle: GTK's handler needs a paned in a window",
            "Gtk.Paned::move-handle": "a keyboard action on the handle: GTK's handler needs a paned in a window",
            "Gtk.Paned::toggle-handle-focus": "a keyboard action on the handle: GTK's handler needs a paned in a window",
            "Gtk.ScrolledWindow::scroll-child.result": "GTK's handler runs after and answers itself",
            "Gtk.Popover::activate-default": "GTK's handler needs a popover in a window",
        ],
        // GTK 4.8 asks the display where the pointer is (two X round trips) on every set, to
        // show the new tooltip at once: rows and panes configured again set the same text.
        setOnlyWhenChanged: ["Gtk.Widget.tooltip-text", "Gtk.Widget.tooltip-markup"]
    )
}

extension AllowList {
    /// libadwaita's types the app uses (the kit stays plain GTK).
    public static let adwaita = AllowList(
        module: "Adw", imports: ["import CAdw", "import CGtk", "@_spi(GtkBinding) import Gtk"],
        sourcesFolder: "Sources/Adw/Generated", testsFolder: "Tests/AdwTests/Generated",
        enumNamespaces: ["Adw"], dependencies: [.lightbox],
        girFiles: AllowList.lightbox.girFiles + ["Adw-1.gir"],
        types: [
            "Adw.StyleManager", "Adw.ApplicationWindow", "Adw.HeaderBar", "Adw.WindowTitle",
            "Adw.ToastOverlay", "Adw.Toast", "Adw.StatusPage", "Adw.AboutWindow",
            // The preferences window: groups of rows, each a title beside its control.
            "Adw.PreferencesWindow", "Adw.PreferencesPage", "Adw.PreferencesGroup", "Adw.PreferencesRow", "Adw.ActionRow",
            // A photo's title and caption, typed in the details pane.
            "Adw.EntryRow",
        ],
        handWritten: ["Gtk.Application": "Application"],
        signalParameterTypes: [:],
        renames: [
            "Adw.StyleManager.dark": "isDark",
            "Adw.HeaderBar.show-start-title-buttons": "showsStartTitleButtons",
            "Adw.HeaderBar.show-end-title-buttons": "showsEndTitleButtons",
        ],
        parameters: [
            "adw_toast_new.title": "_",
            "adw_window_title_new.title": "title",
            "adw_window_title_new.subtitle": "subtitle",
        ],
        skipped: [
            "adw_application_window_new": "hand-written in the app when it moves to libadwaita: GTK owns toplevels"
        ],
        testInstances: [
            "Adw.StyleManager": "",
            "Adw.Toast": "Toast(\"Moved to trash\")",
            "Adw.WindowTitle": "WindowTitle(title: \"Photos\", subtitle: \"All\")",
            "Adw.ApplicationWindow": "",
        ],
        testSamples: ["Widget": "Label()"],
        testSkipped: [
            "Adw.AboutWindow.license-type": "GTK's custom license type shows license text only",
            "Adw.PreferencesWindow.visible-page": "must be a page of the window (PreferencesTests)",
            "Adw.PreferencesWindow.visible-page-name": "must name a page of the window (PreferencesTests)",
        ],
        testPropertyValues: [
            "Adw.AboutWindow.release-notes": [#""<p>Faster thumbnails.</p>""#, #""<ul><li>Ratings travel with the files.</li></ul>""#]
        ]
    )
}
