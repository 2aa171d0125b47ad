import Foundation

/// Brings the catalog in line with a batch of changes a `FolderWatch` saw. Blocking;
/// run it off the main thread.
struct LiveChanges: Sendable {
    let catalog: Catalog
    let scanner: PhotoScanner

    /// What a batch did to the catalog.
    struct Outcome: Sendable {
        /// Rows written, as read from their files.
        var saved: [Photo] = []
        /// Paths whose rows were dropped.
        var removed: [String] = []
        /// The first catalog write that failed (the next scan catches up on what it left out).
        var failure: Error?
    }

    /// Drops the rows of what went away (unless it is back on disk by now), reads new
    /// and changed files together (one transaction), and scans new folders whole,
    /// handing each folder walked to `onFolder`.
    func apply(_ changes: FolderWatch.Changes, onFolder: @escaping @Sendable (String) -> Void) -> Outcome {
        var outcome = Outcome()
        func attempt(_ work: () throws -> Void) {
            do { try work() } catch { outcome.failure = outcome.failure ?? error }
        }
        var gone: [String] = []
        for path in changes.removed.sorted() {
            // A file, or a folder with everything in it.
            gone.append(path)
            gone += (try? catalog.photos(in: path).map(\.path)) ?? []
        }
        var files: [(path: String, stamp: FileStamp)] = []
        for path in changes.changed.sorted() where !(path as NSString).lastPathComponent.hasPrefix(".") {
            var info = stat()
            guard stat(path, &info) == 0 else {
                gone.append(path)
                continue
            }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                let batches = Batches()
                attempt {
                    let summary = try CatalogSync(catalog: catalog, scanner: scanner)
                        .run(folder: path, onBatch: batches.add, onFolder: onFolder)
                    outcome.removed += summary.removed
                }
                outcome.saved += batches.photos
            } else if (info.st_mode & S_IFMT) == S_IFREG, PhotoFileKind(name: (path as NSString).lastPathComponent) != .other,
                (try? catalog.photo(at: path))?.map({ FileStamp(size: $0.fileSize, modified: $0.modified) })
                    != FileStamp(info)
            {
                files.append((path, FileStamp(info)))
            }
        }
        attempt { outcome.removed += try catalog.removeVanished(gone) }
        attempt { outcome.saved += try catalog.saveRead(read(files)) }
        return outcome
    }

    /// Reads files on all cores, in order.
    private func read(_ files: [(path: String, stamp: FileStamp)]) -> [Photo] {
        let scanner = self.scanner
        return files.concurrentMap { scanner.read($0.path, $0.stamp) }
    }
}

/// The batches a `CatalogSync` committed, collected from its writer thread.
private final class Batches: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [Photo] = []

    func add(_ batch: [Photo]) { lock.withLock { collected += batch } }

    var photos: [Photo] { lock.withLock { collected } }
}
