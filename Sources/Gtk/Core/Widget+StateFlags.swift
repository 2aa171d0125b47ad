import CGtk

extension Widget {
    /// Sets (or clears) state flags as GTK does on pointer and focus changes
    /// (for tests that check how a widget reacts to hover and focus).
    public func setStateFlags(_ flags: StateFlags, on: Bool) {
        if on {
            gtk_widget_set_state_flags(widget, GtkStateFlags(rawValue: flags.rawValue), 0)
        } else {
            gtk_widget_unset_state_flags(widget, GtkStateFlags(rawValue: flags.rawValue))
        }
    }
}
