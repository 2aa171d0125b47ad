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
///   growth from the first to the fifth pass.
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
        return [
            "startup_rows_ms_100k": large,
            "startup_rows_ms_1k": small,
            "startup_rows_ratio_vs_minimal_gtk_100k": large / minimal,
            "startup_rows_ratio_100k_vs_1k": large / small,
            "rss_100k_mb": settled["rss_mb"] ?? .nan,
            "rescan_100k_unchanged_ms": settled["rescan_ms"] ?? .nan,
            "rate_visible_ms_100k": settled["rate_ms"] ?? .nan,
            "batch_rate_1k_max_stall_ms": settled["batch_rate_stall_ms"] ?? .nan,
            "max_main_loop_stall_ms_typing_100k": settled["typing_stall_ms"] ?? .nan,
            "max_main_loop_stall_ms_scroll_100k": scroll["max_main_loop_stall_ms"] ?? .nan,
            "main_thread_cpu_ms_per_frame_scroll_100k": scroll["main_thread_cpu_ms_per_frame"] ?? .nan,
        ]
    }

    /// The first scan of `library` (10k new files) with the window open, each run with an
    /// empty catalog and thumbnail cache, against `lightbox --list` of the same folder.
    static func firstScan(of library: String, in work: String, environment: BenchEnvironment) throws -> [String: Double] {
        let lister = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("lightbox").path
        guard FileManager.default.isExecutableFile(atPath: lister) else {
            throw BenchFailure("\(lister) is missing: build it too (swift build -c release)")
        }
        var app = Double.infinity
        var list = Double.infinity
        var stall = 0.0
        for run in 0..<3 {
            let home = work + "/first-scan-\(run)"
            let scan = try environment.child(
                ["scan", library], timeout: 600,
                overrides: [
                    "XDG_DATA_HOME": home + "/data", "XDG_CACHE_HOME": home + "/cache",
                ])
            try? FileManager.default.removeItem(atPath: home)
            app = min(app, scan["scan_ms"] ?? .infinity)
            stall = max(stall, scan["max_main_loop_stall_ms"] ?? .infinity)
            // A first scan too: its own empty catalog.
            list = min(list, try environment.timed(lister, ["--list", library], overrides: ["XDG_DATA_HOME": home + "/list"]))
            try? FileManager.default.removeItem(atPath: home)
        }
        return [
            "first_scan_10k_in_app_ms": app,
            "first_scan_10k_list_ms": list,
            "first_scan_10k_in_app_ratio_vs_list": app / list,
            "max_main_loop_stall_ms_scan_10k": stall,
        ]
    }

    /// The child side: `lightbox-bench app-child <startup-lightbox FOLDER | startup-minimal | scroll FOLDER>`.
    @MainActor
    static func child(_ arguments: [String]) -> Never {
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
            // mapping: the catalog read included), the memory the app keeps, then ratings
            // and a search typed through real key presses.
            let app = LightboxApplication()
            Window.onAnyWindowMapped { window in
                let mapped = monotonicNanoseconds()
                var scanned = false
                window.addTickCallback { _ in
                    guard let store = app.store else { return true }
                    scanned = scanned || store.isScanning
                    guard scanned, !store.isScanning, store.isUpToDate else { return true }
                    let rescan = Double(monotonicNanoseconds() - mapped) / 1e6
                    Task { @MainActor in
                        try? await Task.sleep(for: .seconds(2))  // the last frames and thumbnails
                        var results = ["rss_mb": Double(Bench.residentBytes()) / 1_048_576, "rescan_ms": rescan]
                        let keys = KeyRun(window: window, store: store)
                        results["rate_ms"] = await keys.rate()
                        if let list = app.photosPage?.photoList.source {
                            results["batch_rate_stall_ms"] = await keys.rateBatch(list, count: 1_000)
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
            // the time from the window's mapping to the list holding every file.
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
                        finish([
                            "scan_ms": Double(now - mapped) / 1e6, "max_main_loop_stall_ms": Double(longestGap) / 1e6,
                            "photos": Double(store.photos.count),
                        ])
                    }
                }
            }
            exit(app.run(arguments: ["lightbox", arguments[1]]))
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
private enum RowsPainted {
    static func watch(_ window: Window) {
        window.onNextPaint {
            guard (ScrollRun.photoList(in: window)?.maximumVerticalOffset ?? 0) > 0 else { return watch(window) }
            AppBenchmark.finish(["painted_ns": Double(monotonicNanoseconds())])
        }
    }
}

/// Scrolls the photo list end to end, `passes` times, one step per frame.
@MainActor
private final class ScrollRun {
    static var current: ScrollRun?
    let scrolled: ScrolledWindow
    var pass = 0
    var lastTick: UInt64 = 0
    var longestGap: UInt64 = 0
    var firstPassRSS = 0
    let passes: Int
    let framesPerPass = 240

    static func start(in window: Window, passes: Int) {
        guard current == nil else { return }
        // Wait (frame by frame) until the list holds the whole catalog.
        window.addTickCallback { _ in
            guard current == nil else { return false }
            guard let scrolled = photoList(in: window), scrolled.maximumVerticalOffset > 100_000 else { return true }
            current = ScrollRun(scrolled: scrolled, passes: passes)
            return false
        }
    }

    /// The scrolled window around the longest list in the window.
    static func photoList(in root: Widget) -> ScrolledWindow? {
        var best: ScrolledWindow?
        var queue = [root]
        while let widget = queue.popLast() {
            if let scrolled = widget as? ScrolledWindow, scrolled.child?.typeName == "GtkListView",
                scrolled.maximumVerticalOffset > (best?.maximumVerticalOffset ?? 0)
            {
                best = scrolled
            }
            queue.append(contentsOf: widget.children)
        }
        return best
    }

    init(scrolled: ScrolledWindow, passes: Int) {
        self.scrolled = scrolled
        self.passes = passes
        var frame = 0
        let startCPU = Bench.threadCPUMilliseconds()
        scrolled.addTickCallback { [unowned self] _ in
            let now = monotonicNanoseconds()
            if lastTick != 0 { longestGap = max(longestGap, now - lastTick) }
            lastTick = now
            frame += 1
            let end = scrolled.maximumVerticalOffset
            scrolled.verticalOffset = end * Double(frame) / Double(framesPerPass)
            guard frame >= framesPerPass else { return true }
            frame = 0
            pass += 1
            scrolled.verticalOffset = 0
            if pass == 1 { firstPassRSS = Bench.residentBytes() }
            guard pass >= passes else { return true }
            AppBenchmark.finish([
                "max_main_loop_stall_ms": Double(longestGap) / 1e6,
                "main_thread_cpu_ms_per_frame": (Bench.threadCPUMilliseconds() - startCPU) / Double(passes * framesPerPass),
                "rss_scroll_growth_mb": Double(Bench.residentBytes() - firstPassRSS) / 1_048_576,
                "scroll_passes": Double(passes),
            ])
        }
    }
}

/// A display (Xvfb unless `$DISPLAY` is set), a private session bus and private XDG
/// directories for the child processes.
final class BenchEnvironment {
    let work: String
    var dataHome: String { work + "/data" }
    private var xvfb: Process?
    private var bus: Process?
    private var environment = ProcessInfo.processInfo.environment

    init(work: String) { self.work = work }

    /// Makes the 10,000-photo library and its complete catalog, then starts the display and
    /// the bus; returns the library's folder.
    func startWithLibrary() throws -> String {
        let library = work + "/library"
        try LibraryBenchmark.makeLibrary(at: library)
        try FileManager.default.createDirectory(atPath: dataHome + "/" + AppInfo.id, withIntermediateDirectories: true)
        let catalog = try Catalog(path: dataHome + "/\(AppInfo.id)/catalog.sqlite")
        _ = try CatalogSync(catalog: catalog).run(folder: library)
        try start()
        return library
    }

    func start() throws {
        for folder in ["data", "config", "cache"] {
            try FileManager.default.createDirectory(atPath: work + "/" + folder, withIntermediateDirectories: true)
        }
        environment["XDG_DATA_HOME"] = dataHome
        environment["XDG_CONFIG_HOME"] = work + "/config"
        environment["XDG_CACHE_HOME"] = work + "/cache"
        environment["GSETTINGS_BACKEND"] = "memory"
        environment["GDK_BACKEND"] = "x11"
        if environment["DISPLAY"] == nil {
            let xvfb = Process()
            xvfb.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
            xvfb.arguments = [":87", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"]
            try xvfb.run()
            self.xvfb = xvfb
            while !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X87") { usleep(20_000) }
            environment["DISPLAY"] = ":87"
        }
        let bus = Process()
        bus.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        bus.arguments = ["--session", "--nofork", "--print-address=1"]
        let pipe = Pipe()
        bus.standardOutput = pipe
        try bus.run()
        self.bus = bus
        var address = Data()
        while !address.contains(UInt8(ascii: "\n")) { address.append(pipe.fileHandleForReading.availableData) }
        environment["DBUS_SESSION_BUS_ADDRESS"] = String(decoding: address, as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func stop() {
        bus?.terminate()
        xvfb?.terminate()
    }

    /// Milliseconds from spawning a child to its first painted frame.
    func timeToFirstPaint(_ arguments: [String], overrides: [String: String] = [:]) throws -> Double {
        let start = monotonicNanoseconds()
        let result = try child(arguments, timeout: 60, overrides: overrides)
        guard let painted = result["painted_ns"] else { throw BenchFailure("child \(arguments) did not paint") }
        return (painted - Double(start)) / 1e6
    }

    /// Runs `lightbox-bench app-child ARGUMENTS` and returns the JSON object it prints.
    func child(_ arguments: [String], timeout: Double, overrides: [String: String] = [:]) throws -> [String: Double] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["app-child"] + arguments
        process.environment = environment.merging(overrides) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            process.terminate()
            throw BenchFailure("child \(arguments) did not finish in \(Int(timeout)) s")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Double] else {
            throw BenchFailure("child \(arguments) printed no result")
        }
        return object
    }
}

extension BenchEnvironment {
    /// Milliseconds `executable ARGUMENTS` takes, its output thrown away.
    func timed(_ executable: String, _ arguments: [String], overrides: [String: String]) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment.merging(overrides) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let start = monotonicNanoseconds()
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchFailure("\(executable) \(arguments) failed") }
        return Double(monotonicNanoseconds() - start) / 1e6
    }
}

struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Real key presses (`xdotool` on the bench's display) into the app's window, timed from
/// the moment the window receives each key.
@MainActor
private final class KeyRun {
    let window: Window
    let store: CatalogStore
    private var pressed: UInt64 = 0
    private let keys = EventControllerKey()

    init(window: Window, store: CatalogStore) {
        self.window = window
        self.store = store
        keys.useCapturePhase()
        keys.onKey { [unowned self] _, _ in
            pressed = monotonicNanoseconds()
            return false
        }
        window.add(keys)
    }

    /// The slowest of five ratings (0…5 stars on the selected photo): from the key to the
    /// first frame painted after the Store published the new stars.
    func rate() async -> Double {
        await Self.xdotool(["search", "--onlyvisible", "--pid", String(getpid()), "windowfocus", "--sync"])
        var slowest = 0.0
        // Five ratings, each different from the stars before (an unchanged rating shows
        // nothing new); the window selects the first photo.
        let current = store.photos.first?.rating ?? 0
        for stars in (1...5).map({ (current + $0) % 6 }) {
            let token = NSObject()
            let started = monotonicNanoseconds()
            let shown: Double = await withCheckedContinuation { continuation in
                var done = false
                store.observe(owner: token) { [unowned self] update in
                    guard !done, case .updated(let positions) = update.change,
                        positions.contains(where: { update.photos[$0].rating == stars })
                    else { return }
                    done = true
                    window.onNextPaint { [unowned self] in
                        continuation.resume(returning: Double(monotonicNanoseconds() - max(pressed, started)) / 1e6)
                    }
                }
                Task { await Self.xdotool(["key", String(stars)]) }
            }
            slowest = max(slowest, shown)
            withExtendedLifetime(token) {}
        }
        return slowest
    }

    /// The longest gap between two frames while one key rates `count` selected photos (the
    /// first ones of the list): from the frame before the key until a second after the
    /// Store shows every new rating (the catalog commits them in the background meanwhile).
    func rateBatch(_ list: PhotoListSource, count: Int) async -> Double {
        list.select(positions: 0..<count)
        let ids = Set(list.selectedItems.map(\.id))
        let stars = list.items.first?.rating == 3 ? 2 : 3
        var lastTick: UInt64 = 0
        var longestGap: UInt64 = 0
        var settledAt: UInt64?
        // A few frames for the selection to show, before the key.
        for _ in 0..<5 { await withCheckedContinuation { continuation in window.onNextPaint { continuation.resume() } } }
        return await withCheckedContinuation { continuation in
            window.addTickCallback { [unowned self] _ in
                let now = monotonicNanoseconds()
                if lastTick != 0 { longestGap = max(longestGap, now - lastTick) }
                lastTick = now
                if settledAt == nil, store.isUpToDate, ids.allSatisfy({ store.photo($0)?.rating == stars }) {
                    settledAt = now
                }
                guard let settled = settledAt, now - settled > 1_000_000_000 else { return true }
                store.waitUntilSaved()
                continuation.resume(returning: Double(longestGap) / 1e6)
                return false
            }
            Task { await Self.xdotool(["key", String(stars)]) }
        }
    }

    /// The longest gap between two frames while `text` is typed into the search, letter
    /// by letter, until the list shows its results.
    func typeSearch(_ text: String) async -> Double {
        var lastTick: UInt64 = 0
        var longestGap: UInt64 = 0
        var typed = false
        return await withCheckedContinuation { continuation in
            window.addTickCallback { [unowned self] _ in
                let now = monotonicNanoseconds()
                if lastTick != 0 { longestGap = max(longestGap, now - lastTick) }
                lastTick = now
                guard typed, store.searchText == text, store.isUpToDate else { return true }
                continuation.resume(returning: Double(longestGap) / 1e6)
                return false
            }
            Task {
                await Self.xdotool(["key", "ctrl+f"])
                await Self.xdotool(["type", "--delay", "250", text])
                typed = true
            }
        }
    }

    /// Runs xdotool off the main thread.
    static func xdotool(_ arguments: [String]) async {
        await Task.detached {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
            process.arguments = arguments
            process.standardOutput = FileHandle.nullDevice
            try? process.run()
            process.waitUntilExit()
        }.value
    }
}
