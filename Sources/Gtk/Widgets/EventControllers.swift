import CGtk

extension ModifierType {
    /// The modifiers that matter for shortcuts (no lock keys).
    public static let shortcutRelevant: ModifierType = [.shiftMask, .controlMask, .altMask, .superMask]
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

extension EventControllerKey {
    /// Calls `handler` for each key press with the key and the shortcut modifiers held;
    /// return true when handled.
    @discardableResult
    public func onKey(
        owner: AnyObject? = nil,
        _ handler: @escaping @MainActor (Key, ModifierType) -> Bool
    ) -> SignalConnection {
        onKeyPressed(owner: owner) { keyval, _, state in
            handler(Key(value: UInt32(keyval)), state.intersection(.shortcutRelevant))
        }
    }

    /// Runs the controller in the capture phase (before the focused child sees keys).
    public func useCapturePhase() { propagationPhase = .capture }
}
