import Foundation
import GRDB
import LightboxMedia

/// What finding duplicates keeps: each photo's perceptual hash (`picture_hash`, made from its
/// thumbnail's decode, valid while the file keeps the modification time it was made for) and
/// the groups the person said are not duplicates (`not_duplicate`, pairs of photo rows, so
/// they follow moved files). Both go with the photo's row.
extension Catalog {
    /// Migration `v13-duplicates`.
    static func createDuplicateTables(_ db: Database) throws {
        try db.alter(table: "photo") { t in t.add(column: "takenSubsecond", .text) }
        try db.create(table: "picture_hash", options: [.withoutRowID]) { t in
            t.primaryKey("photo", .integer).references("photo", onDelete: .cascade)
            t.column("modified", .double).notNull()
            t.column("bits", .integer).notNull()
            t.column("detail", .integer).notNull()
        }
        try db.create(table: "not_duplicate", options: [.withoutRowID]) { t in
            t.column("first", .integer).notNull().references("photo", onDelete: .cascade)
            t.column("second", .integer).notNull().references("photo", onDelete: .cascade)
            t.primaryKey(["first", "second"])
        }
        try db.create(index: "not_duplicate_second", on: "not_duplicate", columns: ["second"])
    }

    /// Keeps the hashes of the files at these paths, each made from the file as modified at
    /// `modified` (a file changed since is left without one: it is hashed again).
    public func savePictureHashes(_ hashes: [(path: String, modified: Double, hash: PerceptualHash)]) throws {
        guard !hashes.isEmpty else { return }
        try writeFound { db in
            let statement = try db.cachedStatement(
                sql: """
                    INSERT OR REPLACE INTO picture_hash (photo, modified, bits, detail)
                    SELECT id, modified, ?, ? FROM photo WHERE path = ? AND modified = ?
                    """)
            for item in hashes {
                try statement.execute(
                    arguments: [Int64(bitPattern: item.hash.bits), item.hash.detail, item.path, item.modified])
            }
        }
    }

    /// Keeps that no hash can be made of the files at these paths as modified at `modified`
    /// (no thumbnail could be decoded): they are not tried again until they change.
    public func savePictureHashFailures(_ files: [(path: String, modified: Double)]) throws {
        guard !files.isEmpty else { return }
        try writeFound { db in
            let statement = try db.cachedStatement(
                sql: """
                    INSERT OR REPLACE INTO picture_hash (photo, modified, bits, detail)
                    SELECT id, modified, 0, -1 FROM photo WHERE path = ? AND modified = ?
                    """)
            for file in files { try statement.execute(arguments: [file.path, file.modified]) }
        }
    }

    /// The photos under `folders` (listed, not missing) as duplicates are looked for among
    /// them, with their hash when it is up to date with the file.
    public func duplicateCandidates(in folders: [String]) throws -> [DuplicateCandidate] {
        try database.read { db in
            var result: [DuplicateCandidate] = []
            // Counted first: grown by doubling, 100,000 candidates would take twice their memory.
            var count = 0
            for folder in folders {
                let (low, high) = Catalog.inside(folder)
                count +=
                    try Int.fetchOne(
                        db, sql: "SELECT count(*) FROM photo WHERE path >= ? AND path < ? AND missingSince IS NULL",
                        arguments: [low, high]) ?? 0
            }
            result.reserveCapacity(count)
            for folder in folders {
                let (low, high) = Catalog.inside(folder)
                let rows = try Row.fetchCursor(
                    db,
                    sql: """
                        SELECT photo.path, photo.fileSize, photo.fingerprint, photo.width, photo.height,
                            COALESCE(photo.correctedOrientation, photo.orientation), photo.taken, photo.takenSource,
                            photo.takenSubsecond, photo.error IS NOT NULL, picture_hash.bits, picture_hash.detail, photo.id,
                            photo.rating, photo.device, photo.inode
                        FROM photo LEFT JOIN picture_hash
                            ON picture_hash.photo = photo.id AND picture_hash.modified = photo.modified
                        WHERE photo.path >= ? AND photo.path < ? AND photo.missingSince IS NULL
                        """, arguments: [low, high])
                while let row = try rows.next() {
                    let detail: Int? = row[11]
                    // A detail below zero: no hash could be made (`savePictureHashFailures`).
                    let bits: Int64? = (detail ?? -1) >= 0 ? row[10] : nil
                    let source: String? = row[7]
                    result.append(
                        DuplicateCandidate(
                            path: row[0], fileSize: row[1], fingerprint: row[2], width: row[3], height: row[4],
                            orientation: row[5],
                            moment: source == TakenSource.dateTimeOriginal.rawValue
                                ? (row[6] as String?).flatMap { Moment(taken: $0, subsecond: row[8]) } : nil,
                            isReadable: !(row[9] as Bool), rating: row[13],
                            hash: bits.map { PerceptualHash(bits: UInt64(bitPattern: $0), detail: detail ?? 0) },
                            row: row[12],
                            file: (row[14] as Int64?).flatMap { device in
                                (row[15] as Int64?).map {
                                    FileIdentity(device: UInt64(bitPattern: device), inode: UInt64(bitPattern: $0))
                                }
                            }))
                }
            }
            return result
        }
    }

    /// The paths under `folders` of readable photos with no up-to-date hash, in path order, at
    /// most `limit`, after the path `after` (a pass over a large library goes on from where its
    /// last batch ended, not from the start each time).
    public func photosWithoutPictureHash(in folders: [String], after: String = "", limit: Int) throws -> [(path: String, modified: Double)]
    {
        try database.read { db in
            var result: [(String, Double)] = []
            for folder in folders.sorted() where result.count < limit {
                let (low, high) = Catalog.inside(folder)
                let rows = try Row.fetchAll(
                    db,
                    sql: """
                        SELECT path, modified FROM photo WHERE path >= ? AND path < ? AND path > ? AND missingSince IS NULL
                        AND error IS NULL AND NOT EXISTS (SELECT 1 FROM picture_hash
                            WHERE picture_hash.photo = photo.id AND picture_hash.modified = photo.modified)
                        ORDER BY path LIMIT ?
                        """, arguments: [low, high, after, limit - result.count])
                result += rows.map { ($0[0], $0[1]) }
            }
            return result
        }
    }

    /// Lets the connections' page caches go (the read connections close, reopened when next
    /// needed): a look over a large library fills one with every photo's row.
    public func releaseCachedPages() {
        (database as? DatabasePool)?.releaseMemoryEventually()
    }

    /// The pairs of photo rows the person said are not duplicates.
    public func notDuplicatePairs() throws -> Set<DuplicatePair> {
        try database.read { db in
            Set(try Row.fetchAll(db, sql: "SELECT first, second FROM not_duplicate").map { DuplicatePair($0[0], $0[1]) })
        }
    }

    /// Remembers that the photos at `paths` are not duplicates of one another (every pair),
    /// or forgets it (`remembering` false: the undo).
    public func setNotDuplicates(_ paths: [String], remembering: Bool) throws {
        try database.write { db in
            var rows: [Int64] = []
            for path in paths {
                if let row = try Int64.fetchOne(db, sql: "SELECT id FROM photo WHERE path = ?", arguments: [path]) { rows.append(row) }
            }
            let sql =
                remembering
                ? "INSERT OR IGNORE INTO not_duplicate (first, second) VALUES (?, ?)"
                : "DELETE FROM not_duplicate WHERE first = ? AND second = ?"
            let statement = try db.cachedStatement(sql: sql)
            for (index, first) in rows.enumerated() {
                for second in rows[(index + 1)...] {
                    let pair = DuplicatePair(first, second)
                    try statement.execute(arguments: [pair.first, pair.second])
                }
            }
        }
    }
}

extension Catalog {
    /// The albums each of `paths` is in, by album.
    public func albums(holding paths: [String]) throws -> [Album.ID: Set<String>] {
        try database.read { db in
            var result: [Album.ID: Set<String>] = [:]
            let statement = try db.cachedStatement(
                sql: "SELECT album FROM album_photo JOIN photo ON photo.id = album_photo.photo WHERE photo.path = ?")
            for path in paths {
                for album in try Int64.fetchAll(statement, arguments: [path]) { result[album, default: []].insert(path) }
            }
            return result
        }
    }
}
