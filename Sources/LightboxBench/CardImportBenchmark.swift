import Foundation
import Lightbox

/// `lightbox-bench card-import [--json]`: an import from a card as `lightbox --import` runs it
/// (the survey read through the worker processes, each file copied, flushed, read back and
/// compared, then named and recorded in a new catalog), against `cp -r` of the same folder
/// followed by `sync`, alternately, best of three each. The card is 2,000 camera-sized JPEGs
/// (a sample photo and distinct bytes after its end, 1 and 3 MB alternately: 4 GB) in
/// `DCIM/100CANON`, on the same disk; each copy is removed and the disk synced between runs.
///
/// - `import_2k_ms`, `cp_2k_ms`, `import_2k_ratio_vs_cp` (goal ≤ 1.3).
enum CardImportBenchmark {
    static let count = 2_000
    static let runs = 3

    static func run(json: Bool) {
        let work = NSTemporaryDirectory() + "lightbox-bench-card-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: work) }
        do {
            let lister = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
                .deletingLastPathComponent().appendingPathComponent("lightbox").path
            guard FileManager.default.isExecutableFile(atPath: lister) else {
                throw BenchFailure("\(lister) is missing: build it too (swift build -c release)")
            }
            let card = work + "/card"
            try makeCard(at: card + "/DCIM/100CANON")
            var round = 0
            let (imported, copied) = Bench.sideBySide(
                runs: runs,
                {
                    round += 1
                    let into = work + "/library-\(round)"
                    try? FileManager.default.createDirectory(atPath: into, withIntermediateDirectories: true)
                    let seconds = Bench.seconds {
                        try? LibraryBenchmark.shell(
                            "XDG_DATA_HOME='\(work)/data-\(round)' XDG_CACHE_HOME='\(work)/cache-\(round)' "
                                + "'\(lister)' --import '\(card)' --into '\(into)' > '\(work)/report-\(round).json' 2>/dev/null")
                    }
                    let report = (try? String(contentsOfFile: "\(work)/report-\(round).json", encoding: .utf8)) ?? ""
                    precondition(report.components(separatedBy: "\"source\"").count - 1 == count, "every file was copied")
                    clear(into, work: work)
                    return seconds * 1000
                },
                {
                    let into = work + "/cp"
                    let seconds = Bench.seconds { try? LibraryBenchmark.shell("cp -r '\(card)' '\(into)' && sync") }
                    clear(into, work: work)
                    return seconds * 1000
                })
            Bench.report(["import_2k_ms": imported, "cp_2k_ms": copied, "import_2k_ratio_vs_cp": imported / copied], json: json)
        } catch {
            FileHandle.standardError.write(Data("lightbox-bench card-import: \(error)\n".utf8))
            exit(1)
        }
    }

    /// Removes a copy and its catalog, then writes everything out: the next run starts with a quiet disk.
    private static func clear(_ folder: String, work: String) {
        try? LibraryBenchmark.shell("rm -rf '\(folder)' '\(work)'/data-* '\(work)'/cache-* && sync")
    }

    /// The card: each file a sample photo, then bytes of its own up to its size.
    private static func makeCard(at folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let samples = try LibraryBenchmark.samplePhotos().map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for index in 0..<count {
            var data = samples[index % samples.count]
            let size = (index % 2 == 0 ? 1 : 3) << 20
            var bytes = [UInt8](repeating: 0, count: size - data.count)
            for start in stride(from: 0, to: bytes.count - 7, by: 8) {
                // SplitMix64: every file's bytes its own, fast.
                state &+= 0x9E37_79B9_7F4A_7C15
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                z ^= z >> 31
                for offset in 0..<8 { bytes[start + offset] = UInt8(truncatingIfNeeded: z >> (8 * offset)) }
            }
            data.append(contentsOf: bytes)
            try data.write(to: URL(fileURLWithPath: folder + String(format: "/IMG_%04d.JPG", index)))
        }
        try LibraryBenchmark.shell("sync")
    }
}
