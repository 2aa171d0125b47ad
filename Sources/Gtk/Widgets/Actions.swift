import CGtk

/// GSimpleAction: a named command, optionally with a parameter or a state.
public final class Action: Object {
    public let name: String

    /// A plain action.
    public init(name: String) {
        self.name = name
        super.init(raw(g_simple_action_new(name, nil)), ownership: .full)
    }

    /// An action with a parameter of GVariant type `parameterType` ("s", "i", "u").
    public init(name: String, parameterType: String) {
        self.name = name
        // The type's C string must outlive the call that copies it.
        let action = parameterType.withCString { g_simple_action_new(name, g_variant_type_checked_($0)) }
        super.init(raw(action), ownership: .full)
    }

    /// A stateful action (radio or toggle): `state` is its initial value.
    public init(name: String, parameterType: String?, state: Variant) {
        self.name = name
        // The type's C string must outlive the call that copies it.
        let action =
            if let parameterType {
                parameterType.withCString { g_simple_action_new_stateful(name, g_variant_type_checked_($0), state.raw) }
            } else {
                g_simple_action_new_stateful(name, nil, state.raw)
            }
        super.init(raw(action), ownership: .full)
    }

    public var isEnabled: Bool {
        get { g_action_get_enabled(OpaquePointer(gobject)) != 0 }
        set { g_simple_action_set_enabled(cast(), newValue ? 1 : 0) }
    }

    public var state: Variant? {
        get {
            guard let state = g_action_get_state(OpaquePointer(gobject)) else { return nil }
            return Variant(taking: state)
        }
        set { if let newValue { g_simple_action_set_state(cast(), newValue.raw) } }
    }

    /// Called when the action is activated, with its parameter if it has one.
    @discardableResult
    public func onActivate(
        owner: AnyObject? = nil,
        _ handler: @escaping @MainActor (Variant?) -> Void
    ) -> SignalConnection {
        connectPointer("activate", owner: owner) { parameter in
            handler(Variant.borrowing(parameter.map { OpaquePointer($0) }))
        }
    }

    /// The GVariant type of the action's parameter ("i", "s"), nil for none.
    public var parameterType: String? {
        guard let type = g_action_get_parameter_type(OpaquePointer(gobject)) else { return nil }
        return Self.typeString(type)
    }

    /// A detailed action name ("win.zoom::in", "win.rate(3)") as its action's name and the
    /// GVariant type of its target ("s", "i"; nil for none); nil when it can't be read.
    public static func parse(detailedName: String) -> (name: String, targetType: String?)? {
        var name: UnsafeMutablePointer<gchar>?
        var target: OpaquePointer?
        guard g_action_parse_detailed_name(detailedName, &name, &target, nil) != 0, let name else { return nil }
        defer {
            g_free(name)
            if let target { g_variant_unref(target) }
        }
        return (String(cString: name), target.map { typeString(g_variant_get_type($0)) })
    }

    private static func typeString(_ type: OpaquePointer) -> String {
        let length = Int(g_variant_type_get_string_length(type))
        return g_variant_type_peek_string(type).withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }

    /// Activates the action as a shortcut or menu item would.
    public func activate(_ parameter: Variant? = nil) {
        g_action_activate(OpaquePointer(gobject), parameter?.raw)
    }
}

/// Something that holds actions (`app.`, `win.`, or a widget's action group).
@MainActor
public protocol ActionMap: AnyObject {}

extension ActionMap where Self: Object {
    public func add(_ action: Action) {
        g_action_map_add_action(OpaquePointer(gobject), OpaquePointer(action.gobject))
    }

    /// Adds a plain action and returns it.
    @discardableResult
    public func addAction(
        _ name: String, owner: AnyObject? = nil,
        _ handler: @escaping VoidHandler
    ) -> Action {
        let action = Action(name: name)
        action.onActivate(owner: owner) { _ in handler() }
        add(action)
        return action
    }

    public func action(named name: String) -> Action? {
        guard let action = g_action_map_lookup_action(OpaquePointer(gobject), name) else { return nil }
        return Object.existingWrapper(of: UnsafeMutableRawPointer(action)) as? Action
    }
}

/// A group of actions inserted into a widget under a prefix ("list.", "details.").
public final class ActionGroup: Object, ActionMap {
    public init() { super.init(g_simple_action_group_new(), ownership: .full) }
}

extension Widget {
    /// Makes `group`'s actions available to this widget and its children as `prefix.name`.
    public func insertActionGroup(_ group: ActionGroup?, prefix: String) {
        gtk_widget_insert_action_group(widget, prefix, group.map { OpaquePointer($0.gobject) })
    }
}
