import Foundation
import GRDB

/// Reads a darktable library: `library.db` (images, film rolls, labels, metadata and which tags an
/// image has) and the `data.db` beside it, where darktable keeps the tags' names.
public enum DarktableLibrary {
    /// `db_info`'s version of darktable 4.2's library.db.
    public static let supportedVersions = 37...37

    // src/common/image.h: stars in the low three bits of `images.flags`, a reject its own bit.
    private static let ratingMask: Int64 = 0x7
    private static let rejectedFlag: Int64 = 0x8
    /// Before darktable 3.0 a reject was the rating 6 (DT_VIEW_REJECT) in the star bits.
    private static let legacyReject: Int64 = 6
    // src/common/metadata.h, dt_metadata_t: creator, publisher, title, description, rights, …
    private static let titleKey = 2
    private static let descriptionKey = 3
    /// GLib's GTimeSpan epoch (0001-01-01) to 1970-01-01, in seconds.
    private static let secondsBeforeUnixEpoch: Int64 = 62_135_596_800

    /// `dataPath` is darktable's `data.db`; by default the one beside `libraryPath`, where darktable puts it.
    public static func read(at libraryPath: String, dataPath: String? = nil, timeZone: TimeZone = .current) throws -> OtherLibrary {
        var library = try OtherDatabase.read(libraryPath, app: .darktable) { db in
            try checkVersion(db, path: libraryPath)
            do {
                return try readRows(db, path: libraryPath, timeZone: timeZone)
            } catch  where OtherDatabase.isUnknownLayout(error) {
                throw OtherLibraryError.unsupportedVersion(.darktable, path: libraryPath, version: try version(db) ?? 0)
            }
        }
        let data = dataPath ?? ((libraryPath as NSString).deletingLastPathComponent as NSString).appendingPathComponent("data.db")
        let names: [Int64: String]
        do {
            names = try tagNames(at: data)
        } catch OtherLibraryError.missing {
            if library.tagged.isEmpty { return library.library }
            library.library.skipped.append(.init(item: data, reason: "missing, and with it the names of the photos' tags"))
            return library.library
        }
        for (at, tags) in library.tagged where !tags.isEmpty {
            // darktable tags every image with its own `darktable|format|…` and the like.
            let keywords = tags.compactMap { names[$0] }.filter { !$0.hasPrefix("darktable|") }
            library.library.photos[at].keywords = OtherLibrary.deepest(keywords)
        }
        return library.library
    }

    private static func version(_ db: Database) throws -> Int? {
        try Int.fetchOne(db, sql: "SELECT value FROM db_info WHERE key = 'version'")
    }

    private static func checkVersion(_ db: Database, path: String) throws {
        let tables = try Set(String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'"))
        guard tables.isSuperset(of: ["db_info", "images", "film_rolls"]) else {
            throw OtherLibraryError.notThisApp(.darktable, path: path, found: OtherDatabaseKind.describe(tables))
        }
        let found = try version(db) ?? 0
        guard supportedVersions.contains(found) else {
            throw OtherLibraryError.unsupportedVersion(.darktable, path: path, version: found)
        }
    }

    private static func tagNames(at path: String) throws -> [Int64: String] {
        try OtherDatabase.read(path, app: .darktable) { db in
            let tables = try Set(String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'"))
            guard tables.contains("tags") else {
                throw OtherLibraryError.notThisApp(.darktable, path: path, found: OtherDatabaseKind.describe(tables))
            }
            var names: [Int64: String] = [:]
            let rows = try Row.fetchCursor(db, sql: "SELECT id, name FROM tags")
            while let row = try rows.next() {
                if let name: String = row[1], !name.isEmpty { names[row[0]] = name }
            }
            return names
        }
    }

    /// The library without keywords yet, and the tag ids of each of its photos.
    private struct Partial {
        var library: OtherLibrary
        var tagged: [Int: [Int64]]
    }

    private static func readRows(_ db: Database, path: String, timeZone: TimeZone) throws -> Partial {
        var skipped: [OtherLibrary.Skipped] = []
        var folders: [Int64: String] = [:]
        var rolls: [Int64] = []
        for row in try Row.fetchAll(db, sql: "SELECT id, folder FROM film_rolls ORDER BY id") {
            folders[row[0]] = row[1]
            rolls.append(row[0])
        }
        var photos: [OtherPhoto] = []
        var index: [Int64: Int] = [:]
        var atPath: [String: Int] = [:]
        var members: [Int64: [Int]] = [:]
        let images = try Row.fetchCursor(
            db,
            sql: """
                SELECT id, film_id, filename, flags, datetime_taken, version, latitude, longitude FROM images
                ORDER BY film_id, filename, version, id
                """)
        while let row = try images.next() {
            let id: Int64 = row[0]
            let roll: Int64 = row[1] ?? -1
            let name: String = row[2] ?? ""
            guard let folder = folders[roll], folder.hasPrefix("/"), !name.isEmpty else {
                skipped.append(
                    .init(item: "darktable image \(id)", reason: "no file path (folder \(folders[roll] ?? "unknown"), file \(name))"))
                continue
            }
            let file = (folder as NSString).appendingPathComponent(name)
            if atPath[file] != nil {
                let version: Int = row[5] ?? 0
                skipped.append(.init(item: file, reason: "darktable's duplicate \(version) of the photo: only the first is brought along"))
                continue
            }
            let flags: Int64 = row[3] ?? 0
            let stars = flags & ratingMask
            let photo = OtherPhoto(
                path: file, rating: stars == legacyReject ? 0 : Int(min(stars, 5)),
                rejected: flags & rejectedFlag != 0 || stars == legacyReject,
                dateTaken: date(row[4], timeZone: timeZone), place: place(row[6], row[7]))
            index[id] = photos.count
            atPath[file] = photos.count
            members[roll, default: []].append(photos.count)
            photos.append(photo)
        }

        let metadata = try Row.fetchCursor(
            db, sql: "SELECT id, key, value FROM meta_data WHERE key IN (?, ?)", arguments: [titleKey, descriptionKey])
        while let row = try metadata.next() {
            guard let at = index[row[0]], let value: String = row[2], !value.isEmpty else { continue }
            if row[1] == titleKey { photos[at].title = value } else { photos[at].caption = value }
        }
        let labels = try Row.fetchCursor(db, sql: "SELECT imgid, color FROM color_labels ORDER BY imgid, color")
        while let row = try labels.next() {
            let color: Int = row[1]
            guard let at = index[row[0]], ColorLabel.allCases.indices.contains(color) else { continue }
            photos[at].colorLabels.append(ColorLabel.allCases[color])
        }
        var tagged: [Int: [Int64]] = [:]
        let tags = try Row.fetchCursor(db, sql: "SELECT imgid, tagid FROM tagged_images")
        while let row = try tags.next() {
            if let at = index[row[0]] { tagged[at, default: []].append(row[1]) }
        }

        let albums = rolls.compactMap { roll -> OtherAlbum? in
            guard let inside = members[roll], let folder = folders[roll] else { return nil }
            return OtherAlbum(name: (folder as NSString).lastPathComponent, kind: .filmRoll, paths: inside.map { photos[$0].path })
        }
        let library = OtherLibrary(app: .darktable, databasePath: path, photos: photos, albums: albums, skipped: skipped)
        return Partial(library: library, tagged: tagged)
    }

    /// Where darktable places a photo (read from its file, or set on its map), nil when nowhere.
    static func place(_ latitude: Double?, _ longitude: Double?) -> PlaceCorrection? {
        guard let latitude, let longitude, (-90...90).contains(latitude), (-180...180).contains(longitude) else { return nil }
        return .at(latitude: latitude, longitude: longitude)
    }

    /// darktable 4.2 keeps the time taken as a GTimeSpan (microseconds since 0001-01-01) of the
    /// camera's clock, with no time zone: read in `timeZone`.
    private static func date(_ microseconds: Int64?, timeZone: TimeZone) -> Date? {
        guard let microseconds, microseconds > 0 else { return nil }
        let local = TimeInterval(microseconds / 1_000_000 - secondsBeforeUnixEpoch)
        let offset = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: local))
        return Date(timeIntervalSince1970: local - TimeInterval(offset))
    }
}
