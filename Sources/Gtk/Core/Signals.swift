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
package final class SignalBox<Handler> {
    let handler: Handler
    private weak var owner: AnyObject?
    private let hasOwner: Bool

    package init(_ handler: Handler, owner: AnyObject?) {
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

/// Read-out of live closure boxes, for leak tests in every layer of this package.
package enum SignalDiagnostics {
    @MainActor package static var liveHandlerBoxes: Int { SignalBoxCounter.live }
}

private let releaseBox: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}

extension Object {
    /// Connects `trampoline` (whose C signature must match the signal) with `box`.
    package func connect<H>(_ signal: String, box: SignalBox<H>, trampoline: GCallback, after: Bool = false) -> SignalConnection {
        let data = Unmanaged.passRetained(box as AnyObject).toOpaque()
        let id = g_signal_connect_data(
            gobject, signal, trampoline, data, releaseBox,
            after ? G_CONNECT_AFTER : GConnectFlags(rawValue: 0))
        precondition(id != 0, "\(typeName) has no signal named \"\(signal)\"")
        return SignalConnection(id: id, instance: self)
    }
}

/// Calls the box's handler if its owner is still alive.
@inline(__always)
package func withBox<H, R>(_ data: gpointer?, default value: R, _ body: (H) -> R) -> R {
    guard let data else { return value }
    let box = Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue() as! SignalBox<H>
    guard box.isAlive else { return value }
    return body(box.handler)
}

// MARK: - Hand-written connections, one per C signature.

public typealias VoidHandler = @MainActor () -> Void
typealias PointerHandler = @MainActor (UnsafeMutableRawPointer?) -> Void

// For the few signals of types the generator does not wrap (GApplication, GSimpleAction,
// GSettings, GdkFrameClock). Internal: a caller outside this layer connects through a
// generated, typed `on…` method, whose C signature comes from the GIR.
extension Object {
    /// `void (*)(GObject*, gpointer)`
    @discardableResult
    func connect(
        _ signal: String, owner: AnyObject? = nil, after: Bool = false,
        _ handler: @escaping VoidHandler
    ) -> SignalConnection {
        let trampoline: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
            MainActor.assumeIsolated { withBox(data, default: ()) { (h: VoidHandler) in h() } }
        }
        return connect(
            signal, box: SignalBox(handler, owner: owner),
            trampoline: unsafeBitCast(trampoline, to: GCallback.self), after: after)
    }

    /// `void (*)(GObject*, gpointer arg, gpointer)`
    func connectPointer(
        _ signal: String, owner: AnyObject? = nil,
        _ handler: @escaping PointerHandler
    ) -> SignalConnection {
        let trampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, a, data in
            MainActor.assumeIsolated { withBox(data, default: ()) { (h: PointerHandler) in h(a) } }
        }
        return connect(
            signal, box: SignalBox(handler, owner: owner),
            trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }
}
