import Gtk
import LightboxKit

/// The one way to rate: the window's `rate` action (`win.rate`), whose int32 parameter is
/// the stars, 0 to 5. Keys 0–5 (in the photo list, the photo page and the details pane)
/// and the details pane's star buttons all activate it; `stars(for:modifiers:)` is the one
/// reading of a key. The window's `RateCommand` rates the current page's photo.
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
              let stars = character.wholeNumberValue, ratings.contains(stars) else { return nil }
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

/// A page that says itself, beside the stars it shows, that its photo's rating could not
/// be saved (the photo page). For the other pages the window says it.
@MainActor
public protocol RatingFailureShowing: AnyObject {
    /// Says why the rating could not be saved; nil clears what was said.
    func showRatingFailure(_ error: (any Error)?)
}

/// What `win.rate` does: rates the current photo of the page in front through the Store.
/// A page that shows rating failures itself is told of them; otherwise `report` says them
/// (the window's banner).
@MainActor
public final class RateCommand {
    private let store: CatalogStore
    private let page: @MainActor () -> Controller?
    private let report: @MainActor (String) -> Void

    /// - Parameters:
    ///   - page: the page whose current photo (`PhotoSelecting`) is rated; nil rates nothing
    ///     (while typing in search).
    ///   - report: says a failure the page does not show itself.
    public init(store: CatalogStore, page: @escaping @MainActor () -> Controller?,
                report: @escaping @MainActor (String) -> Void) {
        self.store = store
        self.page = page
        self.report = report
    }

    /// Adds `win.rate` to `actions` (the window's actions); the action keeps this command.
    public func install<Actions: Object & ActionMap>(in actions: Actions) {
        actions.add(RateAction.makeAction { stars in self.rate(stars) })
    }

    /// Rates the current page's photo `stars` (0–5).
    public func rate(_ stars: Int) {
        guard let page = page(), let photo = (page as? PhotoSelecting)?.currentPhoto else { return }
        let showing = page as? RatingFailureShowing
        do {
            try store.setRating(stars, for: photo.id)
            showing?.showRatingFailure(nil)
        } catch {
            if let showing {
                showing.showRatingFailure(error)
            } else {
                report("The rating could not be saved: \(error)")
            }
        }
    }
}
