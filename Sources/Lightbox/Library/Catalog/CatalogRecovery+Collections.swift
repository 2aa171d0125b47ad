import Foundation
import GRDB

/// The albums and saved searches SQLite can still read from a damaged catalog: put back after
/// its photos (an album's photos by path, those the rebuilt catalog has), over what the backup had.
struct SalvagedCollections {
    struct SalvagedAlbum {
        let id: Album.ID
        let name: String
        let cover: String?
        let created: Double
        let paths: [String]
    }

    var albums: [SalvagedAlbum] = []
    var searches: [SavedSearch] = []

    /// What can be read of `db`'s album and saved search tables (none in a catalog before them).
    static func read(_ db: Database) -> SalvagedCollections {
        var salvaged = SalvagedCollections()
        var paths: [Album.ID: [String]] = [:]
        if let rows = try? Row.fetchCursor(
            db, sql: "SELECT album_photo.album, photo.path FROM album_photo JOIN photo ON photo.id = album_photo.photo")
        {
            while let row = try? rows.next() {
                guard let album = try? row.decode(Int64.self, atIndex: 0), let path = try? row.decode(String.self, atIndex: 1) else {
                    continue
                }
                paths[album, default: []].append(path)
            }
        }
        if let rows = try? Row.fetchCursor(
            db, sql: "SELECT album.id, album.name, photo.path, album.created FROM album LEFT JOIN photo ON photo.id = album.cover")
        {
            while let row = try? rows.next() {
                guard let id = try? row.decode(Int64.self, atIndex: 0), let name = try? row.decode(String.self, atIndex: 1) else {
                    continue
                }
                salvaged.albums.append(
                    SalvagedAlbum(
                        id: id, name: name, cover: try? row.decode(String?.self, atIndex: 2),
                        created: (try? row.decode(Double.self, atIndex: 3)) ?? 0, paths: paths[id] ?? []))
            }
        }
        if let rows = try? Row.fetchCursor(db, sql: "SELECT id, name, query, created FROM saved_search") {
            while let row = try? rows.next() {
                guard let id = try? row.decode(Int64.self, atIndex: 0), let name = try? row.decode(String.self, atIndex: 1),
                    let query = try? row.decode(String.self, atIndex: 2)
                else { continue }
                let created = (try? row.decode(Double.self, atIndex: 3)) ?? 0
                salvaged.searches.append(SavedSearch(id: id, name: name, query: query, created: Date(timeIntervalSince1970: created)))
            }
        }
        return salvaged
    }

    /// Puts them into the rebuilt catalog (`db`, its photos restored first).
    func restore(in db: Database) throws {
        for album in albums {
            try db.execute(
                sql: "INSERT OR REPLACE INTO album (id, name, cover, created) VALUES (?, ?, (SELECT id FROM photo WHERE path = ?), ?)",
                arguments: [album.id, album.name, album.cover, album.created])
            let add = try db.cachedStatement(sql: "INSERT OR IGNORE INTO album_photo (album, photo) SELECT ?, id FROM photo WHERE path = ?")
            for path in album.paths { try add.execute(arguments: [album.id, path]) }
        }
        for search in searches {
            try db.execute(
                sql: "INSERT OR REPLACE INTO saved_search (id, name, query, created) VALUES (?, ?, ?, ?)",
                arguments: [search.id, search.name, search.query, search.created.timeIntervalSince1970])
        }
    }
}
