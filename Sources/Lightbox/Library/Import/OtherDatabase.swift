import Foundation
import GRDB

/// Opens another app's SQLite database without ever writing to it or beside it.
///
/// A rollback-journal database (Shotwell's and darktable's mode) is opened read-only: SQLite then
/// takes only shared locks, creates no file, and refuses (instead of replaying) a hot journal. A WAL
/// database can't be read in place without SQLite writing its `-shm` index, so it is read from a
/// private copy when no process has it open, and reported as in use when one has.
enum OtherDatabase {
    /// Long enough to wait out the app committing one save, short enough not to look hung.
    static let busyTimeout: TimeInterval = 2

    static func read<T>(_ path: String, app: OtherPhotoApp, _ body: (Database) throws -> T) throws -> T {
        try checkFile(path, app: app)
        if isWriteAheadLog(path) {
            if FileManager.default.fileExists(atPath: path + "-shm") { throw OtherLibraryError.locked(app, path: path) }
            return try readCopy(of: path, app: app, body)
        }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(busyTimeout)
        configuration.label = "OtherDatabase"
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            defer { try? queue.close() }
            return try queue.read(body)
        } catch let error as DatabaseError {
            throw mapped(error, path: path, app: app)
        }
    }

    /// Whether SQLite could not read a table or column the reader asked for: a layout it doesn't know.
    static func isUnknownLayout(_ error: Error) -> Bool {
        guard let error = error as? DatabaseError, error.resultCode == .SQLITE_ERROR else { return false }
        let message = error.message ?? ""
        return message.hasPrefix("no such table") || message.hasPrefix("no such column")
    }

    private static func checkFile(_ path: String, app: OtherPhotoApp) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw OtherLibraryError.missing(path: path)
        }
        if isFolder.boolValue { throw OtherLibraryError.notThisApp(app, path: path, found: "a folder") }
        guard access(path, R_OK) == 0, let file = FileHandle(forReadingAtPath: path) else {
            throw OtherLibraryError.unreadable(path: path)
        }
        defer { try? file.close() }
        let header = (try? file.read(upToCount: 16)) ?? Data()
        if header.isEmpty { throw OtherLibraryError.notThisApp(app, path: path, found: "an empty file") }
        if header != Data("SQLite format 3\0".utf8) {
            throw OtherLibraryError.damaged(path: path, detail: "not an SQLite database")
        }
    }

    /// SQLite's header says WAL when its read and write versions (bytes 18 and 19) are 2.
    private static func isWriteAheadLog(_ path: String) -> Bool {
        guard let file = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? file.close() }
        guard let header = try? file.read(upToCount: 20), header.count == 20 else { return false }
        return header[header.startIndex + 18] == 2 && header[header.startIndex + 19] == 2
    }

    /// Without a `-shm` no process has the database open, so the file and its log are a settled
    /// pair: a copy of both is the database, and SQLite may replay the log into the copy.
    private static func readCopy<T>(of path: String, app: OtherPhotoApp, _ body: (Database) throws -> T) throws -> T {
        let manager = FileManager.default
        let folder = manager.temporaryDirectory.appendingPathComponent("lightbox-import-\(UUID().uuidString)").path
        try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? manager.removeItem(atPath: folder) }
        let copy = folder + "/" + (path as NSString).lastPathComponent
        do {
            try manager.copyItem(atPath: path, toPath: copy)
            if manager.fileExists(atPath: path + "-wal") { try manager.copyItem(atPath: path + "-wal", toPath: copy + "-wal") }
        } catch {
            throw OtherLibraryError.unreadable(path: path)
        }
        var configuration = Configuration()
        configuration.label = "OtherDatabase.copy"
        do {
            let queue = try DatabaseQueue(path: copy, configuration: configuration)
            defer { try? queue.close() }
            return try queue.read(body)
        } catch let error as DatabaseError {
            throw mapped(error, path: path, app: app)
        }
    }

    private static func mapped(_ error: DatabaseError, path: String, app: OtherPhotoApp) -> Error {
        switch error.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return OtherLibraryError.locked(app, path: path)
        case .SQLITE_READONLY:
            // SQLITE_READONLY_ROLLBACK and _RECOVERY: a hot journal or log only a writer may replay.
            return OtherLibraryError.interruptedWrite(app, path: path)
        case .SQLITE_NOTADB:
            return OtherLibraryError.damaged(path: path, detail: "not an SQLite database")
        case .SQLITE_CORRUPT, .SQLITE_IOERR, .SQLITE_FORMAT:
            return OtherLibraryError.damaged(path: path, detail: error.message ?? "malformed")
        case .SQLITE_PERM, .SQLITE_AUTH:
            return OtherLibraryError.unreadable(path: path)
        case .SQLITE_CANTOPEN:
            return FileManager.default.fileExists(atPath: path)
                ? OtherLibraryError.unreadable(path: path) : OtherLibraryError.missing(path: path)
        default:
            return error
        }
    }
}

/// What a database is, told by its tables, for "not a Shotwell library: it is …".
enum OtherDatabaseKind {
    static func describe(_ tables: Set<String>) -> String {
        if tables.isSuperset(of: ["VersionTable", "PhotoTable"]) { return "a Shotwell library" }
        if tables.isSuperset(of: ["images", "film_rolls"]) { return "a darktable library" }
        if tables.isSuperset(of: ["db_info", "tags", "presets"]) { return "darktable's data.db (its tags and presets)" }
        if tables.isEmpty { return "an empty database" }
        return "another app's database"
    }
}
