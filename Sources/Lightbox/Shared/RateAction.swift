import Gtk
import LightboxKit

/// The one way to rate: the window's `rate` action (`win.rate`), whose int32 parameter is
/// the stars, 0 to 5. Keys 0–5 (in the photo list, the photo page and the details pane)
/// and the details pane's star buttons all activate it; `stars(for:modifiers:)` is the one
/// reading of a key. The window's `PhotoCommands` rates the current page's selected photos.
@MainActor
public enum RateAction {
    /// The action's name among the window's actions.
    public static let name = "rate"
    /// The name a widget activates.
    public static let detailedName = "win.\(name)"
    /// Every rating there is: no stars to five stars.
    public nonisolated static let ratings = 0...5

    /// The rating a key press asks for: 0–5 on the main row or the keypad, with no modifier
    /// or only Shift (keyboard layouts that type digits with Shift); nil for any other key.
    public nonisolated static func stars(for key: Key, modifiers: ModifierType) -> Int? {
        guard modifiers.isEmpty || modifiers == .shiftMask, let character = key.character, character.isASCII,
            let stars = character.wholeNumberValue, ratings.contains(stars)
        else { return nil }
        return stars
    }

    /// Activates `win.rate` with `stars` from `widget` (GTK finds the action from the widget
    /// up to its window). Returns whether an action took it.
    @discardableResult
    public static func activate(_ stars: Int, from widget: Widget) -> Bool {
        widget.activateAction(detailedName, parameter: Variant(Int32(stars)))
    }

    /// For a key handler: activates `win.rate` from `widget` when `key` is a rating key.
    /// Returns whether it did (the key is handled).
    public static func activate(for key: Key, modifiers: ModifierType, from widget: Widget) -> Bool {
        guard let stars = stars(for: key, modifiers: modifiers) else { return false }
        return activate(stars, from: widget)
    }

    /// The action: `rate` gets the stars of each activation (values outside 0–5 are ignored).
    public static func makeAction(_ rate: @escaping @MainActor (Int) -> Void) -> Action {
        let action = Action(name: name, parameterType: "i")
        action.onActivate { parameter in
            guard let value = parameter?.int32, ratings.contains(Int(value)) else { return }
            rate(Int(value))
        }
        return action
    }
}
