import Foundation
import Lightbox

/// `lightbox-bench catalog [--json]`: the catalog's rows without files or a window: reading
/// a 100,000-photo folder and sorting it (the app's start path), saving 10,000 files read,
/// and `--list` lines. Thread CPU time, best of seven, so that other processes on the
/// machine disturb it less than wall time; `LIGHTBOX_BENCH_RUNS=1` measures each once
/// (under a profiler such as callgrind, whose instruction counts no other process disturbs).
enum CatalogBenchmark {
    static let count = 100_000
    static let runs = ProcessInfo.processInfo.environment["LIGHTBOX_BENCH_RUNS"].flatMap { Int($0) } ?? 7

    @MainActor
    static func run(json: Bool) {
        do {
            let work = NSTemporaryDirectory() + "lightbox-bench-catalog-\(getpid())"
            try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: work) }
            Bench.report(try measure(in: work), json: json)
        } catch {
            FileHandle.standardError.write(Data("lightbox-bench catalog: \(error)\n".utf8))
            exit(1)
        }
    }

    private static func measure(in work: String) throws -> [String: Double] {
        let folder = "/bench/library"
        let catalog = try Catalog(path: work + "/catalog.sqlite")
        try catalog.restore((0..<count).map { photo(folder, $0) })
        var results: [String: Double] = [:]
        var photos: [Photo] = []
        results["catalog_read_100k_ms"] = cpuBest {
            photos = (try? catalog.photos(in: folder)) ?? []
        }
        precondition(photos.count == count && photos.filter { !$0.keywords.isEmpty }.count == count / 10)
        results["sort_by_date_100k_ms"] = cpuBest { _ = photos.sorted(by: .dateTaken) }
        results["sort_by_rating_100k_ms"] = cpuBest { _ = photos.sorted(by: .rating) }
        results["list_lines_10k_ms"] = cpuBest {
            for photo in photos.prefix(10_000) { precondition(!PhotoListing.line(for: photo).isEmpty) }
        }
        var round = 0
        results["save_10k_new_ms"] = cpuBest {
            round += 1
            _ = try? catalog.save((0..<10_000).map { photo("/bench/new-\(round)", $0) })
        }
        return results
    }

    /// A photo as a camera writes it; one in ten with two keywords, one of them hierarchical.
    private static func photo(_ folder: String, _ index: Int) -> Photo {
        var photo = Photo(
            path: "\(folder)/\(index / 1000)/IMG_\(index).jpg", fileSize: 4_000_000 + Int64(index), modified: 1.7e9 + Double(index))
        photo.fileTaken = String(
            format: "20%02d-%02d-%02dT10:%02d:%02d", index % 20, index % 12 + 1, index % 28 + 1, index % 60, index / 7 % 60)
        photo.fileTakenSource = .dateTimeOriginal
        photo.make = "Canon"
        photo.model = "Canon EOS R5"
        photo.lens = "RF24-105mm F4 L IS USM"
        photo.exposure = "1/250"
        photo.aperture = 4
        photo.iso = 400
        photo.focalLength = 50
        photo.width = 8192
        photo.height = 5464
        if index % 3 == 0 {
            photo.fileLatitude = 60.39
            photo.fileLongitude = 5.32
        }
        photo.rating = index % 6
        if index % 10 == 0 { photo.keywords = ["Places|Norway|Bergen", "harbour \(index % 50)"] }
        return photo
    }

    private static func cpuBest(_ body: () -> Void) -> Double {
        Bench.best(of: runs) {
            let start = Bench.threadCPUMilliseconds()
            body()
            return Bench.threadCPUMilliseconds() - start
        }
    }
}
