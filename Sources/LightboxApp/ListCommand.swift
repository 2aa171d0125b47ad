import Foundation
import Lightbox

/// `lightbox --list [--verify] FOLDER`: scans FOLDER into the catalog without opening a
/// window and prints one JSON object per file (`PhotoListing`), in path order, each
/// written out as soon as it is ready. One file's failure costs its own row only: it is
/// listed with an `error`. With `--verify` every file's pixels are decoded, on all cores.
enum ListCommand {
    /// The exit status (documented in `lightbox --help` and docs/library.md).
    enum Status: Int32 {
        /// Every file was listed without an error.
        case listed = 0
        /// The folder was listed, but at least one file has an error (or the listing
        /// could not be written out in full).
        case someFailed = 1
        /// The command line is wrong.
        case usage = 2
        /// The folder or the catalog can't be used; nothing was listed.
        case unusable = 3
    }

    static let usage = "usage: lightbox --list [--verify] FOLDER"

    struct Options: Equatable {
        var folder: String
        var verify = false

        /// The options after `--list`; a reason when they are wrong.
        static func parse(_ arguments: [String]) -> Result<Options, UsageError> {
            CommandArguments.split(arguments, of: "--list", knowing: ["--verify"]).flatMap { given in
                guard given.operands.count == 1, let folder = given.operands.first else {
                    return .failure(UsageError(reason: given.operands.isEmpty ? "--list needs a FOLDER" : "--list takes one FOLDER"))
                }
                return .success(Options(folder: folder, verify: given.flags.contains("--verify")))
            }
        }
    }

    struct UsageError: Error, Equatable {
        let reason: String
    }

    static func run(_ arguments: [String]) -> Int32 {
        let options: Options
        switch Options.parse(arguments) {
        case .success(let parsed): options = parsed
        case .failure(let error): return fail("lightbox: \(error.reason)\n\(usage)", .usage)
        }
        let scanned = FolderScan.run(options.folder) { catalog, root in
            (photos: try catalog.photos(in: root), albums: try catalog.albumNames(in: root))
        }
        switch scanned {
        case .success(let (photos, albums)):
            return list(PhotoListing.pairingLivePhotos(photos), albums: albums, verify: options.verify)
        case .failure(let failure): return fail(failure.message, .unusable)
        }
    }

    /// Lists `photos` in order, a chunk at a time: each chunk's files are checked in
    /// parallel (when verifying), then written out before the next chunk starts.
    private static func list(_ photos: [Photo], albums: [Photo.ID: [String]], verify: Bool) -> Int32 {
        let chunkSize = verify ? 4 * ProcessInfo.processInfo.activeProcessorCount : 64
        var status = Status.listed
        for start in stride(from: 0, to: photos.count, by: chunkSize) {
            let rows = listedRows(Array(photos[start..<min(start + chunkSize, photos.count)]), albums: albums, verify: verify)
            if rows.contains(where: \.failed) { status = .someFailed }
            do {
                try FileHandle.standardOutput.write(contentsOf: Data(rows.map { $0.line + "\n" }.joined().utf8))
            } catch {
                return fail("lightbox: the listing could not be written: \(error.localizedDescription)", .someFailed)
            }
        }
        return status.rawValue
    }

    private struct ListedRow: Sendable {
        let line: String
        let failed: Bool
    }

    /// The rows of `photos`, in order; with `verify`, their pixels are decoded on every core.
    private static func listedRows(_ photos: [Photo], albums: [Photo.ID: [String]], verify: Bool) -> [ListedRow] {
        guard verify else {
            return photos.map { ListedRow(line: PhotoListing.line(for: $0, albums: albums[$0.id] ?? []), failed: $0.error != nil) }
        }
        return photos.concurrentMap { photo in
            var photo = photo
            let problem = PhotoListing.decodingProblem(path: photo.path, workers: WorkerPool.shared)
            photo.error = photo.error ?? problem
            return ListedRow(
                line: PhotoListing.line(for: photo, decoded: problem == nil, albums: albums[photo.id] ?? []), failed: photo.error != nil)
        }
    }

    private static func fail(_ message: String, _ status: Status) -> Int32 {
        FolderScan.warn(message)
        return status.rawValue
    }
}
