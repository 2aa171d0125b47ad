import CGtk

/// Frame-level hooks: when a widget's window paints, per-frame callbacks, and a
/// process-wide notice when any window is mapped. Used to measure what a person sees
/// (first painted frame, main-loop stalls while scrolling), not by the app's logic.
extension Widget {
    /// Calls `handler` once, right after the widget's window paints its next frame.
    /// The widget must be realized (in a shown window).
    public func onNextPaint(_ handler: @escaping @MainActor () -> Void) {
        guard let clock = gtk_widget_get_frame_clock(widget) else {
            preconditionFailure("onNextPaint needs a realized widget (a shown window)")
        }
        let clockObject = Object.wrapper(of: UnsafeMutableRawPointer(clock)) { Object($0, ownership: .borrowed) }
        var connection: SignalConnection?
        connection = clockObject.connect("after-paint") {
            connection?.disconnect()
            connection = nil
            handler()
        }
        gdk_frame_clock_request_phase(clock, GDK_FRAME_CLOCK_PHASE_PAINT)
    }

    /// The time of the frame being drawn, or of the last one drawn, in microseconds on the
    /// monotonic clock: the clock the widget's animations run on. Nil while the widget is not
    /// realized (no window, so no animation runs either).
    public var frameTime: Int64? {
        guard let clock = gtk_widget_get_frame_clock(widget) else { return nil }
        return Int64(gdk_frame_clock_get_frame_time(clock))
    }

    /// Runs `handler` before every frame while the widget is mapped, with the frame time
    /// in microseconds (monotonic), until it returns false. Keeps frames coming while it runs.
    public func addTickCallback(_ handler: @escaping @MainActor (Int64) -> Bool) {
        typealias Tick = @MainActor (Int64) -> Bool
        let box = Unmanaged.passRetained(SignalBox(handler as Tick, owner: nil) as AnyObject)
        _ = gtk_widget_add_tick_callback(
            widget,
            { _, clock, data in
                guard let clock else { return 0 }
                let time = gdk_frame_clock_get_frame_time(clock)
                return MainActor.assumeIsolated { withBox(data, default: false) { (tick: Tick) in tick(Int64(time)) } } ? 1 : 0
            }, box.toOpaque(),
            { data in
                guard let data else { return }
                Unmanaged<AnyObject>.fromOpaque(data).release()
            })
    }
}

extension Window {
    /// Calls `handler` for every window mapped in this process from now on
    /// (a GLib emission hook on GtkWidget::map; no polling).
    public static func onAnyWindowMapped(_ handler: @escaping @MainActor (Window) -> Void) {
        typealias Mapped = @MainActor (Window) -> Void
        let box = Unmanaged.passRetained(SignalBox(handler as Mapped, owner: nil) as AnyObject)
        // Signals exist once the class does (before gtk_init nothing has created it yet).
        _ = g_type_class_ref(gtk_window_get_type())
        let signal = g_signal_lookup("map", gtk_widget_get_type())
        g_signal_add_emission_hook(
            signal, 0,
            { _, count, values, data in
                guard count > 0, let values, let instance = g_value_get_object(values),
                    lbx_is_a(instance, gtk_window_get_type()) != 0
                else { return 1 }
                MainActor.assumeIsolated {
                    let window = Object.wrapper(of: instance) { Window($0, ownership: .borrowed) }
                    withBox(data, default: ()) { (mapped: Mapped) in mapped(window) }
                }
                return 1  // keep the hook
            }, box.toOpaque(),
            { data in
                guard let data else { return }
                Unmanaged<AnyObject>.fromOpaque(data).release()
            })
    }
}

/// CLOCK_MONOTONIC in nanoseconds: comparable between processes on this machine.
public func monotonicNanoseconds() -> UInt64 {
    UInt64(g_get_monotonic_time()) * 1000
}
