import Foundation
import GRDB

/// A folder of the library: scanned, watched and shown with the others.
public struct LibraryFolder: Hashable, Sendable {
    /// Standardized absolute path, without a trailing slash.
    public let path: String
    public let added: Date
}

extension Catalog {
    /// Creates the library's folder list (migration `v6-library-folders`). It starts empty
    /// and unseeded: the app seeds it once with the folder the person had open (see
    /// `libraryFolders(seedingWith:)`), which only the app's settings know.
    static func createLibraryFolders(_ db: Database) throws {
        try db.create(table: "library_folder") { t in
            t.primaryKey("path", .text)
            t.column("added", .double).notNull()
            // When it was taken out of the library (NULL while in it): its photo rows are
            // kept for a while, so that adding it again brings its ratings back.
            t.column("removed", .double)
        }
        // Facts about the catalog itself, one row each ("library-seeded").
        try db.create(table: "catalog_fact") { t in
            t.primaryKey("key", .text)
            t.column("value", .text)
        }
    }

    /// The library's folders, by path.
    public func libraryFolders() throws -> [LibraryFolder] {
        try database.read { db in try Catalog.libraryFolders(db) }
    }

    private static func libraryFolders(_ db: Database) throws -> [LibraryFolder] {
        try Row.fetchAll(db, sql: "SELECT path, added FROM library_folder WHERE removed IS NULL ORDER BY path").map {
            LibraryFolder(path: try $0.decode(atIndex: 0), added: Date(timeIntervalSince1970: try $0.decode(atIndex: 1)))
        }
    }

    /// The library's folders; the first time ever (a new catalog, or the first launch after
    /// the upgrade that brought library folders), the library is `seed()` first. Later an
    /// empty library stays empty: the person removed every folder.
    public func libraryFolders(seedingWith seed: () -> String) throws -> [LibraryFolder] {
        let seeded = try database.read { db in
            try String.fetchOne(db, sql: "SELECT value FROM catalog_fact WHERE key = 'library-seeded'") != nil
        }
        guard !seeded else { return try libraryFolders() }
        let folder = (seed() as NSString).standardizingPath
        return try database.write { db in
            try db.execute(
                sql: "INSERT OR IGNORE INTO catalog_fact (key, value) VALUES ('library-seeded', ?)",
                arguments: [folder])
            guard db.changesCount > 0 else { return try Catalog.libraryFolders(db) }  // another process seeded it
            try Catalog.insertFolder(folder, in: db)
            return try Catalog.libraryFolders(db)
        }
    }

    /// Adds `add` to the library and takes `remove` out of it, in one transaction. Photo
    /// rows are left alone: a folder taken out keeps its rows (and ratings) for when it is
    /// added again, until `pruneFolders(removedBefore:)` gives them up.
    public func changeLibraryFolders(add: [String] = [], remove: [String] = []) throws {
        try database.write { db in
            for path in remove {
                try db.execute(
                    sql: "UPDATE library_folder SET removed = ? WHERE path = ?",
                    arguments: [Date().timeIntervalSince1970, path])
            }
            for path in add { try Catalog.insertFolder(path, in: db) }
            // Chosen by hand: the seed is no longer needed.
            try db.execute(sql: "INSERT OR IGNORE INTO catalog_fact (key, value) VALUES ('library-seeded', '')")
        }
    }

    private static func insertFolder(_ path: String, in db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO library_folder (path, added) VALUES (?, ?)
                ON CONFLICT(path) DO UPDATE SET added = excluded.added, removed = NULL WHERE removed IS NOT NULL
                """, arguments: [path, Date().timeIntervalSince1970])
    }

    /// Photo rows of folders taken out of the library before `date` are deleted (rows inside
    /// a library folder are kept); returns how many. Files are never touched.
    @discardableResult
    public func pruneFolders(removedBefore date: Date) throws -> Int {
        // Most launches have nothing to prune: no write transaction (and its sync) then.
        let any = try database.read { db in
            try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM library_folder WHERE removed < ?)",
                arguments: [date.timeIntervalSince1970]) ?? false
        }
        guard any else { return 0 }
        return try database.write { db in
            let current = try Catalog.libraryFolders(db).map(\.path)
            let stale = try String.fetchAll(
                db, sql: "SELECT path FROM library_folder WHERE removed < ?",
                arguments: [date.timeIntervalSince1970])
            var deleted = 0
            for folder in stale {
                try db.execute(sql: "DELETE FROM library_folder WHERE path = ?", arguments: [folder])
                // Inside a library folder (taken in by a parent): its photos are the parent's.
                guard !current.contains(where: { LibraryFolderList.contains($0, folder) }) else { continue }
                let (low, high) = Catalog.inside(folder)
                var sql = "DELETE FROM photo WHERE path >= ? AND path < ?"
                var arguments: StatementArguments = [low, high]
                for inner in current where LibraryFolderList.contains(folder, inner) {
                    let (innerLow, innerHigh) = Catalog.inside(inner)
                    sql += " AND NOT (path >= ? AND path < ?)"
                    arguments += [innerLow, innerHigh]
                }
                try db.execute(sql: sql, arguments: arguments)
                deleted += db.changesCount
            }
            return deleted
        }
    }

    /// How many photo rows the catalog has under `folder` (an indexed range count).
    public func photoCount(in folder: String) throws -> Int {
        let (low, high) = Catalog.inside(folder)
        return try database.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM photo WHERE path >= ? AND path < ?", arguments: [low, high]) ?? 0
        }
    }
}
