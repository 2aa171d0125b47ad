import CGtk

extension Widget {
    /// Emits `key-pressed` on this widget's own key controllers, in the order they were
    /// added, until one handles it; returns whether one did. Lets tests and automation
    /// drive keyboard handling without a focused window.
    @discardableResult
    package func sendKeyPress(_ key: Key, modifiers: ModifierType) -> Bool {
        let keyType = gtk_event_controller_key_get_type()
        let signal = g_signal_lookup("key-pressed", keyType)
        guard let controllers = gtk_widget_observe_controllers(widget) else { return false }
        defer { g_object_unref(UnsafeMutableRawPointer(controllers)) }
        for index in 0..<g_list_model_get_n_items(controllers) {
            guard let controller = g_list_model_get_item(controllers, index) else { continue }
            defer { g_object_unref(controller) }
            guard lbx_is_a(controller, keyType) != 0 else { continue }
            var arguments = [GValue](repeating: GValue(), count: 4)
            g_value_init(&arguments[0], keyType)
            g_value_set_object(&arguments[0], controller)
            g_value_init(&arguments[1], lbx_type_uint())
            g_value_set_uint(&arguments[1], key.value)
            g_value_init(&arguments[2], lbx_type_uint())
            g_value_init(&arguments[3], gdk_modifier_type_get_type())
            g_value_set_flags(&arguments[3], modifiers.rawValue)
            var handled = GValue()
            g_value_init(&handled, lbx_type_boolean())
            g_signal_emitv(&arguments, signal, 0, &handled)
            let wasHandled = g_value_get_boolean(&handled) != 0
            for index in arguments.indices { g_value_unset(&arguments[index]) }
            if wasHandled { return true }
        }
        return false
    }
}
