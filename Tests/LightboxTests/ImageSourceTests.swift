import Foundation
import Gtk
import LightboxMedia
import Synchronization
import XCTest

@testable import Lightbox

final class ImageSourceTests: XCTestCase {
    private func makeSource(
        decodes: Int = 2, cache: ThumbnailCache? = nil, memoryBudget: Int = 64 << 20,
        willDecode: (@Sendable (String) -> Void)? = nil
    ) -> ImageSource {
        ImageSource(
            cache: cache ?? ThumbnailCache(directory: LibraryFixtures.temporaryFolder(self, name: "thumbs")),
            memoryBudget: memoryBudget, largeImageCount: 3, maxConcurrentDecodes: decodes, willDecode: willDecode)
    }

    private func modified(_ path: String) -> Double {
        var info = stat()
        stat(path, &info)
        return FileStamp(info).modified
    }

    private func photo(_ path: String) -> Photo { Photo(path: path, modified: modified(path)) }

    func testDecodesDownscaledWritesTheFreedesktopCacheAndReadsItBack() async throws {
        let path = LibraryFixtures.samplePaths[0]
        let source = makeSource()

        let first = try await source.load(path: path, modified: modified(path), size: 256)
        XCTAssertEqual(first.origin, .decoded)
        XCTAssertEqual(first.image.width, 256)
        XCTAssertEqual(first.image.height, 192)
        source.finishCacheWrites()

        let uri = try XCTUnwrap(FileNames.uri(forPath: path))
        let file = source.cache.directory + "/large/" + FileNames.md5(uri) + ".png"
        let (_, text) = try PixelImage.load(path: file, textKeys: ["Thumb::URI", "Thumb::MTime"])
        XCTAssertEqual(text["Thumb::URI"], uri)
        XCTAssertEqual(text["Thumb::MTime"], String(Int(modified(path))))
        let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600)

        let again = try await source.load(path: path, modified: modified(path), size: 256)
        XCTAssertEqual(again.origin, .memory)
        XCTAssertEqual(source.cachedImage(for: photo(path), size: 200)?.width, 256, "200 px is served by the 256 px thumbnail")
        let fresh = makeSource(cache: source.cache)
        XCTAssertNil(fresh.cachedImage(for: photo(path), size: 256), "a new source's memory is empty")
        let fromDisk = try await fresh.load(path: path, modified: modified(path), size: 200)
        XCTAssertEqual(fromDisk.origin, .diskCache)
        XCTAssertEqual(fresh.decodeCount, 0)

        let small = try await fresh.image(for: photo(path), size: 100)
        XCTAssertEqual(small.width, 128)
        XCTAssertEqual(fresh.decodeCount, 1, "128 px thumbnails live in normal/")
    }

    /// The hash sink is read for every thumbnail of a session (a background pass over a library of
    /// 100,000): after as many reads it is still told each hash with one call, not one call per
    /// read before it (that overflowed a decoding thread's stack at about 87,000 thumbnails).
    func testTheHashSinkIsToldAfterAHundredThousandThumbnails() async throws {
        let path = LibraryFixtures.samplePaths[0]
        let source = makeSource()
        let told = Mutex<[String]>([])
        source.pictureHashes.withLock { $0 = PictureHashSink { path, _, _ in told.withLock { $0.append(path) } } }
        for _ in 0..<200_000 { XCTAssertNotNil(source.pictureHashes.withLock { $0 }) }
        _ = try await source.pictureHash(path: path, modified: modified(path), priority: .visible)
        XCTAssertEqual(told.withLock { $0 }, [path])
    }

    /// Blocking work hands its result to the awaiting task and rethrows its errors.
    func testBlockingWorkHandsOverItsResultAndItsError() async throws {
        let made = try await runBlocking(qos: .userInitiated) { MadeByWork(42) }
        XCTAssertEqual(made.value, 42)
        do {
            _ = try await runBlocking(qos: .userInitiated) { () throws -> Int in throw MediaError("broken") }
            XCTFail("the work's error was not rethrown")
        } catch let error as MediaError {
            XCTAssertEqual(error.message, "broken")
        }
    }

    /// Work done on another thread before the task gets to suspend (as a thumbnail found in
    /// the cache often is): the path on which Swift's runtime gives ThreadSanitizer no
    /// happens-before for a continuation, so a result carried by the continuation alone was
    /// reported as a data race (PixelImage made on the decode thread, read by the cache).
    func testBlockingWorkDoneBeforeTheTaskSuspendsHandsOverItsResult() async throws {
        for index in 0..<200 {
            let value = try await valueMadeByWorkDoneBeforeSuspending(index)
            XCTAssertEqual(value, index)
        }
    }

    func testLargeViewSizesAreDecodedAtThatSizeAndNotWrittenToTheSharedCache() async throws {
        let path = LibraryFixtures.samplePaths[2]
        let source = makeSource()
        let large = try await source.load(path: path, modified: modified(path), size: 400)
        XCTAssertEqual(large.origin, .decoded)
        XCTAssertEqual(large.image.width, 400)
        XCTAssertEqual(large.image.height, 300)
        source.finishCacheWrites()
        let written = (try? FileManager.default.contentsOfDirectory(atPath: source.cache.directory)) ?? []
        XCTAssertEqual(written, [])
        let again = try await source.load(path: path, modified: modified(path), size: 400)
        XCTAssertEqual(again.origin, .memory)
    }

    /// The photo page's images live in a small cache of their own: one larger than the
    /// whole thumbnail budget leaves every thumbnail in memory.
    func testALargeImageDoesNotEvictTheThumbnails() async throws {
        let paths = Array(LibraryFixtures.samplePaths.prefix(3))
        let thumbnailBytes = 256 * 192 * 4
        let source = makeSource(memoryBudget: 2 * thumbnailBytes)
        for path in paths.prefix(2) { _ = try await source.image(for: photo(path), size: 256) }

        let large = try await source.image(for: photo(paths[2]), size: 2048)
        XCTAssertEqual(large.width, 640, "never scaled up")
        XCTAssertGreaterThan(large.byteCount, 2 * thumbnailBytes)

        XCTAssertNotNil(source.cachedImage(for: photo(paths[0]), size: 256))
        XCTAssertNotNil(source.cachedImage(for: photo(paths[1]), size: 256))
        XCTAssertNotNil(source.cachedImage(for: photo(paths[2]), size: 2048))
        XCTAssertEqual(source.thumbnails.count, 2)
        XCTAssertEqual(source.largeImages.count, 1)
        XCTAssertEqual(source.decodeCount, 3)
    }

    func testOnlyTheMostRecentLargeImagesAreKept() async throws {
        let paths = Array(LibraryFixtures.samplePaths.prefix(4))
        let source = makeSource()
        for path in paths { _ = try await source.image(for: photo(path), size: 2048) }
        XCTAssertNil(source.cachedImage(for: photo(paths[0]), size: 2048))
        for path in paths.dropFirst() { XCTAssertNotNil(source.cachedImage(for: photo(path), size: 2048)) }
        XCTAssertEqual(source.largeImages.count, 3)
    }

    func testAStaleCacheEntryIsReplaced() async throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        let path = LibraryFixtures.copySamples(to: folder, count: 1)[0]
        let source = makeSource()
        _ = try await source.image(for: photo(path), size: 256)
        source.finishCacheWrites()
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 2_000_000)], ofItemAtPath: path)
        let fresh = makeSource(cache: source.cache)
        let thumbnail = try await fresh.load(path: path, modified: modified(path), size: 256)
        XCTAssertEqual(thumbnail.origin, .decoded)
    }

    func testExifOrientationIsApplied() async throws {
        // IMG_1004 is stored 640×480 with orientation 6: a portrait photo.
        let path = LibraryFixtures.samples + "/IMG_1004.jpg"
        let thumbnail = try await makeSource().image(for: photo(path), size: 256)
        XCTAssertEqual(thumbnail.width, 192)
        XCTAssertEqual(thumbnail.height, 256)
        // The generator paints sky at the top: the first row is bluer than the last.
        let pixels = thumbnail.rgbaBytes
        let top = pixels[2]
        let bottom = pixels[(thumbnail.height - 1) * thumbnail.width * 4 + 2]
        XCTAssertGreaterThan(top, bottom)
    }

    func testFailuresAreRecordedUnderFailAndNotRetried() async throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        let path = folder + "/random.jpg"
        try Data((0..<4000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }).write(to: URL(fileURLWithPath: path))
        let source = makeSource()
        do {
            _ = try await source.image(for: photo(path), size: 128)
            XCTFail("random bytes have no thumbnail")
        } catch {}
        source.finishCacheWrites()
        let uri = try XCTUnwrap(FileNames.uri(forPath: path))
        XCTAssertTrue(
            FileManager.default.fileExists(
                atPath: "\(source.cache.directory)/\(ThumbnailCache.failFolder)/\(FileNames.md5(uri)).png"))
        let fresh = makeSource(cache: source.cache)
        do {
            _ = try await fresh.image(for: photo(path), size: 128)
            XCTFail("the failure is remembered")
        } catch {
            XCTAssertTrue("\(error)".contains("earlier attempt failed"))
        }
        XCTAssertEqual(fresh.decodeCount, 0)
        do {
            _ = try await fresh.image(for: photo(path), size: 2048)
            XCTFail("random bytes have no large image either")
        } catch {
            XCTAssertFalse("\(error)".contains("earlier attempt failed"), "the photo page shows the decoder's own message")
        }
        XCTAssertEqual(fresh.decodeCount, 1)
    }

    func testADecompressionBombIsRefusedWithoutDecoding() async throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        let path = folder + "/bomb.png"
        LibraryFixtures.shell("convert -size 100x100 xc:red '\(path)'")
        // Rewrite the IHDR size to 30000×30000 (and fix its CRC) with Python.
        LibraryFixtures.shell(
            """
            python3 -c 'import struct,zlib,sys; p=sys.argv[1]; d=bytearray(open(p,"rb").read()); \
            d[16:24]=struct.pack(">II",30000,30000); d[29:33]=struct.pack(">I",zlib.crc32(bytes(d[12:29]))); \
            open(p,"wb").write(d)' '\(path)'
            """)
        do {
            _ = try await makeSource().image(for: photo(path), size: 256)
            XCTFail("a 30000×30000 image is not decoded")
        } catch {
            XCTAssertEqual("\(error)", "image too large to decode (30000×30000 pixels)")
        }
    }

    /// `request` ends with `CancellationError` and no image.
    private func assertCancelled(
        _ request: Task<PixelImage, any Error>, _ message: String,
        file: StaticString = #filePath, line: UInt = #line
    ) async {
        do {
            _ = try await request.value
            XCTFail(message, file: file, line: line)
        } catch {
            XCTAssertTrue(error is CancellationError, "\(error)", file: file, line: line)
        }
    }

    func testACancelledWaitingRequestCostsNoDecode() async throws {
        let source = makeSource(decodes: 1)
        await source.queue.holdSlot()  // the only decode slot is busy
        let path = LibraryFixtures.samplePaths[3]
        let request = Task { [photo = photo(path)] in try await source.image(for: photo, size: 256) }
        await source.queue.waitUntilWaiting(1)
        request.cancel()
        await assertCancelled(request, "a cancelled request gives no image")
        await source.queue.releaseSlot()
        XCTAssertEqual(source.decodeCount, 0)
        let thumbnail = try await source.load(path: path, modified: modified(path), size: 256)
        XCTAssertEqual(thumbnail.origin, .decoded, "the slot was handed back")
        XCTAssertEqual(source.decodeCount, 1)
    }

    /// With the only slot busy, requests queue up; as it frees, the newest on-screen request
    /// goes first, then older on-screen ones, then neighbours newest first.
    func testWaitingRequestsAreServedVisibleNewestFirstThenNearbyNewestFirst() async throws {
        let decoded = EventLog()
        let source = makeSource(decodes: 1, willDecode: { decoded.add(($0 as NSString).lastPathComponent) })
        let paths = Array(LibraryFixtures.samplePaths.prefix(4))
        let asked: [(String, ImagePriority)] = [
            (paths[0], .visible), (paths[1], .nearby),
            (paths[2], .visible), (paths[3], .nearby),
        ]
        await source.queue.holdSlot()
        var requests: [Task<PixelImage, any Error>] = []
        for (index, (path, priority)) in asked.enumerated() {
            let photo = photo(path)
            requests.append(Task { try await source.image(for: photo, size: 128, priority: priority) })
            await source.queue.waitUntilWaiting(index + 1)
        }
        XCTAssertEqual(decoded.events, [])
        await source.queue.releaseSlot()
        for request in requests { _ = try await request.value }
        XCTAssertEqual(decoded.events, ["IMG_1002.jpg", "IMG_1000.jpg", "IMG_1003.jpg", "IMG_1001.jpg"])
    }

    /// Two requests for one image share its decode; one of them cancelled, the other still gets it.
    func testRequestsForTheSameImageShareOneDecode() async throws {
        let source = makeSource(decodes: 1)
        let path = LibraryFixtures.samplePaths[5]
        await source.queue.holdSlot()
        let first = Task { [photo = photo(path)] in try await source.image(for: photo, size: 2048, priority: .nearby) }
        await source.queue.waitUntilWaiting(1)
        let second = Task { [photo = photo(path)] in try await source.image(for: photo, size: 2048) }
        await source.queue.waitUntilWaiting(2)
        first.cancel()
        await assertCancelled(first, "the cancelled request ends at once")
        await source.queue.releaseSlot()
        let image = try await second.value
        XCTAssertEqual(image.width, 640)
        XCTAssertEqual(source.decodeCount, 1)
    }

    /// On-screen requests keep `foreground` busy while they wait or decode (the scan stands
    /// aside); neighbours fetched ahead don't.
    func testVisibleRequestsMarkForegroundWorkUntilServedNearbyOnesDoNot() async throws {
        let source = makeSource(decodes: 1)
        let paths = LibraryFixtures.samplePaths
        await source.queue.holdSlot()
        let nearby = Task { [photo = photo(paths[6])] in try await source.image(for: photo, size: 128, priority: .nearby) }
        await source.queue.waitUntilWaiting(1)
        XCTAssertFalse(source.foreground.isBusy)
        let visible = Task { [photo = photo(paths[7])] in try await source.image(for: photo, size: 128) }
        await source.queue.waitUntilWaiting(2)
        XCTAssertTrue(source.foreground.isBusy)
        await source.queue.releaseSlot()
        _ = try await visible.value
        XCTAssertFalse(source.foreground.isBusy, "done once the visible image is served")
        _ = try await nearby.value
        XCTAssertFalse(source.foreground.isBusy)
    }

    /// While prefetching is deferred (a scan runs), neighbours wait and on-screen images
    /// are still served; neighbours start once it is cleared.
    func testNearbyRequestsWaitWhilePrefetchIsDeferred() async throws {
        let decoded = EventLog()
        let source = makeSource(decodes: 1, willDecode: { decoded.add(($0 as NSString).lastPathComponent) })
        let paths = LibraryFixtures.samplePaths
        source.defersPrefetch = true
        let nearby = Task { [photo = photo(paths[1])] in try await source.image(for: photo, size: 128, priority: .nearby) }
        await source.queue.waitUntilWaiting(1)
        let visible = Task { [photo = photo(paths[2])] in try await source.image(for: photo, size: 128) }
        _ = try await visible.value
        await source.queue.waitUntilWaiting(1)  // the neighbour still waits
        XCTAssertEqual(decoded.events, ["IMG_1002.jpg"])
        source.defersPrefetch = false
        _ = try await nearby.value
        XCTAssertEqual(decoded.events, ["IMG_1002.jpg", "IMG_1001.jpg"])
    }

    /// The Store's scan stands aside for the Store's own images.
    @preconcurrency @MainActor
    func testTheStoreWiresItsImagesForegroundIntoItsScanner() {
        let folder = LibraryFixtures.temporaryFolder(self, name: "catalog")
        let images = makeSource()
        let store = CatalogStore(catalog: try! Catalog(path: folder + "/catalog.sqlite"), images: images)
        XCTAssertTrue(store.scanner.foreground === store.images.foreground)
    }

    func testMemoryCacheStaysWithinItsByteBudgetDroppingLeastRecentlyUsed() {
        let one = PixelImage.placeholder()
        let cache = ImageMemoryCache(budget: one.byteCount * 2)
        cache.insert(one, for: "a")
        cache.insert(PixelImage.placeholder(), for: "b")
        _ = cache.image(for: "a")
        cache.insert(PixelImage.placeholder(), for: "c")
        XCTAssertNotNil(cache.image(for: "a"))
        XCTAssertNil(cache.image(for: "b"))
        XCTAssertNotNil(cache.image(for: "c"))
        XCTAssertLessThanOrEqual(cache.bytes, cache.budget)
    }

    func testMemoryCacheKeepsAtMostItsCountDroppingLeastRecentlyUsed() {
        let cache = ImageMemoryCache(budget: .max, maxCount: 2)
        cache.insert(PixelImage.placeholder(), for: "a")
        cache.insert(PixelImage.placeholder(), for: "b")
        _ = cache.image(for: "a")
        cache.insert(PixelImage.placeholder(), for: "c")
        XCTAssertNotNil(cache.image(for: "a"))
        XCTAssertNil(cache.image(for: "b"))
        XCTAssertNotNil(cache.image(for: "c"))
        XCTAssertEqual(cache.count, 2)
    }
}

/// An object made on a worker thread and read by the task right after `runBlocking`
/// returns, still off any actor (as `ImageSource.load` reads its image).
private final class MadeByWork: Sendable {
    let value: Int
    init(_ value: Int) { self.value = value }
}

/// Runs the work on a thread of its own and waits, without any synchronization TSan would
/// count, until that thread has resumed the continuation: the task then finds it resumed
/// before it suspends.
private nonisolated func valueMadeByWorkDoneBeforeSuspending(_ value: Int) async throws -> Int {
    let made = try await runBlocking(
        start: { block in
            let done = RelaxedFlag()
            Thread {
                block()
                done.set()
            }.start()
            done.waitUntilSet()
        }, { MadeByWork(value) })
    return made.value
}

/// A flag written and read with relaxed atomics: no happens-before between the threads.
private final class RelaxedFlag: Sendable {
    private let flag = Atomic<Bool>(false)
    func set() { flag.store(true, ordering: .relaxed) }
    func waitUntilSet() { while !flag.load(ordering: .relaxed) { sched_yield() } }
}
