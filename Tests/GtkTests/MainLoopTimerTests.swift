import Gtk
import GtkTestSupport
import XCTest

final class MainLoopTimerTests: GtkTestCase {
    func testRunsOnceAfterItsDelay() {
        var runs = 0
        let timer = MainLoopTimer(after: .milliseconds(20)) { runs += 1 }
        XCTAssertTrue(timer.isPending)
        XCTAssertEqual(runs, 0, "not before the main loop runs")
        pump(until: { runs == 1 }, "the timer to fire")
        XCTAssertFalse(timer.isPending)
        let later = MainLoopTimer(after: .milliseconds(40)) {}
        pump(until: { !later.isPending }, "a later timer to fire")
        XCTAssertEqual(runs, 1, "one shot")
    }

    func testCancelledOrReleasedTimersNeverRun() {
        var runs: [String] = []
        let cancelled = MainLoopTimer(after: .milliseconds(10)) { runs.append("cancelled") }
        cancelled.cancel()
        XCTAssertFalse(cancelled.isPending)
        cancelled.cancel()  // twice: nothing happens
        var released: MainLoopTimer? = MainLoopTimer(after: .milliseconds(10)) { runs.append("released") }
        XCTAssertNotNil(released)
        released = nil
        let kept = MainLoopTimer(after: .milliseconds(30)) { runs.append("kept") }
        pump(until: { !kept.isPending }, "the kept timer to fire")
        XCTAssertEqual(runs, ["kept"])
    }

    func testIdleTimerRunsAfterPendingEvents() {
        var order: [String] = []
        let idle = MainLoopTimer.whenIdle { order.append("idle") }
        let soon = MainLoopTimer(after: .zero) { order.append("timeout") }
        pump(until: { order.count == 2 }, "both to run")
        XCTAssertEqual(order, ["timeout", "idle"], "default-priority sources go before idle ones")
        XCTAssertFalse(idle.isPending || soon.isPending)
    }
}
