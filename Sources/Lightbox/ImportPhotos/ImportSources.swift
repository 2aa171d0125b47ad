import Foundation
import Gtk

/// A place photos and videos are imported from: a memory card or drive, a camera, a phone,
/// or a folder chosen by hand.
struct ImportSource: Equatable, Sendable {
    enum Kind: Sendable, Equatable {
        /// A mounted card or USB drive whose root holds a `DCIM` folder (the camera file
        /// system standard's folder of pictures).
        case card
        /// A camera over PTP, as gvfs mounts it (`gphoto2://`).
        case camera
        /// A phone over MTP, as gvfs mounts it (`mtp://`).
        case phone
        /// A folder the person chose.
        case folder
    }

    /// The name the person knows it by ("EOS_DIGITAL", "Pixel 7", "Holiday").
    var name: String
    /// The folder to import from: the mount's root (the survey looks through all of it), or
    /// the folder chosen.
    var path: String
    var kind: Kind
    /// The name of a symbolic themed icon for it, when the desktop gives one.
    var iconName: String?

    /// A folder chosen by hand, named as the file manager names it.
    static func folder(_ path: String) -> ImportSource {
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        let last = (trimmed as NSString).lastPathComponent
        return ImportSource(
            name: PathBytes.displayName(last.isEmpty ? trimmed : last), path: trimmed, kind: .folder,
            iconName: "folder-symbolic")
    }

    /// The kind of source a mount is, from its root URI's scheme and whether its root holds a
    /// `DCIM` folder; nil when it is no source of photos (a drive without `DCIM`, a network share).
    static func kind(uri: String, holdsDCIM: Bool) -> Kind? {
        switch VolumeMonitor.Mount.scheme(of: uri) {
        case "gphoto2": .camera
        case "mtp": .phone
        case "file": holdsDCIM ? .card : nil
        default: nil
        }
    }

    /// Whether `root` holds a folder named `DCIM` (in any case: FAT cards say `DCIM`, some
    /// cameras `dcim`).
    static func holdsDCIM(_ root: String) -> Bool {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: root) else { return false }
        return names.contains { name in
            var isFolder: ObjCBool = false
            return name.caseInsensitiveCompare("DCIM") == .orderedSame
                && FileManager.default.fileExists(atPath: root + "/" + name, isDirectory: &isFolder) && isFolder.boolValue
        }
    }

    /// The source `mount` is, or nil. A camera or phone is read through its local (FUSE)
    /// path, so one without is no source here; that is logged, as the person may wonder.
    static func source(of mount: VolumeMonitor.Mount) -> ImportSource? {
        // Only a local file system is looked into; a gvfs device's FUSE folder can be slow.
        let holdsDCIM = mount.scheme == "file" && mount.path.map(holdsDCIM) == true
        guard let kind = kind(uri: mount.uri, holdsDCIM: holdsDCIM) else { return nil }
        guard let path = mount.path else {
            FileHandle.standardError.write(
                Data(
                    "lightbox: “\(mount.name)” (\(mount.uri)) can't be imported from: it has no local path (is gvfsd-fuse running?)\n"
                        .utf8))
            return nil
        }
        return ImportSource(name: mount.name, path: path, kind: kind, iconName: mount.iconName)
    }
}

/// The connected cards, cameras and phones to import from (GIO's volume monitor), and word
/// when one comes or goes while the app runs.
@MainActor
final class ImportSources {
    /// The sources connected now, in the order they were connected (those there at `start()` first).
    private(set) var sources: [ImportSource] = []

    /// The sources connected now, by the URI of their mount's root.
    private var byURI: [String: ImportSource] = [:]
    private var connections: [SignalConnection] = []

    /// Called with a source connected after `start()`.
    var onConnected: (@MainActor (ImportSource) -> Void)?
    /// Called with the path of a source that went away after `start()`.
    var onDisconnected: (@MainActor (String) -> Void)?

    init() {}

    isolated deinit {
        for connection in connections { connection.disconnect() }
    }

    /// Lists the sources connected now (without calling `onConnected` for them) and starts
    /// following the volume monitor. Calling it again does nothing.
    func start() {
        guard connections.isEmpty else { return }
        for mount in VolumeMonitor.mounts {
            if let source = ImportSource.source(of: mount) { add(source, uri: mount.uri) }
        }
        connections = [
            VolumeMonitor.onMountAdded(owner: self) { [weak self] mount in self?.mountAdded(mount) },
            VolumeMonitor.onMountRemoved(owner: self) { [weak self] mount in self?.mountRemoved(mount) },
        ]
    }

    private func add(_ source: ImportSource, uri: String) {
        byURI[uri] = source
        sources.removeAll { $0.path == source.path }
        sources.append(source)
    }

    private func mountAdded(_ mount: VolumeMonitor.Mount) {
        guard let source = ImportSource.source(of: mount) else { return }
        add(source, uri: mount.uri)
        onConnected?(source)
    }

    private func mountRemoved(_ mount: VolumeMonitor.Mount) {
        guard let source = byURI.removeValue(forKey: mount.uri) else { return }
        sources.removeAll { $0.path == source.path }
        onDisconnected?(source.path)
    }
}
