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
    let editLock = NSRecursiveLock()

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

    /// The `photo` table's columns as migration `v6-library-folders` left them, for the
    /// migrations after it (which must not change with the fields a photo has now).
    static let v6PhotoColumns = [
        "path", "fileSize", "modified", "taken", "takenSource", "make", "model", "lens", "exposure",
        "aperture", "iso", "focalLength", "width", "height", "orientation", "latitude", "longitude",
        "altitude", "rating", "error", "rejected", "keywords",
    ]

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
        migrator.registerMigration("v8-keywords") { db in
            try moveKeywordsToTheirTables(db)  // see Catalog+Keywords.swift
        }
        migrator.registerMigration("v9-titles") { db in
            try db.alter(table: "photo") { t in
                t.add(column: "title", .text)
                t.add(column: "caption", .text)
            }
        }
        migrator.registerMigration("v10-albums") { db in
            try createAlbums(db)  // see Catalog+Albums.swift
        }
        migrator.registerMigration("v11-saved-searches") { db in
            try createSavedSearches(db)  // see Catalog+SavedSearches.swift
        }
        migrator.registerMigration("v12-corrections") { db in
            // The file's time zone, and what the person corrects (see `PhotoCorrections`).
            try db.alter(table: "photo") { t in
                t.add(column: "takenOffset", .text)
                t.add(column: "correctedOrientation", .integer)
                t.add(column: "correctedTaken", .text)
                t.add(column: "correctedTakenOffset", .text)
                t.add(column: "correctedPlace", .text)
            }
            // The first screenful newest first, by the date shown (`Catalog.shownTaken`).
            try db.execute(sql: "DROP INDEX IF EXISTS photo_taken")
            try db.execute(sql: "CREATE INDEX photo_shown_taken ON photo(\(shownTaken))")
        }
        migrator.registerMigration("v13-duplicates") { db in
            try createDuplicateTables(db)  // see Catalog+Duplicates.swift
        }
        migrator.registerMigration("v14-jpeg-xl") { db in
            // JPEG XL files listed as an unsupported format before libjxl read them: the next
            // scan reads them (the stamp no longer matches).
            try db.execute(sql: "UPDATE photo SET modified = 0 WHERE lower(path) LIKE '%.jxl' AND error IS NOT NULL")
        }
        migrator.registerMigration("v15-videos") { db in
            // A video's length, codec and frame rate (see `VideoTrack`); NULL for a photo.
            try db.alter(table: "photo") { t in
                t.add(column: "duration", .double)
                t.add(column: "codec", .text)
                t.add(column: "frameRate", .double)
            }
        }
        migrator.registerMigration("v16-live-photos") { db in
            // What pairs a Live Photo's still with its motion (see `LivePhotos`); the phones'
            // photos and videos read before are read again by the next scan for it.
            try db.alter(table: "photo") { t in
                t.add(column: "contentIdentifier", .text)
                t.add(column: "motionLength", .integer)
            }
            try db.execute(
                sql: """
                    UPDATE photo SET modified = 0
                    WHERE make IN ('Apple', 'Google', 'samsung', 'Samsung') OR duration IS NOT NULL
                    """)
        }
        return migrator
    }

    /// The date a photo is shown with, in SQL: the corrected one, else the file's.
    static let shownTaken = "COALESCE(correctedTaken, taken)"

    /// Range condition for "path is inside `folder`" that uses the primary key index.
    static func inside(_ folder: String) -> (String, String) {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return (prefix, String(prefix.dropLast()) + "0")  // "0" sorts right after "/"
    }
}
