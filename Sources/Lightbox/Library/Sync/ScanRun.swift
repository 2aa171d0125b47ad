import Foundation
import Gtk
import LightboxMedia

/// The state of one scan: the walk on the calling thread feeds a queue of files that
/// reader threads drain (`parallelism` reads at a time), each standing aside for the scanner's foreground
/// work before it starts a file. A watchdog reports a read that hangs past
/// the timeout and starts a replacement reader, so one bad file never stalls the scan.
final class ScanRun: @unchecked Sendable {
    let scanner: PhotoScanner
    let known: [String: FileStamp]
    let findMoved: (@Sendable (String, FileStamp, FileIdentity) -> Int64?)?
    let isCancelled: @Sendable () -> Bool
    let onEvent: @Sendable (ScanEvent) -> Void
    private let deliver = NSLock()
    /// Files a reader hands a worker at once, at most.
    static let filesPerRequest = 32
    private var visitedFolders: Set<FolderIdentity> = []

    // Guarded by `state`.
    private let state = NSCondition()
    private var queue: [(file: WorkerRequest.File, identity: FileIdentity)] = []
    private var head = 0
    private var walkDone = false
    private var outstanding = 0
    private var reading: [Int: Reading] = [:]
    private var nextReader = 0
    private var timer: DispatchSourceTimer?

    private final class Reading: Sendable {
        let file: WorkerRequest.File
        let started = DispatchTime.now().uptimeNanoseconds
        init(_ file: WorkerRequest.File) { self.file = file }
    }

    init(
        scanner: PhotoScanner, known: [String: FileStamp], findMoved: (@Sendable (String, FileStamp, FileIdentity) -> Int64?)?,
        isCancelled: @escaping @Sendable () -> Bool,
        onEvent: @escaping @Sendable (ScanEvent) -> Void
    ) {
        self.scanner = scanner
        self.known = known
        self.findMoved = findMoved
        self.isCancelled = isCancelled
        self.onEvent = onEvent
        state.withLock {
            for _ in 0..<readerCount { startReader() }
        }
        timer = startWatchdog()
    }

    /// Reader threads: with workers, twice `parallelism`. A reader hands its photos on after
    /// it gave its worker back; another reader waiting meanwhile keeps that worker busy.
    private var readerCount: Int { max(1, scanner.parallelism) * (scanner.workers == nil ? 1 : 2) }

    private func emit(_ event: ScanEvent) {
        deliver.withLock { onEvent(event) }
    }

    func walk(_ folder: String) {
        guard !isCancelled(), let info = FileInfo(path: folder) else { return }
        guard visitedFolders.insert(info.folderIdentity).inserted
        else { return }
        guard let entries = try? DirectoryListing.entries(of: folder) else { return }
        emit(.folder(folder))
        // A sidecar is next to its photo: in a folder without one, no file looks for one.
        let lookingForSidecars = entries.contains { $0.name.hasSuffix(".xmp") }
        var subfolders: [String] = []
        for entry in entries.sorted(by: { $0.name < $1.name }) where !entry.name.hasPrefix(".") {
            if isCancelled() { return }
            let path = folder + "/" + entry.name
            let kind = PhotoFileKind(name: entry.name)
            guard let link = FileInfo(path: path, followingLinks: false) else {
                if kind != .other { emit(.photo(Photo(path: path, error: PhotoReader.describe(errno)))) }
                continue
            }
            var target = link
            if link.kind == .link {
                guard let followed = FileInfo(path: path) else {
                    let reason =
                        errno == ELOOP
                        // Translators: why a photo can't be read: its symbolic link leads back to itself.
                        ? tr("symbolic link loop")
                        // Translators: %@ is why the link's target can't be reached ("the file is gone").
                        : String(format: tr("broken symbolic link (%@)"), PhotoReader.describe(errno))
                    if kind != .other { emit(.photo(Photo(path: path, error: reason))) }
                    continue
                }
                target = followed
            }
            switch target.kind {
            case .folder:
                subfolders.append(path)
            case .file:
                visit(
                    WorkerRequest.File(path: path, stamp: target.stamp, lookingForSidecar: lookingForSidecars), kind: kind,
                    identity: target.identity)
            case .link, .other:
                if kind != .other { emit(.photo(Photo(path: path, error: tr("not a regular file")))) }
            }
        }
        for subfolder in subfolders { walk(subfolder) }
    }

    private func visit(_ file: WorkerRequest.File, kind: PhotoFileKind, identity: FileIdentity) {
        let (path, stamp) = (file.path, file.stamp)
        switch kind {
        case .other:
            return
        case .unsupported(let format):
            var photo = Photo(
                path: path, fileSize: stamp.size, modified: stamp.modified,
                // Translators: %@ is a file format ("GIF").
                error: String(format: tr("unsupported format (%@)"), format))
            if scanner.keepsFileIdentities { photo.identity = identity }
            emit(.photo(photo))
        case .readable where !scanner.readsFiles:
            emit(.photo(Photo(path: path, fileSize: stamp.size, modified: stamp.modified)))
        case .readable where known[path] == stamp:
            emit(.unchanged(path))
        case .readable where known[path] == nil && scanner.keepsFileIdentities:
            if let photoID = findMoved?(path, stamp, identity) {
                emit(.moved(MovedFile(path: path, stamp: stamp, identity: identity, photoID: photoID)))
            } else {
                read(file, identity: identity)
            }
        case .readable:
            read(file, identity: identity)
        }
    }

    /// Queues a file for the readers.
    private func read(_ file: WorkerRequest.File, identity: FileIdentity) {
        state.withLock {
            queue.append((file, identity))
            outstanding += 1
            state.signal()
        }
    }

    /// Starts one reader thread (its own thread: a hung read must not hold a shared pool's). Call with `state` locked.
    private func startReader() {
        let id = nextReader
        nextReader += 1
        Thread.detachNewThread { [self] in readLoop(id) }
    }

    private func readLoop(_ id: Int) {
        // Below the UI, as far as it goes: on two cores, readers at normal priority (or at nice 10) take the window's frames.
        ThreadPriority.lowerCurrentThreadAllTheWay()
        while true {
            state.lock()
            while head == queue.count && !walkDone { state.wait() }
            guard head < queue.count else {
                state.unlock()
                return
            }
            // A worker gets a few files per request (no round trip per file), shared fairly among the readers.
            let count =
                scanner.workers == nil
                ? 1
                : min(Self.filesPerRequest, max(1, (queue.count - head) / readerCount))
            let files = Array(queue[head..<head + count])
            head += count
            state.unlock()

            // Images on screen first: the files wait (a bounded time) while they decode.
            if let foreground = scanner.foreground, !isCancelled() {
                foreground.waitUntilIdle(maxWait: scanner.foregroundMaxWait)
            }
            guard !isCancelled() else {
                for _ in files { finished() }
                continue
            }
            // Each file is `reading[id]` while it is read: the watchdog may take it over (and
            // start a replacement reader); this reader still delivers the rest, then ends.
            var abandoned = false
            var reading = Reading(files[0].file)
            state.withLock { self.reading[id] = reading }
            var next = 1
            let handOver: (Photo) -> Void = { [self] read in
                var photo = read
                photo.identity = scanner.keepsFileIdentities ? files[next - 1].identity.with(fingerprint: read.identity?.fingerprint) : nil
                let stillMine = state.withLock {
                    guard self.reading[id] === reading else { return false }
                    self.reading[id] = nil
                    return true
                }
                if stillMine {
                    emit(.photo(photo))
                    finished()
                } else {
                    abandoned = true
                }
                if next < files.count {
                    reading = Reading(files[next].file)
                    next += 1
                    state.withLock { self.reading[id] = reading }
                }
            }
            if let workers = scanner.workers {
                workers.read(
                    files.map(\.file), timeout: scanner.fileTimeout, fingerprinting: scanner.keepsFileIdentities,
                    each: handOver)
            } else {
                for file in files { handOver(scanner.readFile(file.file)) }
            }
            if abandoned { return }
        }
    }

    private func finished() {
        state.withLock {
            outstanding -= 1
            if outstanding == 0 { state.broadcast() }
        }
    }

    /// Every half second (or sooner for short timeouts), reports reads that hang.
    private func startWatchdog() -> DispatchSourceTimer {
        let timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        let timeout = scanner.fileTimeout.isFinite ? min(max(scanner.fileTimeout, 0.003), 86_400) : 86_400
        let interval = min(0.5, timeout / 3)
        timer.schedule(deadline: .now() + interval, repeating: interval)
        timer.setEventHandler { [self] in
            // With workers, the pool times a hung read out (and kills its worker): this is a
            // backstop, past a request's timeout and the file's own retry alone.
            let limit = UInt64((scanner.workers == nil ? timeout : 3 * timeout + 1) * 1e9)
            let late: [Reading] = state.withLock {
                // The clock is read under the lock: a reader that starts later can't be
                // "older" than now, and the subtraction saturates all the same.
                let now = DispatchTime.now().uptimeNanoseconds
                scanner.watchdogDidReadClock?()
                let late = reading.filter { now.subtractingSaturated($0.value.started) > limit }
                for (id, _) in late {
                    reading[id] = nil
                    startReader()
                }
                return late.map(\.value)
            }
            for read in late {
                emit(
                    .photo(
                        Photo(
                            path: read.file.path, fileSize: read.file.fileSize, modified: read.file.modified,
                            // Translators: %@ is a number of seconds ("0.5").
                            error: String(format: tr("reading the file took longer than %@ s"), String(format: "%g", timeout)))))
                finished()
            }
        }
        timer.resume()
        return timer
    }

    /// Waits until every queued file was reported (or skipped after cancellation).
    func finish() {
        state.withLock {
            walkDone = true
            state.broadcast()
            while outstanding > 0 { state.wait() }
        }
        timer?.cancel()
    }
}

extension UInt64 {
    /// `self - other`, or 0 when `other` is larger (clock readings taken in either order).
    func subtractingSaturated(_ other: UInt64) -> UInt64 { self >= other ? self - other : 0 }
}
