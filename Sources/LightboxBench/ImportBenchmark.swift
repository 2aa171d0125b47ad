import Foundation
import Gtk
import Lightbox

/// `lightbox-bench import [--json]`: a generated Shotwell library of 100,000 photos (50 tags,
/// 400 events) brought into a Store whose library holds all of them (catalog rows, no files:
/// the import matches photos by the Store's rows), reading included, until committed. Against
/// the 10 s goal, and against `sqlite3` reading the same database's photos, tags and events
/// (the least any import must do), alternated, best of `runs` each.
enum ImportBenchmark {
    static let count = 100_000
    static let goalMilliseconds = 10_000.0
    static let runs = ProcessInfo.processInfo.environment["LIGHTBOX_BENCH_RUNS"].flatMap { Int($0) } ?? 3

    @MainActor
    static func run(json: Bool) {
        let work = NSTemporaryDirectory() + "lightbox-bench-import-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: work) }
        do {
            try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
            Bench.report(try measure(in: work), json: json)
        } catch {
            FileHandle.standardError.write(Data("lightbox-bench import: \(error)\n".utf8))
            exit(1)
        }
    }

    @MainActor
    private static func measure(in work: String) throws -> [String: Double] {
        MainLoop.integrate()
        let folder = "/bench/library"
        let path: (Int) -> String = { "\(folder)/\($0 / 1000)/IMG_\($0).jpg" }
        let database = work + "/photo.db"
        try ShotwellDatabaseGenerator.make(at: database, photos: count, tags: 50, events: 400, paths: path)
        let rows = (0..<count).map { Photo(path: path($0), fileSize: 4_000_000, modified: 1.7e9 + Double($0)) }
        var round = 0
        var phases = (read: Double.infinity, apply: Double.infinity)
        let (imported, sqlite) = Bench.sideBySide(
            runs: runs,
            {
                round += 1
                guard let store = try? openedStore(work + "/catalog-\(round).sqlite", rows: rows, folder: folder) else { return .infinity }
                var library: OtherLibrary?
                let read = Bench.seconds { library = try? ShotwellLibrary.read(at: database) }
                guard let library else { return .infinity }
                var result: LibraryImportResult?
                let apply = Bench.seconds {
                    Task { result = try? await LibraryImport(library, into: store).run() }
                    MainLoop.run(until: { result != nil }, timeout: 600)
                    store.waitUntilSaved()
                }
                // Odd events are named by their dates, and many share a name: one album each name.
                precondition(
                    result?.report.photos == count && result?.report.changes.keywords == count && result?.report.albumsMade.count == 201,
                    "every photo came across")
                phases = (min(phases.read, read), min(phases.apply, apply))
                return (read + apply) * 1000
            },
            { Bench.seconds { try? LibraryBenchmark.shell(sqliteScript(database)) } * 1000 })
        return [
            "import_shotwell_100k_ms": imported,
            "import_shotwell_100k_ratio_vs_goal": imported / goalMilliseconds,
            "import_shotwell_100k_ratio_vs_sqlite3": imported / sqlite,
            "import_shotwell_100k_read_ms": phases.read * 1000,
            "import_shotwell_100k_apply_ms": phases.apply * 1000,
            "sqlite3_shotwell_100k_ms": sqlite,
        ]
    }

    /// A Store showing `rows` (restored into a new catalog at `path`), the library's rows read.
    @MainActor
    private static func openedStore(_ path: String, rows: [Photo], folder: String) throws -> CatalogStore {
        let catalog = try Catalog(path: path)
        try catalog.restore(rows)
        let store = CatalogStore(catalog: catalog)
        store.open(folder: folder, rescanning: false)
        MainLoop.run(until: { store.isUpToDate && store.allPhotos.count == rows.count }, timeout: 120)
        return store
    }

    /// `sqlite3` printing what the Shotwell reader reads: every photo's row, every tag's
    /// list and every event.
    private static func sqliteScript(_ database: String) -> String {
        """
        sqlite3 '\(database)' 'SELECT id, filename, rating, title, comment, event_id, flags, exposure_time FROM PhotoTable; \
        SELECT name, photo_id_list FROM TagTable; SELECT id, name, primary_source_id, comment FROM EventTable;' > /dev/null
        """
    }
}
