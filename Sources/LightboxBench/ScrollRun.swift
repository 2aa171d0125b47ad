import Foundation
import Gtk
import Lightbox

/// Scrolls the photo list end to end, `passes` times, one step per frame, then ends the
/// child with its results and `carried` (what the child measured before).
@MainActor
final class ScrollRun {
    static var current: ScrollRun?
    let scrolled: ScrolledWindow
    var pass = 0
    var lastTick: UInt64 = 0
    var longestGap: UInt64 = 0
    var firstPassRSS = 0
    let passes: Int
    let carried: [String: Double]
    let framesPerPass = 240

    static func start(in window: Window, passes: Int, carrying carried: [String: Double] = [:]) {
        guard current == nil else { return }
        // Wait (frame by frame) until the list holds the whole catalog.
        window.addTickCallback { _ in
            guard current == nil else { return false }
            guard let scrolled = photoList(in: window), scrolled.maximumVerticalOffset > 100_000 else { return true }
            current = ScrollRun(scrolled: scrolled, passes: passes, carrying: carried)
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

    init(scrolled: ScrolledWindow, passes: Int, carrying carried: [String: Double] = [:]) {
        self.scrolled = scrolled
        self.passes = passes
        self.carried = carried
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
            AppBenchmarkChild.finish(
                carried.merging([
                    "max_main_loop_stall_ms": Double(longestGap) / 1e6,
                    "main_thread_cpu_ms_per_frame": (Bench.threadCPUMilliseconds() - startCPU) / Double(passes * framesPerPass),
                    "rss_scroll_growth_mb": Double(Bench.residentBytes() - firstPassRSS) / 1_048_576,
                    "scroll_passes": Double(passes),
                ]) { $1 })
        }
    }
}
