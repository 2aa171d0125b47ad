import Foundation
import GRDB

/// Saving what a scan or the watcher read from the disk, and rows taken out or put back
/// with their files (trash, undo), serialized with each other.
extension Catalog {
    /// What `save` did: the photos as the catalog now holds them, and where photos
    /// found again at a new path were before.
    public struct Saved: Sendable {
        /// The photos saved: as read from their files, with the stars, reject and keywords
        /// the catalog keeps for a photo it had before (at that path, or found again there).
        public var photos: [Photo] = []
        /// Photos found again at a new path (moved or renamed): former path → new path.
        /// All of one step (a chain such as a→b while c→a reads both at once).
        public var moves: [String: String] = [:]
        /// Paths where a photo found again took the place of another (missing) one.
        public var replaced: [String] = []

        /// The former paths of photos found again at a new path.
        public var movedFrom: [String] { Array(moves.keys) }

        /// Adds what `other`, saved after these, saved.
        public mutating func add(_ other: Saved) {
            photos += other.photos
            moves = Saved.moves(moves, then: other.moves)
            replaced += other.replaced
        }

        /// The moves `first` then `second` make together: a photo moved a→b, then b→c,
        /// moved a→c (and the path b named no photo of its own before).
        public static func moves(_ first: [String: String], then second: [String: String]) -> [String: String] {
            let arrived = Set(first.values)
            var together = second.filter { !arrived.contains($0.key) }
            for (from, to) in first { together[from] = second[to] ?? to }
            return together.filter { $0.key != $0.value }
        }
    }

    /// Inserts or updates rows for freshly read files. A file already in the catalog
    /// keeps its catalog rating, reject and keywords; so does the file of a photo that
    /// vanished from elsewhere (matched by `vanishedPhoto(matching:)`: its row moves here);
    /// a new one starts with what the file says.
    @discardableResult
    /// `mayBeKnown` tells a file no photo of the catalog can be (its device and inode and its
    /// fingerprint unknown, see `MovedFiles`), which is not looked up.
    public func save(_ photos: [Photo], mayBeKnown: (FileIdentity) -> Bool = { _ in true }) throws -> Saved {
        try writeFound { db in
            let columns = Catalog.photoColumns
            let update = columns.filter { !Catalog.personColumns.contains($0) && $0 != "path" }.map { "\($0) = excluded.\($0)" }
            let statement = try db.cachedStatement(
                sql: """
                    INSERT INTO photo (\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))
                    ON CONFLICT(path) DO UPDATE SET \(update.joined(separator: ", ")), missingSince = NULL
                    """)
            let atPath = try db.cachedStatement(sql: "SELECT \(Catalog.IdentityRow.selection) FROM photo WHERE path = ?")
            let kept = try db.cachedStatement(sql: "SELECT id, \(Catalog.personColumns.joined(separator: ", ")) FROM photo WHERE path = ?")
            var removedFolders: [String]?
            var saved = Saved()
            for var p in photos {
                if let identity = p.identity, mayBeKnown(identity) {
                    let current = try GRDB.Row.fetchOne(atPath, arguments: [p.path]).map(Catalog.IdentityRow.init)
                    removedFolders = try removedFolders ?? Catalog.removedFolders(db)
                    if let found = try Catalog.vanishedPhoto(matching: p, current: current, in: db, removedFolders: removedFolders ?? []) {
                        try Catalog.relink(found, to: p.path, current: current, in: db)
                        if let old = found.path, old != p.path { saved.moves[old] = p.path }
                        if current != nil { saved.replaced.append(p.path) }
                    }
                }
                if let row = try GRDB.Row.fetchOne(kept, arguments: [p.path]) {
                    try p.fields.takePersonFields(from: row, at: 1)
                    p.keywords = try Catalog.keywords(ofPhoto: try row.decode(atIndex: 0), in: db)
                    try statement.execute(arguments: StatementArguments(p.databaseValues))
                } else {
                    try statement.execute(arguments: StatementArguments(p.databaseValues))
                    try Catalog.setKeywords(p.keywords, ofPhoto: db.lastInsertedRowID, in: db, replacing: false)
                }
                saved.photos.append(p)
            }
            return saved
        }
    }

    /// Inserts or replaces rows exactly as given (restoring a photo with its rating).
    public func restore(_ photos: [Photo]) throws {
        try database.write { db in try Catalog.restore(photos, in: db) }
    }

    static func restore(_ photos: [Photo], in db: Database) throws {
        let columns = Catalog.photoColumns
        let statement = try db.cachedStatement(
            sql: """
                INSERT INTO photo (\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))
                ON CONFLICT(path) DO UPDATE SET \(columns.map { "\($0) = excluded.\($0)" }.joined(separator: ", ")), missingSince = NULL
                RETURNING id
                """)
        for photo in photos {
            guard let id = try Int64.fetchOne(statement, arguments: StatementArguments(photo.databaseValues)) else { continue }
            try Catalog.setKeywords(photo.keywords, ofPhoto: id, in: db)
        }
    }

    public func remove(paths: [String]) throws {
        guard !paths.isEmpty else { return }
        try database.write { db in
            let statement = try db.cachedStatement(sql: "DELETE FROM photo WHERE path = ?")
            for path in paths { try statement.execute(arguments: [path]) }
        }
    }

    /// Runs `body` so that no other serialized section runs at the same time. A change
    /// decided from a file's state on disk (drop the row of a file that is gone, save a
    /// file just read) and an edit that moves files and rows together (trash, undo) each
    /// run inside one: a live change queued before an undo can then never remove the
    /// restored photo's row, whatever the order the two run in.
    public func serialized<T>(_ body: () throws -> T) rethrows -> T {
        editLock.lock()
        defer { editLock.unlock() }
        return try body()
    }

    /// Writes in one transaction what a scan found on disk, committed without waiting for
    /// the disk (`synchronous = NORMAL`): in WAL mode a crashed process loses nothing and a
    /// crashed system at most the last of these commits, which the next scan finds again.
    /// What the person gives (ratings, keywords) commits at `FULL`, which also makes every
    /// earlier commit durable. A moved folder is relinked in tens of commits, each of which
    /// at `FULL` waited for the disk.
    func writeFound<T>(_ body: (Database) throws -> T) throws -> T {
        try database.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            defer { try? db.execute(sql: "PRAGMA synchronous = FULL") }
            var result: T?
            try db.inTransaction {
                result = try body(db)
                return .commit
            }
            return result!
        }
    }

    /// Saves files read from disk (see `save`), leaving out those gone since they were
    /// read: a row is never brought back for a file moved to the trash meanwhile. Returns what was saved.
    @discardableResult
    public func saveRead(_ photos: [Photo], mayBeKnown: (FileIdentity) -> Bool = { _ in true }) throws -> Saved {
        guard !photos.isEmpty else { return Saved() }
        return try serialized {
            try save(photos.filter { !Catalog.isGone($0.path) }, mayBeKnown: mayBeKnown)
        }
    }
}
