import Foundation
import Gtk
import LightboxMedia

/// Copies a source's new files into a library folder so that none is ever lost or half there:
/// each file is copied under a hidden temporary name beside where it goes and written to the
/// disk, the copy is read back and compared with what was read from the source, and only
/// then does it take its name (never one a file has: `IMG_0001_1.JPG` then) and join the
/// catalog. A file that fails costs only itself; a full disk or a stop ends the import with
/// what was copied so far in place. Files travel in their groups (a RAW with its JPEG, a Live
/// Photo's still with its motion, their sidecars): one folder, one name.
///
/// A killed import leaves hidden temporary files only; the next import into the same folders
/// removes them (`.NAME.PID.lightbox-import`, PID no longer running), and, the files it did
/// copy being in the library now, copies only the rest.
public struct PhotoImport: Sendable {
    public var template = ImportTemplate()
    /// Whether files are deleted from the source once their copies are checked (or, for the ones
    /// the library had, once the library's file is found to hold the same bytes).
    public var deletesFromSource = false
    /// Copied before the copies are checked, named and recorded, and the file system flushed:
    /// a flush per file would cost a disk's full round trip each time.
    public var batchBytes: Int64 = 256 << 20
    public var batchFiles = 64

    public init(template: ImportTemplate = ImportTemplate(), deletesFromSource: Bool = false) {
        self.template = template
        self.deletesFromSource = deletesFromSource
    }

    public struct Progress: Sendable, Equatable {
        public var files = 0
        public var totalFiles = 0
        public var bytes: Int64 = 0
        public var totalBytes: Int64 = 0
    }

    static let temporarySuffix = ".lightbox-import"

    /// Imports `groups` (of a survey, those chosen) into the library folder `library`. `record`
    /// adds each batch's copies to the catalog (on a thread of the import's); `progress` is told
    /// after each piece copied; true from `isCancelled` stops the import after the file being
    /// copied (which is not kept). Blocking: never on the main thread.
    public func run(
        _ groups: [ImportSurvey.Group], into library: String, record: @escaping @Sendable ([Photo]) throws -> Void,
        progress: (Progress) -> Void = { _ in }, isCancelled: () -> Bool = { false }
    ) -> PhotoImportReport {
        var report = PhotoImportReport()
        var destinations = ImportDestinations(library: library, template: template)
        for group in groups {
            for item in group.items where !item.isNew {
                report.skipped.append(.init(source: item.source, path: item.inLibrary))
            }
        }
        var planned: [Planned] = []
        var found: [Photo] = []
        for group in groups where group.hasNew {
            let plan = destinations.plan(group, report: &report)
            planned += plan.copies
            for (item, path) in plan.found {
                report.skipped.append(.init(source: item.source, path: path))
                if let photo = item.record?.copy(at: path) { found.append(photo) }
            }
        }
        if !found.isEmpty {
            do {
                try record(found)
            } catch {
                report.catalogError = "\(error)"
            }
        }
        var state = Progress(totalFiles: planned.count, totalBytes: planned.reduce(0) { $0 + $1.item.size })
        let finisher = BatchFinisher(destinations: destinations, record: record)
        var batch: [(Planned, CheckedCopy)] = []
        var batchSize: Int64 = 0
        let stoppedByPerson = tr("the import was stopped")
        for file in planned {
            if report.stopped == nil { report.stopped = isCancelled() ? stoppedByPerson : finisher.stopped }
            if let stopped = report.stopped {
                report.failed.append(.init(source: file.item.source, error: String(format: tr("not copied: %@"), stopped)))
                continue
            }
            let before = state.bytes
            do throws(CheckedCopy.Failure) {
                let copy = try CheckedCopy.copy(file.item.source, to: file.temporary) { done in
                    state.bytes = before + done
                    progress(state)
                    return !isCancelled()
                }
                batch.append((file, copy))
                batchSize += copy.size
            } catch {
                state.bytes = before + file.item.size
                if error.kind == .cancelled || error.isDiskFull {
                    report.stopped = error.kind == .cancelled ? stoppedByPerson : error.message
                }
                let message = error.kind == .cancelled ? String(format: tr("not copied: %@"), stoppedByPerson) : error.message
                report.failed.append(.init(source: file.item.source, error: message))
            }
            state.files += 1
            progress(state)
            if batch.count >= batchFiles || batchSize >= batchBytes || report.stopped != nil {
                finisher.finish(batch)
                batch = []
                batchSize = 0
            }
        }
        finisher.finish(batch)
        let finished = finisher.wait()
        report.copied = finished.copied.sorted { $0.source < $1.source }
        report.failed = (report.failed + finished.failed).sorted { $0.source < $1.source }
        report.catalogError = report.catalogError ?? finished.catalogError
        report.stopped = report.stopped ?? finished.stopped
        if deletesFromSource { deleteVerified(groups, report: &report) }
        return report
    }

    /// One file as planned: where it goes.
    struct Planned {
        var item: ImportSurvey.Item
        var path: String
        var temporary: String
    }

    /// Deletes from the source what the library holds now: each file whose copy, or the
    /// library's file it already was, is found to hold the same bytes, all of them.
    private func deleteVerified(_ groups: [ImportSurvey.Group], report: inout PhotoImportReport) {
        var verified = Set<String>()
        for entry in report.copied + report.skipped {
            if let path = entry.path, CheckedCopy.sameContents(entry.source, path) == true { verified.insert(entry.source) }
        }
        for group in groups {
            for item in group.items where verified.contains(item.source) {
                if unlink(PathBytes.c(item.source)) == 0 {
                    report.deleted.append(item.source)
                }
            }
        }
    }
}

/// Checks, names, flushes and records the batches an import hands it, one after the other on a
/// thread of its own while the next batch is copied (waiting there for a batch's writing left
/// the copying idle while the disk wrote). The thread is started from the import's and has its
/// priority: an app's import, run below the window's, stays there.
final class BatchFinisher: @unchecked Sendable {
    private let condition = NSCondition()
    /// Used on the finishing thread only.
    private var destinations: ImportDestinations
    private let record: @Sendable ([Photo]) throws -> Void
    /// Under `condition`: the batches handed over and not yet taken, whether one is being
    /// finished, whether no more will come, and what the batches came to (copied, failed,
    /// catalogError, stopped).
    private var waiting: [[(PhotoImport.Planned, CheckedCopy)]] = []
    private var isBusy = false
    private var isClosed = false
    private var hasThread = false
    private var result = PhotoImportReport()

    init(destinations: ImportDestinations, record: @escaping @Sendable ([Photo]) throws -> Void) {
        self.destinations = destinations
        self.record = record
    }

    /// Why the import must stop (the disk found full writing a copy out), once a batch found it.
    var stopped: String? { condition.withLock { result.stopped } }

    func finish(_ batch: [(PhotoImport.Planned, CheckedCopy)]) {
        guard !batch.isEmpty else { return }
        condition.withLock {
            waiting.append(batch)
            condition.broadcast()
            guard !hasThread else { return }
            hasThread = true
            Thread { self.finishAll() }.start()
        }
    }

    /// Waits for every batch handed over; what they came to.
    func wait() -> PhotoImportReport {
        condition.withLock {
            isClosed = true
            condition.broadcast()
            while !waiting.isEmpty || isBusy { condition.wait() }
            return result
        }
    }

    private func finishAll() {
        while true {
            let batch: [(PhotoImport.Planned, CheckedCopy)]? = condition.withLock {
                while waiting.isEmpty && !isClosed { condition.wait() }
                guard !waiting.isEmpty else { return nil }
                isBusy = true
                return waiting.removeFirst()
            }
            guard let batch else { return }
            finishNow(batch)
            condition.withLock {
                isBusy = false
                condition.broadcast()
            }
        }
    }

    /// Each copy written, checked and named, then the names flushed, then recorded.
    private func finishNow(_ batch: [(PhotoImport.Planned, CheckedCopy)]) {
        var diskFull: CheckedCopy.Failure?
        var done = PhotoImportReport()
        var photos: [Photo] = []
        for (file, copy) in batch {
            do throws(CheckedCopy.Failure) {
                if let diskFull { throw diskFull }
                try copy.check(file.temporary)
                let path = try destinations.name(file)
                done.copied.append(.init(source: file.item.source, path: path))
                if let photo = file.item.record?.copy(at: path) { photos.append(photo) }
            } catch {
                if error.isDiskFull { diskFull = error }
                unlink(PathBytes.c(file.temporary))
                done.failed.append(.init(source: file.item.source, error: error.message))
            }
        }
        try? CheckedCopy.flushFileSystem(holding: destinations.library)
        do {
            try record(photos)
        } catch {
            done.catalogError = "\(error)"
        }
        condition.withLock {
            result.copied += done.copied
            result.failed += done.failed
            result.catalogError = result.catalogError ?? done.catalogError
            if result.stopped == nil, let diskFull { result.stopped = diskFull.message }
        }
    }
}

/// One import's destinations: folders made, names taken.
struct ImportDestinations {
    let library: String
    let template: ImportTemplate
    /// Paths given to files of this import (not yet on disk while their batch is copied).
    private var taken: Set<String> = []
    /// Folders made (and cleared of an earlier import's leftovers) or found unusable.
    private var folders: [String: String?] = [:]

    init(library: String, template: ImportTemplate) {
        self.library = (library as NSString).standardizingPath
        self.template = template
    }

    /// Where each new file of `group` goes: beside the library's copy of another of its files
    /// (under that one's name), else where the template says; a name no file has. A file found
    /// at its place already (an import killed after naming it, before the catalog had it) is not
    /// copied again: `found`.
    mutating func plan(
        _ group: ImportSurvey.Group, report: inout PhotoImportReport
    ) -> (copies: [PhotoImport.Planned], found: [(ImportSurvey.Item, String)]) {
        let kept = group.items.first { $0.inLibrary != nil }?.inLibrary
        let folder =
            kept.map { ($0 as NSString).deletingLastPathComponent }
            ?? [library, template.folder(for: group.moment)].filter { !$0.isEmpty }.joined(separator: "/")
        var newItems = group.items.filter(\.isNew)
        if let failure = prepare(folder) {
            // Translators: %1$@ is a folder, %2$@ why it can't be made ("Permission denied").
            let message = String(format: tr("the folder %1$@ can’t be used: %2$@"), PathBytes.displayName(folder), failure)
            for item in newItems {
                report.failed.append(.init(source: item.source, error: message))
            }
            return ([], [])
        }
        let stem =
            kept.map { ImportSurvey.stem(of: ($0 as NSString).lastPathComponent) }
            ?? template.name(for: group.moment, cameraName: group.stem)
        var found: [(ImportSurvey.Item, String)] = []
        newItems.removeAll { item in
            let path = folder + "/" + Self.rename((item.source as NSString).lastPathComponent, from: group.stem, to: stem)
            guard !taken.contains(path), Self.holds(path, item) else { return false }
            taken.insert(path)
            found.append((item, path))
            return true
        }
        for attempt in 0... {
            let candidate = attempt == 0 ? stem : "\(stem)_\(attempt)"
            let paths = newItems.map {
                folder + "/" + Self.rename(($0.source as NSString).lastPathComponent, from: group.stem, to: candidate)
            }
            if paths.allSatisfy({ isFree($0) }) && Set(paths).count == paths.count {
                taken.formUnion(paths)
                let copies = zip(newItems, paths).map { item, path in
                    let name = (path as NSString).lastPathComponent
                    return PhotoImport.Planned(
                        item: item, path: path, temporary: folder + "/.\(name).\(getpid())\(PhotoImport.temporarySuffix)")
                }
                return (copies, found)
            }
        }
        return ([], found)
    }

    /// Whether the file at `path` is `item`'s: a photo's size and fingerprint, a sidecar's bytes.
    private static func holds(_ path: String, _ item: ImportSurvey.Item) -> Bool {
        guard let record = item.record else { return CheckedCopy.sameContents(item.source, path) == true }
        guard let fingerprint = record.identity?.fingerprint, case .success(let info) = FileInfo.of(path), info.size == item.size
        else { return false }
        return FileIdentity.read(path)?.fingerprint == fingerprint
    }

    /// Gives a checked copy its planned name, or the next free one if a file took it meanwhile.
    mutating func name(_ file: PhotoImport.Planned) throws(CheckedCopy.Failure) -> String {
        let folder = (file.path as NSString).deletingLastPathComponent
        let name = (file.path as NSString).lastPathComponent
        let stem = ImportSurvey.stem(of: name)
        for attempt in 0... {
            let path = attempt == 0 ? file.path : folder + "/" + Self.rename(name, from: stem, to: "\(stem)_\(attempt)")
            guard attempt == 0 || isFree(path) else { continue }
            do {
                try CheckedCopy.rename(file.temporary, to: path)
                taken.insert(path)
                return path
            } catch  where error.kind == .exists {
                continue
            }
        }
        fatalError("unreachable")
    }

    private func isFree(_ path: String) -> Bool {
        !taken.contains(path) && access(PathBytes.c(path), F_OK) != 0 && errno == ENOENT
    }

    /// `name` with its first `stem.count` characters (the camera's name) replaced by `newStem`.
    static func rename(_ name: String, from stem: String, to newStem: String) -> String {
        newStem + name.dropFirst(stem.count)
    }

    /// Makes `folder` (and those above it) and removes what a killed import left in it; why
    /// it can't be used, or nil.
    private mutating func prepare(_ folder: String) -> String? {
        if let known = folders[folder] { return known }
        var failure: String?
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for entry in (try? DirectoryListing.entries(of: folder)) ?? [] where Self.isLeftover(entry.name) {
                unlink(PathBytes.c(folder + "/" + entry.name))
            }
        } catch {
            failure = (error as NSError).localizedDescription
        }
        folders[folder] = .some(failure)
        return failure
    }

    /// Whether `name` is the temporary file of an import whose process is gone.
    static func isLeftover(_ name: String) -> Bool {
        guard name.hasPrefix("."), name.hasSuffix(PhotoImport.temporarySuffix) else { return false }
        let parts = name.dropLast(PhotoImport.temporarySuffix.count).split(separator: ".")
        guard let pid = parts.last.flatMap({ Int32($0) }) else { return false }
        return pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH
    }
}

extension Photo {
    /// What the scan read of this file, for its copy at `path` (that file's identity and time,
    /// the same fingerprint).
    fileprivate func copy(at path: String) -> Photo {
        var fields = self.fields
        fields.path = path
        if case .success(let info) = FileInfo.of(path) {
            fields.identity = info.identity.with(fingerprint: fields.identity?.fingerprint)
            fields.modified = info.modified
            fields.fileSize = info.size
        }
        return Photo(fields)
    }
}
