import Foundation
import Gtk

/// Runs blocking `work` (a decode, file I/O) on a global dispatch queue, off Swift's
/// cooperative thread pool, and hands its result (or error) to the awaiting task.
func runBlocking<T: Sendable>(
    qos: DispatchQoS.QoSClass,
    _ work: @escaping @Sendable () throws -> T
) async throws -> T {
    try await runBlocking(start: { DispatchQueue.global(qos: qos).async(execute: $0) }, work)
}

/// How a thread of `runBelowTheWindow` stands to the window's.
enum BackgroundPriority {
    /// Nice +10: work a person waits for (a search's or an album's view), which shares a
    /// core with the thumbnail workers rather than wait for them.
    case belowTheWindow
    /// Nice 19 (`ThreadPriority.lowerCurrentThreadAllTheWay`): work nobody waits for (a
    /// scan's batches sorted in, a look for duplicates), which then never holds up a frame.
    case lowest
}

/// Runs long background `work` (a look through a library of 100,000 photos) on a thread of
/// its own, below the window's priority: on two cores, at the window's, it takes its frames.
func runBelowTheWindow<T: Sendable>(_ priority: BackgroundPriority, _ work: @escaping @Sendable () -> T) async -> T {
    // Nothing thrown: `work` throws nothing.
    try! await runBlocking(
        start: { block in
            Thread.detachNewThread {
                switch priority {
                case .belowTheWindow: ThreadPriority.lowerCurrentThread()
                case .lowest: ThreadPriority.lowerCurrentThreadAllTheWay()
                }
                block()
            }
        }, work)
}

/// Runs `work` on whatever thread `start` runs its block on (tests choose the timing).
///
/// The result crosses threads through a lock, not through the continuation. Both are
/// correct handoffs, but Swift's runtime tells ThreadSanitizer about a continuation's
/// happens-before only when the task suspended before the resume: when `work` is done
/// first (a thumbnail found in the cache), `swift_continuation_await` takes its
/// already-resumed path, which has no TSan annotation, and every value `work` made
/// looks to TSan as if it raced with the task's first read of it. A lock (a pthread
/// mutex; not Synchronization's `Mutex`, whose contended path waits in the kernel where
/// TSan can't see it) is an edge that TSan sees on every path.
func runBlocking<T: Sendable>(
    start: (@escaping @Sendable () -> Void) -> Void,
    _ work: @escaping @Sendable () throws -> T
) async throws -> T {
    let handoff = Handoff<T>()
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        start {
            let result = Result(catching: work)
            handoff.put(result)
            continuation.resume()
        }
    }
    return try handoff.take().get()
}

/// The one result of a `runBlocking` call, put by the worker and taken by the task.
private final class Handoff<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<T, any Error>?

    func put(_ result: Result<T, any Error>) { lock.withLock { self.result = result } }

    func take() -> Result<T, any Error> {
        guard let result = lock.withLock({ self.result.take() }) else {
            preconditionFailure("runBlocking: the task resumed before its work handed over a result")
        }
        return result
    }
}

/// A value made on a global dispatch queue while the main thread goes on, for the main
/// thread to take when it needs it (blocking only for what is left of the work): the
/// catalog opened while GTK starts, the first screenful read while the window is built.
final class InBackground<T: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var result: Result<T, any Error>?

    init(qos: DispatchQoS.QoSClass = .userInitiated, _ work: @escaping @Sendable () throws -> T) {
        DispatchQueue.global(qos: qos).async {
            let result = Result(catching: work)
            self.condition.withLock {
                self.result = result
                self.condition.broadcast()
            }
        }
    }

    /// The value (or the error the work threw), waiting for it as long as it takes.
    func value() throws -> T {
        try condition.withLock {
            while result == nil { condition.wait() }
            return result!
        }.get()
    }

    /// The value or error if the work is done within `timeout`, else nil.
    func result(waitingAtMost timeout: TimeInterval) -> Result<T, any Error>? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        return condition.withLock {
            while result == nil, condition.wait(until: deadline) {}
            return result
        }
    }
}
