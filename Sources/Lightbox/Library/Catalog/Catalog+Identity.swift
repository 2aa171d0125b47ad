import Foundation
import GRDB
import Gtk

/// A photo keeps its row — its id, stars, reject, keywords and pending write — when its
/// file moves: a file that appears where the catalog has no row is first matched with the
/// photos whose files vanished (see `save`), and a photo whose file vanished is kept,
/// marked missing, rather than deleted (see `markVanished`).
extension Catalog {
    /// How long a photo whose file vanished is kept (hidden, counted) before it is let go.
    public static let missingPhotosKept: TimeInterval = 30 * 24 * 3600

    /// Migration `v7-photo-identity`: every photo gets an id of its own (the path becomes a
    /// column that can change), the file's identity (device, inode, content fingerprint),
    /// and the time its file went missing.
    static func giveEveryPhotoAnIdentity(_ db: Database) throws {
        try db.create(table: "photo_new") { t in
            t.autoIncrementedPrimaryKey("id")
            // NULL for a missing photo whose last place another file took.
            t.column("path", .text).unique()
            t.column("fileSize", .integer).notNull()
            t.column("modified", .double).notNull()
            t.column("taken", .text)
            t.column("takenSource", .text)
            t.column("make", .text)
            t.column("model", .text)
            t.column("lens", .text)
            t.column("exposure", .text)
            t.column("aperture", .double)
            t.column("iso", .integer)
            t.column("focalLength", .double)
            t.column("width", .integer).notNull()
            t.column("height", .integer).notNull()
            t.column("orientation", .integer).notNull()
            t.column("latitude", .double)
            t.column("longitude", .double)
            t.column("altitude", .double)
            t.column("rating", .integer).notNull().defaults(to: 0)
            t.column("error", .text)
            t.column("rejected", .boolean).notNull().defaults(to: false)
            t.column("keywords", .text)
            t.column("device", .integer)
            t.column("inode", .integer)
            t.column("fingerprint", .integer)
            // When the file was found gone (NULL while it is there).
            t.column("missingSince", .double)
        }
        let kept = Catalog.v6PhotoColumns.joined(separator: ", ")
        try db.execute(sql: "INSERT INTO photo_new (\(kept)) SELECT \(kept) FROM photo ORDER BY path")
        try db.drop(table: "photo")
        try db.rename(table: "photo_new", to: "photo")
        try db.create(index: "photo_taken", on: "photo", columns: ["taken"])
        try db.create(index: "photo_rating", on: "photo", columns: ["rating"])
        // A file that appears is looked up by what it may share with a photo whose file
        // vanished: among the photos marked missing, and among the listed ones, apart (see
        // `vanishedPhoto`).
        for (name, rows) in [("missing", "missingSince IS NOT NULL"), ("listed", "missingSince IS NULL")] {
            for column in ["inode", "fingerprint"] {
                try db.execute(sql: "CREATE INDEX photo_\(name)_\(column) ON photo(\(column)) WHERE \(rows)")
            }
        }
    }

    /// A photo row as the matching sees it.
    struct IdentityRow: Sendable {
        let id: Int64
        var path: String?
        let identity: FileIdentity?
        let modified: Double
        var isMissing: Bool
        let fileSize: Int64

        static let selection = "id, path, device, inode, fingerprint, modified, missingSince IS NOT NULL, fileSize"

        init(_ row: GRDB.Row) throws {
            id = try row.decode(atIndex: 0)
            path = try row.decode(atIndex: 1)
            let inode: Int64? = try row.decode(atIndex: 3)
            identity = inode.map { inode in
                FileIdentity(
                    device: UInt64(bitPattern: (try? row.decode(Int64?.self, atIndex: 2)) ?? 0), inode: UInt64(bitPattern: inode),
                    fingerprint: try? row.decode(Int64?.self, atIndex: 4))
            }
            modified = try row.decode(atIndex: 5)
            isMissing = try row.decode(atIndex: 6)
            fileSize = try row.decode(atIndex: 7)
        }

        /// Whether `file` (as read now, with its modification time) is this row's file.
        func isFile(_ identity: FileIdentity, modified: Double) -> Bool {
            guard let own = self.identity else { return false }
            return (own.device == identity.device && own.inode == identity.inode && self.modified == modified)
                || (own.fingerprint != nil && own.fingerprint == identity.fingerprint)
        }
    }

    /// The photo a file read at `photo.path` is, when it is not the photo the catalog has
    /// at that path (`current`) but one whose file vanished from where it was: the same
    /// size and either the same file (device, inode and modification time: moved or renamed
    /// on one disk) or the same fingerprint (copied to another disk). A photo counts as
    /// vanished when it is marked missing, nothing is at its path, another file is there,
    /// or its folder was taken out of the library — so a copy made while the original is
    /// still in the library is a photo of its own.
    static func vanishedPhoto(matching photo: Photo, current: IdentityRow?, in db: Database, removedFolders: [String]) throws
        -> IdentityRow?
    {
        guard let identity = photo.identity else { return nil }
        if let current, current.isFile(identity, modified: photo.modified) { return nil }
        // Photos marked missing first, the same file before a copy, one of the same name
        // before another (a folder moved, not a file renamed); then two at most of each kind
        // among the listed ones, each costing a look at the disk (hard links and exact copies
        // all match: reading them all would cost every scan dearly). One equality per query,
        // so that each searches its partial index.
        let sameFile = "inode = ? AND device = ? AND modified = ? AND fileSize = ?"
        let sameFileArguments: StatementArguments = [
            Int64(bitPattern: identity.inode), Int64(bitPattern: identity.device), photo.modified, photo.fileSize,
        ]
        let sameContent = "fingerprint = ? AND fileSize = ?"
        let sameContentArguments: StatementArguments = [identity.fingerprint, photo.fileSize]
        func fetch(_ rows: String, _ matching: String, _ arguments: StatementArguments, limit: Int) throws -> [IdentityRow] {
            // Prepared once per connection: a scan asks this of every new file.
            let statement = try db.cachedStatement(
                sql: "SELECT \(IdentityRow.selection) FROM photo WHERE \(rows) AND \(matching) LIMIT \(limit)")
            return try GRDB.Row.fetchAll(statement, arguments: arguments).map(IdentityRow.init)
        }
        let name = photo.name
        let rank = { (row: IdentityRow) in
            (
                row.identity?.inode == identity.inode && row.identity?.device == identity.device ? 0 : 1,
                row.path.map { Photo(path: $0).name } == name ? 0 : 1
            )
        }
        var rows: [IdentityRow] = []
        for (kind, limit) in [("missingSince IS NOT NULL", 16), ("missingSince IS NULL", 2)] {
            var found = try fetch(kind, sameFile, sameFileArguments, limit: limit)
            if identity.fingerprint != nil { found += try fetch(kind, sameContent, sameContentArguments, limit: limit) }
            rows += found.sorted { rank($0) < rank($1) }
        }
        return rows.first { row in
            guard row.id != current?.id else { return false }
            guard let path = row.path, !row.isMissing else { return true }
            return removedFolders.contains { LibraryFolderList.contains($0, path) } || !holdsItsFile(row, at: path)
        }
    }

    /// Every photo whose file has an identity, as the matching sees it (see `MovedFiles`).
    func identityRows() throws -> [IdentityRow] {
        try database.read { db in
            try GRDB.Row.fetchAll(db, sql: "SELECT \(IdentityRow.selection) FROM photo WHERE inode IS NOT NULL").map(IdentityRow.init)
        }
    }

    /// Folders taken out of the library and not inside one still in it (see `vanishedPhoto`).
    public func removedFolders() throws -> [String] {
        try database.read(Catalog.removedFolders)
    }

    /// Moves the rows of `files` to their new paths (checked still there, while serialized);
    /// returns the photos as they are now and where they were.
    func relink(_ files: [MovedFile]) throws -> Saved {
        guard !files.isEmpty else { return Saved() }
        return try serialized {
            let present = files.filter { !Catalog.isGone($0.path) }
            return try writeFound { db in
                var saved = Saved()
                // Thousands of files at a time (a folder moved): the rows concerned are read in
                // one query per chunk and the moved photos read back in one (a result row costs
                // GRDB a dictionary of its columns' names).
                let hasPendingWrites = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM pending_write)") ?? true
                let move = try db.cachedStatement(
                    sql: "UPDATE photo SET path = ?, missingSince = NULL, fileSize = ?, modified = ?, device = ?, inode = ? WHERE id = ?")
                for start in stride(from: 0, to: present.count, by: Catalog.chunkSize) {
                    let chunk = present[start..<min(start + Catalog.chunkSize, present.count)]
                    var rows = try Catalog.identityRows(ids: chunk.map(\.photoID), paths: chunk.map(\.path), in: db)
                    var idAtPath = Dictionary(rows.values.compactMap { row in row.path.map { ($0, row.id) } }) { first, _ in first }
                    var movedIDs: [Int64] = []
                    for file in chunk {
                        let current = idAtPath[file.path].flatMap { rows[$0] }
                        // A photo listed there meanwhile keeps its place (the next scan sorts it out).
                        guard current?.isMissing != false, let found = rows[file.photoID] else { continue }
                        let displaced = current?.id == found.id ? nil : current
                        try Catalog.makeWay(for: found, at: file.path, current: displaced, movingPendingWrite: hasPendingWrites, in: db)
                        if let displaced {
                            saved.replaced.append(file.path)
                            rows[displaced.id]?.path = nil
                            rows[displaced.id]?.isMissing = true
                        }
                        try move.execute(arguments: [
                            file.path, file.stamp.size, file.stamp.modified, Int64(bitPattern: file.identity.device),
                            Int64(bitPattern: file.identity.inode), file.photoID,
                        ])
                        if let old = found.path, old != file.path {
                            saved.moves[old] = file.path
                            if idAtPath[old] == found.id { idAtPath[old] = nil }
                        }
                        idAtPath[file.path] = found.id
                        rows[found.id]?.path = file.path
                        rows[found.id]?.isMissing = false
                        movedIDs.append(found.id)
                    }
                    saved.photos += try Catalog.photos(ids: movedIDs, in: db)
                }
                return saved
            }
        }
    }

    /// Rows of a chunk of files at a time: within SQLite's limit on a statement's parameters.
    private static let chunkSize = 500

    /// The rows of photos `ids` and of those at `paths`, by id.
    private static func identityRows(ids: [Int64], paths: [String], in db: Database) throws -> [Int64: IdentityRow] {
        let sql = """
            SELECT \(IdentityRow.selection) FROM photo
            WHERE id IN (\(placeholders(ids.count))) OR path IN (\(placeholders(paths.count)))
            """
        let rows = try GRDB.Row.fetchAll(
            db, sql: sql, arguments: StatementArguments(ids + paths.map { $0 as (any DatabaseValueConvertible) }))
        return Dictionary(
            try rows.map { row in
                let identity = try IdentityRow(row)
                return (identity.id, identity)
            }
        ) { first, _ in first }
    }

    /// Photos `ids`, in that order.
    private static func photos(ids: [Int64], in db: Database) throws -> [Photo] {
        guard !ids.isEmpty else { return [] }
        let sql = "SELECT \(Catalog.columnList), id FROM photo WHERE id IN (\(placeholders(ids.count)))"
        var byID: [Int64: Photo] = [:]
        for row in try GRDB.Row.fetchAll(db, sql: sql, arguments: StatementArguments(ids)) {
            byID[try row.decode(atIndex: Catalog.columns.count)] = try Photo(row: row)
        }
        return ids.compactMap { byID[$0] }
    }

    private static func placeholders(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ",")
    }

    /// Whether the file at `path` is still `row`'s (not gone, not another file in its place).
    static func holdsItsFile(_ row: IdentityRow, at path: String) -> Bool {
        var info = stat()
        guard stat(PathBytes.c(path), &info) == 0 else { return !(errno == ENOENT || errno == ENOTDIR) }
        let there = FileIdentity(info)
        if row.identity?.device == there.device && row.identity?.inode == there.inode { return true }
        guard let fingerprint = row.identity?.fingerprint else { return true }
        return FileIdentity.read(path)?.fingerprint == fingerprint
    }

    /// Whether nothing is at `path` any more (an unplugged disk's files included).
    static func isGone(_ path: String) -> Bool {
        access(PathBytes.c(path), F_OK) != 0 && (errno == ENOENT || errno == ENOTDIR)
    }

    /// Folders taken out of the library and not inside one still in it: their photos can
    /// move to a folder added later (a library copied to a new disk).
    static func removedFolders(_ db: Database) throws -> [String] {
        let current = try String.fetchAll(db, sql: "SELECT path FROM library_folder WHERE removed IS NULL")
        return try String.fetchAll(db, sql: "SELECT path FROM library_folder WHERE removed IS NOT NULL").filter { removed in
            !current.contains { LibraryFolderList.contains($0, removed) }
        }
    }

    /// Moves the photo `found` (and its pending write) to `path`, where its file was found
    /// again; a missing photo whose last place that was (`current`) makes way.
    static func relink(_ found: IdentityRow, to path: String, current: IdentityRow?, in db: Database) throws {
        try makeWay(for: found, at: path, current: current, movingPendingWrite: true, in: db)
        try db.cachedStatement(sql: "UPDATE photo SET path = ?, missingSince = NULL WHERE id = ?").execute(arguments: [path, found.id])
    }

    /// What `relink` does before the photo's path changes: the missing photo at `path`
    /// (`current`) lets go of it, and the pending write of `found` moves along.
    private static func makeWay(
        for found: IdentityRow, at path: String, current: IdentityRow?, movingPendingWrite: Bool, in db: Database
    ) throws {
        if let current {
            try db.execute(
                sql: "UPDATE photo SET path = NULL, missingSince = coalesce(missingSince, ?) WHERE id = ?",
                arguments: [Date().timeIntervalSince1970, current.id])
            try db.execute(sql: "DELETE FROM pending_write WHERE path = ?", arguments: [path])
        }
        if movingPendingWrite, let old = found.path {
            try db.cachedStatement(sql: "UPDATE pending_write SET path = ? WHERE path = ?").execute(arguments: [path, old])
        }
    }

    /// Marks the photos at those `paths` whose files are gone now (checked while serialized)
    /// as missing: hidden, kept with everything the person gave them until their file turns
    /// up again somewhere in the library or `missingPhotosKept` has passed. Returns the
    /// paths marked.
    @discardableResult
    public func markVanished(_ paths: [String]) throws -> [String] {
        guard !paths.isEmpty else { return [] }
        return try serialized {
            let gone = paths.filter(Catalog.isGone)
            guard !gone.isEmpty else { return [] }
            let now = Date().timeIntervalSince1970
            return try writeFound { db in
                let statement = try db.cachedStatement(sql: "UPDATE photo SET missingSince = ? WHERE path = ? AND missingSince IS NULL")
                return try gone.filter { path in
                    try statement.execute(arguments: [now, path])
                    return db.changesCount > 0
                }
            }
        }
    }

    /// Photos marked missing whose last place is under `folder`, by path.
    public func missingPhotos(in folder: String) throws -> [MissingPhoto] {
        let (low, high) = Catalog.inside(folder)
        return try database.read { db in
            try GRDB.Row.fetchAll(
                db,
                sql: """
                    SELECT \(Catalog.columnList), missingSince FROM photo
                    WHERE path >= ? AND path < ? AND missingSince IS NOT NULL ORDER BY path
                    """, arguments: [low, high]
            ).map { row in
                MissingPhoto(
                    photo: try Photo(row: row),
                    since: Date(timeIntervalSince1970: try row.decode(atIndex: Catalog.columns.count)))
            }
        }
    }

    /// How many photos are marked missing with their last place under one of `folders`.
    public func missingCount(in folders: [String]) throws -> Int {
        try database.read { db in
            try folders.reduce(0) { count, folder in
                let (low, high) = Catalog.inside(folder)
                return count
                    + (try Int.fetchOne(
                        db, sql: "SELECT count(*) FROM photo WHERE path >= ? AND path < ? AND missingSince IS NOT NULL",
                        arguments: [low, high]) ?? 0)
            }
        }
    }

    /// Lets go of photos missing since before `date`; returns how many.
    @discardableResult
    public func forgetMissing(before date: Date) throws -> Int {
        try database.write { db in
            try db.execute(sql: "DELETE FROM photo WHERE missingSince < ?", arguments: [date.timeIntervalSince1970])
            return db.changesCount
        }
    }

    /// Lets go of the missing photos last at `paths` (photos whose files are there are kept).
    public func forgetMissing(_ paths: [String]) throws {
        try database.write { db in
            let statement = try db.cachedStatement(sql: "DELETE FROM photo WHERE path = ? AND missingSince IS NOT NULL")
            for path in paths { try statement.execute(arguments: [path]) }
            let pending = try db.cachedStatement(sql: "DELETE FROM pending_write WHERE path = ? AND path NOT IN (SELECT path FROM photo)")
            for path in paths { try pending.execute(arguments: [path]) }
        }
    }

    /// Gives rows that have no file identity yet (written before identities were kept) the
    /// identity of their file now: `files` are paths found unchanged by a scan.
    func identify(_ files: [(path: String, identity: FileIdentity)]) throws {
        guard !files.isEmpty else { return }
        try database.write { db in
            let statement = try db.cachedStatement(
                sql: "UPDATE photo SET device = ?, inode = ?, fingerprint = ? WHERE path = ? AND inode IS NULL")
            for (path, identity) in files {
                try statement.execute(arguments: [
                    Int64(bitPattern: identity.device), Int64(bitPattern: identity.inode), identity.fingerprint, path,
                ])
            }
        }
    }
}
