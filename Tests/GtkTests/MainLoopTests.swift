import Dispatch
import Foundation
import GtkTestSupport
import XCTest

@testable import Gtk

/// Blocks in GLib's poll (as `g_main_loop_run` does) until `done`, with a generous
/// watchdog so a broken build fails instead of hanging.
@MainActor
private func blockInGLibUntil(_ done: () -> Bool) -> Bool {
    MainLoop.run(until: done, timeout: 2)
}

/// Waits (off the main thread) until the main thread sleeps in poll(2), as GLib's blocking
/// iteration does: work queued then has to wake it. Read from /proc (the system call the
/// thread is in); Linux on x86-64 (poll, ppoll) and arm64 (ppoll).
private func waitUntilTheMainThreadSleepsInPoll() {
    waitUntil(timeout: 2, interval: 0.001) {
        guard let call = try? String(contentsOfFile: "/proc/self/task/\(getpid())/syscall", encoding: .utf8),
            let number = call.split(separator: " ").first.flatMap({ Int($0) })
        else { return false }
        #if arch(x86_64)
            return number == 7 || number == 271
        #else
            return number == 73
        #endif
    }
}

final class MainLoopTests: GtkTestCase {
    func testMainQueueIsWatchedByAnFdNotATimer() {
        MainLoop.drain()
        let state = MainLoop.pollState()
        XCTAssertEqual(state.timeout, -1, "an idle context must sleep until an fd wakes it: no timer or idle source")
        XCTAssertTrue(state.fds.contains(MainLoop.dispatchHandle), "the dispatch main-queue handle is polled")
    }

    func testTaskOnMainActorFromADetachedTaskRunsOnTheMainThread() {
        final class Result: @unchecked Sendable {
            var ranOnMain = false
            var done = false
        }
        let result = Result()
        Task.detached {
            waitUntilTheMainThreadSleepsInPoll()
            Task { @MainActor in
                result.ranOnMain = Thread.isMainThread
                result.done = true
            }
        }
        XCTAssertTrue(blockInGLibUntil { result.done })
        XCTAssertTrue(result.ranOnMain)
    }

    func testAwaitMainActorRunFromADetachedTask() {
        final class Result: @unchecked Sendable {
            var ranOnMain = false
            var done = false
        }
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
        final class Result: @unchecked Sendable {
            var ranOnMain = false
            var done = false
        }
        let result = Result()
        DispatchQueue.global().async {
            waitUntilTheMainThreadSleepsInPoll()
            DispatchQueue.main.async {
                result.ranOnMain = Thread.isMainThread
                result.done = true
            }
        }
        XCTAssertTrue(blockInGLibUntil { result.done })
        XCTAssertTrue(result.ranOnMain)
    }

    func testWorkQueuedWhileGLibSleepsWakesIt() {
        // No timer or idle source is pending: only the main queue's fd can wake the blocking
        // iteration (the watchdog of blockInGLibUntil fires after 2 s, the condition still false).
        MainLoop.drain()
        XCTAssertEqual(MainLoop.pollState().timeout, -1)
        final class Flag: @unchecked Sendable { var set = false }
        let flag = Flag()
        Thread.detachNewThread {
            waitUntilTheMainThreadSleepsInPoll()
            DispatchQueue.main.async { flag.set = true }
        }
        XCTAssertTrue(blockInGLibUntil { flag.set }, "work queued while GLib slept woke it")
    }
}
