import Adw
import Foundation
import Gtk
import Lightbox

/// `lightbox-bench startup [--json]`: the startup goal alone, and where its cost lies.
/// Launch to first painted frame, as separate processes run alternately (best of 9):
/// a minimal GTK window (the goal's baseline), the same window in an AdwApplication
/// (libadwaita's own start: its stylesheet and style manager), and `lightbox FOLDER`
/// on a 10,000-photo catalog.
enum StartupBenchmark {
    static let runs = 9

    static func run(json: Bool) {
        let work = NSTemporaryDirectory() + "lightbox-bench-startup-\(getpid())"
        let environment = BenchEnvironment(work: work)
        defer {
            environment.stop()
            try? FileManager.default.removeItem(atPath: work)
        }
        do {
            let library = try environment.startWithLibrary()
            var app = Double.infinity
            var minimal = Double.infinity
            var adwaita = Double.infinity
            for _ in 0..<runs {
                minimal = min(minimal, try environment.timeToFirstPaint(["startup-minimal"]))
                adwaita = min(adwaita, try environment.timeToFirstPaint(["startup-minimal-adwaita"]))
                app = min(app, try environment.timeToFirstPaint(["startup-lightbox", library]))
            }
            Bench.report(
                [
                    "startup_first_frame_ms_10k": app,
                    "startup_minimal_gtk_ms": minimal,
                    "startup_minimal_adwaita_ms": adwaita,
                    "startup_ratio_vs_minimal_gtk": app / minimal,
                    "startup_ratio_vs_minimal_adwaita": app / adwaita,
                    "minimal_adwaita_ratio_vs_minimal_gtk": adwaita / minimal,
                ], json: json)
        } catch {
            FileHandle.standardError.write(Data("lightbox-bench startup: \(error)\n".utf8))
            exit(1)
        }
    }

    /// The child side of `startup-minimal-adwaita`: the minimal window in an AdwApplication.
    @MainActor
    static func minimalAdwaita() -> Never {
        let application = Adw.Application(id: "io.github.lightbox.BenchMinimalAdwaita", handlesOpen: false)
        application.onActivate {
            let window = ApplicationWindow(application: application)
            window.title = "Minimal"
            window.setDefaultSize(width: 1000, height: 700)
            window.child = Label("Hello")
            window.onMap { window.onNextPaint { AppBenchmarkChild.finish(["painted_ns": Double(monotonicNanoseconds())]) } }
            window.present()
        }
        exit(application.run(arguments: ["minimal"]))
    }
}
