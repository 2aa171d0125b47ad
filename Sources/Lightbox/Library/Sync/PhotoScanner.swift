import Foundation
import Gtk
import LightboxMedia

/// Why a folder could not be scanned at all.
public struct ScanError: Error, Sendable, CustomStringConvertible {
    public let folder: String
    public let reason: String
    // Translators: %1$@ is a folder, %2$@ why it can't be read.
    public var description: String { String(format: tr("cannot read folder %1$@: %2$@"), PathBytes.displayName(folder), reason) }
}

/// One result of a scan, delivered as soon as it is known.
public enum ScanEvent: Sendable {
    /// A new or changed file, read now (`photo.error` says when it can't be shown).
    case photo(Photo)
    /// A file whose size and modification time match what the caller already knows.
    case unchanged(String)
    /// A folder that was walked (to be watched for changes).
    case folder(String)
    /// A file new at its path that is the file of a photo the caller knows elsewhere
    /// (`PhotoScanner.scan(findMoved:)`): not read again.
    case moved(MovedFile)
}

/// A photo's file found at a new path: the same device, inode, size and modification time.
public struct MovedFile: Sendable {
    public var path: String
    public var stamp: FileStamp
    public var identity: FileIdentity
    /// The catalog row of the photo.
    public var photoID: Int64
}

/// Walks a folder tree and reads every photo's metadata.
///
/// Reads run on background threads, at most `parallelism` at a time; each file gets
/// `fileTimeout` seconds, after which it is reported with an error and the scan goes
/// on. Hidden files and folders are skipped, symbolic links are followed once
/// (a link back into a folder already walked is not entered again), and files with
/// image extensions no decoder here reads (PSD, or HEIC without libheif's loader) are reported as unsupported.
/// With `foreground` set, readers stand aside while images on screen are being decoded.
public struct PhotoScanner: Sendable {
    public var parallelism: Int
    public var fileTimeout: Double
    /// When set, each reader waits before its next file while this work (images on screen)
    /// is in flight, for at most `foregroundMaxWait` seconds per file.
    public var foreground: ForegroundWork?
    public var foregroundMaxWait = 0.25
    /// Reads files in helper processes when set (a crash or hang is the file's error, the
    /// scan goes on); the app's shared pool by default.
    public var workers: WorkerPool? = WorkerPool.shared
    /// Whether photos read carry their files' identities (`FileIdentity`: what finds a photo
    /// again when its file moves); off only to measure what they cost.
    public var keepsFileIdentities = true
    /// Whether files are read at all; off, a scan only finds them: each photo has its path, size
    /// and modification time (an import page's first look at a card, before the reads come).
    public var readsFiles = true
    /// Reads one regular file in this process (without `workers`); replaced in tests to simulate a file vanishing mid-scan.
    var readFile: @Sendable (WorkerRequest.File) -> Photo = { PhotoReader.read($0) }
    /// Runs right after the hang watchdog reads the clock; tests delay it to widen races.
    var watchdogDidReadClock: (@Sendable () -> Void)?

    public init(parallelism: Int = max(2, ProcessInfo.processInfo.activeProcessorCount), fileTimeout: Double = 20) {
        self.parallelism = parallelism
        self.fileTimeout = fileTimeout
    }

    /// Reads one regular file: in a worker when there are `workers` (its crash or hang is
    /// the photo's error), else in this process. Blocking; never on the main thread.
    func read(_ path: String, _ stamp: FileStamp) -> Photo {
        let file = WorkerRequest.File(path: path, stamp: stamp)
        return workers?.read(file, timeout: fileTimeout, fingerprinting: keepsFileIdentities) ?? readFile(file)
    }

    /// Scans `folder`, calling `onEvent` from background threads (one at a time).
    /// Files whose stamp equals `known[path]` are not read again. Returns when the
    /// scan is complete or `isCancelled` turned true. Throws when `folder` itself
    /// can't be read.
    /// `findMoved` is asked about each file new at its path: the id of the photo whose
    /// file it is, when that is one of the caller's photos moved here (not read again).
    public func scan(
        folder: String, known: [String: FileStamp] = [:],
        findMoved: (@Sendable (String, FileStamp, FileIdentity) -> Int64?)? = nil,
        isCancelled: @escaping @Sendable () -> Bool = { false },
        onEvent: @escaping @Sendable (ScanEvent) -> Void
    ) throws(ScanError) {
        let root = (folder as NSString).standardizingPath
        let info: FileInfo
        switch FileInfo.of(root) {
        case .success(let found): info = found
        case .failure(let failure): throw ScanError(folder: folder, reason: failure.description)
        }
        guard info.isFolder else { throw ScanError(folder: folder, reason: tr("not a folder")) }
        do {
            _ = try DirectoryListing.entries(of: root)
        } catch {
            throw ScanError(folder: folder, reason: error.message)
        }
        let run = ScanRun(scanner: self, known: known, findMoved: findMoved, isCancelled: isCancelled, onEvent: onEvent)
        run.walk(root)
        run.finish()
    }

    /// The same scan as a stream; cancelling the consuming task (or dropping the
    /// stream) stops the scan.
    public func events(folder: String, known: [String: FileStamp] = [:]) -> AsyncThrowingStream<ScanEvent, Error> {
        AsyncThrowingStream { continuation in
            let cancelled = CancelFlag()
            continuation.onTermination = { _ in cancelled.set() }
            DispatchQueue.global(qos: .utility).async {
                do {
                    try self.scan(folder: folder, known: known, isCancelled: { cancelled.isSet }) { event in
                        continuation.yield(event)
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
        }
    }
}

/// A thread-safe boolean that only goes from false to true.
final class CancelFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    /// Sets the flag; returns true for the caller that set it first.
    @discardableResult func set() -> Bool {
        lock.withLock {
            defer { value = true }
            return !value
        }
    }
}

/// What a file's extension says about it.
enum PhotoFileKind: Equatable {
    case readable
    case unsupported(String)
    case other

    /// Image formats people keep next to their photos that this machine may have no decoder for.
    static let imageExtensions: Set<String> = ImageFamily.heifExtensions.union(["jxl", "webp", "psd", "xcf", "jp2"])

    init(name: String) {
        let ext = ImageFamily.fileExtension(of: name)
        // Every RAW extension is read: the reader checks the content and says what it found.
        if ImageFamily.rawExtensions.contains(ext)
            || (ImageFamily.canDecode(extension: ext) && ext != "svg" && ext != "ani")
        {
            self = .readable
        } else if PhotoFileKind.imageExtensions.contains(ext) {
            self = .unsupported(ext.uppercased())
        } else {
            self = .other
        }
    }
}

extension FileStamp {
    init(_ info: stat) {
        size = Int64(info.st_size)
        modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1_000_000_000
    }
}
