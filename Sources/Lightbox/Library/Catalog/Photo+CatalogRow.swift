import Foundation
import GRDB

extension Photo: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "photo"
    /// Always `Catalog.columns`, in that order: rows are read by position.
    public static var databaseSelection: [any SQLSelectable] { Catalog.columns.map { Column($0) } }

    /// A row of `Catalog.columns`, in order. Throwing decodes: an unexpected NULL or
    /// type is an error, never a trap.
    public init(row: Row) throws {
        self.init(
            path: try row.decode(atIndex: 0), fileSize: try row.decode(atIndex: 1),
            modified: try row.decode(atIndex: 2), error: try row.decode(atIndex: 19))
        taken = try row.decode(atIndex: 3)
        takenSource = (try row.decode(String?.self, atIndex: 4)).flatMap(TakenSource.init(rawValue:))
        make = try row.decode(atIndex: 5)
        model = try row.decode(atIndex: 6)
        lens = try row.decode(atIndex: 7)
        exposure = try row.decode(atIndex: 8)
        aperture = try row.decode(atIndex: 9)
        iso = try row.decode(atIndex: 10)
        focalLength = try row.decode(atIndex: 11)
        width = try row.decode(atIndex: 12)
        height = try row.decode(atIndex: 13)
        orientation = try row.decode(atIndex: 14)
        latitude = try row.decode(atIndex: 15)
        longitude = try row.decode(atIndex: 16)
        altitude = try row.decode(atIndex: 17)
        rating = try row.decode(atIndex: 18)
        isRejected = try row.decode(atIndex: 20)
        keywords = Photo.keywords(column: try row.decode(atIndex: 21))
        if let inode: Int64 = try row.decode(atIndex: 23) {
            identity = FileIdentity(
                device: UInt64(bitPattern: try row.decode(Int64?.self, atIndex: 22) ?? 0), inode: UInt64(bitPattern: inode),
                fingerprint: try row.decode(atIndex: 24))
        }
    }

    /// The values of `Catalog.columns`, in order.
    var databaseValues: [(any DatabaseValueConvertible)?] {
        [
            path, fileSize, modified, taken, takenSource?.rawValue, make, model, lens, exposure,
            aperture, iso, focalLength, width, height, orientation, latitude, longitude,
            altitude, rating, error, isRejected, Photo.keywordsColumn(keywords),
            identity.map { Int64(bitPattern: $0.device) }, identity.map { Int64(bitPattern: $0.inode) }, identity?.fingerprint,
        ]
    }

    static func keywords(column: String?) -> [String] {
        column?.split(separator: "\n").map(String.init) ?? []
    }

    /// Keywords as stored: one per line, NULL for none.
    static func keywordsColumn(_ keywords: [String]) -> String? {
        keywords.isEmpty ? nil : keywords.map { $0.replacingOccurrences(of: "\n", with: " ") }.joined(separator: "\n")
    }

    public func encode(to container: inout PersistenceContainer) throws {
        for (column, value) in zip(Catalog.columns, databaseValues) { container[column] = value }
    }
}
