import Foundation
import LightboxMedia

/// A folder as the file system knows it: the same path can name another folder later
/// (deleted and made again, or the mount point left behind by a removed disk).
struct FolderIdentity: Hashable, Sendable {
    let device: UInt64
    let inode: UInt64
}

/// Why a library folder can't be read now. Each reason is written as whole sentences, one
/// message per reason and place (the window's bar, a list of several folders, the
/// Preferences row): a reason is never a fragment glued into another translated sentence.
public enum FolderOfflineReason: Equatable, Sendable {
    case deletedOrMoved
    case noLongerAFolder
    /// The system's reason ("Permission denied").
    case unreadable(String)
    /// An empty folder on another disk than before: the mount point of a disk that was removed.
    case diskRemoved
    /// Empty, though the catalog has photos of it: likely the mount point of a disk not connected.
    case empty

    /// The window's bar for one offline folder: "The folder “/media/card” was deleted or
    /// moved. Its photos will be shown again when it is back."
    func message(folder: String) -> String {
        switch self {
        // Translators: the window's bar; %@ is a library folder that can't be read now.
        case .deletedOrMoved:
            String(format: tr("The folder “%@” was deleted or moved. Its photos will be shown again when it is back."), folder)
        // Translators: the window's bar; %@ is a library folder that can't be read now.
        case .noLongerAFolder:
            String(format: tr("The folder “%@” is no longer a folder. Its photos will be shown again when it is back."), folder)
        // Translators: the window's bar; %1$@ is a library folder, %2$@ the system's reason ("Permission denied").
        case .unreadable(let reason):
            String(format: tr("The folder “%1$@” can't be read (%2$@). Its photos will be shown again when it is back."), folder, reason)
        // Translators: the window's bar; %@ is a library folder that can't be read now.
        case .diskRemoved:
            String(format: tr("The folder “%@” is on a disk that was removed. Its photos will be shown again when it is back."), folder)
        // Translators: the window's bar; %@ is a library folder that can't be read now.
        case .empty:
            String(
                format: tr("The folder “%@” is empty (is the disk it is on connected?). Its photos will be shown again when it is back."),
                folder)
        }
    }

    /// One folder in the window's list of several offline ones: "“/media/card” was deleted or moved".
    func listItem(folder: String) -> String {
        switch self {
        // Translators: one offline folder in the list of several; %@ is the folder.
        case .deletedOrMoved: String(format: tr("“%@” was deleted or moved"), folder)
        // Translators: one offline folder in the list of several; %@ is the folder.
        case .noLongerAFolder: String(format: tr("“%@” is no longer a folder"), folder)
        // Translators: one offline folder in the list of several; %1$@ is the folder, %2$@ the system's reason.
        case .unreadable(let reason): String(format: tr("“%1$@” can't be read (%2$@)"), folder, reason)
        // Translators: one offline folder in the list of several; %@ is the folder.
        case .diskRemoved: String(format: tr("“%@” is on a disk that was removed"), folder)
        // Translators: one offline folder in the list of several; %@ is the folder.
        case .empty: String(format: tr("“%@” is empty (is the disk it is on connected?)"), folder)
        }
    }

    /// The folder's row in Preferences: "Offline: the folder was deleted or moved".
    var rowSubtitle: String {
        switch self {
        // Translators: a library folder's row in Preferences, when it can't be read now.
        case .deletedOrMoved: tr("Offline: the folder was deleted or moved")
        // Translators: a library folder's row in Preferences, when it can't be read now.
        case .noLongerAFolder: tr("Offline: the folder is no longer a folder")
        // Translators: a library folder's row in Preferences; %@ is the system's reason ("Permission denied").
        case .unreadable(let reason): String(format: tr("Offline: the folder can't be read (%@)"), reason)
        // Translators: a library folder's row in Preferences, when it can't be read now.
        case .diskRemoved: tr("Offline: the folder is on a disk that was removed")
        // Translators: a library folder's row in Preferences, when it can't be read now.
        case .empty: tr("Offline: the folder is empty (is the disk it is on connected?)")
        }
    }
}

/// Whether an open folder can be read now and, if not, why.
enum FolderAvailability: Equatable, Sendable {
    case available(FolderIdentity)
    case unavailable(reason: FolderOfflineReason)

    /// Checks `folder`. `known` is the folder as last read: an empty folder on another
    /// disk than that is the mount point of a disk that was removed, not the folder.
    /// Not known yet (the first scan since launch), an empty folder the catalog has photos
    /// of (`hasPhotos`) is taken for the mount point of a disk not connected: its rows and
    /// ratings are kept rather than dropped.
    static func check(_ folder: String, known: FolderIdentity? = nil, hasPhotos: Bool = false) -> FolderAvailability {
        let info: FileInfo
        switch FileInfo.of(folder) {
        case .success(let found): info = found
        case .failure(let failure):
            switch failure.code {
            case ENOENT: return .unavailable(reason: .deletedOrMoved)
            case ENOTDIR: return .unavailable(reason: .noLongerAFolder)
            default: return .unavailable(reason: .unreadable(failure.description))
            }
        }
        guard info.isFolder else { return .unavailable(reason: .noLongerAFolder) }
        let entries: [DirectoryListing.Entry]
        do {
            entries = try DirectoryListing.entries(of: folder)
        } catch {
            return .unavailable(reason: .unreadable(error.message))
        }
        let identity = info.folderIdentity
        if let known, known.device != identity.device, entries.isEmpty {
            return .unavailable(reason: .diskRemoved)
        }
        if known == nil, hasPhotos, entries.isEmpty {
            return .unavailable(reason: .empty)
        }
        return .available(identity)
    }

    var reason: FolderOfflineReason? {
        if case .unavailable(let reason) = self { return reason }
        return nil
    }

    var identity: FolderIdentity? {
        if case .available(let identity) = self { return identity }
        return nil
    }
}
