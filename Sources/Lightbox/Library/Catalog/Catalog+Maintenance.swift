import Foundation
import GRDB

/// Keeping the catalog file safe: backups, the write-ahead log folded in at exit, and
/// telling a full disk.
extension Catalog {
    /// Copies the catalog to `backups` a few seconds from now (changes in a burst share one copy).
    public func backUpSoon() {
        guard isWritable else { return }
        backups.backUpSoon(database)
    }

    /// Copies the catalog to `backups` now; returns the copy, nil when none could be made.
    @discardableResult
    public func backUpNow() -> CatalogBackups.Copy? {
        guard isWritable else { return nil }
        return backups.backUp(database)
    }

    /// Moves every commit from the write-ahead log into the catalog file and empties the
    /// log (at exit: the file alone then holds everything, for backups and other tools).
    public func checkpoint() {
        guard isWritable else { return }
        try? database.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
    }

    /// Whether `error` is the disk under the catalog running full.
    public func isDiskFull(_ error: Error) -> Bool {
        guard let error = error as? DatabaseError else { return false }
        return error.resultCode == .SQLITE_FULL || (error.resultCode == .SQLITE_IOERR && !hasRoomToGrow)
    }

    /// Whether the disk under the catalog has room again for work a full disk stopped:
    /// 4 MB free, or a quarter of a smaller disk.
    public var hasRoomToGrow: Bool {
        var info = statvfs()
        guard statvfs((path as NSString).deletingLastPathComponent, &info) == 0 else { return false }
        let free = Double(info.f_bavail) * Double(info.f_frsize)
        let size = Double(info.f_blocks) * Double(info.f_frsize)
        return free >= min(4 * 1024 * 1024, size / 4)
    }
}
