import Foundation
import Gtk
import LightboxMedia

/// What tells one file from another beyond its path: the file system's own identity
/// (device and inode, kept by a move or rename on one disk) and a fingerprint of its
/// content (kept by a copy to another disk, whatever the copy did to the modification
/// time). The catalog uses it to find the photo a file that appeared somewhere is, when
/// that photo's file vanished from where it was (see `Catalog.save`).
public struct FileIdentity: Hashable, Sendable {
    public var device: UInt64
    public var inode: UInt64
    /// `FileEnds.fingerprint`; nil when the file could not be read for it.
    public var fingerprint: Int64?

    public init(device: UInt64, inode: UInt64, fingerprint: Int64? = nil) {
        self.device = device
        self.inode = inode
        self.fingerprint = fingerprint
    }

    init(_ info: stat, fingerprint: Int64? = nil) {
        self.init(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), fingerprint: fingerprint)
    }

    /// This device and inode with `fingerprint` (read elsewhere, by a worker).
    func with(fingerprint: Int64?) -> FileIdentity {
        FileIdentity(device: device, inode: inode, fingerprint: fingerprint)
    }

    /// The identity of the file at `path` now, its fingerprint read; nil when it can't be opened.
    static func read(_ path: String) -> FileIdentity? {
        let descriptor = open(PathBytes.c(path), O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard let info = FileInfo(descriptor: descriptor), info.isFile else { return nil }
        return info.identity.with(fingerprint: FileEnds(descriptor: descriptor, size: info.size)?.fingerprint)
    }
}

/// A photo whose file vanished: kept, with everything the person gave it, in case the file
/// comes back (`Catalog.missingPhotosKept`).
public struct MissingPhoto: Hashable, Sendable {
    /// As last seen: its path is where its file was.
    public var photo: Photo
    /// When its file was found gone.
    public var since: Date
}
