import Foundation
import Gtk
import Synchronization
@testable import Lightbox
import XCTest

final class ThumbnailLoaderTests: XCTestCase {
    private func makeLoader(decodes: Int = 2, cache: ThumbnailCache? = nil) -> ThumbnailLoader {
        ThumbnailLoader(cache: cache ?? ThumbnailCache(directory: LibraryFixtures.temporaryFolder(self, name: "thumbs")),
                        maxConcurrentDecodes: decodes)
    }

    private func modified(_ path: String) -> Double {
        var info = stat()
        stat(path, &info)
        return FileStamp(info).modified
    }

    func testDecodesDownscaledWritesTheFreedesktopCacheAndReadsItBack() async throws {
        let path = LibraryFixtures.samplePaths[0]
        let loader = makeLoader()

        let first = try await loader.thumbnail(path: path, modified: modified(path), size: 256)
        XCTAssertEqual(first.origin, .decoded)
        XCTAssertEqual(first.image.width, 256)
        XCTAssertEqual(first.image.height, 192)
        loader.finishCacheWrites()

        let uri = try XCTUnwrap(FileNames.uri(forPath: path))
        let file = loader.cache.directory + "/large/" + FileNames.md5(uri) + ".png"
        let (_, text) = try PixelImage.load(path: file, textKeys: ["Thumb::URI", "Thumb::MTime"])
        XCTAssertEqual(text["Thumb::URI"], uri)
        XCTAssertEqual(text["Thumb::MTime"], String(Int(modified(path))))
        let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600)

        let again = try await loader.thumbnail(path: path, modified: modified(path), size: 256)
        XCTAssertEqual(again.origin, .memory)
        let fresh = makeLoader(cache: loader.cache)
        let fromDisk = try await fresh.thumbnail(path: path, modified: modified(path), size: 200)
        XCTAssertEqual(fromDisk.origin, .diskCache)
        XCTAssertEqual(fresh.decodeCount, 0)

        let small = try await fresh.thumbnail(path: path, modified: modified(path), size: 100)
        XCTAssertEqual(small.origin, .decoded, "128 px thumbnails live in normal/")
        XCTAssertEqual(small.image.width, 128)
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
        let loader = makeLoader()
        let large = try await loader.thumbnail(path: path, modified: modified(path), size: 400)
        XCTAssertEqual(large.origin, .decoded)
        XCTAssertEqual(large.image.width, 400)
        XCTAssertEqual(large.image.height, 300)
        loader.finishCacheWrites()
        let written = (try? FileManager.default.contentsOfDirectory(atPath: loader.cache.directory)) ?? []
        XCTAssertEqual(written, [])
        let again = try await loader.thumbnail(path: path, modified: modified(path), size: 400)
        XCTAssertEqual(again.origin, .memory)
    }

    func testAStaleCacheEntryIsReplaced() async throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        let path = LibraryFixtures.copySamples(to: folder, count: 1)[0]
        let loader = makeLoader()
        _ = try await loader.thumbnail(path: path, modified: modified(path), size: 256)
        loader.finishCacheWrites()
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 2_000_000)], ofItemAtPath: path)
        let fresh = makeLoader(cache: loader.cache)
        let thumbnail = try await fresh.thumbnail(path: path, modified: modified(path), size: 256)
        XCTAssertEqual(thumbnail.origin, .decoded)
    }

    func testExifOrientationIsApplied() async throws {
        // IMG_1004 is stored 640×480 with orientation 6: a portrait photo.
        let path = LibraryFixtures.samples + "/IMG_1004.jpg"
        let thumbnail = try await makeLoader().thumbnail(path: path, modified: modified(path), size: 256)
        XCTAssertEqual(thumbnail.image.width, 192)
        XCTAssertEqual(thumbnail.image.height, 256)
        // The generator paints sky at the top: the first row is bluer than the last.
        let pixels = thumbnail.image.rgbaBytes
        let top = pixels[2], bottom = pixels[(thumbnail.image.height - 1) * thumbnail.image.width * 4 + 2]
        XCTAssertGreaterThan(top, bottom)
    }

    func testFailuresAreRecordedUnderFailAndNotRetried() async throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        let path = folder + "/random.jpg"
        try Data((0..<4000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }).write(to: URL(fileURLWithPath: path))
        let loader = makeLoader()
        do {
            _ = try await loader.thumbnail(path: path, modified: modified(path), size: 128)
            XCTFail("random bytes have no thumbnail")
        } catch {}
        loader.finishCacheWrites()
        let uri = try XCTUnwrap(FileNames.uri(forPath: path))
        XCTAssertTrue(FileManager.default.fileExists(
            atPath: "\(loader.cache.directory)/\(ThumbnailCache.failFolder)/\(FileNames.md5(uri)).png"))
        let fresh = makeLoader(cache: loader.cache)
        do {
            _ = try await fresh.thumbnail(path: path, modified: modified(path), size: 128)
            XCTFail("the failure is remembered")
        } catch {
            XCTAssertTrue("\(error)".contains("earlier attempt failed"))
        }
        XCTAssertEqual(fresh.decodeCount, 0)
    }

    func testADecompressionBombIsRefusedWithoutDecoding() async throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        let path = folder + "/bomb.png"
        LibraryFixtures.shell("convert -size 100x100 xc:red '\(path)'")
        // Rewrite the IHDR size to 30000×30000 (and fix its CRC) with Python.
        LibraryFixtures.shell("""
            python3 -c 'import struct,zlib,sys; p=sys.argv[1]; d=bytearray(open(p,"rb").read()); \
            d[16:24]=struct.pack(">II",30000,30000); d[29:33]=struct.pack(">I",zlib.crc32(bytes(d[12:29]))); \
            open(p,"wb").write(d)' '\(path)'
            """)
        do {
            _ = try await makeLoader().thumbnail(path: path, modified: modified(path), size: 256)
            XCTFail("a 30000×30000 image is not decoded")
        } catch {
            XCTAssertEqual("\(error)", "image too large to decode (30000×30000 pixels)")
        }
    }

    func testACancelledRequestCostsNoDecode() async throws {
        let loader = makeLoader(decodes: 1)
        try await loader.slots.acquire()  // the only decode slot is busy
        let path = LibraryFixtures.samplePaths[3]
        let stamp = modified(path)
        let request = Task { try await loader.thumbnail(path: path, modified: stamp, size: 256) }
        request.cancel()
        do {
            _ = try await request.value
            XCTFail("a cancelled request gives no thumbnail")
        } catch {
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
        await loader.slots.release()
        XCTAssertEqual(loader.decodeCount, 0)
        let thumbnail = try await loader.thumbnail(path: path, modified: stamp, size: 256)
        XCTAssertEqual(thumbnail.origin, .decoded, "the slot was handed back")
    }

    func testMemoryCacheStaysWithinItsByteBudgetDroppingLeastRecentlyUsed() {
        let one = PixelImage.placeholder()
        let cache = ThumbnailMemoryCache(budget: one.byteCount * 2)
        cache.insert(one, for: "a")
        cache.insert(PixelImage.placeholder(), for: "b")
        _ = cache.image(for: "a")
        cache.insert(PixelImage.placeholder(), for: "c")
        XCTAssertNotNil(cache.image(for: "a"))
        XCTAssertNil(cache.image(for: "b"))
        XCTAssertNotNil(cache.image(for: "c"))
        XCTAssertLessThanOrEqual(cache.bytes, cache.budget)
    }
}

/// An object made on a worker thread and read by the task right after `runBlocking`
/// returns, still off any actor (as `ThumbnailLoader.thumbnail` reads its image).
private final class MadeByWork: Sendable {
    let value: Int
    init(_ value: Int) { self.value = value }
}

/// Runs the work on a thread of its own and waits, without any synchronization TSan would
/// count, until that thread has resumed the continuation: the task then finds it resumed
/// before it suspends.
private nonisolated func valueMadeByWorkDoneBeforeSuspending(_ value: Int) async throws -> Int {
    let made = try await runBlocking(start: { block in
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
