import Foundation
import LightboxMedia

/// A folder as the file system knows it: the same path can name another folder later
/// (deleted and made again, or the mount point left behind by a removed disk).
struct FolderIdentity: Hashable, Sendable {
    let device: UInt64
    let inode: UInt64

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}

/// Whether an open folder can be read now and, if not, why, in words for the window.
enum FolderAvailability: Equatable, Sendable {
    case available(FolderIdentity)
    /// Completes "The folder “…” ": "was deleted or moved", "can't be read (…)".
    case unavailable(reason: String)

    /// Checks `folder`. `known` is the folder as last read: an empty folder on another
    /// disk than that is the mount point of a disk that was removed, not the folder.
    /// Not known yet (the first scan since launch), an empty folder the catalog has photos
    /// of (`hasPhotos`) is taken for the mount point of a disk not connected: its rows and
    /// ratings are kept rather than dropped.
    static func check(_ folder: String, known: FolderIdentity? = nil, hasPhotos: Bool = false) -> FolderAvailability {
        var info = stat()
        guard stat(folder, &info) == 0 else {
            switch errno {
            // Translators: the reasons a library folder is offline complete “The folder “%1$@” %2$@.”: they say
            // what happened to the folder (lower case, no full stop).
            case ENOENT: return .unavailable(reason: tr("was deleted or moved"))
            case ENOTDIR: return .unavailable(reason: tr("is no longer a folder"))
            // Translators: %@ is the system's reason ("Permission denied").
            default: return .unavailable(reason: String(format: tr("can't be read (%@)"), String(cString: strerror(errno))))
            }
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { return .unavailable(reason: tr("is no longer a folder")) }
        let entries: [DirectoryListing.Entry]
        do {
            entries = try DirectoryListing.entries(of: folder)
        } catch {
            return .unavailable(reason: String(format: tr("can't be read (%@)"), error.message))
        }
        let identity = FolderIdentity(info)
        if let known, known.device != identity.device, entries.isEmpty {
            return .unavailable(reason: tr("is on a disk that was removed"))
        }
        if known == nil, hasPhotos, entries.isEmpty {
            return .unavailable(reason: tr("is empty (is the disk it is on connected?)"))
        }
        return .available(identity)
    }

    var reason: String? {
        if case .unavailable(let reason) = self { return reason }
        return nil
    }

    var identity: FolderIdentity? {
        if case .available(let identity) = self { return identity }
        return nil
    }
}
