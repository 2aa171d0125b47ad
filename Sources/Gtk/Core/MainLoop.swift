import CGtk
import Dispatch

/// The GLib main loop, integrated with Swift concurrency.
///
/// Swift's main actor and `DispatchQueue.main` enqueue work on libdispatch's main
/// queue. Nothing drains that queue while GLib owns the main thread, so
/// `MainLoop.integrate()` watches the queue's wake-up handle (an eventfd) with a
/// GLib fd source and drains the queue when it becomes readable: event-driven,
/// no polling timer.
public enum MainLoop {
    nonisolated(unsafe) private static var sourceID: guint = 0

    /// Installs the dispatch main-queue source on the default GLib context.
    /// Idempotent; `Application` and `Gtk.initialize()` call it.
    @MainActor
    public static func integrate() {
        guard sourceID == 0 else { return }
        let fd = _dispatch_get_main_queue_handle_4CF()
        sourceID = g_unix_fd_add(
            fd, G_IO_IN,
            { fd, _, _ in
                lbx_service_dispatch_main_queue(fd)
                return 1  // G_SOURCE_CONTINUE
            }, nil)
    }

    /// The file descriptor GLib polls for main-queue work.
    @MainActor
    package static var dispatchHandle: Int32 { _dispatch_get_main_queue_handle_4CF() }

    /// Runs one iteration of the default context. Returns whether an event was dispatched.
    @MainActor @discardableResult
    public static func iterate(blocking: Bool) -> Bool {
        g_main_context_iteration(nil, blocking ? 1 : 0) != 0
    }

    /// Runs pending events until `condition` holds or `timeout` seconds pass.
    /// Returns whether the condition held. Blocks in poll between events, so it
    /// wakes for fds (including the dispatch queue) rather than spinning.
    @MainActor @discardableResult
    public static func run(until condition: () -> Bool, timeout: Double) -> Bool {
        let deadline = g_get_monotonic_time() + gint64(timeout * 1_000_000)
        // Wakes the blocking iteration below when the time is up.
        let wakeUp = MainLoopTimer(after: .milliseconds(max(1, Int((timeout * 1000).rounded(.up))))) {}
        defer { wakeUp.cancel() }
        while !condition() {
            if g_get_monotonic_time() >= deadline { return condition() }
            g_main_context_iteration(nil, 1)
        }
        return true
    }

    /// Dispatches every pending event without blocking.
    @MainActor
    public static func drain() {
        while g_main_context_iteration(nil, 0) != 0 {}
    }

    /// What the default context would poll now: its timeout (-1 = sleep until an
    /// fd is ready, i.e. no timeout or idle source is pending) and the polled fds.
    @MainActor
    package static func pollState() -> (timeout: Int, fds: [Int32]) {
        let context = g_main_context_default()
        guard g_main_context_acquire(context) != 0 else { return (0, []) }
        defer { g_main_context_release(context) }
        var priority: gint = 0
        _ = g_main_context_prepare(context, &priority)
        var timeout: gint = 0
        var fds = [GPollFD](repeating: GPollFD(), count: 128)
        let count = min(Int(g_main_context_query(context, G_PRIORITY_LOW, &timeout, &fds, 128)), 128)
        _ = g_main_context_check(context, priority, &fds, gint(count))
        return (Int(timeout), fds.prefix(count).map(\.fd))
    }
}
