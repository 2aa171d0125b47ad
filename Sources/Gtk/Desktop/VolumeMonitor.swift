import CGtk

/// The mounted file systems the desktop shows (GIO's `GVolumeMonitor`): memory cards and USB
/// drives, and with gvfs the cameras (PTP, `gphoto2://`) and phones (MTP, `mtp://`) it mounts.
///
/// Without gvfs (or without a session bus for its volume monitors) GIO's own Unix monitor
/// answers: the file systems mounted under `/media`, `/run/media/$USER` and the home folder,
/// other than system ones (`tmpfs`, `proc`…). Signals come on the main loop.
@MainActor
public enum VolumeMonitor {
    /// One mounted volume, as GIO names it.
    public struct Mount: Sendable, Equatable {
        /// The name the desktop shows ("EOS_DIGITAL", "Pixel 7").
        public let name: String
        /// The local path of its root: the mount point, or for a gvfs mount its FUSE path
        /// under `/run/user/UID/gvfs` when gvfsd-fuse runs; nil when it has none.
        public let path: String?
        /// The URI of its root: `file:///media/…`, `gphoto2://…`, `mtp://…`.
        public let uri: String
        /// The name of its symbolic themed icon ("media-removable-symbolic"), when it has one.
        public let iconName: String?
        /// Whether the person can unmount it (a removable card or drive, a device).
        public let canUnmount: Bool

        public init(name: String, path: String?, uri: String, iconName: String?, canUnmount: Bool) {
            self.name = name
            self.path = path
            self.uri = uri
            self.iconName = iconName
            self.canUnmount = canUnmount
        }

        /// The URI's scheme, lowercased ("file", "gphoto2", "mtp").
        public var scheme: String {
            Self.scheme(of: uri)
        }

        /// The scheme of `uri`, lowercased ("" when it has none).
        public static func scheme(of uri: String) -> String {
            guard let colon = uri.firstIndex(of: ":") else { return "" }
            return uri[..<colon].lowercased()
        }
    }

    public typealias MountHandler = @MainActor (Mount) -> Void

    /// GIO's volume monitor (a process-wide singleton), kept for the life of the process.
    private static let monitor: Object = Object.wrapping(
        UnsafeMutableRawPointer(g_volume_monitor_get()), ownership: .full)

    private static var pointer: UnsafeMutablePointer<GVolumeMonitor> {
        monitor.cast(GVolumeMonitor.self)
    }

    /// The mounts now, in GIO's order, without the shadowed ones (a gvfs mount that another
    /// mount of the same place stands for).
    public static var mounts: [Mount] {
        let list = g_volume_monitor_get_mounts(pointer)
        defer { g_list_free_full(list, g_object_unref) }
        var mounts: [Mount] = []
        var node = list
        while let current = node {
            if let data = current.pointee.data, let mount = Mount(OpaquePointer(data)) { mounts.append(mount) }
            node = current.pointee.next
        }
        return mounts
    }

    /// Calls `handler` with each mount that appears (not shadowed ones), while `owner` lives.
    @discardableResult
    public static func onMountAdded(owner: AnyObject, _ handler: @escaping MountHandler) -> SignalConnection {
        connect("mount-added", owner: owner, handler)
    }

    /// Calls `handler` with each mount that goes away, while `owner` lives.
    @discardableResult
    public static func onMountRemoved(owner: AnyObject, _ handler: @escaping MountHandler) -> SignalConnection {
        connect("mount-removed", owner: owner, handler)
    }

    /// `void (*)(GVolumeMonitor*, GMount*, gpointer)`
    private static func connect(_ signal: String, owner: AnyObject, _ handler: @escaping MountHandler) -> SignalConnection {
        monitor.connectPointer(signal, owner: owner) { mount in
            guard let mount, let value = Mount(OpaquePointer(mount)) else { return }
            handler(value)
        }
    }
}

extension VolumeMonitor.Mount {
    /// Reads a `GMount` (borrowed); nil for a shadowed one.
    @MainActor
    fileprivate init?(_ mount: OpaquePointer) {
        guard g_mount_is_shadowed(mount) == 0 else { return nil }
        let root = g_mount_get_root(mount)
        defer { g_object_unref(UnsafeMutableRawPointer(root)) }
        var iconName: String?
        if let icon = g_mount_get_symbolic_icon(mount) {
            defer { g_object_unref(UnsafeMutableRawPointer(icon)) }
            let instance = UnsafeMutableRawPointer(icon).assumingMemoryBound(to: GTypeInstance.self)
            if g_type_check_instance_is_a(instance, g_themed_icon_get_type()) != 0,
                let names = g_themed_icon_get_names(icon), let first = names[0]
            {
                iconName = String(cString: first)
            }
        }
        let name = g_mount_get_name(mount)
        defer { g_free(name) }
        let uri = g_file_get_uri(root)
        defer { g_free(uri) }
        self.init(
            name: name.map { String(cString: $0) } ?? "",
            path: PathBytes.take(g_file_get_path(root)),
            uri: uri.map { String(cString: $0) } ?? "",
            iconName: iconName,
            canUnmount: g_mount_can_unmount(mount) != 0)
    }
}
