import Foundation
import GRDB

/// Reading photos from the catalog: a folder's rows, the first screenful in an order, the
/// stamps a rescan compares files with.
extension Catalog {
    /// Every photo under `folder` (recursively), in path order.
    public func photos(in folder: String) throws -> [Photo] {
        let (low, high) = Catalog.inside(folder)
        return try database.read { db in
            let keywords = try Catalog.keywordsByPhoto(in: db)
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT \(Catalog.photoColumns.joined(separator: ", ")), id FROM photo
                    WHERE path >= ? AND path < ? AND missingSince IS NULL ORDER BY path
                    """, arguments: [low, high])
            var photos: [Photo] = []
            while let row = try rows.next() {
                var fields = try Photo.Fields(row: row)
                fields.keywords = keywords[try row.decode(atIndex: Catalog.photoColumns.count)] ?? []
                photos.append(Photo(fields))
            }
            return photos
        }
    }

    /// The first photos under `folder` in `order` (newest or best first): at least
    /// `limit` (in no particular order), exactly the start of `photos(in:)` sorted the same
    /// way, ties broken by name as Swift does. Nil when that can't be
    /// had cheaply: orders SQLite can't rank as Swift does (by name, by camera), or a tie
    /// of more than `maxTie` photos (photos without a date, thousands with the same stars).
    public func firstPhotos(in folder: String, order: PhotoSort, limit: Int, maxTie: Int = 5_000) throws -> [Photo]? {
        let (key, indexName): (String, String)
        switch order {
        case .dateTaken: (key, indexName) = (Catalog.shownTaken, "photo_shown_taken")
        case .rating: (key, indexName) = ("rating", "photo_rating")
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
            let index = inLargeFolder ? "INDEXED BY \(indexName)" : ""
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
            // Listed first, then hashed into a table of the right size (grown row by row, the
            // table was rehashed over and over: a tenth of a 100,000-photo rescan's walk).
            var stamps: [(path: String, stamp: FileStamp)] = []
            let rows = try Row.fetchCursor(
                db, sql: "SELECT path, fileSize, modified FROM photo WHERE path >= ? AND path < ? AND missingSince IS NULL",
                arguments: [low, high])
            while let row = try rows.next() {
                // Throwing decodes: an unexpected NULL is an error, never a trap.
                stamps.append(
                    (
                        try row.decode(String.self, atIndex: 0),
                        FileStamp(size: try row.decode(atIndex: 1), modified: try row.decode(atIndex: 2))
                    ))
            }
            var result = [String: FileStamp](minimumCapacity: stamps.count)
            for (path, stamp) in stamps { result[path] = stamp }
            return result
        }
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
}
