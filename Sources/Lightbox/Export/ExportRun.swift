import Foundation
import LightboxMedia

/// One export: the items made (JPEGs in the worker processes, `WorkerPool.export`) or copied
/// (originals) into the folder, as many at once as there are workers, in the selection's order.
/// Blocking: run it off the main thread; `cancel()` from any thread. The catalog is never
/// touched: an export only reads the photos' files.
public final class ExportRun: @unchecked Sendable {
    public struct Progress: Sendable, Equatable {
        public var done: Int
        public var total: Int
        /// Seconds left at the pace so far; nil until a file is done.
        public var secondsLeft: Double?
    }

    public struct Failure: Sendable, Equatable {
        /// The photo's file name.
        public var fileName: String
        public var reason: String
    }

    public struct Summary: Sendable, Equatable {
        public var folder: String
        /// The paths of the files made, in the selection's order.
        public var exported: [String] = []
        public var failures: [Failure] = []
        /// Why the export stopped before the end (a full disk, a missing folder); nil otherwise.
        public var stopped: String?
        public var cancelled = false
    }

    public let items: [ExportItem]
    public let options: ExportOptions
    private let pool: WorkerPool?
    private let lock = NSLock()
    private var isCancelled = false

    /// `pool` nil: JPEGs are made in this process (tests, or no workers).
    public init(items: [ExportItem], options: ExportOptions, pool: WorkerPool? = WorkerPool.shared) {
        self.items = items
        self.options = options
        self.pool = pool
    }

    public func cancel() { lock.withLock { isCancelled = true } }
    public var cancelled: Bool { lock.withLock { isCancelled } }

    /// The names the files will get (before any is taken by a file already there).
    public static func names(for items: [ExportItem], options: ExportOptions) -> [String] {
        let template = FileNameTemplate(options.template)
        return items.enumerated().map { index, item in
            let ext = options.format == .jpeg && !item.isVideo ? ".jpg" : FileNameTemplate.fileExtension(item.fileName)
            return template.name(for: item, index: index, count: items.count) + ext
        }
    }

    /// Exports every item, telling `progress` after each (on the thread that finished it).
    public func run(progress: @Sendable (Progress) -> Void = { _ in }) -> Summary {
        var summary = Summary(folder: options.folder)
        let folder: ExportFolder
        do { folder = try ExportFolder(checking: options.folder) } catch {
            summary.stopped = error.message
            return summary
        }
        // Names are given in the selection's order, so the sequence and " (2)" follow it.
        let names = zip(items, Self.names(for: items, options: options)).map { item, name in
            // A photo of two files copied as they are: the second is named like the first.
            let companion = options.format == .originals ? item.companion.map(FileNameTemplate.fileExtension) : nil
            return folder.reserve(name, companions: companion.map { [$0] } ?? [])
        }
        let started = ContinuousClock.now
        let state = RunState(count: items.count)
        let lanes = options.format == .jpeg ? max(1, pool?.size ?? ProcessInfo.processInfo.activeProcessorCount) : 2
        DispatchQueue.concurrentPerform(iterations: min(lanes, max(items.count, 1))) { _ in
            while !cancelled, let index = state.next() {
                let outcome = export(index, as: names[index], into: folder)
                let done = state.finish(index, outcome)
                if case .failure(let failure) = outcome, failure.stopsExport { cancel() }
                let elapsed = (ContinuousClock.now - started) / .seconds(1)
                let left = done > 0 ? elapsed / Double(done) * Double(items.count - done) : nil
                progress(Progress(done: done, total: items.count, secondsLeft: left))
            }
        }
        for (index, outcome) in state.outcomes.enumerated() {
            switch outcome {
            case .success(let name)?: summary.exported.append("\(options.folder)/\(name)")
            case .failure(let failure)? where failure.stopsExport: summary.stopped = summary.stopped ?? failure.message
            case .failure(let failure)? where !failure.isCancel:
                summary.failures.append(Failure(fileName: items[index].fileName, reason: failure.message))
            default: break
            }
        }
        summary.cancelled = cancelled && summary.stopped == nil
        return summary
    }

    private func export(_ index: Int, as name: String, into folder: ExportFolder) -> Result<String, ExportFailure> {
        let item = items[index]
        do throws(ExportFailure) {
            // A video is shared as it is: a JPEG of one frame is not what a person sends.
            switch item.isVideo ? .originals : options.format {
            case .originals:
                let final = try copyWithSidecar(item.path, as: name, into: folder)
                if let companion = item.companion {
                    // Named like the copy (its name was given out with it), as the camera named
                    // the two: other apps pair them by name.
                    let companionName = FileNameTemplate.baseName(final) + FileNameTemplate.fileExtension(companion)
                    _ = try copyWithSidecar(companion, as: companionName, into: folder)
                }
                return .success(final)
            case .jpeg:
                let bytes: [UInt8]
                do throws(MediaError) {
                    if let pool {
                        bytes = try pool.export(item, settings: options.jpeg)
                    } else {
                        bytes = try JPEGExport.render(item, settings: options.jpeg, maxPixels: PhotoReader.maxPixels).data
                    }
                } catch {
                    throw ExportFailure(error.message)
                }
                guard !cancelled else { throw ExportFailure.cancelled }
                return .success(try folder.write(Data(bytes), as: name, cancelled: { cancelled }))
            }
        } catch {
            return .failure(error)
        }
    }
}

extension ExportRun {
    /// Copies `path` as `name`, and its XMP sidecar named like the copy in the same style
    /// (`IMG_1.CR2.xmp` or `IMG_1.xmp`); the copy's name.
    fileprivate func copyWithSidecar(_ path: String, as name: String, into folder: ExportFolder) throws(ExportFailure) -> String {
        let final = try folder.copy(path, as: name, cancelled: { cancelled })
        if let sidecar = SidecarFile.existing(for: path) {
            let style = sidecar == path + ".xmp" ? final : FileNameTemplate.baseName(final)
            _ = try folder.copy(sidecar, as: folder.reserve(style + ".xmp"), cancelled: { cancelled })
        }
        return final
    }
}

/// Which item comes next and how each ended, shared by the lanes of one run.
private final class RunState: @unchecked Sendable {
    private let lock = NSLock()
    private var nextIndex = 0
    private var done = 0
    private(set) var outcomes: [Result<String, ExportFailure>?]

    init(count: Int) { outcomes = Array(repeating: nil, count: count) }

    func next() -> Int? {
        lock.withLock {
            guard nextIndex < outcomes.count else { return nil }
            defer { nextIndex += 1 }
            return nextIndex
        }
    }

    /// Records how item `index` ended; returns how many are done.
    func finish(_ index: Int, _ outcome: Result<String, ExportFailure>) -> Int {
        lock.withLock {
            outcomes[index] = outcome
            done += 1
            return done
        }
    }
}
