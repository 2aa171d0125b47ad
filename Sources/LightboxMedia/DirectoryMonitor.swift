import CGtk
import Gtk

/// Watches one folder with `GFileMonitor` and reports changed paths (main thread).
/// Watching stops when the monitor is released.
@MainActor
public final class DirectoryMonitor {
    public enum Event: Sendable, Equatable {
        /// A file appeared, changed, or was moved into the folder.
        case changed(String)
        /// A file was deleted or moved out of the folder, or the folder's disk unmounted.
        case removed(String)
    }

    public typealias Handler = @MainActor (Event) -> Void

    /// The `GFileMonitor`, whose wrapper holds the only reference to it.
    private let monitor: Object

    /// Starts watching `path`. Fails when the folder can't be monitored.
    public init(path: String) throws(MediaError) {
        let file = g_file_new_for_path(PathBytes.c(path))
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        var error: UnsafeMutablePointer<GError>?
        guard let monitor = g_file_monitor_directory(file, G_FILE_MONITOR_WATCH_MOVES, nil, &error) else {
            throw MediaError.take(error, fallback: tr("the folder can't be watched"))
        }
        self.monitor = Object.wrapping(UnsafeMutableRawPointer(monitor), ownership: .full)
    }

    /// Calls `handler` for each change, while `owner` lives.
    @discardableResult
    public func onEvent(owner: AnyObject? = nil, _ handler: @escaping Handler) -> SignalConnection {
        typealias Raw = @MainActor (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, Int) -> Void
        let raw: Raw = { file, other, kind in
            func path(_ pointer: UnsafeMutableRawPointer?) -> String? {
                guard let pointer else { return nil }
                return PathBytes.take(g_file_get_path(OpaquePointer(pointer)))
            }
            switch GFileMonitorEvent(rawValue: UInt32(kind)) {
            case G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT, G_FILE_MONITOR_EVENT_CREATED,
                G_FILE_MONITOR_EVENT_MOVED_IN, G_FILE_MONITOR_EVENT_ATTRIBUTE_CHANGED:
                path(file).map { handler(.changed($0)) }
            case G_FILE_MONITOR_EVENT_DELETED, G_FILE_MONITOR_EVENT_MOVED_OUT, G_FILE_MONITOR_EVENT_UNMOUNTED:
                path(file).map { handler(.removed($0)) }
            case G_FILE_MONITOR_EVENT_RENAMED:
                path(file).map { handler(.removed($0)) }
                path(other).map { handler(.changed($0)) }
            default:
                break
            }
        }
        let trampoline: @convention(c) (gpointer?, gpointer?, gpointer?, UInt32, gpointer?) -> Void = {
            _, file, other, kind, data in
            MainActor.assumeIsolated { withBox(data, default: ()) { (h: Raw) in h(file, other, Int(kind)) } }
        }
        return monitor.connect(
            "changed", box: SignalBox(raw, owner: owner),
            trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }
}
