import Foundation
import GRDB

/// A file's size and fingerprint (`FileEnds.fingerprint`): what finds the library's copy of a
/// file elsewhere, whatever its name.
public struct FileKey: Hashable, Sendable {
    public var size: Int64
    public var fingerprint: Int64

    public init(size: Int64, fingerprint: Int64) {
        self.size = size
        self.fingerprint = fingerprint
    }
}

extension Catalog {
    /// For each of `keys` a listed photo's file has, that photo's path (the first by path).
    public func libraryCopies(of keys: Set<FileKey>) throws -> [FileKey: String] {
        let fingerprints = Array(Set(keys.map(\.fingerprint)))
        return try database.read { db in
            var found: [FileKey: String] = [:]
            for start in stride(from: 0, to: fingerprints.count, by: 500) {
                let chunk = fingerprints[start..<min(start + 500, fingerprints.count)]
                let rows = try Row.fetchCursor(
                    db,
                    sql: """
                        SELECT path, fileSize, fingerprint FROM photo
                        WHERE missingSince IS NULL AND fingerprint IN (\(chunk.map { _ in "?" }.joined(separator: ",")))
                        ORDER BY path
                        """, arguments: StatementArguments(Array(chunk)))
                while let row = try rows.next() {
                    let key = FileKey(size: row[1], fingerprint: row[2])
                    if keys.contains(key), found[key] == nil { found[key] = row[0] }
                }
            }
            return found
        }
    }
}
