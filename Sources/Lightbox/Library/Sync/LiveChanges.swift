import Foundation

/// Brings the catalog in line with a batch of changes a `FolderWatch` saw. Blocking;
/// run it off the main thread.
struct LiveChanges: Sendable {
    let catalog: Catalog
    let scanner: PhotoScanner

    /// What a batch did to the catalog.
    struct Outcome: Sendable {
        /// Rows written, as read from their files (with the catalog's stars, reject and
        /// keywords for photos it had, see `Catalog.Saved`).
        var saved: [Photo] = []
        /// Paths of photos marked missing, and the former paths of photos found again elsewhere.
        var removed: [String] = []
        /// Paths where a photo found again took the place of another one (see `Catalog.Saved`).
        var replaced: [String] = []
        /// Photos found again at a new path: former path → new path.
        var moves: [String: String] = [:]
        /// The first catalog write that failed (the next scan catches up on what it left out).
        var failure: Error?

        mutating func add(_ batch: Catalog.Saved) {
            saved += batch.photos
            removed += batch.movedFrom
            replaced += batch.replaced
            moves = Catalog.Saved.moves(moves, then: batch.moves)
        }
    }

    /// Marks what went away as missing (unless it is back on disk by now) before it reads
    /// new and changed files together (one transaction: a file moved or renamed finds its
    /// photo among the missing ones), and scans new folders whole, handing each folder
    /// walked to `onFolder`.
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
        var files: [(path: String, stamp: FileStamp, identity: FileIdentity)] = []
        for path in changes.changed.sorted() where !(path as NSString).lastPathComponent.hasPrefix(".") {
            guard let info = FileInfo(path: path) else {
                gone.append(path)
                continue
            }
            if info.isFolder {
                let batches = Batches()
                attempt {
                    let summary = try CatalogSync(catalog: catalog, scanner: scanner)
                        .run(folder: path, onBatch: batches.add, onFolder: onFolder)
                    outcome.removed += summary.removed
                }
                outcome.add(batches.saved)
            } else if info.isFile, PhotoFileKind(name: (path as NSString).lastPathComponent) != .other,
                (try? catalog.stamp(at: path)) != info.stamp
            {
                files.append((path, info.stamp, info.identity))
            }
        }
        // Gone first: a file moved within the batch is then found again by the save.
        attempt { outcome.removed += try catalog.markVanished(gone) }
        attempt {
            outcome.add(try catalog.saveRead(read(files)))
        }
        return outcome
    }

    /// Reads files on all cores, in order.
    private func read(_ files: [(path: String, stamp: FileStamp, identity: FileIdentity)]) -> [Photo] {
        let scanner = self.scanner
        return files.concurrentMap { file in
            var photo = scanner.read(file.path, file.stamp)
            photo.identity = file.identity.with(fingerprint: photo.identity?.fingerprint)
            return photo
        }
    }
}

/// The batches a `CatalogSync` committed, collected from its writer thread.
private final class Batches: @unchecked Sendable {
    private let lock = NSLock()
    private var collected = Catalog.Saved()

    func add(_ batch: Catalog.Saved) {
        lock.withLock { collected.add(batch) }
    }

    var saved: Catalog.Saved { lock.withLock { collected } }
}
