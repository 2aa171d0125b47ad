import Gtk
import LightboxKit

extension MainWindowController {
    /// The culling filters' window actions: `win.show-rejected`, a toggle (no parameter,
    /// boolean state: a check item in the primary menu, Ctrl+J, the list's "Show"/"Hide"
    /// button), and `win.minimum-rating`, int32 0…5 with the value as its state (radio
    /// items "All Photos", "★ 1 or More"… in the sort menu; "Show All" buttons).
    func installFilterActions<Actions: Object & ActionMap>(in actions: Actions) {
        let showRejected = Action(name: "show-rejected", parameterType: nil, state: Variant(store.showsRejected))
        showRejected.onActivate(owner: self) { [unowned self, unowned showRejected] _ in
            self.store.showsRejected.toggle()
            showRejected.state = Variant(self.store.showsRejected)
        }
        actions.add(showRejected)
        let minimum = Action(name: "minimum-rating", parameterType: "i", state: Variant(Int32(store.minimumRating)))
        minimum.onActivate(owner: self) { [unowned self, unowned minimum] parameter in
            guard let value = parameter?.int32, RateAction.ratings.contains(Int(value)) else { return }
            self.store.minimumRating = Int(value)
            minimum.state = Variant(value)
        }
        actions.add(minimum)
    }

    /// U and Shift+U: the next or previous unrated photo of the page in front (see
    /// `PhotoCommands.stepToUnrated`). Returns whether the key was one of them.
    func stepToUnrated(for key: Key, modifiers: ModifierType) -> Bool {
        guard modifiers.isEmpty || modifiers == .shiftMask else { return false }
        switch key.name {
        case "u": commands.stepToUnrated(forward: true)
        case "U": commands.stepToUnrated(forward: false)
        default: return false
        }
        return true
    }
}
