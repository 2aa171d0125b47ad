import Foundation
import Gtk
import Lightbox

/// `lightbox-bench app [--json]`: what a person waits for, on a 10,000-photo catalog.
///
/// - startup: launch to first painted frame of `lightbox FOLDER`, against a minimal
///   Swift GTK window with one label, as separate processes run alternately;
/// - scrolling: the photo list scrolled end to end five times while thumbnails load;
///   the longest gap between two frames, and memory growth from the first to the fifth pass.
///
/// Runs on `$DISPLAY`, or a private Xvfb, with a private D-Bus session bus.
enum AppBenchmark {
    static let runs = 5

    static func run(json: Bool) {
        let work = NSTemporaryDirectory() + "lightbox-bench-app-\(getpid())"
        let environment = BenchEnvironment(work: work)
        defer { environment.stop(); try? FileManager.default.removeItem(atPath: work) }
        do {
            let library = work + "/library"
            try LibraryBenchmark.makeLibrary(at: library)
            try FileManager.default.createDirectory(atPath: environment.dataHome + "/" + AppInfo.id,
                                                    withIntermediateDirectories: true)
            let catalog = try Catalog(path: environment.dataHome + "/\(AppInfo.id)/catalog.sqlite")
            _ = try CatalogSync(catalog: catalog).run(folder: library)
            try environment.start()

            var app = Double.infinity, minimal = Double.infinity
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
        var libraries: [Int: String] = [:]
        for count in [1_000, 100_000] {
            let library = work + "/library-\(count)"
            try LibraryBenchmark.makeLibrary(at: library, count: count)
            let catalog = try Catalog(path: environment.dataHome + "/\(AppInfo.id)/catalog.sqlite")
            _ = try CatalogSync(catalog: catalog).run(folder: library)
            libraries[count] = library
        }
        var large = Double.infinity, small = Double.infinity, minimal = Double.infinity
        for _ in 0..<runs {
            large = min(large, try environment.timeToFirstPaint(["startup-rows", libraries[100_000]!]))
            small = min(small, try environment.timeToFirstPaint(["startup-rows", libraries[1_000]!]))
            minimal = min(minimal, try environment.timeToFirstPaint(["startup-minimal"]))
        }
        let settled = try environment.child(["settle", libraries[100_000]!], timeout: 600)
        return [
            "startup_rows_ms_100k": large,
            "startup_rows_ms_1k": small,
            "startup_rows_ratio_vs_minimal_gtk_100k": large / minimal,
            "startup_rows_ratio_100k_vs_1k": large / small,
            "rss_100k_mb": settled["rss_mb"] ?? .nan,
            "rescan_100k_unchanged_ms": settled["rescan_ms"] ?? .nan,
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
        case "startup-rows":
            // The first frame in which the photo list has rows.
            Window.onAnyWindowMapped { window in
                window.addTickCallback { _ in
                    guard (ScrollRun.photoList(in: window)?.maximumVerticalOffset ?? 0) > 0 else { return true }
                    window.onNextPaint { finish(["painted_ns": Double(monotonicNanoseconds())]) }
                    return false
                }
            }
            exit(LightboxApplication().run(arguments: ["lightbox", arguments[1]]))
        case "settle":
            // Launch, then the rescan of the unchanged library (timed from the window's
            // mapping: the catalog read included), then the memory the app keeps.
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
                        finish(["rss_mb": Double(Bench.residentBytes()) / 1_048_576, "rescan_ms": rescan])
                    }
                    return false
                }
            }
            exit(app.run(arguments: ["lightbox", arguments[1]]))
        case "scroll":
            Window.onAnyWindowMapped { window in ScrollRun.start(in: window) }
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

/// Scrolls the photo list end to end, `passes` times, one step per frame.
@MainActor
private final class ScrollRun {
    static var current: ScrollRun?
    let scrolled: ScrolledWindow
    var pass = 0
    var lastTick: UInt64 = 0
    var longestGap: UInt64 = 0
    var firstPassRSS = 0
    let passes = 5
    let framesPerPass = 240

    static func start(in window: Window) {
        guard current == nil else { return }
        // Wait (frame by frame) until the list holds the whole catalog.
        window.addTickCallback { _ in
            guard current == nil else { return false }
            guard let scrolled = photoList(in: window), scrolled.maximumVerticalOffset > 100_000 else { return true }
            current = ScrollRun(scrolled: scrolled)
            return false
        }
    }

    /// The scrolled window around the longest list in the window.
    static func photoList(in root: Widget) -> ScrolledWindow? {
        var best: ScrolledWindow?
        var queue = [root]
        while let widget = queue.popLast() {
            if let scrolled = widget as? ScrolledWindow, scrolled.child?.typeName == "GtkListView",
               scrolled.maximumVerticalOffset > (best?.maximumVerticalOffset ?? 0) {
                best = scrolled
            }
            queue.append(contentsOf: widget.children)
        }
        return best
    }

    init(scrolled: ScrolledWindow) {
        self.scrolled = scrolled
        var frame = 0
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
            guard pass == passes else { return true }
            AppBenchmark.finish([
                "max_main_loop_stall_ms": Double(longestGap) / 1e6,
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
    func timeToFirstPaint(_ arguments: [String]) throws -> Double {
        let start = monotonicNanoseconds()
        let result = try child(arguments, timeout: 60)
        guard let painted = result["painted_ns"] else { throw BenchFailure("child \(arguments) did not paint") }
        return (painted - Double(start)) / 1e6
    }

    /// Runs `lightbox-bench app-child ARGUMENTS` and returns the JSON object it prints.
    func child(_ arguments: [String], timeout: Double) throws -> [String: Double] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["app-child"] + arguments
        process.environment = environment
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

private struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
