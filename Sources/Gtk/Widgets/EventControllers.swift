import CGtk

/// Base of GtkEventController wrappers.
open class EventController: Object {
    var attached = false
}

/// Modifier keys held during a key press.
public struct ModifierKeys: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let shift = ModifierKeys(rawValue: GDK_SHIFT_MASK.rawValue)
    public static let control = ModifierKeys(rawValue: GDK_CONTROL_MASK.rawValue)
    public static let alt = ModifierKeys(rawValue: GDK_ALT_MASK.rawValue)
    public static let `super` = ModifierKeys(rawValue: GDK_SUPER_MASK.rawValue)
    /// The modifiers that matter for shortcuts (no lock keys).
    public static let shortcutRelevant: ModifierKeys = [.shift, .control, .alt, .super]
}

/// A key, by GDK key value.
public struct Key: Hashable, Sendable {
    public let value: UInt32
    public init(value: UInt32) { self.value = value }
    /// A key by its GDK name ("Escape", "Delete", "Left", "0").
    public init?(name: String) {
        let value = gdk_keyval_from_name(name)
        guard value != 0xffffff, value != 0 else { return nil }
        self.value = value
    }
    public var name: String? { gdk_keyval_name(value).map { String(cString: $0) } }
    /// The key's Unicode character, if it types one.
    public var character: Character? {
        let scalar = gdk_keyval_to_unicode(value)
        guard scalar != 0, let unicode = Unicode.Scalar(scalar) else { return nil }
        return Character(unicode)
    }
}

/// GtkEventControllerKey.
public final class KeyController: EventController {
    public init() { super.init(raw(gtk_event_controller_key_new()), ownership: .full) }

    /// Called for each key press; return true when handled.
    @discardableResult
    public func onKeyPressed(owner: AnyObject? = nil,
                             _ handler: @escaping @MainActor (Key, ModifierKeys) -> Bool) -> SignalConnection {
        connectKey("key-pressed", owner: owner) { keyval, _, state in
            handler(Key(value: keyval), ModifierKeys(rawValue: state).intersection(.shortcutRelevant))
        }
    }

    /// Runs the controller in the capture phase (before the focused child sees keys).
    public func useCapturePhase() {
        gtk_event_controller_set_propagation_phase(cast(), GTK_PHASE_CAPTURE)
    }

    /// Hands the key event being handled to `widget`'s own controllers; returns whether
    /// it used the key. Only from a key handler.
    func forward(to widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        gtk_event_controller_key_forward(cast(), widget) != 0
    }
}

/// GtkGestureClick.
public final class ClickGesture: EventController {
    public init(button: Int = 1) {
        super.init(raw(gtk_gesture_click_new()), ownership: .full)
        gtk_gesture_single_set_button(cast(), guint(button))
    }

    /// Called on press with the press count (2 = double click) and position.
    @discardableResult
    public func onPressed(owner: AnyObject? = nil,
                          _ handler: @escaping @MainActor (Int, Double, Double) -> Void) -> SignalConnection {
        connectPress("pressed", owner: owner, handler)
    }

    @discardableResult
    public func onReleased(owner: AnyObject? = nil,
                           _ handler: @escaping @MainActor (Int, Double, Double) -> Void) -> SignalConnection {
        connectPress("released", owner: owner, handler)
    }
}

/// GtkEventControllerMotion: pointer enter/leave.
public final class MotionController: EventController {
    public init() { super.init(raw(gtk_event_controller_motion_new()), ownership: .full) }

    @discardableResult
    public func onEnter(owner: AnyObject? = nil, _ handler: @escaping VoidHandler) -> SignalConnection {
        connectPoint("enter", owner: owner) { _, _ in handler() }
    }

    @discardableResult
    public func onLeave(owner: AnyObject? = nil, _ handler: @escaping VoidHandler) -> SignalConnection {
        connect("leave", owner: owner, handler)
    }

    public var containsPointer: Bool {
        gtk_event_controller_motion_contains_pointer(cast()) != 0
    }
}

/// GtkShortcutController with shortcuts that activate named actions or closures.
public final class ShortcutController: EventController {
    public init(global: Bool = false) {
        super.init(raw(gtk_shortcut_controller_new()), ownership: .full)
        if global { gtk_shortcut_controller_set_scope(cast(), GTK_SHORTCUT_SCOPE_GLOBAL) }
    }

    /// Adds a shortcut: `trigger` in GTK syntax ("<Control>f", "F9", "Escape")
    /// activates the action `action` ("win.search").
    public func add(trigger: String, action: String) {
        guard let parsedTrigger = gtk_shortcut_trigger_parse_string(trigger) else {
            preconditionFailure("Invalid shortcut trigger \"\(trigger)\"")
        }
        let shortcut = gtk_shortcut_new(parsedTrigger, gtk_named_action_new(action))
        gtk_shortcut_controller_add_shortcut(cast(), shortcut)
    }
}
