import Foundation
import Gtk
import Lightbox

/// The child processes of `lightbox-bench app`: `lightbox-bench app-child MODE …` starts the
/// app (or a minimal window) in one of the modes below, measures, prints its results as one
/// line of JSON and exits.
enum AppBenchmarkChild {
    /// `lightbox-bench app-child <startup-lightbox FOLDER | startup-minimal | startup-minimal-adwaita |
    /// startup-rows FOLDER | settle FOLDER | scan FOLDER | duplicates-page FOLDER | video-page FOLDER | scroll FOLDER [PASSES] |
    /// album FOLDER | smart-counts FOLDER | import-page MODE LIBRARY CARD>` (`album` and `smart-counts` in
    /// `AlbumBenchmarkChild`, `import-page` in `ImportPageRun`).
    @MainActor
    static func run(_ arguments: [String]) -> Never {
        switch arguments.first {
        case "startup-lightbox":
            Window.onAnyWindowMapped { window in
                window.onNextPaint { finish(["painted_ns": Double(monotonicNanoseconds())]) }
            }
            exit(LightboxApplication().run(arguments: ["lightbox", arguments[1]]))
        case "startup-minimal":
            let application = Application(id: "io.github.lightbox.BenchMinimal", handlesOpen: false)
            application.onActivate {
                let window = ApplicationWindow(application: application)
                window.title = "Minimal"
                window.setDefaultSize(width: 1000, height: 700)
                window.child = Label("Hello")
                window.onMap { window.onNextPaint { finish(["painted_ns": Double(monotonicNanoseconds())]) } }
                window.present()
            }
            exit(application.run(arguments: ["minimal"]))
        case "startup-minimal-adwaita":
            StartupBenchmark.minimalAdwaita()
        case "startup-rows":
            // The first frame in which the photo list has rows.
            Window.onAnyWindowMapped { window in
                RowsPainted.watch(window)
            }
            exit(LightboxApplication().run(arguments: ["lightbox", arguments[1]]))
        case "settle":
            // Launch, then the rescan of the unchanged library (timed from the window's
            // mapping: the catalog read included), the memory the app keeps once it has
            // looked for the library's duplicates (the look after a launch's scan holds its
            // candidates, 30–40 MB for 100,000 photos, for half a second), then ratings and a
            // search typed through real key presses.
            let app = LightboxApplication()
            Window.onAnyWindowMapped { window in
                let mapped = monotonicNanoseconds()
                var scanned = false
                var rescan: Double?
                window.addTickCallback { _ in
                    guard let store = app.store else { return true }
                    scanned = scanned || store.isScanning
                    guard scanned, !store.isScanning, store.isUpToDate else { return true }
                    if rescan == nil { rescan = Double(monotonicNanoseconds() - mapped) / 1e6 }
                    guard store.hasLookedForDuplicates, !store.isLookingForDuplicates, let rescan else { return true }
                    Task { @MainActor in
                        try? await Task.sleep(for: .seconds(2))  // the last frames and thumbnails
                        var results = ["rss_mb": Double(Bench.residentBytes()) / 1_048_576, "rescan_ms": rescan]
                        let keys = KeyRun(window: window, store: store)
                        results["rate_ms"] = await keys.rate()
                        if let list = app.photosPage?.photoList.source {
                            results["batch_rate_stall_ms"] = await keys.rateBatch(list, count: 1_000)
                            results["batch_rotate_stall_ms"] = await keys.rotateBatch(list, count: 1_000)
                        }
                        results["typing_stall_ms"] = await keys.typeSearch("P123")
                        finish(results)
                    }
                    return false
                }
            }
            exit(app.run(arguments: ["lightbox", arguments[1]]))
        case "scan":
            // The first scan with the window open: the longest gap between two frames, and
            // the time from the window's mapping to the list holding every file. With
            // `--hash-pass`, then the time until the background pass has given every photo its
            // picture's hash.
            let hashPass = arguments.dropFirst(2).contains("--hash-pass")
            let app = LightboxApplication()
            Window.onAnyWindowMapped { window in
                let mapped = monotonicNanoseconds()
                var lastTick: UInt64 = 0
                var longestGap: UInt64 = 0
                var scanned = false
                // Frames from the first painted one on (the first includes the renderer's start-up).
                window.onNextPaint {
                    window.addTickCallback { _ in
                        let now = monotonicNanoseconds()
                        if lastTick != 0 { longestGap = max(longestGap, now - lastTick) }
                        lastTick = now
                        guard let store = app.store else { return true }
                        scanned = scanned || store.isScanning
                        guard scanned, !store.isScanning, store.isUpToDate else { return true }
                        let results = [
                            "scan_ms": Double(now - mapped) / 1e6, "max_main_loop_stall_ms": Double(longestGap) / 1e6,
                            "photos": Double(store.photos.count),
                        ]
                        guard hashPass else { finish(results) }
                        HashPass.wait(catalog: store.catalog, folder: arguments[1], since: now) { seconds in
                            finish(results.merging(["hash_pass_s": seconds ?? -1]) { $1 })
                        }
                        return false
                    }
                }
            }
            exit(app.run(arguments: ["lightbox", arguments[1]]))
        case "album":
            AlbumBenchmarkChild.album(arguments[1])
        case "smart-counts":
            AlbumBenchmarkChild.smartCounts(arguments[1])
        case "video-page":
            VideoPageRun.start(arguments[1])
        case "duplicates-page":
            DuplicatesPageRun.start(arguments[1])
        case "import-page":
            ImportPageRun.start(Array(arguments.dropFirst()))
        case "scroll":
            let passes = arguments.count > 2 ? Int(arguments[2]) ?? 5 : 5
            Window.onAnyWindowMapped { window in ScrollRun.start(in: window, passes: passes) }
            exit(LightboxApplication().run(arguments: ["lightbox", arguments[1]]))
        default:
            FileHandle.standardError.write(Data("lightbox-bench app-child: unknown mode\n".utf8))
            exit(2)
        }
    }

    /// Prints the child's results as one line of JSON and ends the process at once.
    static func finish(_ values: [String: Double]) -> Never {
        let data = try! JSONSerialization.data(withJSONObject: values)
        FileHandle.standardOutput.write(data + Data("\n".utf8))
        exit(0)
    }
}

/// Ends the child after the first painted frame whose photo list has rows (checked after
/// each paint: the list's size was set by that frame's layout).
@MainActor
enum RowsPainted {
    static func watch(_ window: Window) {
        window.onNextPaint {
            guard (ScrollRun.photoList(in: window)?.maximumVerticalOffset ?? 0) > 0 else { return watch(window) }
            AppBenchmarkChild.finish(["painted_ns": Double(monotonicNanoseconds())])
        }
    }
}

/// Waits for the background pass that hashes the photos never shown (`LibraryDuplicates`):
/// asks the catalog, off the main thread, a few times a second, whether a photo is left without
/// its picture's hash.
@MainActor
enum HashPass {
    private static var timer: MainLoopTimer?

    /// Calls `done` with the seconds from `start` until no photo under `folder` is left without
    /// a hash, or with nil once `timeout` seconds have passed.
    static func wait(
        catalog: Catalog, folder: String, since start: UInt64, timeout: Double = 1500, done: @escaping @MainActor (Double?) -> Void
    ) {
        timer = MainLoopTimer(after: .milliseconds(250)) {
            Task { @MainActor in
                let left = await Task.detached { (try? catalog.photosWithoutPictureHash(in: [folder], limit: 1))?.count ?? 1 }.value
                let seconds = Double(monotonicNanoseconds() - start) / 1e9
                if left == 0 {
                    done(seconds)
                } else if seconds > timeout {
                    done(nil)
                } else {
                    wait(catalog: catalog, folder: folder, since: start, timeout: timeout, done: done)
                }
            }
        }
    }
}
