import Foundation
import LightboxMedia

/// A small pool of long-lived helper processes that read and decode image files for the
/// app, so that a file that crashes or hangs a decoder costs its own row, never the app.
///
/// Each worker is the app's own executable started with `--worker` (`DecoderWorker`),
/// talking over a socketpair: length-prefixed messages, JSON requests and compact binary
/// replies (`WorkerReply`), decoded pixels in a sealed memfd passed along (mapped read-only
/// here: the pixels are copied once, in the worker). A caller borrows one worker for one
/// request on its own thread (a scan reader, a decode slot) and waits at most `timeout` seconds:
///
/// - the worker closes its socket (it crashed): the request gets `crashedMessage` and the
///   worker is replaced on the next request;
/// - no answer in time (it hangs): the worker is killed, the request gets `hungMessage`;
/// - a worker can't be started at all: the request runs in this process, as before workers.
///
/// `.visible` work (`urgent`) is served before the scan's reads when both wait for a worker.
public final class WorkerPool: @unchecked Sendable {
    /// Shown in the file's row (a property, not a constant: looked up in the person's language).
    public static var crashedMessage: String {
        // Translators: why a photo can't be shown, in its row (lower case: it follows the file's name).
        tr("this file crashed the image decoder")
    }
    public static func hungMessage(_ timeout: Double) -> String {
        // Translators: why a photo can't be shown; %@ is a number of seconds ("0.5").
        String(format: tr("this file made the image decoder hang (no answer in %@ s)"), String(format: "%g", timeout))
    }

    /// The pool the `lightbox` executable starts (nil elsewhere: reads run in-process).
    public static var shared: WorkerPool? {
        get { sharedLock.withLock { sharedPool } }
        set { sharedLock.withLock { sharedPool = newValue } }
    }
    private static let sharedLock = NSLock()
    nonisolated(unsafe) private static var sharedPool: WorkerPool?

    public let executable: String
    public let arguments: [String]
    public let environment: [String: String]
    public let size: Int
    /// Seconds a new worker gets to say it is ready.
    var startTimeout = 10.0

    // Guarded by `condition`.
    private let condition = NSCondition()
    private var idle: [WorkerConnection?]
    private var urgentWaiting = 0
    private var started = 0
    private var lost = 0
    private var startFailure: String?
    private var busy: Set<Int> = []

    /// Workers are `executable arguments…` (this executable with `--worker` by default) with
    /// this process's environment plus `environment`; `size` of them at most.
    public init(
        executable: String = "/proc/self/exe", arguments: [String] = [DecoderWorker.argument],
        environment: [String: String] = [:],
        size: Int = min(2, ProcessInfo.processInfo.activeProcessorCount)
    ) {
        self.executable = executable
        self.arguments = arguments
        // No Swift backtracer in a worker: it would run a program, which the sandbox refuses
        // (a crash is reported as the file's error instead).
        self.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
            .merging(environment) { $1 }
        self.size = max(1, size)
        idle = Array(repeating: nil, count: self.size)
    }

    /// Workers started so far, and how many a file crashed or hung (then killed; a worker
    /// lost on a request for several files is not counted: each file is then tried alone).
    public var startedCount: Int { condition.withLock { started } }
    public var lostCount: Int { condition.withLock { lost } }

    // MARK: Requests

    /// `path`'s metadata read in a worker (`PhotoReader.read`); a crash or hang is the photo's `error`.
    public func read(path: String, stamp: FileStamp, timeout: Double, fingerprinting: Bool = true) -> Photo {
        read(WorkerRequest.File(path: path, stamp: stamp), timeout: timeout, fingerprinting: fingerprinting)
    }

    /// `file` read in a worker; a crash or hang is the photo's `error`.
    func read(_ file: WorkerRequest.File, timeout: Double, fingerprinting: Bool = true) -> Photo {
        let (path, stamp) = (file.path, file.stamp)
        var request = WorkerRequest(kind: .read, files: [file])
        request.fingerprinting = fingerprinting
        let body = request.encoded()
        for _ in 0..<3 {
            let end: ReadEnd? = withWorker(urgent: false) { worker in
                // A worker that can't take the request died between requests: not this file's doing.
                guard worker.send(body) else { return (.resend, false) }
                switch worker.receive(timeout: timeout) {
                case .message(let data, _):
                    guard case .photos(let records)? = try? WorkerReply(decoding: data), records.count == 1 else {
                        return (.failed(Self.crashedMessage), false)
                    }
                    return (.read(records[0].photo(path: path, stamp: stamp)), true)
                case .closed, .failed: return (.failed(Self.crashedMessage), false)
                case .timedOut: return (.failed(Self.hungMessage(timeout)), false)
                }
            }
            switch end {
            case nil: return PhotoReader.read(file, fingerprinting: fingerprinting)
            case .read(let photo)?: return photo
            case .failed(let message)?:
                // Reported once the worker is ended (and counted lost).
                condition.withLock { lost += 1 }
                return Photo(path: path, fileSize: stamp.size, modified: stamp.modified, error: message)
            case .resend?: continue
            }
        }
        condition.withLock { lost += 1 }
        return Photo(path: path, fileSize: stamp.size, modified: stamp.modified, error: Self.crashedMessage)
    }

    /// Reads `files` calling `each` with every photo, in order. They go to one worker in one
    /// request, answered at once (no round trip and no wake-up per file); if that worker
    /// crashes or hangs, each file is read again on its own (`read(_:timeout:)`),
    /// so that only the file at fault gets the error.
    func read(_ files: [WorkerRequest.File], timeout: Double, fingerprinting: Bool = true, each: (Photo) -> Void) {
        if files.count > 1 {
            var request = WorkerRequest(kind: .read, files: files)
            request.fingerprinting = fingerprinting
            let body = request.encoded()
            let records: [PhotoRecord]?? = withWorker(urgent: false) { worker in
                guard worker.send(body), case .message(let data, _) = worker.receive(timeout: timeout),
                    case .photos(let records)? = try? WorkerReply(decoding: data), records.count == files.count
                else { return (nil, false) }
                return (records, true)
            }
            switch records {
            case nil:
                // No worker can be started: read here, as before workers.
                for file in files { each(PhotoReader.read(file, fingerprinting: fingerprinting)) }
                return
            case let records??:
                for (file, record) in zip(files, records) { each(record.photo(path: file.path, stamp: file.stamp)) }
                return
            case .some(nil):
                break
            }
        }
        for file in files { each(read(file, timeout: timeout, fingerprinting: fingerprinting)) }
    }

    /// How reading one file in a worker ended.
    private enum ReadEnd {
        case read(Photo)
        /// The worker was gone before it took the request: send it to another.
        case resend
        /// The worker crashed or hung on the file.
        case failed(String)
    }

    /// `path` decoded in a worker at most `fitting` px a side (`PixelImage.decode`).
    public func decode(
        path: String, fitting: Int, maxPixels: Int, timeout: Double,
        urgent: Bool
    ) throws(MediaError) -> PixelImage {
        try decodeHashing(path: path, fitting: fitting, maxPixels: maxPixels, timeout: timeout, urgent: urgent, hashing: false).image
    }

    /// `decode`, with the picture's hash when the decode is a thumbnail's (see `DecoderWorker`).
    func decodeHashing(
        path: String, fitting: Int, maxPixels: Int, timeout: Double,
        urgent: Bool, hashing: Bool = true
    ) throws(MediaError) -> (image: PixelImage, hash: PerceptualHash?) {
        var request = WorkerRequest(kind: .decode, path: path, fitting: fitting, maxPixels: maxPixels)
        request.hashing = hashing
        let outcome = exchange(request, timeout: timeout, urgent: urgent)
        if case .failed = outcome { condition.withLock { lost += 1 } }
        switch outcome {
        case .reply(let reply, let pixels):
            switch reply {
            case .image(let layout, let hash):
                guard let pixels else { throw MediaError(Self.crashedMessage) }
                return (try PixelImage.mapping(pixels, layout: layout, maxSide: max(1, fitting)), hash)
            case .error(let message): throw MediaError(message)
            case .ready, .photos, .file: throw MediaError(Self.crashedMessage)
            }
        case .failed(let message):
            throw MediaError(message)
        case .unavailable:
            let image = try PixelImage.decode(path: path, fitting: fitting, maxPixels: maxPixels)
            return (image, hashing && fitting <= PerceptualHash.thumbnailSide ? try? PerceptualHash.of(image) : nil)
        }
    }

    // MARK: Exchange

    /// Counts a worker a request crashed or hung (`lostCount`).
    func countLost() { condition.withLock { lost += 1 } }

    enum Outcome {
        case reply(WorkerReply, WorkerPixels?)
        case failed(String)
        case unavailable
    }

    func exchange(_ request: WorkerRequest, timeout: Double, urgent: Bool) -> Outcome {
        let body = request.encoded()
        let outcome: Outcome? = withWorker(urgent: urgent) { worker in
            guard worker.send(body) else { return (.failed(Self.crashedMessage), false) }
            switch worker.receive(timeout: timeout) {
            case .message(let data, let pixels):
                guard let reply = try? WorkerReply(decoding: data) else {
                    return (.failed(Self.crashedMessage), false)
                }
                return (.reply(reply, pixels), true)
            case .closed, .failed:
                return (.failed(Self.crashedMessage), false)
            case .timedOut:
                return (.failed(Self.hungMessage(timeout)), false)
            }
        }
        return outcome ?? .unavailable
    }

    /// Runs `body` with a ready worker of a free slot (started if need be); `body` says
    /// whether the worker is still good to keep: if not, it is killed and replaced on the
    /// next request. Nil when no worker can be started.
    private func withWorker<T>(urgent: Bool, _ body: (WorkerConnection) -> (T, keep: Bool)) -> T? {
        let (slot, existing) = borrow(urgent: urgent)
        var connection = existing
        defer { giveBack(slot, connection) }
        // A worker that died between requests is not this request's doing: start another.
        if let worker = connection, case .closed = worker.receive(timeout: 0) {
            _ = worker.end(kill: true)
            connection = nil
        }
        if connection == nil { connection = start() }
        guard let worker = connection else { return nil }
        let (result, keep) = body(worker)
        if !keep {
            _ = worker.end(kill: true)
            connection = nil
        }
        return result
    }

    /// Waits for a free worker slot (urgent callers first); returns it and its worker, if running.
    private func borrow(urgent: Bool) -> (Int, WorkerConnection?) {
        condition.withLock {
            if urgent { urgentWaiting += 1 }
            while freeSlots.isEmpty || (!urgent && urgentWaiting > 0) { condition.wait() }
            if urgent {
                urgentWaiting -= 1
                condition.broadcast()  // the scan's reads may go on once no urgent work waits
            }
            let slot = freeSlots[0]
            busy.insert(slot)
            return (slot, idle[slot])
        }
    }

    private var freeSlots: [Int] { (0..<size).filter { !busy.contains($0) } }

    private func giveBack(_ slot: Int, _ connection: WorkerConnection?) {
        condition.withLock {
            idle[slot] = connection
            busy.remove(slot)
            condition.broadcast()
        }
    }

    /// A new worker that said it is ready; nil (once reported on stderr) when none can be started.
    private func start() -> WorkerConnection? {
        if condition.withLock({ startFailure }) != nil { return nil }
        do {
            let worker = try WorkerConnection(executable: executable, arguments: arguments, environment: environment)
            guard case .message(let data, _) = worker.receive(timeout: startTimeout),
                case .ready? = try? WorkerReply(decoding: data)
            else {
                let exit = worker.end(kill: true)
                // Translators: %@ is how the decoder process ended (technical).
                throw MediaError(String(format: tr("the worker did not start (%@)"), exit.description))
            }
            condition.withLock { started += 1 }
            return worker
        } catch {
            let reason = String(describing: error)
            let first = condition.withLock {
                defer { startFailure = reason }
                return startFailure == nil
            }
            if first {
                FileHandle.standardError.write(Data("lightbox: image files are read in this process: \(reason)\n".utf8))
            }
            return nil
        }
    }
}
