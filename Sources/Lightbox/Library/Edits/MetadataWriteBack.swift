import Foundation
import Gtk
import LightboxMedia

/// Copies the catalog's stars, reject, keywords, title, caption and corrections (orientation,
/// date, place) into the photo files, one file after the
/// other on a serial background queue, reading the queue from the catalog
/// (`Catalog.pendingWrites`, filled in the edit's own transaction): a crash or a quit
/// leaves the rest queued for the next launch.
///
/// Each file is replaced safely: a hidden temporary copy in the same folder gets the tags
/// (gexiv2; the image data is copied, never re-encoded), is read back and checked, takes
/// the original's mode and owner, is flushed to disk, and is renamed over the original only
/// if the original did not change meanwhile. A file another app changed since the catalog
/// read it is read again first, and its other tags stay. RAW, HEIC and other formats
/// gexiv2 should not rewrite, and files Lightbox may not write, get an XMP sidecar
/// (`IMG_1.CR2.xmp`, or the existing one in either naming) instead.
final class MetadataWriteBack: @unchecked Sendable {
    /// What a pass over one file came to, for the Store.
    struct Report: Sendable {
        /// What the person is told: which file could not be updated, and why.
        var failure: String?
        /// The file as another app left it, read again before it was written.
        var reread: Photo?
        /// Files still waiting.
        var remaining: Int
    }

    /// Formats whose files get the tags themselves (gexiv2 rewrites them without touching
    /// the image data); any other photo gets a sidecar.
    static let embeddingExtensions: Set<String> = ["jpg", "jpeg", "jpe", "png", "tif", "tiff", "webp"]
    /// Formats made for EXIF: they get `Exif.Image.Rating` (PNG and WebP only when they have EXIF already).
    static let exifExtensions: Set<String> = ["jpg", "jpeg", "jpe", "tif", "tiff"]
    /// Temporary copies are hidden (the scanner skips them) and carry this mark, so those a
    /// crash left behind can be told from anything else and removed.
    static let temporaryMark = ".lightbox-tmp-"

    let catalog: Catalog
    private let readFile: @Sendable (String, FileStamp) -> Photo
    private let queue = DispatchQueue(label: "io.github.lightbox.write-back", qos: .utility)
    private let lock = NSLock()
    /// A pass over the queue is scheduled or running (under `lock`).
    private var isScheduled = false
    /// Files were queued while a pass ran: it looks at the queue again (under `lock`).
    private var lookAgain = false
    /// Quitting: the pass stops after the file in hand (under `lock`).
    private var isStopping = false
    private var onReport: (@Sendable (Report) -> Void)?
    /// Folders cleared of temporary copies a crash left (on `queue` only).
    private var clearedFolders: Set<String> = []

    init(
        catalog: Catalog, readFile: @escaping @Sendable (String, FileStamp) -> Photo = { PhotoReader.read(path: $0, stamp: $1) },
        onReport: (@Sendable (Report) -> Void)? = nil
    ) {
        self.catalog = catalog
        self.readFile = readFile
        self.onReport = onReport
    }

    /// Writes every queued file, in the background (files queued meanwhile too).
    func schedule() {
        let start = lock.withLock { () -> Bool in
            isStopping = false
            lookAgain = true
            guard !isScheduled else { return false }
            isScheduled = true
            return true
        }
        if start { queue.async { self.pass() } }
    }

    /// Waits at most `seconds` for the queue to be written, then stops after the file in
    /// hand; what is left stays queued in the catalog. Returns whether everything was written.
    @discardableResult
    func finish(waitingAtMost seconds: Double) -> Bool {
        let done = DispatchSemaphore(value: 0)
        queue.async { done.signal() }
        let finished = done.wait(timeout: .now() + seconds) == .success
        if !finished {
            lock.withLock { isStopping = true }
            queue.sync {}  // the file in hand: one file, never more
        }
        return finished
    }

    private var stopping: Bool { lock.withLock { isStopping } }

    /// Writes what the catalog queued, each version of a file once per pass, until nothing
    /// new is queued.
    private func pass() {
        var attempted: Set<PendingWrite> = []
        while true {
            lock.withLock { lookAgain = false }
            let waiting = ((try? catalog.pendingWrites()) ?? []).filter { !attempted.contains($0) }
            if waiting.isEmpty || stopping {
                let over = lock.withLock { () -> Bool in
                    guard !lookAgain || isStopping else { return false }
                    isScheduled = false
                    return true
                }
                if over {
                    report(Report(remaining: (try? catalog.pendingWriteCount()) ?? 0))
                    return
                }
                continue
            }
            for write in waiting {
                if stopping { break }
                attempted.insert(write)
                var report = self.write(write)
                report.remaining = (try? catalog.pendingWriteCount()) ?? 0
                self.report(report)
            }
        }
    }

    private func report(_ report: Report) {
        onReport?(report)
    }

    // MARK: One file

    /// Why a file could not be updated, in words for the person.
    struct Failure: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// Writes the catalog's metadata for `write.path` into its file or sidecar and settles
    /// the queue entry. A file that is gone keeps its entry (a disk away comes back); a
    /// failure drops it, and the report says why.
    private func write(_ write: PendingWrite) -> Report {
        let path = write.path
        let name = (path as NSString).lastPathComponent
        guard let photo = try? catalog.photo(at: path) else {
            try? catalog.settle(write, stamp: nil, reread: nil)  // no row: nothing to write
            return Report(remaining: 0)
        }
        guard let info = FileInfo(path: path) else { return Report(remaining: 0) }
        clearTemporaryCopies(in: (path as NSString).deletingLastPathComponent)
        let tags = WrittenTags(
            stars: photo.rating, isRejected: photo.isRejected, keywords: photo.keywords, title: photo.title, caption: photo.caption)
        let corrections = WrittenCorrections(photo.corrections)
        // Another app changed the file since the catalog read it: take in what it changed.
        var reread =
            info.stamp != FileStamp(size: photo.fileSize, modified: photo.modified)
            ? readFile(path, info.stamp) : nil
        do {
            var stamp: FileStamp?
            let ext = (path as NSString).pathExtension.lowercased()
            let folder = (path as NSString).deletingLastPathComponent
            let embeds =
                Self.embeddingExtensions.contains(ext) && Self.readOnlyReason(path) == nil
                && Self.readOnlyReason(folder) == nil
            if embeds {
                let exifRating = Self.exifExtensions.contains(ext) || ((try? ImageMetadataWriter.hasExif(at: path)) ?? false)
                stamp = try replace(path, of: path, with: tags, corrections, as: .photo(exifRating: exifRating))
                // The file now says what the person corrected: the catalog reads it as the file's own.
                if let stamp, !corrections.isEmpty { reread = readFile(path, stamp) }
            }
            if !embeds || SidecarFile.existing(for: path) != nil {
                try writeSidecar(for: path, tags: tags, corrections)
            }
            try catalog.settle(write, stamp: stamp ?? (reread != nil ? info.stamp : nil), reread: reread)
            return Report(reread: reread, remaining: 0)
        } catch {
            try? catalog.settle(write, stamp: nil, reread: nil)
            let reason = (error as? Failure)?.reason ?? "\(error)"
            // Translators: %1$@ is a photo's file name, %2$@ why it could not be written ("the disk is full").
            return Report(failure: String(format: tr("“%1$@” could not be updated: %2$@."), name, reason), remaining: 0)
        }
    }

    /// Writes `tags` into the sidecar of `path`: the one that exists, in either naming, or
    /// a new `name.ext.xmp`.
    private func writeSidecar(for path: String, tags: WrittenTags, _ corrections: WrittenCorrections) throws {
        let existing = SidecarFile.existing(for: path)
        let sidecar = existing ?? path + ".xmp"
        let folder = (path as NSString).deletingLastPathComponent
        if let reason = Self.readOnlyReason(folder) {
            throw Failure(
                reason == .disk
                    // Translators: why a photo's metadata could not be written (after “…” could not be updated:).
                    ? tr("the disk is read-only, so no sidecar can be written")
                    // Translators: why a photo's metadata could not be written (after “…” could not be updated:).
                    : tr("the folder is read-only, so no sidecar can be written"))
        }
        if existing != nil, Self.readOnlyReason(sidecar) != nil {
            // Translators: %@ is the file name of a photo's XMP sidecar.
            throw Failure(String(format: tr("its sidecar “%@” is read-only"), (sidecar as NSString).lastPathComponent))
        }
        _ = try replace(sidecar, of: path, with: tags, corrections, as: .sidecar, creating: existing == nil)
    }

    /// Replaces the file at `path` (a new one when `creating`) with a copy that has `tags`;
    /// returns the new file's stamp. Tries again when the original changes meanwhile, and
    /// gives up when `photo` left the catalog (trashed).
    private func replace(
        _ path: String, of photo: String, with tags: WrittenTags, _ corrections: WrittenCorrections,
        as container: ImageMetadataWriter.Container, creating: Bool = false
    ) throws -> FileStamp {
        for _ in 0..<3 {
            var before = stat()
            if !creating, stat(PathBytes.c(path), &before) != 0 { throw Failure(Self.describe(errno)) }
            let copy = try TemporaryCopy(next: path)
            defer { copy.remove() }
            if creating {
                try copy.fill(with: Data(ImageMetadataWriter.emptySidecar.utf8))
                before.st_mode = S_IFREG | 0o644
                before.st_uid = getuid()
                before.st_gid = getgid()
            } else {
                try copy.fill(from: path)
            }
            do {
                try ImageMetadataWriter.write(tags, corrections: corrections, into: copy.path, as: container)
                guard try ImageMetadataWriter.writtenTags(at: copy.path) == tags,
                    try ImageMetadataWriter.writtenCorrections(at: copy.path, as: container, like: corrections) == corrections
                else {
                    throw Failure(tr("the written copy did not read back as written"))
                }
            } catch let error as MediaError {
                // Translators: %@ is Exiv2's reason.
                throw Failure(String(format: tr("the metadata could not be written (%@)"), error.message))
            }
            try copy.finish(like: before)
            let replaced = try catalog.serialized { () throws -> Bool in
                // Trashed meanwhile (the trash runs serialized too): never bring it back.
                guard (try? catalog.photo(at: photo)) != nil else { throw Failure(tr("the photo was moved away")) }
                var now = stat()
                let present = stat(PathBytes.c(path), &now) == 0
                if creating ? present : !(present && Self.same(now, before)) { return false }
                guard rename(PathBytes.c(copy.path), PathBytes.c(path)) == 0 else { throw Failure(Self.describe(errno)) }
                return true
            }
            guard replaced else { continue }
            TemporaryCopy.syncFolder(of: path)
            guard let after = FileInfo(path: path) else { throw Failure(Self.describe(errno)) }
            return after.stamp
        }
        throw Failure(tr("another app kept changing the file"))
    }

    /// What is read-only about a path: the disk it is on, or the folder or file itself.
    enum ReadOnly { case disk, folder, file }

    /// Why the file or folder at `path` is not to be written, nil when it may be: no write
    /// permission, a read-only disk, or a mode without any write bit (what the person
    /// meant by it holds even for root, who may write anyway).
    static func readOnlyReason(_ path: String) -> ReadOnly? {
        let info = FileInfo(path: path)
        let isFolder = info?.isFolder == true
        if access(PathBytes.c(path), W_OK) != 0 {
            if errno == EROFS { return .disk }
        } else if (info?.permissions ?? 0) & 0o222 != 0 {
            return nil
        }
        return isFolder ? .folder : .file
    }

    private static func same(_ a: stat, _ b: stat) -> Bool {
        a.st_ino == b.st_ino && a.st_dev == b.st_dev && FileStamp(a) == FileStamp(b)
    }

    static func describe(_ code: Int32) -> String {
        switch code {
        case EACCES, EPERM: return tr("permission denied")
        case EROFS: return tr("the disk is read-only")
        case ENOSPC: return tr("the disk is full")
        case ENOENT: return tr("the file is gone")
        default: return String(cString: strerror(code))
        }
    }

    /// Removes the temporary copies a crash left in `folder` (once per folder and run).
    private func clearTemporaryCopies(in folder: String) {
        guard clearedFolders.insert(folder).inserted,
            let entries = try? DirectoryListing.entries(of: folder)
        else { return }
        for name in entries.map(\.name) where name.hasPrefix(".") && name.contains(Self.temporaryMark) {
            unlink(PathBytes.c(folder + "/" + name))
        }
    }
}

/// The XMP sidecar names other apps use: `IMG_1.CR2.xmp` (darktable, digiKam) and `IMG_1.xmp` (Lightroom).
enum SidecarFile {
    /// The sidecar of `path` that exists, `name.ext.xmp` first (the reader's order).
    static func existing(for path: String) -> String? {
        var candidates = [path + ".xmp"]
        let base = (path as NSString).deletingPathExtension
        if base != path { candidates.append(base + ".xmp") }
        return candidates.first { access(PathBytes.c($0), F_OK) == 0 }
    }
}

/// A hidden file next to the one it will replace (`.IMG_1.jpg.lightbox-tmp-XXXXXX`), made
/// only by this process (`O_EXCL`), removed unless renamed.
private struct TemporaryCopy {
    let path: String

    init(next original: String) throws {
        let folder = (original as NSString).deletingLastPathComponent
        let name = (original as NSString).lastPathComponent
        let letters = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        for _ in 0..<8 {
            let suffix = String((0..<8).map { _ in letters.randomElement()! })
            let candidate = "\(folder)/.\(name)\(MetadataWriteBack.temporaryMark)\(suffix)"
            let descriptor = open(PathBytes.c(candidate), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if descriptor >= 0 {
                close(descriptor)
                path = candidate
                return
            }
            guard errno == EEXIST else {
                throw MetadataWriteBack.Failure(
                    errno == EACCES || errno == EPERM
                        ? tr("the folder is read-only")
                        : MetadataWriteBack.describe(errno))
            }
        }
        throw MetadataWriteBack.Failure(tr("no temporary file could be made next to it"))
    }

    func remove() { unlink(PathBytes.c(path)) }

    /// Copies the bytes of `source`, a few megabytes at a time.
    func fill(from source: String) throws {
        guard let input = Self.handle(opening: source, O_RDONLY) else {
            // Translators: %@ is the system's reason ("permission denied").
            throw MetadataWriteBack.Failure(String(format: tr("it can't be read (%@)"), MetadataWriteBack.describe(errno)))
        }
        defer { try? input.close() }
        let output = try handle()
        defer { try? output.close() }
        do {
            while let chunk = try input.read(upToCount: 4 << 20), !chunk.isEmpty {
                try output.write(contentsOf: chunk)
            }
        } catch {
            // Translators: %@ is the system's reason.
            throw MetadataWriteBack.Failure(String(format: tr("it could not be copied (%@)"), error.localizedDescription))
        }
    }

    func fill(with data: Data) throws {
        let output = try handle()
        defer { try? output.close() }
        do { try output.write(contentsOf: data) } catch {
            // Translators: %@ is the system's reason.
            throw MetadataWriteBack.Failure(String(format: tr("the sidecar could not be written (%@)"), error.localizedDescription))
        }
    }

    private func handle() throws -> FileHandle {
        guard let handle = Self.handle(opening: path, O_WRONLY) else {
            throw MetadataWriteBack.Failure(MetadataWriteBack.describe(errno))
        }
        return handle
    }

    /// The file at `path` opened with `flags` (its bytes, whatever its name's encoding; `FileHandle`'s
    /// own initializers take the name as text); nil with `errno` set when it can't be.
    private static func handle(opening path: String, _ flags: Int32) -> FileHandle? {
        let descriptor = Foundation.open(PathBytes.c(path), flags | O_CLOEXEC)
        return descriptor >= 0 ? FileHandle(fileDescriptor: descriptor, closeOnDealloc: true) : nil
    }

    /// Gives the copy the original's mode and (where allowed) owner, and flushes it to disk.
    func finish(like original: stat) throws {
        let descriptor = open(PathBytes.c(path), O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw MetadataWriteBack.Failure(MetadataWriteBack.describe(errno)) }
        defer { close(descriptor) }
        _ = fchown(descriptor, original.st_uid, original.st_gid)  // another's file: only root may keep its owner
        guard fchmod(descriptor, original.st_mode & 0o7777) == 0, fsync(descriptor) == 0 else {
            throw MetadataWriteBack.Failure(MetadataWriteBack.describe(errno))
        }
    }

    /// Flushes the folder of `path`, so that the rename is on disk too.
    static func syncFolder(of path: String) {
        let descriptor = open(PathBytes.c((path as NSString).deletingLastPathComponent), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}
