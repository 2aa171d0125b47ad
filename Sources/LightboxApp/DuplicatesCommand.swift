import Foundation
import Lightbox
import LightboxMedia
import Synchronization

/// `lightbox --duplicates FOLDER`: scans FOLDER into the catalog as `--list` does, gives every
/// readable photo its picture's hash from its thumbnail (made in the worker processes and
/// written to the freedesktop cache the window shares, so a second run reads them back), then
/// prints one JSON object per group of duplicates (`DuplicateListing`), the copy to keep first,
/// and one per file that could not be compared. The exit status is `--list`'s.
enum DuplicatesCommand {
    typealias Status = ListCommand.Status

    static var usage: String { tr("usage: lightbox --duplicates FOLDER") }

    /// The FOLDER after `--duplicates`; a reason when the arguments are wrong.
    static func folder(_ arguments: [String]) -> Result<String, ListCommand.UsageError> {
        CommandArguments.split(arguments, of: "--duplicates").flatMap { given in
            guard given.operands.count == 1, let folder = given.operands.first else {
                return .failure(
                    ListCommand.UsageError(
                        reason: given.operands.isEmpty ? tr("--duplicates needs a FOLDER") : tr("--duplicates takes one FOLDER")))
            }
            return .success(folder)
        }
    }

    static func run(_ arguments: [String]) -> Int32 {
        let folder: String
        switch Self.folder(arguments) {
        case .success(let given): folder = given
        case .failure(let error): return fail("lightbox: \(error.reason)\n\(usage)", .usage)
        }
        let scanned = FolderScan.run(folder) { catalog, root in
            (catalog: catalog, root: root, photos: try catalog.photos(in: root))
        }
        let catalog: Catalog
        let root: String
        let photos: [Photo]
        switch scanned {
        case .success(let result): (catalog, root, photos) = result
        case .failure(let failure): return fail(failure.message, .unusable)
        }
        let groups: [DuplicateGroup]
        var unreadable = Dictionary(photos.compactMap { photo in photo.error.map { (photo.path, $0) } }) { first, _ in first }
        do {
            let (hashes, failed) = makeHashes(for: try catalog.photosWithoutPictureHash(in: [root], limit: .max), saving: catalog)
            unreadable.merge(failed) { first, _ in first }
            var candidates = try catalog.duplicateCandidates(in: [root])
            // Made in this run but not kept (a catalog that can't be written): used all the same.
            for index in candidates.indices where candidates[index].hash == nil {
                candidates[index].hash = hashes[candidates[index].path]
                if unreadable[candidates[index].path] != nil { candidates[index].isReadable = false }
            }
            groups = DuplicateFinder().groups(in: candidates, notDuplicates: try catalog.notDuplicatePairs())
        } catch {
            return fail("lightbox: " + String(format: tr("the catalog can't be used: %@"), "\(error)"), .unusable)
        }
        let lines =
            groups.map(DuplicateListing.line(for:))
            + unreadable.keys.sorted().map { DuplicateListing.unreadableLine(path: $0, error: unreadable[$0]!) }
        do {
            try FileHandle.standardOutput.write(contentsOf: Data(lines.map { $0 + "\n" }.joined().utf8))
        } catch {
            return fail(
                "lightbox: " + String(format: tr("the duplicates could not be written: %@"), error.localizedDescription), .someFailed)
        }
        return (unreadable.isEmpty ? Status.listed : .someFailed).rawValue
    }

    /// The hashes of `photos` from their thumbnails, made a few at a time in the worker
    /// processes on every core and kept in `catalog` after each few; and why each photo that
    /// has none could not be decoded.
    private static func makeHashes(
        for photos: [(path: String, modified: Double)], saving catalog: Catalog
    ) -> (hashes: [String: PerceptualHash], failed: [String: String]) {
        let images = ImageSource(cache: ThumbnailCache(), workers: WorkerPool.shared)
        // Told, the workers hash what they decode (the hashes come back with the thumbnails).
        images.pictureHashes.withLock { $0 = PictureHashSink { _, _, _ in } }
        var hashes: [String: PerceptualHash] = [:]
        var failed: [String: String] = [:]
        // No more at once than the cache writes that may wait: every thumbnail is written.
        for start in stride(from: 0, to: photos.count, by: ImageSource.maxPendingWrites) {
            let chunk = Array(photos[start..<min(start + ImageSource.maxPendingWrites, photos.count)])
            let made = Made()
            let done = DispatchSemaphore(value: 0)
            Task.detached {
                await withTaskGroup(of: Void.self) { group in
                    for photo in chunk {
                        group.addTask {
                            let hash: Result<PerceptualHash, MediaError>
                            do {
                                hash = .success(
                                    try await images.pictureHash(path: photo.path, modified: photo.modified, priority: .nearby))
                            } catch {
                                hash = .failure((error as? MediaError) ?? MediaError("\(error)"))
                            }
                            made.items.withLock { $0.append((photo.path, photo.modified, hash)) }
                        }
                    }
                }
                done.signal()
            }
            done.wait()
            images.finishCacheWrites()
            var saved: [(path: String, modified: Double, hash: PerceptualHash)] = []
            for item in made.items.withLock({ $0 }) {
                switch item.hash {
                case .success(let hash):
                    hashes[item.path] = hash
                    saved.append((item.path, item.modified, hash))
                case .failure(let error):
                    failed[item.path] = String(format: tr("the image can't be decoded: %@"), error.message)
                }
            }
            try? catalog.savePictureHashes(saved)
        }
        return (hashes, failed)
    }

    /// The hashes made of a few photos, as they come.
    private final class Made: Sendable {
        let items = Mutex<[(path: String, modified: Double, hash: Result<PerceptualHash, MediaError>)]>([])
    }

    private static func fail(_ message: String, _ status: Status) -> Int32 {
        FolderScan.warn(message)
        return status.rawValue
    }
}
