import Foundation
import Gtk
import Lightbox

/// `lightbox-bench app [--json]`: what a person waits for, on a 10,000-photo catalog.
///
/// - startup: launch to first painted frame of `lightbox FOLDER`, against a minimal
///   Swift GTK window with one label, as separate processes run alternately (the best of
///   nine each: the minimal window's own start varies by 10 ms from run to run);
/// - scrolling: the photo list scrolled end to end five times while thumbnails load;
///   the longest gap between two frames, the main thread's CPU time per frame, and memory
///   growth from the first to the fifth pass;
/// - 100,000 photos: launch to the first rows, the rescan, ratings and typing, scrolling, an
///   album of 10,000 opened and scrolled, saved searches counted again after a rating
///   (`largeLibrary`, `albums`).
///
/// Runs on `$DISPLAY`, or a private Xvfb, with a private D-Bus session bus.
enum AppBenchmark {
    static let runs = 9

    static func run(json: Bool) {
        let work = NSTemporaryDirectory() + "lightbox-bench-app-\(getpid())"
        let environment = BenchEnvironment(work: work)
        defer {
            environment.stop()
            try? FileManager.default.removeItem(atPath: work)
        }
        do {
            let library = try environment.startWithLibrary()

            var app = Double.infinity
            var minimal = Double.infinity
            for _ in 0..<runs {
                app = min(app, try environment.timeToFirstPaint(["startup-lightbox", library]))
                minimal = min(minimal, try environment.timeToFirstPaint(["startup-minimal"]))
            }
            let scroll = try environment.child(["scroll", library], timeout: 600)
            var values: [String: Double] = [
                "startup_first_frame_ms_10k": app,
                "startup_minimal_gtk_ms": minimal,
                "startup_ratio_vs_minimal_gtk": app / minimal,
            ]
            for (key, value) in scroll { values[key] = value }
            for (key, value) in try firstScan(of: library, in: work, environment: environment) { values[key] = value }
            for (key, value) in try largeLibrary(in: work, environment: environment) { values[key] = value }
            let large = work + "/library-100000"
            for (key, value) in try duplicatesPage(of: large, in: work, environment: environment) { values[key] = value }
            Bench.report(values, json: json)
        } catch {
            FileHandle.standardError.write(Data("lightbox-bench app: \(error)\n".utf8))
            exit(1)
        }
    }

    /// 100,000 photos against 1,000 and the minimal window: launch to the first frame that
    /// shows photo rows (each library's catalog complete), then the 100k app left to settle.
    static func largeLibrary(in work: String, environment: BenchEnvironment) throws -> [String: Double] {
        // Each library is the whole library of its own catalog (a catalog holding both would
        // show them together: a library of two folders).
        var libraries: [Int: (folder: String, data: [String: String])] = [:]
        for count in [1_000, 100_000] {
            let library = work + "/library-\(count)"
            let dataHome = work + "/data-\(count)"
            try LibraryBenchmark.makeLibrary(at: library, count: count)
            try FileManager.default.createDirectory(atPath: dataHome + "/" + AppInfo.id, withIntermediateDirectories: true)
            let catalog = try Catalog(path: dataHome + "/\(AppInfo.id)/catalog.sqlite")
            _ = try CatalogSync(catalog: catalog).run(folder: library)
            libraries[count] = (library, ["XDG_DATA_HOME": dataHome])
        }
        let (largeFolder, largeData) = libraries[100_000]!
        let (smallFolder, smallData) = libraries[1_000]!
        var large = Double.infinity
        var small = Double.infinity
        var minimal = Double.infinity
        for _ in 0..<runs {
            large = min(large, try environment.timeToFirstPaint(["startup-rows", largeFolder], overrides: largeData))
            small = min(small, try environment.timeToFirstPaint(["startup-rows", smallFolder], overrides: smallData))
            minimal = min(minimal, try environment.timeToFirstPaint(["startup-minimal"]))
        }
        let settled = try environment.child(["settle", largeFolder], timeout: 900, overrides: largeData)
        let scroll = try environment.child(["scroll", largeFolder, "1"], timeout: 900, overrides: largeData)
        let values: [String: Double] = [
            "startup_rows_ms_100k": large,
            "startup_rows_ms_1k": small,
            "startup_rows_ratio_vs_minimal_gtk_100k": large / minimal,
            "startup_rows_ratio_100k_vs_1k": large / small,
            "rss_100k_mb": settled["rss_mb"] ?? .nan,
            "rescan_100k_unchanged_ms": settled["rescan_ms"] ?? .nan,
            "rate_visible_ms_100k": settled["rate_ms"] ?? .nan,
            "batch_rate_1k_max_stall_ms": settled["batch_rate_stall_ms"] ?? .nan,
            "rotate_1k_max_stall_ms": settled["batch_rotate_stall_ms"] ?? .nan,
            "max_main_loop_stall_ms_typing_100k": settled["typing_stall_ms"] ?? .nan,
            "max_main_loop_stall_ms_scroll_100k": scroll["max_main_loop_stall_ms"] ?? .nan,
            "main_thread_cpu_ms_per_frame_scroll_100k": scroll["main_thread_cpu_ms_per_frame"] ?? .nan,
        ]
        return values.merging(try albums(of: largeFolder, data: largeData, environment: environment)) { $1 }
    }

    /// The first scan of `library` (10k new files) with the window open, each run with an
    /// empty catalog and thumbnail cache, against `lightbox --list` of the same folder; and the
    /// same scan without pictures' hashes (`LIGHTBOX_PICTURE_HASHES=0`), alternately, best of
    /// eight each, each first in half the rounds (a half-second scan's best of five still varied
    /// by 8% from one invocation to the next, more than hashing costs a scan that leaves its
    /// hashes until after it). The first run with hashes then waits for the background pass to
    /// hash every photo (`hash_pass_10k_s`, information: it runs one decode at a time, after the scan).
    static func firstScan(of library: String, in work: String, environment: BenchEnvironment) throws -> [String: Double] {
        let lister = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("lightbox").path
        guard FileManager.default.isExecutableFile(atPath: lister) else {
            throw BenchFailure("\(lister) is missing: build it too (swift build -c release)")
        }
        var app = Double.infinity
        var withoutHashes = Double.infinity
        var list = Double.infinity
        var stall = 0.0
        var hashPass = Double.nan
        for run in 0..<8 {
            // Each first in turn: what runs first in a round meets a colder page cache.
            for hashing in run % 2 == 0 ? [true, false] : [false, true] {
                let home = work + "/first-scan-\(run)-\(hashing)"
                var overrides = ["XDG_DATA_HOME": home + "/data", "XDG_CACHE_HOME": home + "/cache"]
                if !hashing { overrides["LIGHTBOX_PICTURE_HASHES"] = "0" }
                let waitsForHashes = hashing && run == 0
                let scan = try environment.child(
                    ["scan", library] + (waitsForHashes ? ["--hash-pass"] : []), timeout: waitsForHashes ? 1800 : 600,
                    overrides: overrides)
                try? FileManager.default.removeItem(atPath: home)
                if hashing {
                    app = min(app, scan["scan_ms"] ?? .infinity)
                } else {
                    withoutHashes = min(withoutHashes, scan["scan_ms"] ?? .infinity)
                }
                // The app as it runs (with hashes): the scans without are for the ratio only.
                if hashing { stall = max(stall, scan["max_main_loop_stall_ms"] ?? .infinity) }
                if waitsForHashes { hashPass = scan["hash_pass_s"].flatMap { $0 < 0 ? nil : $0 } ?? .nan }
            }
            // A first scan too: its own empty catalog.
            let home = work + "/first-scan-\(run)"
            list = min(list, try environment.timed(lister, ["--list", library], overrides: ["XDG_DATA_HOME": home + "/list"]))
            try? FileManager.default.removeItem(atPath: home)
        }
        return [
            "first_scan_10k_in_app_ms": app,
            "first_scan_10k_list_ms": list,
            "first_scan_10k_in_app_ratio_vs_list": app / list,
            "max_main_loop_stall_ms_scan_10k": stall,
            "first_scan_10k_hash_ms": app,
            "first_scan_10k_without_hash_ms": withoutHashes,
            "first_scan_10k_hash_ratio": app / withoutHashes,
            "hash_pass_10k_s": hashPass,
        ]
    }

    /// The Duplicates page on screen through the first scan of `library` (its own catalog and
    /// thumbnail cache): every photo is a hard link of one of the samples, so its 26 groups of
    /// copies arrive as the scan and the pictures' hashes find them. The 100,000-photo library:
    /// its scan lasts long enough for groups to arrive during it (none are looked for in a
    /// scan's first two seconds, the whole first scan of 10,000).
    static func duplicatesPage(of library: String, in work: String, environment: BenchEnvironment) throws -> [String: Double] {
        let home = work + "/duplicates-page"
        defer { try? FileManager.default.removeItem(atPath: home) }
        let page = try environment.child(
            ["duplicates-page", library], timeout: 600, overrides: ["XDG_DATA_HOME": home + "/data", "XDG_CACHE_HOME": home + "/cache"])
        return [
            "duplicates_page_max_stall_ms": page["max_main_loop_stall_ms"] ?? .nan,
            "duplicates_page_max_stall_ms_since_switch": page["max_main_loop_stall_ms_since_switch"] ?? .nan,
            "duplicates_page_groups": page["groups"] ?? .nan,
        ]
    }

    /// `lightbox-bench first-scan [--json]`: the first scan's measures alone.
    static func runFirstScan(json: Bool) {
        let work = NSTemporaryDirectory() + "lightbox-bench-app-\(getpid())"
        let environment = BenchEnvironment(work: work)
        defer {
            environment.stop()
            try? FileManager.default.removeItem(atPath: work)
        }
        do {
            Bench.report(try firstScan(of: try environment.startWithLibrary(), in: work, environment: environment), json: json)
        } catch {
            FileHandle.standardError.write(Data("lightbox-bench first-scan: \(error)\n".utf8))
            exit(1)
        }
    }
}
