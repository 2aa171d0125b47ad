import CGtk

/// GtkShortcutController: keys that activate actions by name, read by GTK on the widget it
/// is added to, in its propagation phase (the bubble phase unless told: the focused widget
/// has the key first). A disabled or missing action lets the key go on, as accelerators do.
public final class ShortcutController: EventController {
    public init() {
        super.init(UnsafeMutableRawPointer(gtk_shortcut_controller_new()), ownership: .full)
    }

    /// Adds a shortcut: `trigger` (an accelerator: "Delete", "<Control>plus") activates
    /// `action`, a detailed action name ("win.trash", "win.rate(3)", "win.zoom::in") looked
    /// up from the widget to its window.
    public func add(trigger: String, action detailedName: String) {
        guard let parsedTrigger = gtk_shortcut_trigger_parse_string(trigger) else {
            preconditionFailure("ShortcutController: “\(trigger)” is not an accelerator")
        }
        var name: UnsafeMutablePointer<gchar>?
        var target: OpaquePointer?
        guard g_action_parse_detailed_name(detailedName, &name, &target, nil) != 0, let name else {
            preconditionFailure("ShortcutController: “\(detailedName)” is not a detailed action name")
        }
        defer { g_free(name) }
        // The shortcut takes the trigger and the action; the controller takes the shortcut.
        let shortcut = gtk_shortcut_new(parsedTrigger, gtk_named_action_new(name))
        if let target {
            gtk_shortcut_set_arguments(shortcut, target)
            g_variant_unref(target)
        }
        gtk_shortcut_controller_add_shortcut(cast(), shortcut)
    }

    /// Every shortcut, as its trigger ("<Control>plus") and its detailed action name
    /// ("win.zoom::in"), in the order added.
    public var shortcuts: [(trigger: String, action: String)] {
        Self.shortcuts(of: OpaquePointer(gobject))
    }

    fileprivate static func shortcuts(of model: OpaquePointer) -> [(trigger: String, action: String)] {
        (0..<g_list_model_get_n_items(model)).compactMap { index in
            guard let item = g_list_model_get_item(model, index) else { return nil }
            defer { g_object_unref(item) }
            let shortcut = OpaquePointer(item)
            guard let action = gtk_shortcut_get_action(shortcut),
                lbx_is_a(UnsafeMutableRawPointer(action), gtk_named_action_get_type()) != 0,
                let trigger = gtk_shortcut_trigger_to_string(gtk_shortcut_get_trigger(shortcut))
            else { return nil }
            defer { g_free(trigger) }
            let name = String(cString: gtk_named_action_get_action_name(action))
            guard let detailed = g_action_print_detailed_name(name, gtk_shortcut_get_arguments(shortcut)) else { return nil }
            defer { g_free(detailed) }
            return (String(cString: trigger), String(cString: detailed))
        }
    }
}

/// Accelerators as GTK reads them.
public enum Accelerator {
    /// `accelerator` as GTK names it ("<Control>plus" for "<Ctrl>plus"), nil when GTK can't read it.
    public static func normalized(_ accelerator: String) -> String? {
        var key: guint = 0
        var modifiers = GdkModifierType(rawValue: 0)
        guard gtk_accelerator_parse(accelerator, &key, &modifiers) != 0, key != 0,
            let name = gtk_accelerator_name(key, modifiers)
        else { return nil }
        defer { g_free(name) }
        return String(cString: name)
    }
}

extension Widget {
    /// For tests: the shortcuts of this widget's shortcut controllers whose key is `key`
    /// with exactly `modifiers`, activated as GTK would; returns whether one's action ran
    /// (a disabled action does not, and the key goes on).
    package func activateShortcut(_ key: Key, modifiers: ModifierType) -> Bool {
        guard let controllers = gtk_widget_observe_controllers(widget) else { return false }
        defer { g_object_unref(UnsafeMutableRawPointer(controllers)) }
        for index in 0..<g_list_model_get_n_items(controllers) {
            guard let controller = g_list_model_get_item(controllers, index) else { continue }
            defer { g_object_unref(controller) }
            guard lbx_is_a(controller, gtk_shortcut_controller_get_type()) != 0 else { continue }
            let model = OpaquePointer(controller)
            for position in 0..<g_list_model_get_n_items(model) {
                guard let item = g_list_model_get_item(model, position) else { continue }
                defer { g_object_unref(item) }
                let shortcut = OpaquePointer(item)
                guard Self.trigger(gtk_shortcut_get_trigger(shortcut), matches: key, modifiers),
                    gtk_shortcut_action_activate(
                        gtk_shortcut_get_action(shortcut), GTK_SHORTCUT_ACTION_EXCLUSIVE, widget,
                        gtk_shortcut_get_arguments(shortcut)) != 0
                else { continue }
                return true
            }
        }
        return false
    }

    private static func trigger(_ trigger: OpaquePointer?, matches key: Key, _ modifiers: ModifierType) -> Bool {
        guard let trigger else { return false }
        if lbx_is_a(UnsafeMutableRawPointer(trigger), gtk_alternative_trigger_get_type()) != 0 {
            return self.trigger(gtk_alternative_trigger_get_first(trigger), matches: key, modifiers)
                || self.trigger(gtk_alternative_trigger_get_second(trigger), matches: key, modifiers)
        }
        guard lbx_is_a(UnsafeMutableRawPointer(trigger), gtk_keyval_trigger_get_type()) != 0 else { return false }
        let wanted = ModifierType(gtk_keyval_trigger_get_modifiers(trigger)).intersection(.shortcutRelevant)
        return gdk_keyval_to_lower(gtk_keyval_trigger_get_keyval(trigger)) == gdk_keyval_to_lower(key.value)
            && wanted == modifiers.intersection(.shortcutRelevant)
    }
}
