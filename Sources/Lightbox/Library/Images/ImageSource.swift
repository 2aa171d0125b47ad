import Foundation
import Gtk
import LightboxMedia
import Synchronization

/// How soon the person needs an image (later cases come first).
public enum ImagePriority: Sendable, Comparable {
    /// Made ahead of any need: thumbnails (and their hashes) for photos never shown yet, one
    /// at a time, only while nothing else waits.
    case background
    /// Fetched ahead: the photo page's neighbours, shown if the person steps there.
    case nearby
    /// On screen now.
    case visible
}

/// The one place the UI gets photos' pixels from: thumbnails and the photo page's large
/// image alike. A view asks for a photo at a size and cancels the asking task when it no
/// longer needs the image (a row scrolled away, the page moved on).
///
/// ```swift
/// if let image = images.cachedImage(for: photo, size: 128) { show(image) }  // memory only, no waiting
/// task = Task { show(try await images.image(for: photo, size: 128)) }     // .visible by default
/// task.cancel()                                                            // a waiting request costs nothing
/// ```
///
/// Sizes up to 256 px come from memory (an LRU within `memoryBudget` bytes), then the
/// freedesktop cache, then a downscaled decode (with EXIF orientation) written back to the
/// cache in the background once the caller has it. Larger sizes (the details preview) are
/// decoded at that size and kept in memory only; sizes above `largeSide` (the photo page)
/// are kept in a memory cache of their own, the `largeImageCount` most recent, so a few
/// large images never push the thumbnails out.
///
/// While `defersPrefetch` is set (the Store sets it while a scan reads files), `.nearby`
/// requests wait: rows a list keeps beyond the visible ones, which a scan's changes rebind
/// again and again, would take the readers' cores.
///
/// At most `maxConcurrentDecodes` decodes run at once, at background QoS (nice 10 on Linux, below the UI).
/// When a decode slot frees, the newest `.visible` request is served first, then the newest
/// `.nearby` one. Requests for the same image share one decode. While `.visible` requests
/// wait or decode, `foreground` is busy: the scan's readers stand aside for them.
public final class ImageSource: Sendable {
    public let cache: ThumbnailCache
    /// Busy while on-screen requests wait for or hold a decode slot.
    public let foreground: ForegroundWork
    /// Thumbnails and previews (sizes up to `largeSide`).
    let thumbnails: ImageMemoryCache
    /// Large images (sizes above `largeSide`), the most recent few.
    let largeImages: ImageMemoryCache
    /// Images asked for larger than this (px) are kept in `largeImages`.
    public static let largeSide = 1024
    let queue: DecodeQueue
    private let decodes = Counter()
    /// Cache writes queued and not yet done.
    private let pendingWrites = Counter()
    public static let maxPendingWrites = 32
    /// Cache files are written here, after the thumbnail went to the caller.
    private let writer = DispatchQueue(label: "io.github.lightbox.thumbnail-writer", qos: .background)
    /// Called on the decoding thread with each file's path as its decode starts (tests
    /// record the order requests are served in).
    private let willDecode: (@Sendable (String) -> Void)?
    /// Decodes run in these helper processes when set (the app's shared pool by default).
    let workers: WorkerPool?
    /// Seconds a decode in a worker may take before the worker is stopped.
    static let decodeTimeout = 30.0
    /// Told each picture's hash (`PerceptualHash`) as its thumbnail is decoded or read from
    /// the freedesktop cache, on the decoding thread: path, the modification time the
    /// thumbnail is of, hash. Nil: no hashes are made.
    public let pictureHashes = Mutex<PictureHashSink?>(nil)

    public convenience init(
        cache: ThumbnailCache = ThumbnailCache(), memoryBudget: Int = 64 << 20,
        largeImageCount: Int = 3,
        maxConcurrentDecodes: Int = max(2, ProcessInfo.processInfo.activeProcessorCount),
        workers: WorkerPool? = WorkerPool.shared
    ) {
        self.init(
            cache: cache, memoryBudget: memoryBudget, largeImageCount: largeImageCount,
            maxConcurrentDecodes: maxConcurrentDecodes, willDecode: nil, workers: workers)
    }

    init(
        cache: ThumbnailCache, memoryBudget: Int, largeImageCount: Int, maxConcurrentDecodes: Int,
        willDecode: (@Sendable (String) -> Void)?, workers: WorkerPool? = WorkerPool.shared
    ) {
        self.workers = workers
        self.cache = cache
        foreground = ForegroundWork()
        thumbnails = ImageMemoryCache(budget: memoryBudget)
        largeImages = ImageMemoryCache(budget: .max, maxCount: largeImageCount)
        queue = DecodeQueue(slots: maxConcurrentDecodes, foreground: foreground)
        self.willDecode = willDecode
    }

    /// Whether `.nearby` requests wait (they start once it is cleared).
    public var defersPrefetch: Bool {
        get { queue.defersPrefetch.withLock { $0 } }
        set {
            let was = queue.defersPrefetch.withLock { value in
                defer { value = newValue }
                return value
            }
            if was, !newValue { Task { await queue.startJobs() } }
        }
    }

    /// Waits until every thumbnail decoded so far is in the freedesktop cache
    /// (call before the process exits).
    public func finishCacheWrites() { writer.sync {} }

    /// Number of decodes of original files so far (misses of every cache).
    public var decodeCount: Int { decodes.value }

    /// `photo`'s image if it is in memory already (no waiting, no disk), turned as the
    /// person turned the photo (`Photo.displayTurn`).
    public func cachedImage(for photo: Photo, size: Int) -> PixelImage? {
        guard let image = fileImageInMemory(for: photo, size: size) else { return nil }
        return try? image.turned(photo.displayTurn)
    }

    /// Whether `photo`'s image is in memory already (nothing is turned to tell).
    public func hasImageInMemory(for photo: Photo, size: Int) -> Bool { fileImageInMemory(for: photo, size: size) != nil }

    /// The image as the file shows it, in memory: the caches keep one per file, however it is turned.
    private func fileImageInMemory(for photo: Photo, size: Int) -> PixelImage? {
        let request = Request(path: photo.path, modified: photo.modified, size: size)
        return memory(for: request).image(for: request.key)
    }

    /// `photo`'s image, turned as the person turned it, at most `size` px on its long side: for sizes up to 256 the 128 or
    /// 256 px freedesktop size that covers `size`, above that a decode at `size`.
    /// Cancelling the calling task drops the request (`CancellationError`); a request
    /// still waiting for a decode slot then costs no decode.
    public func image(for photo: Photo, size: Int, priority: ImagePriority = .visible) async throws -> PixelImage {
        try await load(path: photo.path, modified: photo.modified, size: size, priority: priority).image.turned(photo.displayTurn)
    }

    /// The thumbnail `photo` had when its file was last seen, scaled to fit `size`: from memory
    /// or the freedesktop cache only, never decoded, for a photo whose file is gone (the
    /// Missing Photos window).
    public func lastThumbnail(of photo: Photo, size: Int) async -> PixelImage? {
        let request = Request(path: photo.path, modified: photo.modified, size: min(size, ThumbnailCache.Size.large.rawValue))
        let inMemory = memory(for: request).image(for: request.key)
        guard inMemory != nil || request.cacheSize != nil, let uri = FileNames.uri(forPath: photo.path) else { return nil }
        let cache = self.cache
        return await Task.detached(priority: .userInitiated) {
            guard let image = inMemory ?? request.cacheSize.flatMap({ cache.load(uri: uri, mtime: request.mtime, size: $0) }) else {
                return nil
            }
            return try? image.scaled(fitting: size)
        }.value
    }

    /// The hash of the picture at `path` (`PerceptualHash`), from its thumbnail: from memory or
    /// the freedesktop cache, else decoded (and cached) at `priority` (`.background` in the app;
    /// `lightbox --duplicates`, with no window to stand aside for, takes every slot with `.nearby`).
    public func pictureHash(path: String, modified: Double, priority: ImagePriority = .background) async throws -> PerceptualHash {
        let size = PerceptualHash.thumbnailSide
        let loaded = try await load(path: path, modified: modified, size: size, priority: priority)
        if let hash = loaded.hash { return hash }
        return try PerceptualHash.of(loaded.image)
    }

    /// The image and where it came from.
    func load(path: String, modified: Double, size: Int, priority: ImagePriority = .visible) async throws -> LoadedImage {
        let request = Request(path: path, modified: modified, size: size)
        if let image = memory(for: request).image(for: request.key) { return LoadedImage(image: image, origin: .memory) }
        guard let uri = FileNames.uri(forPath: path) else { throw MediaError("\(path) is not an absolute path") }
        return try await queue.load(key: request.key, priority: priority) { [self] in
            try make(request, uri: uri, priority: priority)
        }
    }

    /// A decode in this process (no workers: tools and tests), hashed as a worker's is.
    private static func decodeHere(_ request: Request, hashing: Bool) throws(MediaError) -> (image: PixelImage, hash: PerceptualHash?) {
        let image = try PixelImage.decode(path: request.path, fitting: request.pixels, maxPixels: PhotoReader.maxPixels)
        return (image, hashing && request.pixels <= PerceptualHash.thumbnailSide ? try? PerceptualHash.of(image) : nil)
    }

    /// A request's sizes and memory key.
    struct Request: Sendable {
        let path: String
        let modified: Double
        let mtime: Int
        /// The freedesktop size covering the request (nil above 256 px).
        let cacheSize: ThumbnailCache.Size?
        /// The long side decoded.
        let pixels: Int
        let key: String

        init(path: String, modified: Double, size: Int) {
            self.path = path
            self.modified = modified
            mtime = Int(modified)
            cacheSize = size <= ThumbnailCache.Size.large.rawValue ? ThumbnailCache.Size(fitting: size) : nil
            pixels = cacheSize?.rawValue ?? size
            key = "\(pixels) \(mtime) \(path)"
        }
    }

    private func memory(for request: Request) -> ImageMemoryCache {
        request.pixels > Self.largeSide ? largeImages : thumbnails
    }

    /// Memory (filled meanwhile by an earlier request), the freedesktop cache, or a decode;
    /// blocking, on a decode slot's thread. The cache and its failure markers are for
    /// thumbnails only: a larger image is always decoded, and its decoder's message kept.
    private func make(_ request: Request, uri: String, priority: ImagePriority) throws -> LoadedImage {
        // Thumbnails made ahead of need stay out of memory: they would push out the ones on screen.
        let keeps = priority != .background
        let memory = memory(for: request)
        if let image = memory.image(for: request.key) { return LoadedImage(image: image, origin: .memory) }
        let cacheSize = request.cacheSize
        let mtime = request.mtime
        if let cacheSize {
            if let cached = cache.load(uri: uri, mtime: mtime, size: cacheSize) {
                if keeps { memory.insert(cached, for: request.key) }
                let hash = pictureHashes.withLock({ $0 }).flatMap { sink in
                    (try? PerceptualHash.of(cached)).map { hash in
                        sink.tell(request.path, request.modified, hash)
                        return hash
                    }
                }
                return LoadedImage(image: cached, origin: .diskCache, hash: hash)
            }
            if cache.hasFailure(uri: uri, mtime: mtime) {
                throw MediaError(tr("no thumbnail can be made for this file (an earlier attempt failed)"))
            }
        }
        decodes.increment()
        willDecode?(request.path)
        do {
            let tell = pictureHashes.withLock { $0 }
            let (image, hash) =
                try workers?.decodeHashing(
                    path: request.path, fitting: request.pixels, maxPixels: PhotoReader.maxPixels,
                    timeout: Self.decodeTimeout, urgent: priority == .visible, hashing: tell != nil)
                ?? Self.decodeHere(request, hashing: tell != nil)
            if keeps { memory.insert(image, for: request.key) }
            if let hash, let tell { tell.tell(request.path, request.modified, hash) }
            // Cache writes queue behind the caller; past a small backlog (fast scrolling
            // through thousands of photos) they are skipped rather than pile up in memory:
            // a skipped thumbnail is simply decoded again next time.
            if let cacheSize, pendingWrites.incrementIfBelow(Self.maxPendingWrites) {
                let cache = self.cache
                let pendingWrites = self.pendingWrites
                writer.async {
                    cache.store(image, uri: uri, mtime: mtime, size: cacheSize)
                    pendingWrites.decrement()
                }
            }
            return LoadedImage(image: image, origin: .decoded, hash: hash)
        } catch {
            if cacheSize != nil, access(PathBytes.c(request.path), F_OK) == 0 {
                let cache = self.cache
                writer.async { cache.storeFailure(uri: uri, mtime: mtime) }
            }
            throw error
        }
    }
}

/// Who is told pictures' hashes (`ImageSource.pictureHashes`). The closure is a struct's
/// property, not the `Mutex`'s value itself: a function type stored as a generic value is
/// wrapped in a conversion thunk each time it is accessed in place, so after 100,000
/// thumbnails a call went 200,000 thunks deep and overflowed the thread's stack.
public struct PictureHashSink: Sendable {
    public let tell: @Sendable (_ path: String, _ modified: Double, _ hash: PerceptualHash) -> Void

    public init(_ tell: @escaping @Sendable (_ path: String, _ modified: Double, _ hash: PerceptualHash) -> Void) {
        self.tell = tell
    }
}

/// An image and where it came from (tests check the caches are used).
struct LoadedImage: Sendable {
    enum Origin: Sendable { case memory, diskCache, decoded }
    let image: PixelImage
    let origin: Origin
    /// The picture's hash, when it was made on the way (a thumbnail decoded or read from disk).
    var hash: PerceptualHash? = nil
}
