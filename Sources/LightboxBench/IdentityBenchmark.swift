import Foundation
import Lightbox

/// Part of `lightbox-bench library`: what a photo's identity costs on a first scan, and how
/// fast 10,000 rated photos moved to another library folder are found again. On distinct
/// files (each sample photo with a comment of its own), as a camera's are: hard links of a
/// few samples would all be one file.
enum IdentityBenchmark {
    /// `lightbox-bench identity [--json]`: these measures alone.
    static func runAlone(json: Bool) {
        let work = NSTemporaryDirectory() + "lightbox-bench-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: work) }
        do {
            Bench.report(Dictionary(uniqueKeysWithValues: try run(work: work)), json: json)
        } catch {
            FileHandle.standardError.write(Data("lightbox-bench identity: \(error)\n".utf8))
            exit(1)
        }
    }

    static func run(work: String) throws -> [(String, Double)] {
        let library = work + "/distinct"
        try makeDistinctLibrary(at: library, count: LibraryBenchmark.fileCount)
        // Written back before any clock runs: the kernel's flush of 350 MB would fall on the first scans.
        sync()
        var results: [(String, Double)] = []

        // A first scan with the files' identities (fingerprints read) and without, alternately,
        // each on an empty catalog, best of `LibraryBenchmark.rounds` each.
        var with = Double.infinity
        var without = Double.infinity
        var catalog: Catalog?
        for round in 0..<LibraryBenchmark.rounds {
            // Each first in turn: what runs first in a round meets a colder cache.
            for keepsIdentities in round % 2 == 0 ? [true, false] : [false, true] {
                var scanner = PhotoScanner()
                scanner.keepsFileIdentities = keepsIdentities
                let roundCatalog = try Catalog(path: work + "/identity-\(round)-\(keepsIdentities).sqlite")
                var summary: CatalogSync.Summary?
                let seconds = try LibraryBenchmark.time {
                    summary = try CatalogSync(catalog: roundCatalog, scanner: scanner).run(folder: library)
                }
                guard summary?.read == LibraryBenchmark.fileCount else {
                    throw LibraryBenchmark.BenchError("a scan read \(summary?.read ?? 0) files")
                }
                if keepsIdentities {
                    with = min(with, seconds)
                    catalog = roundCatalog
                } else {
                    without = min(without, seconds)
                }
            }
        }
        guard let catalog else { throw LibraryBenchmark.BenchError("no catalog") }
        results.append(("first_scan_10k_fingerprint_ms", with * 1000))
        results.append(("first_scan_10k_without_fingerprint_ms", without * 1000))
        results.append(("first_scan_10k_fingerprint_ratio", with / without))

        let sync = CatalogSync(catalog: catalog)
        var summary: CatalogSync.Summary?
        let rescan = try LibraryBenchmark.time { summary = try sync.run(folder: library) }
        guard summary?.unchanged == LibraryBenchmark.fileCount else { throw LibraryBenchmark.BenchError("the rescan read files") }
        results.append(("rescan_10k_distinct_unchanged_ms", rescan * 1000))

        // Every photo rated, the app closed, every folder moved into another library folder.
        let photos = try catalog.photos(in: library)
        try catalog.setMetadata(Dictionary(uniqueKeysWithValues: photos.map { ($0.path, PhotoMetadata(rating: 4)) }))
        let moved = work + "/moved"
        try FileManager.default.createDirectory(atPath: moved, withIntermediateDirectories: true)
        for folder in try FileManager.default.contentsOfDirectory(atPath: library) {
            guard rename(library + "/" + folder, moved + "/" + folder) == 0 else {
                throw LibraryBenchmark.BenchError("can't move \(folder)")
            }
        }
        // Reopened: the library's folders scanned one after the other, in order, as the app does.
        let relink = try LibraryBenchmark.time {
            _ = try sync.run(folder: library)
            summary = try sync.run(folder: moved)
        }
        let found = try catalog.photos(in: moved)
        guard found.count == LibraryBenchmark.fileCount, found.allSatisfy({ $0.rating == 4 }),
            try catalog.missingPhotos(in: library).isEmpty
        else {
            throw LibraryBenchmark.BenchError(
                "after the move: \(found.filter { $0.rating == 4 }.count) of \(found.count) photos kept their rating")
        }
        results.append(("relink_10k_moved_ms", relink * 1000))
        results.append(("relink_10k_moved_goal_ms", 2 * rescan * 1000 + 1000))
        return results
    }

    /// `count` different JPEGs, 1,000 per folder: the sample photos, each with a JPEG
    /// comment naming it (so no two files are alike).
    static func makeDistinctLibrary(at path: String, count: Int) throws {
        let samples = try LibraryBenchmark.samplePhotos().map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        for index in 0..<count {
            let folder = "\(path)/\(index / 1000)"
            if index % 1000 == 0 { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            let sample = samples[index % samples.count]
            let name = Data(String(format: "P%05d", index).utf8)
            // After the start-of-image marker: a COM segment (its length counts itself).
            var file = sample.prefix(2)
            file.append(contentsOf: [0xFF, 0xFE, 0, UInt8(name.count + 2)])
            file.append(name)
            file.append(sample.dropFirst(2))
            try file.write(to: URL(fileURLWithPath: String(format: "%@/P%05d.jpg", folder, index)))
        }
    }
}
