import Foundation
import GRDB

/// What was done with a damaged catalog: it was moved aside, and a new one built from
/// the newest healthy backup and every row SQLite could still read from the damaged
/// file (those are newer than any backup). The photo files fill in the rest on the
/// next scan; ratings come from the files only for photos neither source had.
public struct CatalogRecovery: Equatable, Sendable {
    /// Where the damaged file was moved (kept for the person, never deleted).
    public let damagedFile: String
    /// The backup the catalog was rebuilt from; nil when there was none.
    public let backup: CatalogBackups.Copy?
    /// Rows read back from the damaged file.
    public let rowsRead: Int

    /// What the person is told: what happened, what came back, where the damaged file is.
    public var message: String { message(in: .current) }

    /// The message with the backup's date written for `locale`. One whole message per
    /// case, so a translation never joins fragments.
    public func message(in locale: FormattingLocale) -> String {
        switch (backup, rowsRead) {
        case (let backup?, 0):
            // Translators: %1$@ is when the backup was made ("9 March 2024 at 16:00"), %2$@ the damaged file's path.
            String(
                format: tr(
                    "The photo catalog was damaged. It was rebuilt from the backup of %1$@, ratings included. The damaged file was kept as %2$@."
                ),
                LocaleFormats.moment(backup.date, in: locale), damagedFile)
        case (let backup?, let rows):
            // Translators: %1$@ is when the backup was made ("9 March 2024 at 16:00"), %2$d how many photos
            // could be read from the damaged catalog, %3$@ the damaged file's path.
            String(
                format: trn(
                    "The photo catalog was damaged. It was rebuilt from the backup of %1$@ and %2$d photo still readable in it, ratings included. The damaged file was kept as %3$@.",
                    "The photo catalog was damaged. It was rebuilt from the backup of %1$@ and %2$d photos still readable in it, ratings included. The damaged file was kept as %3$@.",
                    rows),
                LocaleFormats.moment(backup.date, in: locale), rows, damagedFile)
        case (nil, 0):
            // Translators: %@ is the damaged file's path.
            String(
                format: tr(
                    "The photo catalog was damaged. Nothing in it could be read and there was no backup, so ratings come from the photo files again. The damaged file was kept as %@."
                ),
                damagedFile)
        case (nil, let rows):
            // Translators: %1$d is how many photos could be read from the damaged catalog, %2$@ the damaged file's path.
            String(
                format: trn(
                    "The photo catalog was damaged. It was rebuilt from %1$d photo still readable in it, ratings included. The damaged file was kept as %2$@.",
                    "The photo catalog was damaged. It was rebuilt from %1$d photos still readable in it, ratings included. The damaged file was kept as %2$@.",
                    rows),
                rows, damagedFile)
        }
    }

    /// Moves the damaged catalog at `path` aside and builds a new one there.
    static func recover(
        _ path: String, from backups: CatalogBackups,
        open: (String) throws -> DatabasePool
    ) throws -> (database: DatabasePool, report: CatalogRecovery) {
        let manager = FileManager.default
        let aside = path + ".corrupt-" + ISO8601DateFormatter().string(from: Date())
        try manager.moveItem(atPath: path, toPath: aside)
        // The write-ahead log holds the newest commits: it goes with the file it belongs to.
        if manager.fileExists(atPath: path + "-wal") { try? manager.moveItem(atPath: path + "-wal", toPath: aside + "-wal") }
        try? manager.removeItem(atPath: path + "-shm")
        let salvaged = readableRows(of: aside)
        let collections = readableCollections(of: aside)
        let backup = backups.newestHealthy()
        if let backup {
            var configuration = Configuration()
            configuration.readonly = true
            let source = try DatabaseQueue(path: backup.path, configuration: configuration)
            let target = try DatabaseQueue(path: path)
            try source.backup(to: target)
            try target.close()
        }
        let database = try open(path)
        try database.write { db in
            try Catalog.restore(salvaged, in: db)
            try collections.restore(in: db)
        }
        return (database, CatalogRecovery(damagedFile: aside, backup: backup, rowsRead: salvaged.count))
    }

    /// Every `photo` row SQLite can still read from a damaged file, walking by rowid
    /// and skipping ahead (further each time) past pages that can't be read.
    static func readableRows(of path: String) -> [Photo] {
        var configuration = Configuration()
        configuration.readonly = true
        guard let database = try? DatabaseQueue(path: path, configuration: configuration) else { return [] }
        var photos: [Photo] = []
        try? database.read { db in
            let last = (try? Int64.fetchOne(db, sql: "SELECT max(rowid) FROM photo")) ?? nil
            // A catalog of an older version lacks the newer columns.
            let present = Set(((try? Row.fetchAll(db, sql: "PRAGMA table_info(photo)")) ?? []).compactMap { $0["name"] as String? })
            let columns = Catalog.columns.map { present.contains($0) ? $0 : "NULL AS \($0)" }.joined(separator: ", ")
            // From v8 on, keywords are in tables of their own, read apart (as far as they can be).
            let keywords = present.contains("keywords") ? [:] : readableKeywords(db)
            var after: Int64 = 0
            var skip: Int64 = 1
            while true {
                do {
                    let rows = try Row.fetchCursor(
                        db, sql: "SELECT \(columns), rowid AS lightboxRowID FROM photo WHERE rowid > ? ORDER BY rowid",
                        arguments: [after])
                    while let row = try rows.next() {
                        after = row["lightboxRowID"] ?? after
                        skip = 1
                        if var photo = try? Photo(row: row), !photo.path.isEmpty {
                            if let own = keywords[after] { photo.keywords = own }
                            photos.append(photo.validated())
                        }
                    }
                    return
                } catch {
                    guard let last, after < last else { return }
                    after += skip
                    skip = skip < Int64.max / 2 ? skip * 2 : skip
                }
            }
        }
        return photos
    }

    /// The albums and saved searches that can still be read from a damaged file.
    static func readableCollections(of path: String) -> SalvagedCollections {
        var configuration = Configuration()
        configuration.readonly = true
        guard let database = try? DatabaseQueue(path: path, configuration: configuration) else { return SalvagedCollections() }
        return (try? database.read { db in SalvagedCollections.read(db) }) ?? SalvagedCollections()
    }

    /// The keywords of each photo (by row id) that can still be read from a damaged catalog's keyword tables.
    private static func readableKeywords(_ db: Database) -> [Int64: [String]] {
        var keywords: [Int64: [String]] = [:]
        guard
            let rows = try? Row.fetchCursor(
                db,
                sql: """
                    SELECT photo_keyword.photo, keyword.name FROM photo_keyword JOIN keyword ON keyword.id = photo_keyword.keyword
                    ORDER BY photo_keyword.photo, photo_keyword.position
                    """)
        else { return [:] }
        while let row = try? rows.next() {
            guard let photo = try? row.decode(Int64.self, atIndex: 0), let name = try? row.decode(String.self, atIndex: 1) else { continue }
            keywords[photo, default: []].append(name)
        }
        return keywords
    }
}
