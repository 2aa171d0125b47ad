import Foundation
import GRDB

/// Writes a Shotwell 0.30 library of any size, for tests and benchmarks of the import.
///
/// Photo `i` (from 0) has `paths(i)`, the rating `i % 7 - 1` (-1 is Shotwell's reject), the event
/// `i % events`, the tag `/Generated/Tag (i % tags)` and `/Generated` (Shotwell lists a tag's
/// ancestors too), a title on every tenth, and exposure times a minute apart from 2020-01-01 UTC.
/// Even events are named `Event n`, odd ones have no name; each has its first photo as cover.
public enum ShotwellDatabaseGenerator {
    public static func make(at path: String, photos: Int, tags: Int, events: Int, paths: (Int) -> String) throws {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        try queue.write { db in
            try db.execute(sql: schema)
            try db.execute(sql: "INSERT INTO VersionTable (id, schema_version, app_version) VALUES (1, 20, '0.30.17')")
            let start: Int64 = 1_577_836_800
            let photo = try db.makeStatement(
                sql: """
                    INSERT INTO PhotoTable (id, filename, width, height, filesize, timestamp, exposure_time, orientation,
                    original_orientation, import_id, event_id, time_created, flags, rating, file_format, title)
                    VALUES (?, ?, 64, 48, 3000, ?, ?, 1, 1, ?, ?, ?, 0, ?, 0, ?)
                    """)
            var members = Array(repeating: "", count: max(tags, 0))
            var all = ""
            for i in 0..<photos {
                let id = Int64(i + 1)
                let time = start + Int64(i) * 60
                let title: String? = i % 10 == 0 ? "Photo \(i)" : nil
                let event: Int64? = events > 0 ? Int64(i % events + 1) : nil
                try photo.execute(arguments: [id, paths(i), time, time, start, event, start, i % 7 - 1, title])
                let source = sourceID(id) + ","
                if tags > 0 { members[i % tags] += source }
                all += source
            }
            let tag = try db.makeStatement(sql: "INSERT INTO TagTable (name, photo_id_list, time_created) VALUES (?, ?, ?)")
            if tags > 0 { try tag.execute(arguments: ["/Generated", all, start]) }
            for t in 0..<max(tags, 0) {
                try tag.execute(arguments: ["/Generated/Tag \(t)", members[t].isEmpty ? nil : members[t], start])
            }
            let event = try db.makeStatement(
                sql: "INSERT INTO EventTable (id, name, primary_photo_id, time_created, primary_source_id) VALUES (?, ?, -1, ?, ?)")
            for e in 0..<min(max(events, 0), max(photos, 0)) {
                try event.execute(arguments: [e + 1, e % 2 == 0 ? "Event \(e)" : nil, start, sourceID(Int64(e + 1))])
            }
        }
    }

    /// A PhotoTable row's source id, as EventTable's cover and (each followed by a comma) TagTable's lists name it.
    static func sourceID(_ photo: Int64) -> String {
        let hex = String(photo, radix: 16)
        return "thumb" + String(repeating: "0", count: max(0, 16 - hex.count)) + hex
    }

    /// `sqlite3 photo.db .schema` of the library Shotwell 0.30.17 (Debian 12) created on its first
    /// start, with the photos of Tests/Fixtures/OtherLibraries imported.
    public static let schema = """
        CREATE TABLE VersionTable (id INTEGER PRIMARY KEY, schema_version INTEGER, app_version TEXT, user_data TEXT NULL);
        CREATE TABLE PhotoTable (id INTEGER PRIMARY KEY, filename TEXT UNIQUE NOT NULL, width INTEGER, height INTEGER, filesize INTEGER, timestamp INTEGER, exposure_time INTEGER, orientation INTEGER, original_orientation INTEGER, import_id INTEGER, event_id INTEGER, transformations TEXT, md5 TEXT, thumbnail_md5 TEXT, exif_md5 TEXT, time_created INTEGER, flags INTEGER DEFAULT 0, rating INTEGER DEFAULT 0, file_format INTEGER DEFAULT 0, title TEXT, backlinks TEXT, time_reimported INTEGER, editable_id INTEGER DEFAULT -1, metadata_dirty INTEGER DEFAULT 0, developer TEXT, develop_shotwell_id INTEGER DEFAULT -1, develop_camera_id INTEGER DEFAULT -1, develop_embedded_id INTEGER DEFAULT -1, comment TEXT);
        CREATE INDEX PhotoEventIDIndex ON PhotoTable (event_id);
        CREATE INDEX PhotoTableMD5FormatV2 on PhotoTable(md5, file_format);
        CREATE INDEX PhotoTableThumbnailMD5Format on PhotoTable(thumbnail_md5, file_format);
        CREATE INDEX PhotoTableThumbnailMD5MD5 on PhotoTable(thumbnail_md5, md5);
        CREATE TABLE EventTable (id INTEGER PRIMARY KEY, name TEXT, primary_photo_id INTEGER, time_created INTEGER,primary_source_id TEXT,comment TEXT);
        CREATE TABLE TagTable (id INTEGER PRIMARY KEY, name TEXT UNIQUE NOT NULL, photo_id_list TEXT, time_created INTEGER);
        CREATE TABLE VideoTable (id INTEGER PRIMARY KEY, filename TEXT UNIQUE NOT NULL, width INTEGER, height INTEGER, clip_duration REAL, is_interpretable INTEGER, filesize INTEGER, timestamp INTEGER, exposure_time INTEGER, import_id INTEGER, event_id INTEGER, md5 TEXT, time_created INTEGER, rating INTEGER DEFAULT 0, title TEXT, backlinks TEXT, time_reimported INTEGER, flags INTEGER DEFAULT 0, comment TEXT );
        CREATE INDEX VideoEventIDIndex ON VideoTable (event_id);
        CREATE TABLE FaceTable (id INTEGER NOT NULL PRIMARY KEY, name TEXT NOT NULL, time_created TIMESTAMP);
        CREATE TABLE FaceLocationTable (id INTEGER NOT NULL PRIMARY KEY, face_id INTEGER NOT NULL, photo_id INTEGER NOT NULL, geometry TEXT);
        CREATE TABLE TombstoneTable (id INTEGER PRIMARY KEY, filepath TEXT NOT NULL, filesize INTEGER, md5 TEXT, time_created INTEGER, reason INTEGER DEFAULT 0 );
        CREATE TABLE SavedSearchDBTable (id INTEGER PRIMARY KEY, name TEXT UNIQUE NOT NULL, operator TEXT NOT NULL);
        CREATE TABLE SavedSearchDBTable_Text (id INTEGER PRIMARY KEY, search_id INTEGER NOT NULL, search_type TEXT NOT NULL, context TEXT NOT NULL, text TEXT);
        CREATE TABLE SavedSearchDBTable_MediaType (id INTEGER PRIMARY KEY, search_id INTEGER NOT NULL, search_type TEXT NOT NULL, context TEXT NOT NULL, type TEXT NOT_NULL);
        CREATE TABLE SavedSearchDBTable_Flagged (id INTEGER PRIMARY KEY, search_id INTEGER NOT NULL, search_type TEXT NOT NULL, flag_state TEXT NOT NULL);
        CREATE TABLE SavedSearchDBTable_Modified (id INTEGER PRIMARY KEY, search_id INTEGER NOT NULL, search_type TEXT NOT NULL, context TEXT NOT NULL, modified_state TEXT NOT NULL);
        CREATE TABLE SavedSearchDBTable_Rating (id INTEGER PRIMARY KEY, search_id INTEGER NOT NULL, search_type TEXT NOT NULL, rating INTEGER NOT_NULL, context TEXT NOT NULL);
        CREATE TABLE SavedSearchDBTable_Date (id INTEGER PRIMARY KEY, search_id INTEGER NOT NULL, search_type TEXT NOT NULL, context TEXT NOT NULL, date_one INTEGER NOT_NULL, date_two INTEGER NOT_NULL);
        CREATE INDEX SavedSearchDBTable_Text_Index ON SavedSearchDBTable_Text(search_id);
        CREATE INDEX SavedSearchDBTable_MediaType_Index ON SavedSearchDBTable_MediaType(search_id);
        CREATE INDEX SavedSearchDBTable_Flagged_Index ON SavedSearchDBTable_Flagged(search_id);
        CREATE INDEX SavedSearchDBTable_Modified_Index ON SavedSearchDBTable_Modified(search_id);
        CREATE INDEX SavedSearchDBTable_Rating_Index ON SavedSearchDBTable_Rating(search_id);
        CREATE INDEX SavedSearchDBTable_Date_Index ON SavedSearchDBTable_Date(search_id);
        """
}
