import Gtk

/// One lasting condition of the library as a bar across the window, under the header
/// (GNOME's banner): an icon, the message, and Close when the person may dismiss it.
final class ConditionBar: Box {
    let condition: LibraryCondition
    let messageLabel = Label()
    let closeButton = Button(mnemonic: tr("_Close"))
    /// What the bar offers to do (`LibraryCondition.actionLabel`); hidden when nothing.
    let actionButton = Button()

    init(_ condition: LibraryCondition) {
        self.condition = condition
        super.init(orientation: .horizontal, spacing: 12)
        addCssClass("condition-bar")
        addCssClass(condition.isDismissible ? "info" : "warning")
        let icon = Image(iconName: condition.isDismissible ? "dialog-information-symbolic" : "dialog-warning-symbolic")
        append(icon)
        messageLabel.text = condition.message
        messageLabel.wraps = true
        messageLabel.xalign = 0
        messageLabel.horizontalExpand = true
        messageLabel.isSelectable = false
        append(messageLabel)
        actionButton.label = condition.actionLabel ?? ""
        actionButton.isVisible = condition.actionLabel != nil
        actionButton.verticalAlignment = .center
        append(actionButton)
        closeButton.isVisible = condition.isDismissible
        closeButton.setAccessibleLabel(tr("Close this message"))
        append(closeButton)
    }

    static let css = """
        .condition-bar { padding: 8px 14px; border-bottom: 1px solid alpha(currentColor, 0.15); }
        .condition-bar.warning { background-color: alpha(@warning_color, 0.22); }
        .condition-bar.info { background-color: alpha(@accent_bg_color, 0.18); }
        """
}
