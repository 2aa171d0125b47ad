import CGtk

/// A connected signal handler. Disconnecting is optional: a handler is also
/// removed (and its closure freed) when the instance is finalized.
@MainActor
public struct SignalConnection {
    let id: gulong
    weak var instance: Object?

    /// Removes the handler and frees its closure. Safe to call twice.
    public func disconnect() {
        guard let instance, g_signal_handler_is_connected(instance.gobject, id) != 0 else { return }
        g_signal_handler_disconnect(instance.gobject, id)
    }

    public var isConnected: Bool {
        guard let instance else { return false }
        return g_signal_handler_is_connected(instance.gobject, id) != 0
    }
}

/// Holds a handler closure for the lifetime of a GLib signal connection.
/// Released by the connection's `GDestroyNotify`.
final class SignalBox<Handler> {
    let handler: Handler
    private weak var owner: AnyObject?
    private let hasOwner: Bool

    init(_ handler: Handler, owner: AnyObject?) {
        self.handler = handler
        self.owner = owner
        hasOwner = owner != nil
        SignalBoxCounter.live += 1
    }

    deinit { SignalBoxCounter.live -= 1 }

    /// False once the owner is gone: the handler must not run any more.
    var isAlive: Bool { !hasOwner || owner != nil }
}

enum SignalBoxCounter {
    nonisolated(unsafe) static var live = 0
}

/// Public read-out of live closure boxes, for leak tests in every layer.
public enum SignalDiagnostics {
    @MainActor public static var liveHandlerBoxes: Int { SignalBoxCounter.live }
}

private let releaseBox: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}

extension Object {
    /// Connects `trampoline` (whose C signature must match the signal) with `box`.
    func connect<H>(_ signal: String, box: SignalBox<H>, trampoline: GCallback, after: Bool = false) -> SignalConnection {
        let data = Unmanaged.passRetained(box as AnyObject).toOpaque()
        let id = g_signal_connect_data(gobject, signal, trampoline, data, releaseBox,
                                       after ? G_CONNECT_AFTER : GConnectFlags(rawValue: 0))
        precondition(id != 0, "\(typeName) has no signal named \"\(signal)\"")
        return SignalConnection(id: id, instance: self)
    }
}

/// Calls the box's handler if its owner is still alive.
@inline(__always)
func withBox<H, R>(_ data: gpointer?, default value: R, _ body: (H) -> R) -> R {
    guard let data else { return value }
    let box = Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue() as! SignalBox<H>
    guard box.isAlive else { return value }
    return body(box.handler)
}

// MARK: - Typed connections, one per C signature.

public typealias VoidHandler = @MainActor () -> Void
public typealias BoolHandler = @MainActor () -> Bool
public typealias UIntHandler = @MainActor (Int) -> Void
public typealias UInt2Handler = @MainActor (Int, Int) -> Void
public typealias UInt3Handler = @MainActor (Int, Int, Int) -> Void
typealias PointerHandler = @MainActor (UnsafeMutableRawPointer?) -> Void
typealias Pointer2Handler = @MainActor (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void
typealias KeyHandler = @MainActor (UInt32, UInt32, UInt32) -> Bool
typealias PressHandler = @MainActor (Int, Double, Double) -> Void
typealias PointHandler = @MainActor (Double, Double) -> Void

extension Object {
    /// `void (*)(GObject*, gpointer)`
    @discardableResult
    public func connect(_ signal: String, owner: AnyObject? = nil, after: Bool = false,
                        _ handler: @escaping VoidHandler) -> SignalConnection {
        let trampoline: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
            MainActor.assumeIsolated { withBox(data, default: ()) { (h: VoidHandler) in h() } }
        }
        return connect(signal, box: SignalBox(handler, owner: owner),
                       trampoline: unsafeBitCast(trampoline, to: GCallback.self), after: after)
    }

    /// `gboolean (*)(GObject*, gpointer)`; returning true stops other handlers.
    @discardableResult
    public func connectReturningBool(_ signal: String, owner: AnyObject? = nil,
                                     _ handler: @escaping BoolHandler) -> SignalConnection {
        let trampoline: @convention(c) (gpointer?, gpointer?) -> gboolean = { _, data in
            MainActor.assumeIsolated { withBox(data, default: false) { (h: BoolHandler) in h() } } ? 1 : 0
        }
        return connect(signal, box: SignalBox(handler, owner: owner),
                       trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// `void (*)(GObject*, guint, gpointer)`
    @discardableResult
    public func connect(_ signal: String, owner: AnyObject? = nil,
                        _ handler: @escaping UIntHandler) -> SignalConnection {
        let trampoline: @convention(c) (gpointer?, guint, gpointer?) -> Void = { _, a, data in
            MainActor.assumeIsolated { withBox(data, default: ()) { (h: UIntHandler) in h(Int(a)) } }
        }
        return connect(signal, box: SignalBox(handler, owner: owner),
                       trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// `void (*)(GObject*, guint, guint, gpointer)`
    @discardableResult
    public func connect(_ signal: String, owner: AnyObject? = nil,
                        _ handler: @escaping UInt2Handler) -> SignalConnection {
        let trampoline: @convention(c) (gpointer?, guint, guint, gpointer?) -> Void = { _, a, b, data in
            MainActor.assumeIsolated { withBox(data, default: ()) { (h: UInt2Handler) in h(Int(a), Int(b)) } }
        }
        return connect(signal, box: SignalBox(handler, owner: owner),
                       trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// `void (*)(GObject*, guint, guint, guint, gpointer)`
    @discardableResult
    public func connect(_ signal: String, owner: AnyObject? = nil,
                        _ handler: @escaping UInt3Handler) -> SignalConnection {
        let trampoline: @convention(c) (gpointer?, guint, guint, guint, gpointer?) -> Void = { _, a, b, c, data in
            MainActor.assumeIsolated {
                withBox(data, default: ()) { (h: UInt3Handler) in h(Int(a), Int(b), Int(c)) }
            }
        }
        return connect(signal, box: SignalBox(handler, owner: owner),
                       trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// `void (*)(GObject*, gpointer arg, gpointer)`
    func connectPointer(_ signal: String, owner: AnyObject? = nil,
                        _ handler: @escaping PointerHandler) -> SignalConnection {
        let trampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, a, data in
            MainActor.assumeIsolated { withBox(data, default: ()) { (h: PointerHandler) in h(a) } }
        }
        return connect(signal, box: SignalBox(handler, owner: owner),
                       trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// `void (*)(GObject*, gpointer arg1, gpointer arg2, gpointer)`
    func connectPointer2(_ signal: String, owner: AnyObject? = nil,
                         _ handler: @escaping Pointer2Handler) -> SignalConnection {
        let trampoline: @convention(c) (gpointer?, gpointer?, gpointer?, gpointer?) -> Void = { _, a, b, data in
            MainActor.assumeIsolated { withBox(data, default: ()) { (h: Pointer2Handler) in h(a, b) } }
        }
        return connect(signal, box: SignalBox(handler, owner: owner),
                       trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// `gboolean (*)(GObject*, guint keyval, guint keycode, GdkModifierType, gpointer)`
    func connectKey(_ signal: String, owner: AnyObject? = nil,
                    _ handler: @escaping KeyHandler) -> SignalConnection {
        let trampoline: @convention(c) (gpointer?, guint, guint, GdkModifierType, gpointer?) -> gboolean = {
            _, keyval, keycode, state, data in
            MainActor.assumeIsolated {
                withBox(data, default: false) { (h: KeyHandler) in h(keyval, keycode, state.rawValue) }
            } ? 1 : 0
        }
        return connect(signal, box: SignalBox(handler, owner: owner),
                       trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// `void (*)(GObject*, gint n_press, gdouble x, gdouble y, gpointer)`
    func connectPress(_ signal: String, owner: AnyObject? = nil,
                      _ handler: @escaping PressHandler) -> SignalConnection {
        let trampoline: @convention(c) (gpointer?, gint, gdouble, gdouble, gpointer?) -> Void = { _, n, x, y, data in
            MainActor.assumeIsolated { withBox(data, default: ()) { (h: PressHandler) in h(Int(n), x, y) } }
        }
        return connect(signal, box: SignalBox(handler, owner: owner),
                       trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// `void (*)(GObject*, gdouble x, gdouble y, gpointer)`
    func connectPoint(_ signal: String, owner: AnyObject? = nil,
                      _ handler: @escaping PointHandler) -> SignalConnection {
        let trampoline: @convention(c) (gpointer?, gdouble, gdouble, gpointer?) -> Void = { _, x, y, data in
            MainActor.assumeIsolated { withBox(data, default: ()) { (h: PointHandler) in h(x, y) } }
        }
        return connect(signal, box: SignalBox(handler, owner: owner),
                       trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// `notify::property` — the property changed.
    @discardableResult
    public func onNotify(_ property: String, owner: AnyObject? = nil,
                         _ handler: @escaping VoidHandler) -> SignalConnection {
        connectPointer("notify::\(property)", owner: owner) { _ in handler() }
    }

    /// Emits a signal that takes no arguments and returns nothing (for tests and actions).
    public func emit(_ signal: String) {
        lbx_emit_by_name(gobject, signal)
    }

    /// Emits a signal that takes one unsigned integer (a position) and returns nothing.
    public func emit(_ signal: String, _ value: Int) {
        lbx_emit_by_name_uint(gobject, signal, guint(value))
    }
}
