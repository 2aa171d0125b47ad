import Foundation
import GRDB

/// Saved searches: a name and the search bar's text each. `AUTOINCREMENT`: one deleted and
/// brought back by undo gets its id again, never another's.
extension Catalog {
    /// Migration `v11-saved-searches`.
    static func createSavedSearches(_ db: Database) throws {
        try db.create(table: "saved_search") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("name", .text).notNull()
            t.column("query", .text).notNull()
            t.column("created", .double).notNull()
        }
    }

    /// Every saved search, by id.
    public func savedSearches() throws -> [SavedSearch] {
        try database.read { db in
            try Row.fetchAll(db, sql: "SELECT id, name, query, created FROM saved_search ORDER BY id").map { row in
                SavedSearch(id: row[0], name: row[1], query: row[2], created: Date(timeIntervalSince1970: row[3]))
            }
        }
    }

    /// The id the next saved search gets (ids are never used twice).
    public func nextSavedSearchID() throws -> SavedSearch.ID {
        try database.read { db in
            let used = try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'saved_search'") ?? 0
            let highest = try Int64.fetchOne(db, sql: "SELECT max(id) FROM saved_search") ?? 0
            return max(used, highest) + 1
        }
    }

    /// Makes `edit`: the search saved, changed or deleted.
    public func apply(_ edit: SavedSearchEdit) throws {
        try database.write { db in
            guard let after = edit.after else {
                try db.execute(sql: "DELETE FROM saved_search WHERE id = ?", arguments: [edit.search])
                return
            }
            try db.execute(
                sql: "INSERT OR REPLACE INTO saved_search (id, name, query, created) VALUES (?, ?, ?, ?)",
                arguments: [edit.search, after.name, after.query, after.created.timeIntervalSince1970])
        }
    }
}
