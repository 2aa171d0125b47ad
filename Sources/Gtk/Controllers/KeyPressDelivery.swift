import CGtk

extension Widget {
    /// Emits `key-pressed` on this widget's own key controllers, in the order they were
    /// added, until one handles it, then tries its shortcut controllers' shortcuts (see
    /// `activateShortcut`); returns whether one did. Lets tests and automation drive
    /// keyboard handling without a focused window.
    @discardableResult
    package func sendKeyPress(_ key: Key, modifiers: ModifierType) -> Bool {
        let handledByKeyController = observeControllers().objects.contains { controller in
            controller is EventControllerKey
                && controller.emitForTesting("key-pressed", [.integer(Int(key.value)), .integer(0), .integer(Int(modifiers.rawValue))])
        }
        return handledByKeyController || activateShortcut(key, modifiers: modifiers)
    }
}
