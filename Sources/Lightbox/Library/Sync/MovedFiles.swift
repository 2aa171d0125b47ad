import Foundation

/// Finds, for a scan, the photos whose files turn up at new paths: a file new at its path
/// with the device, inode, size and modification time of a photo whose file vanished from
/// where it was (see `Catalog.vanishedPhoto`) is that photo, moved or renamed on one disk,
/// and is not read again. The catalog's identities are read once, at the first new file
/// (a scan asks this of every new file: a query each cost a first scan dearly), and each
/// photo is claimed by one new path only (two new paths can be one file: hard links).
final class MovedFiles: @unchecked Sendable {
    private struct Key: Hashable {
        let device: UInt64
        let inode: UInt64
        let size: Int64
        let modified: Double
    }

    private let catalog: Catalog
    private let removedFolders: [String]
    private let lock = NSLock()
    private struct Inode: Hashable {
        let device: UInt64
        let inode: UInt64
    }

    private var rows: [Key: [Catalog.IdentityRow]]?
    /// Every device and inode, and every fingerprint, of the catalog's photos.
    private var inodes: Set<Inode> = []
    private var fingerprints: Set<Int64> = []
    private var claimed: Set<Int64> = []
    /// Photos whose files were found where the catalog has them: no later new path is theirs.
    private var present: Set<Int64> = []

    init(catalog: Catalog, removedFolders: [String]) {
        self.catalog = catalog
        self.removedFolders = removedFolders
    }

    /// The id of the photo whose file the one at `path` is, when that photo's file vanished.
    func photo(movedTo path: String, stamp: FileStamp, identity: FileIdentity) -> Int64? {
        lock.withLock {
            load()
            let key = Key(device: identity.device, inode: identity.inode, size: stamp.size, modified: stamp.modified)
            guard let rows = rows?[key] else { return nil }
            let name = (path as NSString).lastPathComponent
            // Missing ones first, then one of the same name (a folder moved, not a file renamed).
            let candidates = rows.sorted {
                ($0.isMissing ? 0 : 1, ($0.path as NSString?)?.lastPathComponent == name ? 0 : 1)
                    < ($1.isMissing ? 0 : 1, ($1.path as NSString?)?.lastPathComponent == name ? 0 : 1)
            }
            // Every candidate's file is looked at once per scan, however many links a file has.
            for row in candidates where row.path != path && !claimed.contains(row.id) && !present.contains(row.id) {
                let vanished =
                    row.isMissing
                    || row.path.map { old in
                        removedFolders.contains { LibraryFolderList.contains($0, old) } || !Catalog.holdsItsFile(row, at: old)
                    } ?? true
                if vanished {
                    claimed.insert(row.id)
                    return row.id
                }
                present.insert(row.id)
            }
            return nil
        }
    }

    /// Whether a file read in this scan may be a photo of the catalog, moved (by its
    /// device and inode, or its fingerprint): else saving it looks for none. A first scan
    /// of a new library, where no file is known, asks the catalog nothing.
    func mayBeKnown(_ identity: FileIdentity) -> Bool {
        lock.withLock {
            load()
            return inodes.contains(Inode(device: identity.device, inode: identity.inode))
                || identity.fingerprint.map(fingerprints.contains) == true
        }
    }

    /// Reads the catalog's identities, once (called with the lock held).
    private func load() {
        guard rows == nil else { return }
        let all = (try? catalog.identityRows()) ?? []
        rows = Dictionary(grouping: all) { row in
            Key(device: row.identity?.device ?? 0, inode: row.identity?.inode ?? 0, size: row.fileSize, modified: row.modified)
        }
        for row in all {
            guard let identity = row.identity else { continue }
            inodes.insert(Inode(device: identity.device, inode: identity.inode))
            if let fingerprint = identity.fingerprint { fingerprints.insert(fingerprint) }
        }
    }
}
