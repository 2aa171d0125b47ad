import Foundation
import GRDB

/// The SQLite catalog (GRDB, WAL): one row per file under the folders opened.
/// Thread-safe; every write is committed (and synced) before the call returns.
///
/// Opening never gives up on the person's ratings: a damaged file is moved aside and
/// the catalog rebuilt from its newest backup plus every row SQLite can still read
/// (`recovery` says what happened); a catalog that can't be written (read-only data
/// folder, no space) is read into memory and marked `notWritableReason`, so that the
/// app can show photos and say plainly that ratings can't be saved.
public final class Catalog: Sendable {
    let database: any DatabaseWriter
    public let path: String
    /// Copies made with SQLite's online backup, next to the catalog.
    public let backups: CatalogBackups
    /// What was done on open when the file at `path` was damaged; nil when it was healthy.
    public let recovery: CatalogRecovery?
    /// Why changes can't be kept (the catalog lives in memory only); nil when they can.
    public let notWritableReason: String?
    private let editLock = NSRecursiveLock()

    /// Where a damaged catalog found at `path` was moved, when that happened on open.
    public var movedAsidePath: String? { recovery?.damagedFile }
    public var isWritable: Bool { notWritableReason == nil }

    /// `$XDG_DATA_HOME/io.github.lightbox.Lightbox/catalog.sqlite`.
    public static var defaultPath: String {
        ProcessInfo.processInfo.environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            .map { "\($0)/\(AppInfo.id)/catalog.sqlite" }
            ?? NSHomeDirectory() + "/.local/share/\(AppInfo.id)/catalog.sqlite"
    }

    /// Opens (creating and migrating) the catalog at `path`; see the type's notes for a
    /// damaged or unwritable one. Throws only when not even a catalog in memory can be made.
    public init(path: String = Catalog.defaultPath) throws {
        self.path = path
        let folder = (path as NSString).deletingLastPathComponent
        backups = CatalogBackups(folder: folder + "/backups")
        var recovery: CatalogRecovery?
        var database: (any DatabaseWriter)?
        var failure: Error?
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            do {
                database = try Catalog.openChecked(path)
            } catch let error as DatabaseError where Catalog.isCorruption(error) {
                let recovered = try CatalogRecovery.recover(path, from: backups, open: Catalog.openChecked)
                database = recovered.database
                recovery = recovered.report
            }
        } catch {
            failure = error
        }
        if let database {
            self.database = database
            notWritableReason = nil
        } else {
            self.database = try Catalog.inMemoryCopy(of: path)
            notWritableReason = Catalog.whyNotWritable(folder: folder, failure)
        }
        self.recovery = recovery
    }

    private static func isCorruption(_ error: DatabaseError) -> Bool {
        [.SQLITE_NOTADB, .SQLITE_CORRUPT].contains(error.resultCode)
    }

    /// The catalog's rows as far as they can be read, in a database that lives in memory.
    private static func inMemoryCopy(of path: String) throws -> DatabaseQueue {
        let memory = try DatabaseQueue()
        var configuration = Configuration()
        configuration.readonly = true
        // On a read-only disk SQLite can't make the shared-memory file a WAL catalog needs;
        // opened as immutable it reads the main file (complete after a clean exit).
        let escaped = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["?", "#", "%"])) ?? path
        for name in [path, "file:\(escaped)?immutable=1"] where FileManager.default.isReadableFile(atPath: path) {
            guard let source = try? DatabaseQueue(path: name, configuration: configuration),
                (try? source.backup(to: memory)) != nil
            else { continue }
            break
        }
        try migrator.migrate(memory)
        return memory
    }

    /// The reason a person is given when the catalog can't be written.
    private static func whyNotWritable(folder: String, _ error: Error?) -> String {
        var existing = folder
        while !FileManager.default.fileExists(atPath: existing), existing != "/" {
            existing = (existing as NSString).deletingLastPathComponent
        }
        if access(existing, W_OK) != 0 {
            switch errno {
            // Translators: why ratings can't be saved; %@ is a folder.
            case EROFS: return String(format: tr("the folder %@ is on a read-only disk"), existing)
            // Translators: why ratings can't be saved; %@ is a folder.
            case EACCES, EPERM: return String(format: tr("the folder %@ is read-only"), existing)
            default: break
            }
        }
        if let error = error as? DatabaseError, error.resultCode == .SQLITE_FULL {
            // Translators: why ratings can't be saved; %@ is a folder.
            return String(format: tr("the disk holding %@ is full"), folder)
        }
        // Translators: why ratings can't be saved; %1$@ is a folder, %2$@ SQLite's reason.
        return String(format: tr("%1$@ can't be written (%2$@)"), folder, error.map { "\($0.localizedDescription)" } ?? tr("unknown error"))
    }

    /// How long a statement waits for another connection's lock (another Lightbox process
    /// writing, a connection being closed) before it fails with "database is locked".
    static let lockTimeout: TimeInterval = 10

    static func openChecked(_ path: String) throws -> DatabasePool {
        var configuration = Configuration()
        configuration.busyMode = .timeout(lockTimeout)
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
    static let columns = [
        "path", "fileSize", "modified", "taken", "takenSource", "make", "model", "lens", "exposure",
        "aperture", "iso", "focalLength", "width", "height", "orientation", "latitude", "longitude",
        "altitude", "rating", "error", "rejected", "keywords", "device", "inode", "fingerprint",
    ]
    static let columnList = columns.joined(separator: ", ")

    static var migrator: DatabaseMigrator {
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
        migrator.registerMigration("v2-untrusted-values") { db in
            // Rows written before every value from a file was checked (`Photo.validated`):
            // their files are read again by the next scan (the stamp no longer matches; the
            // catalog's rating is kept), and until then impossible values are unknown.
            try db.execute(
                sql: """
                    UPDATE photo SET modified = 0 WHERE NOT (
                        (aperture IS NULL OR aperture BETWEEN 0.5 AND 1024)
                        AND (focalLength IS NULL OR focalLength BETWEEN 0.1 AND 10000)
                        AND (iso IS NULL OR iso BETWEEN 1 AND 10000000)
                        AND width BETWEEN 0 AND 1000000 AND height BETWEEN 0 AND 1000000
                        AND (latitude IS NULL OR latitude BETWEEN -90 AND 90)
                        AND (longitude IS NULL OR longitude BETWEEN -180 AND 180)
                        AND (altitude IS NULL OR altitude BETWEEN -12000 AND 1000000)
                        AND rating BETWEEN 0 AND 5 AND orientation BETWEEN 1 AND 8);
                    UPDATE photo SET aperture = NULL WHERE NOT aperture BETWEEN 0.5 AND 1024;
                    UPDATE photo SET focalLength = NULL WHERE NOT focalLength BETWEEN 0.1 AND 10000;
                    UPDATE photo SET iso = NULL WHERE NOT iso BETWEEN 1 AND 10000000;
                    UPDATE photo SET width = 0, height = 0
                        WHERE NOT (width BETWEEN 0 AND 1000000 AND height BETWEEN 0 AND 1000000);
                    UPDATE photo SET latitude = NULL, longitude = NULL, altitude = NULL
                        WHERE NOT (latitude BETWEEN -90 AND 90 AND longitude BETWEEN -180 AND 180);
                    UPDATE photo SET altitude = NULL WHERE NOT altitude BETWEEN -12000 AND 1000000;
                    UPDATE photo SET rating = MIN(MAX(rating, 0), 5) WHERE rating NOT BETWEEN 0 AND 5;
                    UPDATE photo SET orientation = 1 WHERE orientation NOT BETWEEN 1 AND 8;
                    """)
        }
        migrator.registerMigration("v3-order-indexes") { db in
            // The first screenful of a large library, newest or best first, without reading it all.
            try db.create(index: "photo_taken", on: "photo", columns: ["taken"])
            try db.create(index: "photo_rating", on: "photo", columns: ["rating"])
        }
        migrator.registerMigration("v4-rejected-keywords") { db in
            // What other apps wrote: a reject (rating -1) and keywords, one per line.
            try db.alter(table: "photo") { t in
                t.add(column: "rejected", .boolean).notNull().defaults(to: false)
                t.add(column: "keywords", .text)
            }
        }
        migrator.registerMigration("v5-pending-writes") { db in
            // Photo files whose stars, reject or keywords are still to be written into them
            // (see `MetadataWriteBack`); `version` tells a newer edit from the one written.
            try db.create(table: "pending_write") { t in
                t.primaryKey("path", .text)
                t.column("queued_at", .double).notNull()
                t.column("version", .integer).notNull().defaults(to: 1)
            }
        }
        migrator.registerMigration("v6-library-folders") { db in
            try createLibraryFolders(db)  // see Catalog+LibraryFolders.swift
        }
        migrator.registerMigration("v7-photo-identity") { db in
            try giveEveryPhotoAnIdentity(db)  // see Catalog+Identity.swift
        }
        return migrator
    }

    /// Range condition for "path is inside `folder`" that uses the primary key index.
    static func inside(_ folder: String) -> (String, String) {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return (prefix, String(prefix.dropLast()) + "0")  // "0" sorts right after "/"
    }

    /// Every photo under `folder` (recursively), in path order.
    public func photos(in folder: String) throws -> [Photo] {
        let (low, high) = Catalog.inside(folder)
        return try database.read { db in
            try Photo.filter(Column("path") >= low && Column("path") < high && Column("missingSince") == nil)
                .order(Column("path")).fetchAll(db)
        }
    }

    /// The first photos under `folder` in `order` (newest or best first): at least
    /// `limit` (in no particular order), exactly the start of `photos(in:)` sorted the same
    /// way, ties broken by name as Swift does. Nil when that can't be
    /// had cheaply: orders SQLite can't rank as Swift does (by name, by camera), or a tie
    /// of more than `maxTie` photos (photos without a date, thousands with the same stars).
    public func firstPhotos(in folder: String, order: PhotoSort, limit: Int, maxTie: Int = 5_000) throws -> [Photo]? {
        let key: String
        switch order {
        case .dateTaken: key = "taken"
        case .rating: key = "rating"
        case .name, .camera: return nil
        }
        let (low, high) = Catalog.inside(folder)
        return try database.read { db in
            let inFolder = "path >= ? AND path < ? AND missingSince IS NULL"
            // In a large folder, walking the order's index down to the first photos in the
            // folder beats sorting the whole folder (34 ms at 100,000); SQLite, knowing
            // nothing of the folder's size, would sort.
            let sample = 2_000
            let inLargeFolder =
                try Int.fetchOne(
                    db, sql: "SELECT count(*) FROM (SELECT 1 FROM photo WHERE \(inFolder) LIMIT ?)",
                    arguments: [low, high, sample]) == sample
            let index = inLargeFolder ? "INDEXED BY photo_\(key)" : ""
            // Photos without a date come last (NULL is below any value, as "" in Swift's order).
            let first = try Photo.fetchAll(
                db, sql: "SELECT \(Catalog.columnList) FROM photo \(index) WHERE \(inFolder) ORDER BY \(key) DESC LIMIT ?",
                arguments: [low, high, limit])
            guard first.count == limit, let last = first.last else { return first }
            let boundary: DatabaseValue = order == .rating ? last.rating.databaseValue : last.taken.databaseValue
            guard !boundary.isNull else { return nil }
            // Photos tied with the last come by name: only their paths are read, and the
            // rows of those that make the first `limit`.
            let above = first.filter { order == .rating ? $0.rating.databaseValue != boundary : $0.taken.databaseValue != boundary }
            let tied = try String.fetchAll(
                db, sql: "SELECT path FROM photo \(index) WHERE \(inFolder) AND \(key) = ? LIMIT ?",
                arguments: [low, high, boundary, maxTie + 1])
            guard tied.count <= maxTie else { return nil }
            let byName = tied.map { Photo(path: $0, fileSize: 0, modified: 0) }.sorted(by: .name)
            let rows = try Photo.filter(byName.prefix(limit - above.count).map(\.path).contains(Column("path"))).fetchAll(db)
            return above + rows
        }
    }

    /// The size and modification time the catalog has for the file at `path`; nil when it
    /// has no photo there, or only a missing one.
    func stamp(at path: String) throws -> FileStamp? {
        try database.read { db in
            try Row.fetchOne(db, sql: "SELECT fileSize, modified FROM photo WHERE path = ? AND missingSince IS NULL", arguments: [path])
                .map { FileStamp(size: try $0.decode(atIndex: 0), modified: try $0.decode(atIndex: 1)) }
        }
    }

    public func photo(at path: String) throws -> Photo? {
        try database.read { db in try Photo.filter(Column("path") == path).fetchOne(db) }
    }

    /// Size and modification time of every file under `folder`, for incremental rescans.
    public func stamps(in folder: String) throws -> [String: FileStamp] {
        let (low, high) = Catalog.inside(folder)
        return try database.read { db in
            var result: [String: FileStamp] = [:]
            let rows = try Row.fetchCursor(
                db, sql: "SELECT path, fileSize, modified FROM photo WHERE path >= ? AND path < ? AND missingSince IS NULL",
                arguments: [low, high])
            while let row = try rows.next() {
                // Throwing decodes: an unexpected NULL is an error, never a trap.
                result[try row.decode(String.self, atIndex: 0)] = FileStamp(
                    size: try row.decode(atIndex: 1),
                    modified: try row.decode(atIndex: 2))
            }
            return result
        }
    }

    /// What `save` did: the photos as the catalog now holds them, and where photos
    /// found again at a new path were before.
    public struct Saved: Sendable {
        /// The photos saved: as read from their files, with the stars, reject and keywords
        /// the catalog keeps for a photo it had before (at that path, or found again there).
        public var photos: [Photo] = []
        /// The former paths of photos found again at a new path (moved or renamed).
        public var movedFrom: [String] = []
        /// Paths where a photo found again took the place of another (missing) one.
        public var replaced: [String] = []
    }

    /// Paths under `folder` whose rows have no file identity (written before identities were kept).
    func unidentified(in folder: String) throws -> Set<String> {
        let (low, high) = Catalog.inside(folder)
        return try database.read { db in
            Set(
                try String.fetchAll(
                    db, sql: "SELECT path FROM photo WHERE path >= ? AND path < ? AND inode IS NULL", arguments: [low, high]))
        }
    }

    /// Inserts or updates rows for freshly read files. A file already in the catalog
    /// keeps its catalog rating, reject and keywords; so does the file of a photo that
    /// vanished from elsewhere (matched by `vanishedPhoto(matching:)`: its row moves here);
    /// a new one starts with what the file says.
    @discardableResult
    public func save(_ photos: [Photo]) throws -> Saved {
        try database.write { db in
            let columns = Catalog.columns
            let update = columns.filter { !["path", "rating", "rejected", "keywords"].contains($0) }.map { "\($0) = excluded.\($0)" }
            let statement = try db.cachedStatement(
                sql: """
                    INSERT INTO photo (\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))
                    ON CONFLICT(path) DO UPDATE SET \(update.joined(separator: ", ")), missingSince = NULL
                    """)
            let atPath = try db.cachedStatement(sql: "SELECT \(Catalog.IdentityRow.selection) FROM photo WHERE path = ?")
            let kept = try db.cachedStatement(sql: "SELECT rating, rejected, keywords FROM photo WHERE path = ?")
            var removedFolders: [String]?
            var saved = Saved()
            for var p in photos {
                if p.identity != nil {
                    let current = try GRDB.Row.fetchOne(atPath, arguments: [p.path]).map(Catalog.IdentityRow.init)
                    removedFolders = try removedFolders ?? Catalog.removedFolders(db)
                    if let found = try Catalog.vanishedPhoto(matching: p, current: current, in: db, removedFolders: removedFolders ?? []) {
                        try Catalog.relink(found, to: p.path, current: current, in: db)
                        saved.movedFrom += [found.path].compactMap { $0 }
                        if current != nil { saved.replaced.append(p.path) }
                    }
                }
                if let row = try GRDB.Row.fetchOne(kept, arguments: [p.path]) {
                    p.rating = try row.decode(atIndex: 0)
                    p.isRejected = try row.decode(atIndex: 1)
                    p.keywords = Photo.keywords(column: try row.decode(atIndex: 2))
                }
                try statement.execute(arguments: StatementArguments(p.databaseValues))
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
        let columns = Catalog.columns
        let statement = try db.cachedStatement(
            sql: """
                INSERT INTO photo (\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))
                ON CONFLICT(path) DO UPDATE SET \(columns.map { "\($0) = excluded.\($0)" }.joined(separator: ", ")), missingSince = NULL
                """)
        for photo in photos { try statement.execute(arguments: StatementArguments(photo.databaseValues)) }
    }

    public func remove(paths: [String]) throws {
        guard !paths.isEmpty else { return }
        try database.write { db in
            let statement = try db.cachedStatement(sql: "DELETE FROM photo WHERE path = ?")
            for path in paths { try statement.execute(arguments: [path]) }
        }
    }

    // MARK: Backups

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

    // MARK: Disk space

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

    /// Saves files read from disk (see `save`), leaving out those gone since they were
    /// read: a row is never brought back for a file moved to the trash meanwhile. Returns what was saved.
    @discardableResult
    public func saveRead(_ photos: [Photo]) throws -> Saved {
        guard !photos.isEmpty else { return Saved() }
        return try serialized {
            try save(photos.filter { !Catalog.isGone($0.path) })
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

    /// Sets the stars, reject and keywords of several photos in one transaction (all or
    /// none); returns the paths the catalog has no row for. With `queueingWrites`, the
    /// same transaction queues each photo's file for write-back (`pendingWrites`): an
    /// acknowledged edit is never lost on its way to the file.
    @discardableResult
    public func setMetadata(_ values: [Photo.ID: PhotoMetadata], queueingWrites: Bool = false) throws -> [String] {
        guard !values.isEmpty else { return [] }
        return try database.write { db in
            let statement = try db.cachedStatement(sql: "UPDATE photo SET rating = ?, rejected = ?, keywords = ? WHERE path = ?")
            var missing: [String] = []
            for (path, metadata) in values {
                try statement.execute(arguments: [
                    metadata.rating, metadata.isRejected,
                    Photo.keywordsColumn(metadata.keywords), path,
                ])
                if db.changesCount == 0 {
                    missing.append(path)
                } else if queueingWrites {
                    try Catalog.queueWrite(path, in: db)
                }
            }
            return missing
        }
    }
}

extension Photo: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "photo"
    /// Always `Catalog.columns`, in that order: rows are read by position.
    public static var databaseSelection: [any SQLSelectable] { Catalog.columns.map { Column($0) } }

    /// A row of `Catalog.columns`, in order. Throwing decodes: an unexpected NULL or
    /// type is an error, never a trap.
    public init(row: Row) throws {
        self.init(
            path: try row.decode(atIndex: 0), fileSize: try row.decode(atIndex: 1),
            modified: try row.decode(atIndex: 2), error: try row.decode(atIndex: 19))
        taken = try row.decode(atIndex: 3)
        takenSource = (try row.decode(String?.self, atIndex: 4)).flatMap(TakenSource.init(rawValue:))
        make = try row.decode(atIndex: 5)
        model = try row.decode(atIndex: 6)
        lens = try row.decode(atIndex: 7)
        exposure = try row.decode(atIndex: 8)
        aperture = try row.decode(atIndex: 9)
        iso = try row.decode(atIndex: 10)
        focalLength = try row.decode(atIndex: 11)
        width = try row.decode(atIndex: 12)
        height = try row.decode(atIndex: 13)
        orientation = try row.decode(atIndex: 14)
        latitude = try row.decode(atIndex: 15)
        longitude = try row.decode(atIndex: 16)
        altitude = try row.decode(atIndex: 17)
        rating = try row.decode(atIndex: 18)
        isRejected = try row.decode(atIndex: 20)
        keywords = Photo.keywords(column: try row.decode(atIndex: 21))
        if let inode: Int64 = try row.decode(atIndex: 23) {
            identity = FileIdentity(
                device: UInt64(bitPattern: try row.decode(Int64?.self, atIndex: 22) ?? 0), inode: UInt64(bitPattern: inode),
                fingerprint: try row.decode(atIndex: 24))
        }
    }

    /// The values of `Catalog.columns`, in order.
    var databaseValues: [(any DatabaseValueConvertible)?] {
        [
            path, fileSize, modified, taken, takenSource?.rawValue, make, model, lens, exposure,
            aperture, iso, focalLength, width, height, orientation, latitude, longitude,
            altitude, rating, error, isRejected, Photo.keywordsColumn(keywords),
            identity.map { Int64(bitPattern: $0.device) }, identity.map { Int64(bitPattern: $0.inode) }, identity?.fingerprint,
        ]
    }

    static func keywords(column: String?) -> [String] {
        column?.split(separator: "\n").map(String.init) ?? []
    }

    /// Keywords as stored: one per line, NULL for none.
    static func keywordsColumn(_ keywords: [String]) -> String? {
        keywords.isEmpty ? nil : keywords.map { $0.replacingOccurrences(of: "\n", with: " ") }.joined(separator: "\n")
    }

    public func encode(to container: inout PersistenceContainer) throws {
        for (column, value) in zip(Catalog.columns, databaseValues) { container[column] = value }
    }
}
