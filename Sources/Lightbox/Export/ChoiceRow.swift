import Adw
import Gtk

/// A preferences row with one choice among a few, as linked toggle buttons (a segmented
/// control): exactly one is on; choosing one turns the others off.
@MainActor
final class ChoiceRow<Value: Equatable> {
    let row = ActionRow()
    private(set) var buttons: [(value: Value, button: ToggleButton)] = []
    private var isUpdating = false
    /// Called when a choice is made by the person.
    var changed: (() -> Void)?

    init(title: String, choices: [(Value, String)]) {
        row.title = title
        let box = Box(orientation: .horizontal, spacing: 0)
        box.addCssClass("linked")
        box.verticalAlignment = .center
        for (value, label) in choices {
            let button = ToggleButton(mnemonic: label)
            button.onToggled(owner: row) { [unowned self, unowned button] in self.toggled(button) }
            box.append(button)
            buttons.append((value, button))
        }
        row.addSuffix(box)
    }

    var value: Value {
        get { buttons.first { $0.button.isActive }?.value ?? buttons[0].value }
        set {
            isUpdating = true
            for (value, button) in buttons { button.isActive = value == newValue }
            isUpdating = false
        }
    }

    private func toggled(_ button: ToggleButton) {
        guard !isUpdating else { return }
        isUpdating = true
        defer { isUpdating = false }
        // Clicking the chosen one again keeps it chosen.
        guard button.isActive else {
            button.isActive = true
            return
        }
        for other in buttons where other.button !== button { other.button.isActive = false }
        changed?()
    }
}
