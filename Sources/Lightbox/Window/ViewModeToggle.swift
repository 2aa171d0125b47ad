import Gtk

/// The Photos page's "View as List / View as Grid" switch in the header: two linked toggle
/// buttons on the stateful `win.view-mode` action (GTK shows the one whose target is the
/// action's state pressed), their tooltips naming the keys.
final class ViewModeToggle: Box {
    let listButton = ToggleButton(iconName: "view-list-symbolic")
    let gridButton = ToggleButton(iconName: "view-grid-symbolic")

    init() {
        super.init(orientation: .horizontal)
        addCssClass("linked")
        for (button, mode, title, tooltip) in [
            (listButton, "list", tr("View as List"), tr("View as List (Alt+1)")),
            (gridButton, "grid", tr("View as Grid"), tr("View as Grid (Alt+2)")),
        ] {
            button.tooltip = tooltip
            button.setAccessibleLabel(title)
            button.actionTarget = Variant(mode)
            button.actionName = "win.view-mode"
            append(button)
        }
    }
}
