import Foundation
import Synchronization

/// The decodes asked for: at most `slots` run at once; a freed slot goes to the waiting
/// image asked for most recently at the highest priority (rows just scrolled into view
/// first; older requests are likely scrolled away and cancelled soon). One job per image,
/// however many requests ask for it; a job whose requests were all cancelled before it
/// started is dropped without decoding.
actor DecodeQueue {
    typealias Work = @Sendable () throws -> LoadedImage

    private final class Job {
        let key: String
        let work: Work
        var priority: ImagePriority
        /// The sequence number of its newest request.
        var newest: UInt64
        var requests: [UInt64: CheckedContinuation<LoadedImage, any Error>] = [:]
        var isRunning = false
        /// Started as `.background` work (the one slot such work may hold).
        var holdsBackgroundSlot = false
        /// Whether it counts as foreground work (`ForegroundWork.begin()` was called for it).
        var isForeground = false

        init(key: String, work: @escaping Work, priority: ImagePriority, newest: UInt64) {
            self.key = key
            self.work = work
            self.priority = priority
            self.newest = newest
        }
    }

    private var free: Int
    /// Whether a `.background` job holds a slot (they take one at most).
    private var isRunningBackground = false
    private let foreground: ForegroundWork
    /// While true, `.nearby` jobs wait (set from the main thread, read without the actor).
    nonisolated let defersPrefetch = Mutex(false)
    private var jobs: [String: Job] = [:]
    private var sequence: UInt64 = 0
    /// Tests waiting until that many requests wait for a slot.
    private var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    init(slots: Int, foreground: ForegroundWork) {
        free = max(1, slots)
        self.foreground = foreground
    }

    /// Runs `work` for `key` on a decode slot (or joins the job already asked for it) and
    /// returns its result; cancelling the calling task ends this request at once.
    func load(key: String, priority: ImagePriority, work: @escaping Work) async throws -> LoadedImage {
        try Task.checkCancellation()
        sequence += 1
        let id = sequence
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                add(id, continuation, key: key, priority: priority, work: work)
            }
        } onCancel: {
            Task { await self.cancel(id, key: key) }
        }
    }

    private func add(
        _ id: UInt64, _ continuation: CheckedContinuation<LoadedImage, any Error>,
        key: String, priority: ImagePriority, work: @escaping Work
    ) {
        let job: Job
        if let existing = jobs[key] {
            job = existing
            job.newest = id
            job.priority = max(job.priority, priority)
        } else {
            job = Job(key: key, work: work, priority: priority, newest: id)
            jobs[key] = job
        }
        job.requests[id] = continuation
        if job.priority == .visible, !job.isForeground {
            job.isForeground = true
            foreground.begin()
        }
        startJobs()
        notifyWatchers()
    }

    private func cancel(_ id: UInt64, key: String) {
        guard let job = jobs[key], let continuation = job.requests.removeValue(forKey: id) else { return }
        continuation.resume(throwing: CancellationError())
        // A running decode goes on: its image lands in memory for the next request.
        if job.requests.isEmpty, !job.isRunning { drop(job) }
    }

    private func drop(_ job: Job) {
        if jobs[job.key] === job { jobs[job.key] = nil }
        if job.isForeground { foreground.end() }
    }

    /// Starts the most wanted waiting jobs while slots are free.
    func startJobs() {
        let prefetches = !defersPrefetch.withLock { $0 }
        while free > 0,
            let job = jobs.values.filter({
                !$0.isRunning && (prefetches || $0.priority == .visible) && ($0.priority != .background || !isRunningBackground)
            })
            .max(by: { ($0.priority, $0.newest) < ($1.priority, $1.newest) })
        {
            free -= 1
            job.isRunning = true
            if job.priority == .background { (isRunningBackground, job.holdsBackgroundSlot) = (true, true) }
            let work = job.work
            // Not a child of any request: one request's cancellation doesn't stop the others' image.
            Task {
                let result: Result<LoadedImage, any Error>
                do {
                    result = .success(try await runBlocking(qos: .background, work))
                } catch {
                    result = .failure(error)
                }
                finish(job, result)
            }
        }
    }

    private func finish(_ job: Job, _ result: Result<LoadedImage, any Error>) {
        drop(job)
        if job.holdsBackgroundSlot { isRunningBackground = false }
        for continuation in job.requests.values { continuation.resume(with: result) }
        job.requests = [:]
        free += 1
        startJobs()
    }

    // MARK: Test hooks

    /// Takes a decode slot as a running job would (tests hold the only one).
    func holdSlot() {
        precondition(free > 0, "DecodeQueue.holdSlot: no free slot")
        free -= 1
    }

    /// Gives back a slot taken with `holdSlot()`.
    func releaseSlot() {
        free += 1
        startJobs()
    }

    /// Returns once at least `count` requests are waiting for a slot.
    func waitUntilWaiting(_ count: Int) async {
        guard waitingRequests < count else { return }
        await withCheckedContinuation { watchers.append((count, $0)) }
    }

    private var waitingRequests: Int { jobs.values.filter { !$0.isRunning }.reduce(0) { $0 + $1.requests.count } }

    private func notifyWatchers() {
        guard !watchers.isEmpty else { return }
        let waiting = waitingRequests
        watchers.removeAll { watcher in
            guard waiting >= watcher.count else { return false }
            watcher.continuation.resume()
            return true
        }
    }
}
