import Foundation
import GRDB

/// The SQLite catalog (GRDB, WAL): one row per file under the folders opened.
/// Thread-safe; every write is committed (and synced) before the call returns.
public final class Catalog: Sendable {
    let database: DatabasePool
    public let path: String
    /// Where a corrupt catalog found at `path` was moved, when that happened on open.
    public let movedAsidePath: String?
    private let editLock = NSRecursiveLock()

    /// `$XDG_DATA_HOME/io.github.lightbox.Lightbox/catalog.sqlite`.
    public static var defaultPath: String {
        ProcessInfo.processInfo.environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            .map { "\($0)/\(AppInfo.id)/catalog.sqlite" }
            ?? NSHomeDirectory() + "/.local/share/\(AppInfo.id)/catalog.sqlite"
    }

    /// Opens (creating and migrating) the catalog at `path`. A file there that is not
    /// a healthy SQLite catalog is moved aside to `…corrupt-<date>` and a new one made.
    public init(path: String = Catalog.defaultPath) throws {
        self.path = path
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        do {
            database = try Catalog.openChecked(path)
            movedAsidePath = nil
        } catch let error as DatabaseError where Catalog.isCorruption(error) {
            let aside = path + ".corrupt-" + ISO8601DateFormatter().string(from: Date())
            try FileManager.default.moveItem(atPath: path, toPath: aside)
            for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            database = try Catalog.openChecked(path)
            movedAsidePath = aside
        }
    }

    private static func isCorruption(_ error: DatabaseError) -> Bool {
        [.SQLITE_NOTADB, .SQLITE_CORRUPT].contains(error.resultCode)
    }

    private static func openChecked(_ path: String) throws -> DatabasePool {
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        let pool = try DatabasePool(path: path, configuration: configuration)
        let check = try pool.read { db in try String.fetchOne(db, sql: "PRAGMA quick_check") }
        guard check == "ok" else {
            throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: check ?? "quick_check failed")
        }
        try migrator.migrate(pool)
        return pool
    }

    /// The `photo` table's columns, in order.
    static let columns = ["path", "fileSize", "modified", "taken", "takenSource", "make", "model", "lens", "exposure",
                          "aperture", "iso", "focalLength", "width", "height", "orientation", "latitude", "longitude",
                          "altitude", "rating", "error"]

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: "photo") { t in
                t.primaryKey("path", .text)
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
            }
        }
        return migrator
    }

    /// Range condition for "path is inside `folder`" that uses the primary key index.
    private static func inside(_ folder: String) -> (String, String) {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return (prefix, String(prefix.dropLast()) + "0")  // "0" sorts right after "/"
    }

    /// Every photo under `folder` (recursively), in path order.
    public func photos(in folder: String) throws -> [Photo] {
        let (low, high) = Catalog.inside(folder)
        return try database.read { db in
            try Photo.filter(Column("path") >= low && Column("path") < high).order(Column("path")).fetchAll(db)
        }
    }

    public func photo(at path: String) throws -> Photo? {
        try database.read { db in try Photo.fetchOne(db, key: path) }
    }

    /// Size and modification time of every file under `folder`, for incremental rescans.
    public func stamps(in folder: String) throws -> [String: FileStamp] {
        let (low, high) = Catalog.inside(folder)
        return try database.read { db in
            var result: [String: FileStamp] = [:]
            let rows = try Row.fetchCursor(db, sql: "SELECT path, fileSize, modified FROM photo WHERE path >= ? AND path < ?",
                                           arguments: [low, high])
            while let row = try rows.next() {
                result[row[0]] = FileStamp(size: row[1], modified: row[2])
            }
            return result
        }
    }

    /// Inserts or updates rows for freshly read files. A file already in the catalog
    /// keeps its catalog rating; a new one starts with its embedded rating.
    public func save(_ photos: [Photo]) throws {
        try database.write { db in
            let columns = Catalog.columns
            let update = columns.filter { $0 != "path" && $0 != "rating" }.map { "\($0) = excluded.\($0)" }
            let statement = try db.cachedStatement(sql: """
                INSERT INTO photo (\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))
                ON CONFLICT(path) DO UPDATE SET \(update.joined(separator: ", "))
                """)
            for p in photos {
                let values: [(any DatabaseValueConvertible)?] = [
                    p.path, p.fileSize, p.modified, p.taken, p.takenSource?.rawValue, p.make, p.model, p.lens, p.exposure,
                    p.aperture, p.iso, p.focalLength, p.width, p.height, p.orientation, p.latitude, p.longitude,
                    p.altitude, p.rating, p.error,
                ]
                try statement.execute(arguments: StatementArguments(values))
            }
        }
    }

    /// Inserts rows exactly as given (restoring a photo with its rating).
    public func restore(_ photos: [Photo]) throws {
        try database.write { db in
            for photo in photos { try photo.save(db) }
        }
    }

    public func remove(paths: [String]) throws {
        guard !paths.isEmpty else { return }
        try database.write { db in
            _ = try Photo.deleteAll(db, keys: paths)
        }
    }

    // MARK: Edits decided from the disk

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

    /// Removes the rows of those `paths` whose files are gone now (checked while
    /// serialized). Returns how many rows were removed.
    @discardableResult
    public func removeVanished(_ paths: [String]) throws -> Int {
        guard !paths.isEmpty else { return 0 }
        return try serialized {
            let gone = paths.filter { access($0, F_OK) != 0 && errno == ENOENT }
            try remove(paths: gone)
            return gone.count
        }
    }

    /// Saves files read from disk (see `save`), leaving out those gone since they were
    /// read: a row is never brought back for a file moved to the trash meanwhile.
    public func saveRead(_ photos: [Photo]) throws {
        guard !photos.isEmpty else { return }
        try serialized {
            try save(photos.filter { access($0.path, F_OK) == 0 || errno != ENOENT })
        }
    }

    /// Sets a rating; returns false when the catalog has no such photo.
    @discardableResult
    public func setRating(_ rating: Int, path: String) throws -> Bool {
        try database.write { db in
            try db.execute(sql: "UPDATE photo SET rating = ? WHERE path = ?", arguments: [rating, path])
            return db.changesCount > 0
        }
    }
}

extension Photo: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "photo"
}
