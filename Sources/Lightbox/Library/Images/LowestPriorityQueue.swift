import Foundation
import Gtk

/// A serial queue for work nobody waits for (a scan's rows committed to the catalog), run on a
/// thread of its own at nice 19 while it has work. A dispatch queue's threads run close to the
/// window's priority (`.utility` at nice 2 here): on two cores, a catalog commit took the
/// window's core for up to 20 ms in the middle of a frame of a scan.
final class LowestPriorityQueue: @unchecked Sendable {
    /// A pthread lock, as `runBlocking`'s: ThreadSanitizer sees its edges on every path.
    private let condition = NSCondition()
    /// The jobs not started yet, oldest first (a few: thumbnails wait 32 at the most).
    private var jobs: [@Sendable () -> Void] = []
    private var hasThread = false
    /// Jobs given so far, and done so far (what `sync` waits for).
    private var given = 0
    private var done = 0

    /// Runs `job` after those given before it.
    func async(_ job: @escaping @Sendable () -> Void) {
        let startsThread = condition.withLock {
            jobs.append(job)
            given += 1
            defer { hasThread = true }
            return !hasThread
        }
        guard startsThread else { return }
        Thread.detachNewThread { [self] in
            ThreadPriority.lowerCurrentThreadAllTheWay()
            while let job = take() {
                job()
                condition.withLock {
                    done += 1
                    condition.broadcast()
                }
            }
        }
    }

    /// Waits until every job given so far has run.
    func sync() {
        condition.withLock {
            let target = given
            while done < target { condition.wait() }
        }
    }

    /// The next job, or nil (and the thread ends) when there is none.
    private func take() -> (@Sendable () -> Void)? {
        condition.withLock {
            guard !jobs.isEmpty else {
                hasThread = false
                return nil
            }
            return jobs.removeFirst()
        }
    }
}
