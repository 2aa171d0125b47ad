import Foundation

/// Says whether work the person is waiting for (images on screen) is in flight, so that
/// background work (the scan's metadata readers) can step aside for it.
///
/// The image source marks each on-screen request with `begin()`/`end()` while it waits
/// for or holds a decode slot; a scan reader calls `waitUntilIdle(maxWait:)` before its
/// next file. The wait is bounded, so a steady stream of thumbnails slows a scan down
/// but never stops it.
public final class ForegroundWork: @unchecked Sendable {
    // Guarded by `condition`.
    private let condition = NSCondition()
    private var active = 0
    private var waiting = 0

    public init() {}

    /// Foreground work started.
    public func begin() {
        condition.withLock { active += 1 }
    }

    /// Foreground work ended (one `end()` for each `begin()`).
    public func end() {
        condition.withLock {
            precondition(active > 0, "ForegroundWork.end() without a begin()")
            active -= 1
            if active == 0 { condition.broadcast() }
        }
    }

    /// Whether foreground work is in flight now.
    public var isBusy: Bool { condition.withLock { active > 0 } }

    /// Blocks the calling thread until no foreground work is in flight, or for at most
    /// `maxWait` seconds. Returns whether it is idle now. Never call it on the main thread.
    @discardableResult
    public func waitUntilIdle(maxWait: Double) -> Bool {
        condition.withLock {
            guard active > 0 else { return true }
            let deadline = Date(timeIntervalSinceNow: max(0, maxWait))
            waiting += 1
            condition.broadcast()  // for `waitForWaiters`
            defer { waiting -= 1 }
            while active > 0 {
                if !condition.wait(until: deadline) { break }
            }
            return active == 0
        }
    }

    /// Blocks until `count` threads are inside `waitUntilIdle` (tests see a reader stand
    /// aside), or `timeout` seconds passed; returns whether they are.
    func waitForWaiters(_ count: Int, timeout: Double = 10) -> Bool {
        condition.withLock {
            let deadline = Date(timeIntervalSinceNow: timeout)
            while waiting < count {
                if !condition.wait(until: deadline) { break }
            }
            return waiting >= count
        }
    }
}
