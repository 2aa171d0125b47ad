import Foundation
import Gtk

/// What the file system says of a path: its kind, size, modification time and identity
/// (device and inode). The app asks through this type, not through `stat` itself.
///
/// ```swift
/// guard let info = FileInfo(path: path) else { return errno }  // errno says why
/// info.kind == .folder; info.stamp; info.identity
/// FileInfo(path: path, followingLinks: false)?.kind == .link
/// switch FileInfo.of(path) { case .success(let info): …; case .failure(let error): error.code … }
/// ```
struct FileInfo: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case file, folder, link, other
    }

    let kind: Kind
    let size: Int64
    /// Seconds since 1970, to the nanosecond the file system keeps.
    let modified: Double
    let device: UInt64
    let inode: UInt64
    /// The permission bits (`0o644`).
    let permissions: UInt32

    /// The information of `path` (of the link itself when `followingLinks` is false); nil
    /// when it can't be read, with `errno` saying why.
    init?(path: String, followingLinks: Bool = true) {
        var info = stat()
        guard (followingLinks ? stat(PathBytes.c(path), &info) : lstat(PathBytes.c(path), &info)) == 0 else { return nil }
        self.init(info)
    }

    /// The information of the open file `descriptor`; nil (and `errno` set) when it can't be read.
    init?(descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        self.init(info)
    }

    private init(_ info: stat) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .file
        case S_IFDIR: kind = .folder
        case S_IFLNK: kind = .link
        default: kind = .other
        }
        size = Int64(info.st_size)
        modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1_000_000_000
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        permissions = UInt32(info.st_mode) & 0o7777
    }

    /// Why a path's information can't be read: the system's error number.
    struct Failure: Error, CustomStringConvertible {
        let code: Int32
        /// The system's words for it ("No such file or directory").
        var description: String { String(cString: strerror(code)) }
    }

    /// The information of `path`, or why it can't be read.
    static func of(_ path: String, followingLinks: Bool = true) -> Result<FileInfo, Failure> {
        guard let info = FileInfo(path: path, followingLinks: followingLinks) else { return .failure(Failure(code: errno)) }
        return .success(info)
    }

    var isFolder: Bool { kind == .folder }
    var isFile: Bool { kind == .file }
    /// Size and modification time: what tells a file changed.
    var stamp: FileStamp { FileStamp(size: size, modified: modified) }
    /// Device and inode: kept by a move or rename on one disk.
    var identity: FileIdentity { FileIdentity(device: device, inode: inode) }
    var folderIdentity: FolderIdentity { FolderIdentity(device: device, inode: inode) }
}
