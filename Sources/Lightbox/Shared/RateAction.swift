import Gtk
import LightboxKit

/// The one way to rate: the window's `rate` action (`win.rate`), whose int32 parameter is
/// the stars, 0 to 5. Keys 0–5 (`KeyboardShortcuts`, wherever the focus is but in a text
/// field) and the details pane's star buttons all activate it. The window's `PhotoCommands`
/// rates the current page's selected photos.
@MainActor
public enum RateAction {
    /// The action's name among the window's actions.
    public static let name = "rate"
    /// The name a widget activates.
    public static let detailedName = "win.\(name)"
    /// Every rating there is: no stars to five stars.
    public nonisolated static let ratings = 0...5

    /// Activates `win.rate` with `stars` from `widget` (GTK finds the action from the widget
    /// up to its window). Returns whether an action took it.
    @discardableResult
    public static func activate(_ stars: Int, from widget: Widget) -> Bool {
        widget.activateAction(detailedName, parameter: Variant(Int32(stars)))
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
