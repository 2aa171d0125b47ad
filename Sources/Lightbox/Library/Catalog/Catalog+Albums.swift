import Foundation
import GRDB

/// Albums in tables of their own: `album` names each (its cover a photo row, which may go),
/// `album_photo` gives it its photos by row, so that they follow their files; deleting a
/// photo's row takes it out of its albums, deleting an album lets go of its photos (the
/// photos stay). `AUTOINCREMENT`: an album deleted and brought back by undo gets its id
/// again, never another album's.
extension Catalog {
    /// Migration `v10-albums`.
    static func createAlbums(_ db: Database) throws {
        try db.create(table: "album") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("name", .text).notNull()
            t.column("cover", .integer).references("photo", onDelete: .setNull)
            t.column("created", .double).notNull()
        }
        try db.create(table: "album_photo", options: [.withoutRowID]) { t in
            t.column("album", .integer).notNull().references("album", onDelete: .cascade)
            t.column("photo", .integer).notNull().references("photo", onDelete: .cascade)
            t.primaryKey(["album", "photo"])
        }
        // A photo's albums (and the rows a deleted photo takes along) without reading every album's.
        try db.create(index: "album_photo_photo", on: "album_photo", columns: ["photo"])
    }

    /// Every album, with its cover's path (and the photo that stands for it: the cover, else
    /// the newest photo) and how many photos it has, by id.
    public func albums() throws -> [Album] {
        try database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT album.id, album.name, photo.path, album.created,
                        (SELECT count(*) FROM album_photo WHERE album_photo.album = album.id),
                        coalesce(photo.path, (SELECT newest.path FROM album_photo JOIN photo AS newest
                            ON newest.id = album_photo.photo WHERE album_photo.album = album.id
                            ORDER BY COALESCE(newest.correctedTaken, newest.taken) DESC, newest.path LIMIT 1))
                    FROM album LEFT JOIN photo ON photo.id = album.cover ORDER BY album.id
                    """
            ).map { row in
                Album(
                    id: row[0], name: row[1], cover: row[2], created: Date(timeIntervalSince1970: row[3]), count: row[4],
                    shownCover: row[5])
            }
        }
    }

    /// The paths of an album's photos.
    public func photos(inAlbum album: Album.ID) throws -> [Photo.ID] {
        try database.read { db in
            try String.fetchAll(
                db,
                sql: "SELECT photo.path FROM album_photo JOIN photo ON photo.id = album_photo.photo WHERE album_photo.album = ?",
                arguments: [album])
        }
    }

    /// The id the next album made gets (ids are never used twice).
    public func nextAlbumID() throws -> Album.ID {
        try database.read { db in
            let used = try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'album'") ?? 0
            let highest = try Int64.fetchOne(db, sql: "SELECT max(id) FROM album") ?? 0
            return max(used, highest) + 1
        }
    }

    /// Makes `edit` in one transaction (all or none): the album made, changed or deleted, and
    /// its photos added or removed. Returns the paths the catalog has no row for (left out).
    @discardableResult
    public func apply(_ edit: AlbumEdit) throws -> [Photo.ID] {
        try apply([edit])
    }

    /// Makes `edits` in order, in one transaction (all or none). Returns the paths the
    /// catalog has no row for (left out).
    @discardableResult
    public func apply(_ edits: [AlbumEdit]) throws -> [Photo.ID] {
        try database.write { db in try edits.flatMap { try Catalog.apply($0, in: db) } }
    }

    private static func apply(_ edit: AlbumEdit, in db: Database) throws -> [Photo.ID] {
        guard let after = edit.after else {
            try db.execute(sql: "DELETE FROM album WHERE id = ?", arguments: [edit.album])
            return []
        }
        let cover = try after.cover.flatMap { try Int64.fetchOne(db, sql: "SELECT id FROM photo WHERE path = ?", arguments: [$0]) }
        if edit.before == nil {
            try db.execute(
                sql: "INSERT INTO album (id, name, cover, created) VALUES (?, ?, ?, ?)",
                arguments: [edit.album, after.name, cover, after.created.timeIntervalSince1970])
        } else if edit.before != after {
            try db.execute(sql: "UPDATE album SET name = ?, cover = ? WHERE id = ?", arguments: [after.name, cover, edit.album])
        }
        var missing: [Photo.ID] = []
        let add = try db.cachedStatement(
            sql: "INSERT OR IGNORE INTO album_photo (album, photo) SELECT ?, id FROM photo WHERE path = ?")
        for path in edit.added {
            try add.execute(arguments: [edit.album, path])
            if db.changesCount == 0,
                try !Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM photo WHERE path = ?)", arguments: [path])!
            {
                missing.append(path)
            }
        }
        let remove = try db.cachedStatement(
            sql: "DELETE FROM album_photo WHERE album = ? AND photo = (SELECT id FROM photo WHERE path = ?)")
        for path in edit.removed { try remove.execute(arguments: [edit.album, path]) }
        return missing
    }

    /// The names of the albums of each photo under `folder` that is in any, in name order,
    /// by path: what `lightbox --list` says of a photo's albums.
    public func albumNames(in folder: String) throws -> [Photo.ID: [String]] {
        let (low, high) = Catalog.inside(folder)
        return try database.read { db in
            var names: [Photo.ID: [String]] = [:]
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT path, \(Catalog.albumsSelection) FROM photo
                    WHERE path >= ? AND path < ? AND missingSince IS NULL
                    AND EXISTS (SELECT 1 FROM album_photo WHERE album_photo.photo = photo.id)
                    """, arguments: [low, high])
            while let row = try rows.next() {
                let list: String = try row.decode(atIndex: 1)
                names[try row.decode(atIndex: 0)] = list.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            }
            return names
        }
    }

    /// A photo's albums' names, one per line, in name order: a scalar subquery for the `SELECT`
    /// list of a query on the `photo` table (as `keywordsSelection`).
    static let albumsSelection = """
        (SELECT group_concat(name, char(10)) FROM (SELECT album.name FROM album_photo \
        JOIN album ON album.id = album_photo.album WHERE album_photo.photo = photo.id ORDER BY album.name))
        """
}
