import Foundation
import GRDB
import Synchronization

/// Copies of the catalog made with SQLite's online backup (a consistent snapshot taken
/// while the app goes on), the newest `generations` kept. A copy is checked before it
/// replaces an older one, so a damaged catalog never pushes the good backups out.
public final class CatalogBackups: Sendable {
    public let folder: String
    /// How many copies are kept.
    public let generations: Int
    /// How long after a change the copy is made: changes in a burst make one copy.
    public let delay: Double
    private let queue = DispatchQueue(label: "io.github.lightbox.catalog-backup", qos: .utility)
    private let pending = Mutex(false)

    public init(folder: String, generations: Int = 3, delay: Double = 5) {
        self.folder = folder
        self.generations = generations
        self.delay = delay
    }

    /// One kept copy.
    public struct Copy: Equatable, Sendable {
        public let path: String
        public let date: Date
    }

    /// The copies, newest first (names carry the time they were made).
    public var copies: [Copy] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.compactMap { name -> Copy? in
            guard name.hasPrefix("catalog-"), name.hasSuffix(".sqlite"),
                let milliseconds = Int64(name.dropFirst("catalog-".count).dropLast(".sqlite".count))
            else { return nil }
            return Copy(path: folder + "/" + name, date: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
        }.sorted { $0.date > $1.date }
    }

    /// Copies `database` now; returns the new copy, nil when it could not be made or
    /// did not pass SQLite's check (the older copies are then all kept).
    @discardableResult
    public func backUp(_ database: any DatabaseReader) -> Copy? {
        queue.sync { makeCopy(of: database) }
    }

    /// Copies `database` `delay` seconds from now, off the calling thread, unless a copy
    /// is already due.
    func backUpSoon(_ database: any DatabaseReader) {
        let due = pending.withLock { (isPending: inout Bool) -> Bool in
            defer { isPending = true }
            return !isPending
        }
        guard due else { return }
        queue.asyncAfter(deadline: .now() + delay) { [self] in
            pending.withLock { $0 = false }
            makeCopy(of: database)
        }
    }

    @discardableResult
    private func makeCopy(of database: any DatabaseReader) -> Copy? {
        let now = Date()
        let milliseconds = Int64((now.timeIntervalSince1970 * 1000).rounded(.down))
        let final = folder + "/catalog-\(milliseconds).sqlite"
        let partial = final + ".partial"
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try? FileManager.default.removeItem(atPath: partial)
            do {
                let copy = try DatabaseQueue(path: partial)
                try database.backup(to: copy)
                let check = try copy.read { db in try String.fetchOne(db, sql: "PRAGMA quick_check") }
                try copy.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = DELETE") }
                try copy.close()
                guard check == "ok" else { throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: check) }
            }
            try FileManager.default.moveItem(atPath: partial, toPath: final)
        } catch {
            try? FileManager.default.removeItem(atPath: partial)
            return nil
        }
        for old in copies.dropFirst(generations) { try? FileManager.default.removeItem(atPath: old.path) }
        return Copy(path: final, date: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
    }

    /// The newest copy that SQLite still finds healthy.
    func newestHealthy() -> Copy? {
        var configuration = Configuration()
        configuration.readonly = true
        return copies.first { copy in
            guard let database = try? DatabaseQueue(path: copy.path, configuration: configuration) else { return false }
            return (try? database.read { db in try String.fetchOne(db, sql: "PRAGMA quick_check") }) == "ok"
        }
    }
}
