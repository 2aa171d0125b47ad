import Dispatch
import Foundation
@testable import Gtk
import GtkTestSupport
import XCTest

/// Blocks in GLib's poll (as `g_main_loop_run` does) until `done`, with a generous
/// watchdog so a broken build fails instead of hanging.
@MainActor
private func blockInGLibUntil(_ done: () -> Bool) -> Bool {
    MainLoop.run(until: done, timeout: 2)
}

final class MainLoopTests: GtkTestCase {
    func testMainQueueIsWatchedByAnFdNotATimer() {
        MainLoop.drain()
        let state = MainLoop.pollState()
        XCTAssertEqual(state.timeout, -1, "an idle context must sleep until an fd wakes it: no timer or idle source")
        XCTAssertTrue(state.fds.contains(MainLoop.dispatchHandle), "the dispatch main-queue handle is polled")
    }

    func testTaskOnMainActorFromADetachedTaskRunsOnTheMainThread() {
        final class Result: @unchecked Sendable { var ranOnMain = false; var done = false }
        let result = Result()
        Task.detached {
            try? await Task.sleep(nanoseconds: 20_000_000)
            Task { @MainActor in
                result.ranOnMain = Thread.isMainThread
                result.done = true
            }
        }
        XCTAssertTrue(blockInGLibUntil { result.done })
        XCTAssertTrue(result.ranOnMain)
    }

    func testAwaitMainActorRunFromADetachedTask() {
        final class Result: @unchecked Sendable { var ranOnMain = false; var done = false }
        let result = Result()
        Task.detached {
            let onMain = await MainActor.run { Thread.isMainThread }
            await MainActor.run {
                result.ranOnMain = onMain
                result.done = true
            }
        }
        XCTAssertTrue(blockInGLibUntil { result.done })
        XCTAssertTrue(result.ranOnMain)
    }

    func testDispatchMainAsyncFromABackgroundThread() {
        final class Result: @unchecked Sendable { var ranOnMain = false; var done = false }
        let result = Result()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.02) {
            DispatchQueue.main.async {
                result.ranOnMain = Thread.isMainThread
                result.done = true
            }
        }
        XCTAssertTrue(blockInGLibUntil { result.done })
        XCTAssertTrue(result.ranOnMain)
    }

    func testWorkQueuedWhileGLibSleepsWakesItPromptly() {
        // No timer is pending, so only the fd can wake the blocking iteration.
        MainLoop.drain()
        XCTAssertEqual(MainLoop.pollState().timeout, -1)
        final class Flag: @unchecked Sendable { var set = false }
        let flag = Flag()
        let start = Date()
        Thread.detachNewThread {
            usleep(30_000)
            DispatchQueue.main.async { flag.set = true }
        }
        while !flag.set && Date().timeIntervalSince(start) < 2 {
            MainLoop.iterate(blocking: true)
        }
        XCTAssertTrue(flag.set)
        XCTAssertLessThan(Date().timeIntervalSince(start), 1.0)
    }
}
