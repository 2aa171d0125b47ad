import Foundation
import Gtk

/// A thumbnail ready for the UI. `image` is decoded pixels, safe to pass between
/// threads; the view layer turns it into a texture.
public struct Thumbnail: Sendable {
    public enum Origin: Sendable { case memory, diskCache, decoded }
    public let image: PixelImage
    public let origin: Origin
}

/// Loads thumbnails: memory LRU first, then the freedesktop cache, then a
/// downscaled decode (with EXIF orientation) that is written back to the cache
/// in the background once the caller has it.
///
/// At most `maxConcurrentDecodes` decodes run at once, on background threads. Cancel
/// the requesting task (a row scrolled away) and a request still waiting for a
/// decode slot ends with `CancellationError` without decoding anything.
public final class ThumbnailLoader: Sendable {
    public let cache: ThumbnailCache
    let memory: ThumbnailMemoryCache
    let slots: DecodeSlots
    private let decodes = Counter()
    /// Cache writes queued and not yet done.
    private let pendingWrites = Counter()
    static let maxPendingWrites = 32
    /// Cache files are written here, after the thumbnail went to the caller.
    private let writer = DispatchQueue(label: "io.github.lightbox.thumbnail-writer", qos: .utility)

    public init(cache: ThumbnailCache = ThumbnailCache(), memoryBudget: Int = 64 << 20,
                maxConcurrentDecodes: Int = max(2, ProcessInfo.processInfo.activeProcessorCount)) {
        self.cache = cache
        memory = ThumbnailMemoryCache(budget: memoryBudget)
        slots = DecodeSlots(count: maxConcurrentDecodes)
    }

    /// Waits until every thumbnail decoded so far is in the freedesktop cache
    /// (call before the process exits).
    public func finishCacheWrites() { writer.sync {} }

    /// The thumbnail if it is in memory already (no waiting, no disk).
    public func cachedThumbnail(path: String, modified: Double, size: Int) -> PixelImage? {
        memory.image(for: Self.request(path: path, modified: modified, size: size).key)
    }

    /// The freedesktop size covering `size` (nil above 256 px), the pixels decoded, the memory key.
    private static func request(path: String, modified: Double, size: Int)
        -> (cacheSize: ThumbnailCache.Size?, pixels: Int, key: String) {
        let cacheSize: ThumbnailCache.Size? = size <= ThumbnailCache.Size.large.rawValue
            ? ThumbnailCache.Size(fitting: size) : nil
        let pixels = cacheSize?.rawValue ?? size
        return (cacheSize, pixels, "\(pixels) \(Int(modified)) \(path)")
    }

    /// Number of decodes of original files so far (cache misses).
    public var decodeCount: Int { decodes.value }

    /// The thumbnail of the file at `path` (modified at `modified`), at most `size` px
    /// on its long side: the 128 or 256 px freedesktop size that covers `size`, or for
    /// sizes above 256 (a large view) a decode at `size` kept in memory only.
    public func thumbnail(path: String, modified: Double, size: Int) async throws -> Thumbnail {
        let (cacheSize, pixels, key) = Self.request(path: path, modified: modified, size: size)
        let mtime = Int(modified)
        if let image = memory.image(for: key) { return Thumbnail(image: image, origin: .memory) }
        guard let uri = FileNames.uri(forPath: path) else { throw MediaError("\(path) is not an absolute path") }

        try await slots.acquire()
        defer { Task { await slots.release() } }
        try Task.checkCancellation()
        let cache = self.cache, decodes = self.decodes, writer = self.writer, pendingWrites = self.pendingWrites
        let thumbnail = try await runBlocking(qos: .userInitiated) { () throws -> Thumbnail in
            if let cacheSize, let cached = cache.load(uri: uri, mtime: mtime, size: cacheSize) {
                return Thumbnail(image: cached, origin: .diskCache)
            }
            if cache.hasFailure(uri: uri, mtime: mtime) {
                throw MediaError("no thumbnail can be made for this file (an earlier attempt failed)")
            }
            decodes.increment()
            do {
                let image = try PixelImage.decode(path: path, fitting: pixels, maxPixels: PhotoReader.maxPixels)
                // Cache writes queue behind the caller; past a small backlog (fast scrolling
                // through thousands of photos) they are skipped rather than pile up in memory:
                // a skipped thumbnail is simply decoded again next time.
                if let cacheSize, pendingWrites.incrementIfBelow(ThumbnailLoader.maxPendingWrites) {
                    writer.async {
                        cache.store(image, uri: uri, mtime: mtime, size: cacheSize)
                        pendingWrites.decrement()
                    }
                }
                return Thumbnail(image: image, origin: .decoded)
            } catch {
                if FileManager.default.fileExists(atPath: path) {
                    writer.async { cache.storeFailure(uri: uri, mtime: mtime) }
                }
                throw error
            }
        }
        memory.insert(thumbnail.image, for: key)
        return thumbnail
    }
}

/// A counting semaphore for async tasks whose waiters can be cancelled.
actor DecodeSlots {
    private var free: Int
    private var waiters: [(id: UUID, continuation: CheckedContinuation<Void, Error>)] = []

    init(count: Int) { free = count }

    func acquire() async throws {
        try Task.checkCancellation()
        if free > 0 {
            free -= 1
            return
        }
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                waiters.append((id, continuation))
            }
        } onCancel: {
            Task { await self.cancel(id) }
        }
    }

    private func cancel(_ id: UUID) {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
        waiters.remove(at: index).continuation.resume(throwing: CancellationError())
    }

    /// Hands the slot to the newest waiter: the rows just scrolled into view come
    /// first, older requests (likely scrolled away and cancelled soon) wait.
    func release() {
        if waiters.isEmpty {
            free += 1
        } else {
            waiters.removeLast().continuation.resume()
        }
    }
}

/// Decoded thumbnails kept in memory, least recently used dropped first once their
/// pixels exceed `budget` bytes.
final class ThumbnailMemoryCache: @unchecked Sendable {
    let budget: Int
    private let lock = NSLock()
    private var entries: [String: (image: PixelImage, lastUse: Int)] = [:]
    private var clock = 0
    private(set) var bytes = 0

    init(budget: Int) { self.budget = budget }

    func image(for key: String) -> PixelImage? {
        lock.withLock {
            guard let entry = entries[key] else { return nil }
            clock += 1
            entries[key]?.lastUse = clock
            return entry.image
        }
    }

    func insert(_ image: PixelImage, for key: String) {
        lock.withLock {
            clock += 1
            if let old = entries.updateValue((image, clock), forKey: key) { bytes -= old.image.byteCount }
            bytes += image.byteCount
            while bytes > budget, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                entries[oldest.key] = nil
                bytes -= oldest.value.image.byteCount
            }
        }
    }

    var count: Int { lock.withLock { entries.count } }
}

/// A thread-safe counter.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
    func decrement() { lock.withLock { count -= 1 } }
    /// Increments and returns true unless the count already reached `limit`.
    func incrementIfBelow(_ limit: Int) -> Bool {
        lock.withLock {
            guard count < limit else { return false }
            count += 1
            return true
        }
    }
}
