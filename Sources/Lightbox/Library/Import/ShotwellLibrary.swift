import Foundation
import GRDB

/// Reads a Shotwell library (`photo.db`, schema 20 of Shotwell 0.30 up to 24 of its successors).
///
/// One query per table: photos, videos, tags and events are read whole and joined here, so a
/// library of 100,000 photos reads in a fraction of a second.
public enum ShotwellLibrary {
    /// Schema 20 is Shotwell 0.30's; 21 to 24 only add columns and tables this reader doesn't use.
    public static let supportedVersions = 20...24

    public static func read(at path: String, locale: Locale = .current, timeZone: TimeZone = .current) throws -> OtherLibrary {
        try OtherDatabase.read(path, app: .shotwell) { db in
            try checkVersion(db, path: path)
            do {
                return try readRows(db, path: path, naming: ShotwellEventName(locale: locale, timeZone: timeZone))
            } catch  where OtherDatabase.isUnknownLayout(error) {
                throw OtherLibraryError.unsupportedVersion(.shotwell, path: path, version: try version(db) ?? 0)
            }
        }
    }

    /// Shotwell's name of a photo or video in tags and events: `thumb` + 16 hex digits for a photo
    /// (Photo.TYPENAME, "for historical reasons"), `video-` + 16 hex digits for a video.
    enum SourceID: Hashable {
        case photo(Int64)
        case video(Int64)

        init?(_ token: Substring) {
            if token.hasPrefix("thumb"), let id = Int64(token.dropFirst(5), radix: 16) {
                self = .photo(id)
            } else if token.hasPrefix("video-"), let id = Int64(token.dropFirst(6), radix: 16) {
                self = .video(id)
            } else if token.first?.isNumber == true, let id = Int64(token) {
                // Before videos, tags listed bare photo ids (TagTable.unserialize_source_ids).
                self = .photo(id)
            } else {
                return nil
            }
        }
    }

    private struct Media {
        var source: SourceID
        var photo: OtherPhoto
        var eventID: Int64?
        var exposureTime: Int64
    }

    private static func version(_ db: Database) throws -> Int? {
        try Int.fetchOne(db, sql: "SELECT schema_version FROM VersionTable ORDER BY id LIMIT 1")
    }

    private static func checkVersion(_ db: Database, path: String) throws {
        let tables = try Set(String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'"))
        guard tables.isSuperset(of: ["VersionTable", "PhotoTable"]) else {
            throw OtherLibraryError.notThisApp(.shotwell, path: path, found: OtherDatabaseKind.describe(tables))
        }
        let found = try version(db) ?? 0
        guard supportedVersions.contains(found) else {
            throw OtherLibraryError.unsupportedVersion(.shotwell, path: path, version: found)
        }
    }

    private static func readRows(_ db: Database, path: String, naming: ShotwellEventName) throws -> OtherLibrary {
        var skipped: [OtherLibrary.Skipped] = []
        var media: [Media] = []
        for (table, kind) in [("PhotoTable", "photo"), ("VideoTable", "video")] {
            let isVideo = kind == "video"
            // A photo's turn in Shotwell: `orientation`, apart from the file's `original_orientation`.
            let turn = isVideo ? "NULL, NULL" : "orientation, original_orientation"
            let columns = "id, filename, rating, title, comment, event_id, flags, exposure_time, \(turn)"
            // Photo.FLAG_TRASH and Video.FLAG_TRASH: in Shotwell's trash, which the person meant to empty.
            let trash: Int64 = isVideo ? 0x1 : 0x4
            let rows = try Row.fetchCursor(db, sql: "SELECT \(columns) FROM \(table) ORDER BY id")
            while let row = try rows.next() {
                let id: Int64 = row[0]
                let file: String = row[1] ?? ""
                guard file.hasPrefix("/") else {
                    skipped.append(
                        .init(item: "Shotwell \(kind) \(id)", reason: file.isEmpty ? "no file path" : "not an absolute path: \(file)"))
                    continue
                }
                let flags: Int64 = row[6] ?? 0
                if flags & trash != 0 {
                    skipped.append(.init(item: file, reason: "in Shotwell's trash"))
                    continue
                }
                let rating: Int = row[2] ?? 0
                let time: Int64 = row[7] ?? 0
                let photo = OtherPhoto(
                    path: file, isVideo: isVideo, rating: min(max(rating, 0), 5), rejected: rating < 0,
                    title: nonEmpty(row[3]), caption: nonEmpty(row[4]),
                    // Schema 24 marks an unknown date NULL; before, 0.
                    dateTaken: time == 0 ? nil : Date(timeIntervalSince1970: TimeInterval(time)),
                    orientation: turned(row[8], from: row[9]))
                let event: Int64? = row[5]
                media.append(Media(source: isVideo ? .video(id) : .photo(id), photo: photo, eventID: event, exposureTime: time))
            }
        }
        let index = Dictionary(media.enumerated().map { ($0.element.source, $0.offset) }, uniquingKeysWith: { first, _ in first })

        var keywords: [[String]] = Array(repeating: [], count: media.count)
        let tags = try Row.fetchCursor(db, sql: "SELECT name, photo_id_list FROM TagTable ORDER BY id")
        while let row = try tags.next() {
            guard let keyword = keyword(row[0]), let list: String = row[1] else { continue }
            for token in list.split(separator: ",") {
                if let source = SourceID(token), let at = index[source] { keywords[at].append(keyword) }
            }
        }
        for at in media.indices where !keywords[at].isEmpty {
            media[at].photo.keywords = OtherLibrary.deepest(keywords[at])
        }

        var members: [Int64: [Int]] = [:]
        for (at, item) in media.enumerated() {
            if let event = item.eventID, event >= 0 { members[event, default: []].append(at) }
        }
        var albums: [OtherAlbum] = []
        let events = try Row.fetchCursor(db, sql: "SELECT id, name, primary_source_id, comment FROM EventTable ORDER BY id")
        while let row = try events.next() {
            let id: Int64 = row[0]
            guard let inside = members[id] else {
                skipped.append(.init(item: "Shotwell event \(id)", reason: "no photos"))
                continue
            }
            let primary = (row[2] as String?).flatMap { SourceID(Substring($0)) }.flatMap { index[$0] }
            // Shotwell itself shows the first photo that isn't rejected when the cover is gone.
            let cover = primary.flatMap { inside.contains($0) ? $0 : nil } ?? inside.first { !media[$0].photo.rejected }
            let name = nonEmpty(row[1]) ?? naming.name(of: id, times: inside.map { media[$0].exposureTime })
            albums.append(
                OtherAlbum(
                    name: name, kind: .event, paths: inside.map { media[$0].photo.path },
                    cover: cover.map { media[$0].photo.path }, comment: nonEmpty(row[3])))
        }
        return OtherLibrary(app: .shotwell, databasePath: path, photos: media.map(\.photo), albums: albums, skipped: skipped)
    }

    /// Shotwell's orientation of a photo the person turned there (one of EXIF's 1…8 other
    /// than the file's own), else nil.
    static func turned(_ orientation: Int?, from original: Int?) -> Int? {
        guard let orientation, (1...8).contains(orientation), orientation != original else { return nil }
        return orientation
    }

    /// A tag in Lightbox's form: Shotwell writes a hierarchical tag as `/Parent/Child`, a flat one bare.
    static func keyword(_ name: String?) -> String? {
        guard let name, !name.isEmpty else { return nil }
        guard name.hasPrefix("/") else { return name }
        let levels = name.split(separator: "/")
        return levels.isEmpty ? nil : levels.joined(separator: "|")
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        return text
    }
}
