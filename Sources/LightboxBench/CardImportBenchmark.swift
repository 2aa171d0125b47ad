import Foundation
import Lightbox

/// `lightbox-bench card-import [--json]`: imports from a card. The card is camera-sized JPEGs in
/// `DCIM/100CANON`, on the same disk: each a sample photo with bytes of its own in segments before
/// its image data, 1 and 3 MB alternately (whole JPEGs: bytes after a JPEG's end make it a
/// truncated file to the app, read with an error and shown without a thumbnail), modified over four
/// days (the import window lists by day before it reads the files' dates).
///
/// - `import_2k_ms`, `cp_2k_ms`, `import_2k_ratio_vs_cp` (goal ≤ 1.3): an import of 2,000 such
///   files (4 GB) as `lightbox --import` runs it (the survey read through the worker processes,
///   each file copied, flushed, read back and compared, then named and recorded in a new
///   catalog), against `cp -r` of the same folder followed by `sync`, alternately, best of three
///   each; each copy is removed and the disk synced between runs.
/// - `import_page_first_screen_ms` (goal < 1000): the app's import window (`ImportPageRun`, on
///   Xvfb unless `$DISPLAY` is set) opened on a card of 5,000 (10 GB; the 2,000 above are its
///   first, hard-linked) over a settled main window of 1,000 photos, as `lightbox --import` opens
///   it, to the end of the first frame whose lines on screen show every thumbnail: best of three,
///   the app launched for each with an empty thumbnail cache (the card itself in the page cache:
///   it was just written). `import_page_first_screen_slowest_ms`; `import_page_list_ms` (to the
///   first frame with lines) and `import_page_read_5k_ms` (to the card read: Import possible),
///   best of three.
/// - `import_max_stall_ms` (goal < 50): the 2,000-file card imported from the import window into
///   the main window's library of 1,000 (each run its own library, catalog and thumbnail cache),
///   the import window closed once Import is pressed (the import goes on behind it) and the
///   Photos page's list scrolled down and up a step per frame: the longest gap between two frames
///   of the main window from Import to the import's end, the worse of two runs;
///   `import_max_stall_end_ms`: when that gap ended, after Import. `import_page_import_ms`: Import
///   to the import's end, the better of the two. `import_max_stall_ms_until_listed`: the longest
///   gap on until the Photos page lists every copy (or ten seconds after the import), the worse;
///   `import_page_copies_listed`: how many copies it lists by then (the fewest).
///   `import_max_stall_ms_window_open`, `import_page_import_ms_window_open`: a third run with the
///   import window left open beside the main window (its progress shown), information.
enum CardImportBenchmark {
    static let count = 2_000
    /// The card the import window opens (its first `count` files are the card above).
    static let pageCount = 5_000
    /// The main window's library.
    static let libraryCount = 1_000
    static let runs = 3
    static let stallRuns = 2

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
            let largeCard = work + "/card-5k"
            try makeCard(at: largeCard + "/DCIM/100CANON", count: pageCount)
            try FileManager.default.createDirectory(atPath: card + "/DCIM/100CANON", withIntermediateDirectories: true)
            for index in 0..<count {
                let name = String(format: "/DCIM/100CANON/IMG_%04d.JPG", index)
                try FileManager.default.linkItem(atPath: largeCard + name, toPath: card + name)
            }
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
            var values = ["import_2k_ms": imported, "cp_2k_ms": copied, "import_2k_ratio_vs_cp": imported / copied]
            values.merge(try importPage(card: card, largeCard: largeCard, work: work + "/app")) { $1 }
            Bench.report(values, json: json)
        } catch {
            FileHandle.standardError.write(Data("lightbox-bench card-import: \(error)\n".utf8))
            exit(1)
        }
    }

    /// The import window's first screen and the main window's frames during an import (`ImportPageRun`).
    private static func importPage(card: String, largeCard: String, work: String) throws -> [String: Double] {
        let environment = BenchEnvironment(work: work)
        try environment.start()
        defer { environment.stop() }
        let library = work + "/library"
        try LibraryBenchmark.makeLibrary(at: library, count: libraryCount)
        var firstScreen: [Double] = []
        var listed = Double.infinity
        var read = Double.infinity
        for round in 0..<runs {
            // The catalog kept from round to round (the first launch scans and hashes the library), the thumbnails not.
            let cache = work + "/cache-\(round)"
            let page = try environment.child(
                ["import-page", "first-screen", library, largeCard], timeout: 600,
                overrides: ["XDG_DATA_HOME": work + "/page-data", "XDG_CACHE_HOME": cache])
            try? FileManager.default.removeItem(atPath: cache)
            firstScreen.append(page["first_screen_ms"] ?? .infinity)
            listed = min(listed, page["list_ms"] ?? .infinity)
            read = min(read, page["read_ms"] ?? .infinity)
        }
        var stall = 0.0
        var stallEnd = Double.nan
        var untilListed = 0.0
        var imported = Double.infinity
        var listedCopies = Double.infinity
        var open: [String: Double] = [:]
        // Twice with the import window closed once Import is pressed, then once with it open.
        for run in 0..<(stallRuns + 1) {
            let keepsOpen = run == stallRuns
            // Each import into a library of its own: the card is new to it.
            let home = work + "/stall-\(run)"
            let into = home + "/library"
            try LibraryBenchmark.makeLibrary(at: into, count: libraryCount)
            let result = try environment.child(
                ["import-page", "stall", into, card] + (keepsOpen ? ["--open"] : []), timeout: 900,
                overrides: ["XDG_DATA_HOME": home + "/data", "XDG_CACHE_HOME": home + "/cache"])
            clear(home, work: work)
            guard result["copied"] == Double(count) else { throw BenchFailure("the import copied \(result["copied"] ?? 0) files") }
            listedCopies = min(listedCopies, (result["photos_after"] ?? 0) - (result["photos_before"] ?? 0))
            if keepsOpen {
                open = result
                continue
            }
            if let gap = result["max_stall_ms"], gap > stall { (stall, stallEnd) = (gap, result["longest_gap_end_ms"] ?? .nan) }
            untilListed = max(untilListed, result["max_stall_until_listed_ms"] ?? .infinity)
            imported = min(imported, result["import_ms"] ?? .infinity)
        }
        return [
            "import_page_first_screen_ms": firstScreen.min() ?? .nan,
            "import_page_first_screen_slowest_ms": firstScreen.max() ?? .nan,
            "import_page_list_ms": listed,
            "import_page_read_5k_ms": read,
            "import_max_stall_ms": stall,
            "import_max_stall_end_ms": stallEnd,
            "import_max_stall_ms_until_listed": untilListed,
            "import_page_import_ms": imported,
            // Of the 2,000 copies, how many the Photos page listed ten seconds after the import (the fewest of the runs).
            "import_page_copies_listed": listedCopies,
            "import_max_stall_ms_window_open": open["max_stall_ms"] ?? .nan,
            "import_page_import_ms_window_open": open["import_ms"] ?? .nan,
        ]
    }

    /// Removes a copy and its catalog, then writes everything out: the next run starts with a quiet disk.
    private static func clear(_ folder: String, work: String) {
        try? LibraryBenchmark.shell("rm -rf '\(folder)' '\(work)'/data-* '\(work)'/cache-* && sync")
    }

    /// The card: each file a sample photo with bytes of its own up to its size, in APP15 segments
    /// before its image data (as a camera's maker notes and previews are: the file stays a whole
    /// JPEG; bytes after its end would make it a truncated one to the app, with no thumbnail);
    /// modified over four days (the import window lists them by day before it reads their dates).
    private static func makeCard(at folder: String, count: Int) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let samples = try LibraryBenchmark.samplePhotos().map { try [UInt8](Data(contentsOf: URL(fileURLWithPath: $0))) }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for index in 0..<count {
            let sample = samples[index % samples.count]
            let imageData = try startOfScan(in: sample)
            let size = (index % 2 == 0 ? 1 : 3) << 20
            var data = [UInt8](repeating: 0, count: size)
            data.replaceSubrange(0..<imageData, with: sample[0..<imageData])
            var end = imageData
            let padding = size - sample.count
            while end - imageData + 4 < padding {
                // A segment: its marker, its length (the two length bytes and up to 65,533 of its own).
                let length = min(65_535, padding - (end - imageData) - 2)
                data[end] = 0xFF
                data[end + 1] = 0xEF
                data[end + 2] = UInt8(length >> 8)
                data[end + 3] = UInt8(length & 0xFF)
                for start in stride(from: end + 4, to: end + 2 + length, by: 8) {
                    // SplitMix64: every file's bytes its own, fast.
                    state &+= 0x9E37_79B9_7F4A_7C15
                    var z = state
                    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                    z ^= z >> 31
                    for offset in 0..<min(8, end + 2 + length - start) {
                        data[start + offset] = UInt8(truncatingIfNeeded: z >> (8 * offset))
                    }
                }
                end += 2 + length
            }
            data.replaceSubrange(end..<(end + sample.count - imageData), with: sample[imageData...])
            data.removeSubrange((end + sample.count - imageData)...)
            let path = folder + String(format: "/IMG_%04d.JPG", index)
            try Data(data).write(to: URL(fileURLWithPath: path))
            let day = index * 4 / count
            let modified = Date(timeIntervalSince1970: 1_717_221_600 + Double(day * 86_400 + index % (count / 4) * 20))
            try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: path)
        }
        try LibraryBenchmark.shell("sync")
    }

    /// Where a JPEG's start-of-scan segment (its image data) begins: after its SOI and the segments before.
    private static func startOfScan(in jpeg: [UInt8]) throws -> Int {
        var offset = 2
        while offset + 4 <= jpeg.count, jpeg[offset] == 0xFF {
            if jpeg[offset + 1] == 0xDA { return offset }
            offset += 2 + Int(jpeg[offset + 2]) << 8 + Int(jpeg[offset + 3])
        }
        throw BenchFailure("a sample photo is not a JPEG with an image")
    }
}
