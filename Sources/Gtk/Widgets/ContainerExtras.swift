import CGtk

extension Box {
    /// Inserts `child` right after `sibling` (at the start when `sibling` is nil).
    public func insert(_ child: Widget, after sibling: Widget?) {
        gtk_box_insert_child_after(cast(), child.widget, sibling?.widget)
    }
}

extension MenuButton {
    /// Changes the button's icon.
    public var iconName: String? {
        get { gtk_menu_button_get_icon_name(cast()).map { String(cString: $0) } }
        set { gtk_menu_button_set_icon_name(cast(), newValue) }
    }
}
