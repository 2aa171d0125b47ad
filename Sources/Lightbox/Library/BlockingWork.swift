import Foundation

/// Runs blocking `work` (a decode, file I/O) on a global dispatch queue, off Swift's
/// cooperative thread pool, and hands its result (or error) to the awaiting task.
func runBlocking<T: Sendable>(qos: DispatchQoS.QoSClass,
                              _ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await runBlocking(start: { DispatchQueue.global(qos: qos).async(execute: $0) }, work)
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
func runBlocking<T: Sendable>(start: (@escaping @Sendable () -> Void) -> Void,
                              _ work: @escaping @Sendable () throws -> T) async throws -> T {
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
