import Foundation
import GRDB

/// The person's edits: stars, rejects and keywords, in one transaction each.
extension Catalog {
    /// Sets a rating; returns false when the catalog has no such photo.
    @discardableResult
    public func setRating(_ rating: Int, path: String) throws -> Bool {
        try database.write { db in
            try db.execute(sql: "UPDATE photo SET rating = ? WHERE path = ?", arguments: [rating, path])
            return db.changesCount > 0
        }
    }

    /// Sets the stars, reject, keywords, title, caption and corrections of several photos in one transaction (all or
    /// none); returns the paths the catalog has no row for. With `queueingWrites`, the
    /// same transaction queues each photo's file for write-back (`pendingWrites`): an
    /// acknowledged edit is never lost on its way to the file.
    @discardableResult
    public func setMetadata(_ values: [Photo.ID: PhotoMetadata], queueingWrites: Bool = false) throws -> [String] {
        guard !values.isEmpty else { return [] }
        return try database.write { db in
            let statement = try db.cachedStatement(
                sql: """
                    UPDATE photo SET rating = ?, rejected = ?, title = ?, caption = ?, correctedOrientation = ?,
                        correctedTaken = ?, correctedTakenOffset = ?, correctedPlace = ?
                    WHERE path = ? RETURNING id
                    """)
            var missing: [String] = []
            let keywordIDs = KeywordIDs()
            // In path order: the path index and the rows (scanned in path order) are walked
            // once; in hash order a 100,000-photo edit read and spilled pages all along.
            for (path, metadata) in values.sorted(by: { $0.key < $1.key }) {
                let corrections = metadata.corrections
                let arguments: StatementArguments = [
                    metadata.rating, metadata.isRejected, metadata.title, metadata.caption, corrections.orientation,
                    corrections.taken, corrections.takenOffset, corrections.place?.catalogValue, path,
                ]
                guard let id = try Int64.fetchOne(statement, arguments: arguments) else {
                    missing.append(path)
                    continue
                }
                try Catalog.setKeywords(metadata.keywords, ofPhoto: id, in: db, ids: keywordIDs)
                if queueingWrites { try Catalog.queueWrite(path, in: db) }
            }
            return missing
        }
    }
}
