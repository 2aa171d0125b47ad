import CGtk

extension Window {
    /// Whether the focus ring is drawn (GTK turns it on when the keyboard is used).
    public var isFocusVisible: Bool {
        get { gtk_window_get_focus_visible(window) != 0 }
        set { gtk_window_set_focus_visible(window, newValue ? 1 : 0) }
    }
}
