import Foundation
import GRDB

/// A photo file whose catalog stars, reject and keywords are still to be written into it.
public struct PendingWrite: Hashable, Sendable {
    public let path: String
    /// Bumped by every edit queued for the file: a write only settles the version it wrote.
    public let version: Int64
}

extension Catalog {
    /// Queues `path` for write-back inside a transaction (a newer edit of a queued file
    /// bumps its version).
    static func queueWrite(_ path: String, in db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO pending_write (path, queued_at, version) VALUES (?, ?, 1)
                ON CONFLICT(path) DO UPDATE SET queued_at = excluded.queued_at, version = version + 1
                """, arguments: [path, Date().timeIntervalSince1970])
    }

    /// Files waiting for write-back, oldest first.
    public func pendingWrites() throws -> [PendingWrite] {
        try database.read { db in
            try Row.fetchAll(db, sql: "SELECT path, version FROM pending_write ORDER BY queued_at, path").map {
                PendingWrite(path: try $0.decode(atIndex: 0), version: try $0.decode(atIndex: 1))
            }
        }
    }

    public func pendingWriteCount() throws -> Int {
        try database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM pending_write") ?? 0 }
    }

    /// Queues files for write-back (whatever edits made them differ from the catalog).
    public func queueWrites(_ paths: [String]) throws {
        try database.write { db in
            for path in paths { try Catalog.queueWrite(path, in: db) }
        }
    }

    /// The file of `write` was written (in one transaction): its row gets the file's new
    /// stamp, or `reread` (the file as another app left it, read again before writing,
    /// the catalog's stars and keywords kept), so the next scan does not read it as a
    /// change; and the write leaves the queue unless a newer edit came meanwhile.
    func settle(_ write: PendingWrite, stamp: FileStamp?, reread: Photo?) throws {
        try database.write { db in
            if var reread {
                reread.fileSize = stamp?.size ?? reread.fileSize
                reread.modified = stamp?.modified ?? reread.modified
                let values = reread.fileColumnValues.filter { $0.column != "path" }
                try db.execute(
                    sql: "UPDATE photo SET \(values.map { "\($0.column) = ?" }.joined(separator: ", ")) WHERE path = ?",
                    arguments: StatementArguments(values.map(\.value) + [reread.path]))
            } else if let stamp {
                try db.execute(
                    sql: "UPDATE photo SET fileSize = ?, modified = ? WHERE path = ?",
                    arguments: [stamp.size, stamp.modified, write.path])
            }
            try db.execute(
                sql: "DELETE FROM pending_write WHERE path = ? AND version = ?",
                arguments: [write.path, write.version])
        }
    }
}
