import CGtk

/// A one-shot call on the main loop after a delay: a GLib timeout source, so scheduling
/// and cancelling touch only the main thread (no task, no thread wake-up). Cheap enough to
/// make one per list row on every bind. Releasing the timer cancels it.
///
/// ```swift
/// var timer = MainLoopTimer(after: .milliseconds(60)) { row.startLoading() }
/// timer.cancel()   // before it fires: the action never runs
/// ```
@MainActor
public final class MainLoopTimer {
    private var sourceID: guint = 0

    /// Runs `action` once, `delay` from now (whole milliseconds), unless cancelled first.
    public convenience init(after delay: Duration, _ action: @escaping @MainActor () -> Void) {
        let (seconds, attoseconds) = delay.components
        let milliseconds = max(0, seconds * 1000 + attoseconds / 1_000_000_000_000_000)
        self.init(action) { data, callback, destroy in
            g_timeout_add_full(G_PRIORITY_DEFAULT, guint(clamping: milliseconds), callback, data, destroy)
        }
    }

    /// Runs `action` once when the main loop has nothing more urgent to do (after input,
    /// after the frame being drawn), unless cancelled first.
    public static func whenIdle(_ action: @escaping @MainActor () -> Void) -> MainLoopTimer {
        MainLoopTimer(action) { data, callback, destroy in
            g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, callback, data, destroy)
        }
    }

    private init(
        _ action: @escaping @MainActor () -> Void,
        add: (gpointer, GSourceFunc, GDestroyNotify) -> guint
    ) {
        typealias Action = @MainActor () -> Void
        let fire: Action = { [weak self] in
            self?.sourceID = 0
            action()
        }
        let box = Unmanaged.passRetained(SignalBox(fire, owner: nil) as AnyObject)
        sourceID = add(
            box.toOpaque(),
            { data in
                MainActor.assumeIsolated { withBox(data, default: ()) { (action: Action) in action() } }
                return 0  // G_SOURCE_REMOVE
            },
            { data in
                guard let data else { return }
                Unmanaged<AnyObject>.fromOpaque(data).release()
            })
    }

    deinit {
        if sourceID != 0 { g_source_remove(sourceID) }
    }

    /// Whether the action is still waiting to run.
    public var isPending: Bool { sourceID != 0 }

    /// Stops the action from running; nothing happens if it already ran.
    public func cancel() {
        guard sourceID != 0 else { return }
        g_source_remove(sourceID)
        sourceID = 0
    }
}
