import Foundation
import Gtk
import XCTest

@testable import Lightbox

final class LowestPriorityQueueTests: XCTestCase {
    /// What the jobs saw: their order and their thread's nice value.
    private final class Seen: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [(job: Int, nice: Int32)] = []
        func add(_ job: Int) { lock.withLock { values.append((job, ThreadPriority.currentThreadNice)) } }
        var jobs: [Int] { lock.withLock { values.map(\.job) } }
        var niceValues: Set<Int32> { lock.withLock { Set(values.map(\.nice)) } }
    }

    func testJobsRunInOrderAsNiceAsAThreadGetsAndSyncWaitsForThem() {
        let queue = LowestPriorityQueue()
        let seen = Seen()
        for job in 0..<50 {
            queue.async {
                if job % 10 == 0 { usleep(2_000) }
                seen.add(job)
            }
        }
        queue.sync()
        XCTAssertEqual(seen.jobs, Array(0..<50), "every job given before sync, in order")
        XCTAssertEqual(seen.niceValues, [19])
        XCTAssertEqual(ThreadPriority.currentThreadNice, 0, "the caller's thread is left as it was")

        // The thread ends when the queue is empty; jobs given later start another.
        queue.async { seen.add(50) }
        queue.sync()
        XCTAssertEqual(seen.jobs.last, 50)
        XCTAssertEqual(seen.niceValues, [19])
    }

    func testSyncWithNothingGivenReturns() {
        LowestPriorityQueue().sync()
    }
}
