import Foundation
import GRDB

/// Keywords in tables of their own: `keyword` names each keyword once, `photo_keyword`
/// gives a photo its keywords, in order. They belong to the photo's row (`id`), not its
/// path: a photo found again at a new path keeps them, and deleting its row takes its
/// links along (and a keyword no photo has any more, whichever way its last photo went).
/// The unique index on `(keyword, photo)` finds a keyword's photos without
/// reading every row.
extension Catalog {
    /// Migration `v8-keywords`: the keywords move from the `photo.keywords` column (one per
    /// line) to the keyword tables, in the same order, and the column goes.
    static func moveKeywordsToTheirTables(_ db: Database) throws {
        try db.create(table: "keyword") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("name", .text).notNull().unique()
            // The name as compared (`KeywordText.key`: case ignored), for finding photos by keyword.
            t.column("key", .text).notNull().indexed()
        }
        // Kept in the order of a photo's keywords: reading them all walks the table in order.
        try db.create(table: "photo_keyword", options: [.withoutRowID]) { t in
            t.column("photo", .integer).notNull().references("photo", onDelete: .cascade)
            // The keyword's place among the photo's keywords, from 0.
            t.column("position", .integer).notNull()
            t.column("keyword", .integer).notNull().references("keyword")
            t.primaryKey(["photo", "position"])
            // A photo has a keyword once; a keyword's photos are found through this index.
            t.uniqueKey(["keyword", "photo"])
        }
        let rows = try Row.fetchCursor(db, sql: "SELECT id, keywords FROM photo WHERE keywords IS NOT NULL")
        while let row = try rows.next() {
            try setKeywords(try [String].decode(row, atIndex: 1), ofPhoto: try row.decode(atIndex: 0), in: db, replacing: false)
        }
        try db.alter(table: "photo") { t in t.drop(column: "keywords") }
        // A trigger rather than a clean-up in each place that deletes photos (trash, missing
        // photos let go, folders pruned, keywords edited): none of them can forget it.
        try db.execute(
            sql: """
                CREATE TRIGGER keyword_unused AFTER DELETE ON photo_keyword
                WHEN NOT EXISTS (SELECT 1 FROM photo_keyword WHERE keyword = OLD.keyword)
                BEGIN DELETE FROM keyword WHERE id = OLD.keyword; END
                """)
    }

    /// A photo's keywords as one value, one per line, in order: a scalar subquery for the
    /// `SELECT` list of a query on the `photo` table (see `columnList`).
    static let keywordsSelection = """
        (SELECT group_concat(name, char(10)) FROM (SELECT keyword.name FROM photo_keyword \
        JOIN keyword ON keyword.id = photo_keyword.keyword WHERE photo_keyword.photo = photo.id \
        ORDER BY photo_keyword.position))
        """

    /// The keywords of the photo with row id `photo`, in order.
    static func keywords(ofPhoto photo: Int64, in db: Database) throws -> [String] {
        try String.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT keyword.name FROM photo_keyword JOIN keyword ON keyword.id = photo_keyword.keyword
                    WHERE photo_keyword.photo = ? ORDER BY photo_keyword.position
                    """), arguments: [photo])
    }

    /// Every photo's keywords, in order, by the photo's row id: for reading many photos at
    /// once (`photos(in:)`), cheaper than a query per photo. A keyword is one string
    /// however many photos have it.
    static func keywordsByPhoto(in db: Database) throws -> [Int64: [String]] {
        var names: [Int64: String] = [:]
        let keywords = try Row.fetchCursor(db, sql: "SELECT id, name FROM keyword")
        while let row = try keywords.next() { names[try row.decode(atIndex: 0)] = try row.decode(atIndex: 1) }
        var byPhoto: [Int64: [String]] = [:]
        let links = try Row.fetchCursor(db, sql: "SELECT photo, keyword FROM photo_keyword ORDER BY photo, position")
        while let row = try links.next() {
            guard let name = names[try row.decode(atIndex: 1)] else { continue }
            byPhoto[try row.decode(atIndex: 0), default: []].append(name)
        }
        return byPhoto
    }

    /// Gives the photo with row id `photo` exactly `keywords`, in that order (a keyword
    /// twice counts once; a line break in one becomes a space, as `keywordsSelection`
    /// reads them one per line). With `replacing`, the ones it had go (those no photo has
    /// any more leave the `keyword` table); without, the photo is known to have none.
    static func setKeywords(
        _ keywords: [String], ofPhoto photo: Int64, in db: Database, replacing: Bool = true, ids: KeywordIDs? = nil
    ) throws {
        var seen = Set<String>()
        let keywords = keywords.map { $0.utf8.contains(10) ? $0.replacingOccurrences(of: "\n", with: " ") : $0 }
            .filter { seen.insert($0).inserted }
        // Keywords only added after the ones it has (an import, a keyword typed): only those are linked.
        var kept = 0
        if replacing {
            let current = try self.keywords(ofPhoto: photo, in: db)
            guard current != keywords else { return }
            if keywords.starts(with: current) {
                kept = current.count
            } else if !current.isEmpty {
                try db.cachedStatement(sql: "DELETE FROM photo_keyword WHERE photo = ?").execute(arguments: [photo])
            }
        }
        guard keywords.count > kept else { return }
        let name = try db.cachedStatement(
            sql: """
                INSERT INTO keyword (name, key) VALUES (?, ?)
                ON CONFLICT(name) DO UPDATE SET key = excluded.key RETURNING id
                """)
        let link = try db.cachedStatement(sql: "INSERT INTO photo_keyword (photo, position, keyword) VALUES (?, ?, ?)")
        for (position, keyword) in keywords.enumerated().dropFirst(kept) {
            let known = ids?.byName[keyword]
            guard let id = try known ?? Int64.fetchOne(name, arguments: [keyword, KeywordText.key(keyword)]) else { continue }
            if known == nil { ids?.byName[keyword] = id }
            try link.execute(arguments: [photo, position, id])
        }
    }

    /// Keyword rows by name, made or found in one transaction: a keyword thousands of photos
    /// get is written once. Only a keyword linked in this transaction is kept, so no photo's
    /// keywords edited after it can take its last link (and its row) away.
    final class KeywordIDs {
        var byName: [String: Int64] = [:]
    }

    /// The paths of the photos under `folder` that have `keyword` (case ignored, as the
    /// Store compares keywords), found through the keyword indexes; in path order.
    public func paths(withKeyword keyword: String, in folder: String) throws -> [String] {
        let (low, high) = Catalog.inside(folder)
        return try database.read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT DISTINCT photo.path FROM keyword
                    JOIN photo_keyword ON photo_keyword.keyword = keyword.id
                    JOIN photo ON photo.id = photo_keyword.photo
                    WHERE keyword.key = ? AND photo.path >= ? AND photo.path < ? AND photo.missingSince IS NULL
                    ORDER BY photo.path
                    """, arguments: [KeywordText.key(keyword), low, high])
        }
    }
}
