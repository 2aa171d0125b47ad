import Foundation
import Gtk
import GtkTestSupport
import LightboxMedia
import XCTest

@testable import Lightbox

/// Files are read and decoded in `lightbox --worker` processes: a file that crashes or hangs
/// one becomes an error row, the other files are listed, and the pool goes on with a new worker.
final class WorkerPoolTests: XCTestCase {
    /// Workers from the real `lightbox` binary, with the test-only decoder faults on.
    private func makePool(size: Int = 2) -> WorkerPool {
        WorkerPool(
            executable: LibraryFixtures.productsDirectory + "/lightbox",
            environment: ["LIGHTBOX_TEST_DECODER_FAULTS": "1"], size: size)
    }

    private func stamp(_ path: String) -> FileStamp {
        var info = stat()
        stat(path, &info)
        return FileStamp(info)
    }

    func testFilesThatCrashOrHangTheDecoderBecomeErrorRowsAndAreNotReadAgainUntilTheyChange() throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        let samples = LibraryFixtures.copySamples(to: folder, count: 4)
        try FileManager.default.copyItem(atPath: samples[0], toPath: folder + "/b-crash-decoder.jpg")
        try FileManager.default.copyItem(atPath: samples[1], toPath: folder + "/c-hang-decoder.jpg")
        let catalog = try Catalog(path: LibraryFixtures.temporaryFolder(self, name: "catalog") + "/catalog.sqlite")
        let workers = makePool()
        var scanner = PhotoScanner(parallelism: 2, fileTimeout: 2)
        scanner.workers = workers
        let sync = CatalogSync(catalog: catalog, scanner: scanner)

        XCTAssertEqual(try sync.run(folder: folder).read, 6)
        let photos = try catalog.photos(in: folder)
        XCTAssertEqual(
            photos.map(\.name),
            [
                "IMG_1000.jpg", "IMG_1001.jpg", "IMG_1002.jpg", "IMG_1003.jpg",
                "b-crash-decoder.jpg", "c-hang-decoder.jpg",
            ])
        XCTAssertEqual(
            photos.map(\.error),
            [
                nil, nil, nil, nil, "this file crashed the image decoder",
                "this file made the image decoder hang (no answer in 2 s)",
            ])
        for photo in photos.prefix(4) {
            var read = PhotoReader.read(path: photo.path, stamp: stamp(photo.path))
            XCTAssertEqual(read.identity?.fingerprint, photo.identity?.fingerprint)
            read.identity = photo.identity  // the device and inode come from the scan
            XCTAssertEqual(photo, read, photo.name)
        }
        XCTAssertEqual(workers.lostCount, 2)

        // Recorded with their stamps: a rescan reads neither file again…
        let again = try sync.run(folder: folder)
        XCTAssertEqual(again.read, 0)
        XCTAssertEqual(again.unchanged, 6)
        XCTAssertEqual(workers.lostCount, 2)

        // …until one changes; the pool has new workers for it.
        try FileManager.default.removeItem(atPath: folder + "/b-crash-decoder.jpg")
        try FileManager.default.copyItem(atPath: samples[2], toPath: folder + "/b-crash-decoder.jpg")
        XCTAssertEqual(try sync.run(folder: folder).read, 1)
        XCTAssertEqual(workers.lostCount, 3)
        let readAgain = try XCTUnwrap(catalog.photo(at: folder + "/b-crash-decoder.jpg"))
        XCTAssertEqual(readAgain.fileSize, stamp(samples[2]).size)
        XCTAssertEqual(readAgain.error, "this file crashed the image decoder")
        let good = workers.read(path: samples[3], stamp: stamp(samples[3]), timeout: 10)
        XCTAssertNil(good.error)
        XCTAssertEqual(good.width, PhotoReader.read(path: samples[3], stamp: stamp(samples[3])).width)
    }

    /// Five files in one request: the worker dies on the second, so each is read alone in
    /// turn, and only the two at fault get an error.
    func testInOneRequestOnlyTheFilesAWorkerDiesOnGetTheErrorAndTheRestAreRead() throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        let samples = LibraryFixtures.copySamples(to: folder, count: 3)
        for name in ["crash-decoder.jpg", "hang-decoder.jpg"] {
            try FileManager.default.copyItem(atPath: samples[0], toPath: folder + "/" + name)
        }
        let paths = [samples[0], folder + "/crash-decoder.jpg", samples[1], folder + "/hang-decoder.jpg", samples[2]]
        let workers = makePool(size: 1)
        var photos: [Photo] = []
        workers.read(paths.map { WorkerRequest.File(path: $0, stamp: stamp($0)) }, timeout: 1) { photos.append($0) }

        XCTAssertEqual(photos.map(\.path), paths)
        XCTAssertEqual(
            photos.map(\.error),
            [
                nil, "this file crashed the image decoder", nil,
                "this file made the image decoder hang (no answer in 1 s)", nil,
            ])
        XCTAssertEqual(photos.map(\.width), [640, 0, 640, 0, 640])
        XCTAssertEqual(workers.lostCount, 2)
        XCTAssertEqual(workers.startedCount, 4, "the first, then one after the request's crash and each file's")
    }

    /// `bytes` decode back to `value`; every cut of them, and one byte more, is refused.
    private func assertWireRoundTrip<Value: Equatable>(
        _ value: Value, _ bytes: Data, file: StaticString = #filePath, line: UInt = #line, _ decode: (Data) throws -> Value
    ) {
        XCTAssertEqual(try decode(bytes), value, file: file, line: line)
        for length in 0..<bytes.count {
            XCTAssertThrowsError(try decode(bytes.prefix(length)), "cut at \(length)", file: file, line: line)
        }
        XCTAssertThrowsError(try decode(bytes + [0]), "a byte too many", file: file, line: line)
    }

    func testRepliesComeThroughTheWireUnchangedAndMalformedOnesAreRefused() throws {
        var photo = Photo(path: "/photos/IMG_1.jpg")
        photo.fileTaken = "2024-05-01T10:00:00"
        photo.fileTakenSource = .dateTimeOriginal
        photo.make = "Canon"
        photo.aperture = 2.8
        photo.iso = 400
        photo.width = 640
        photo.height = 480
        photo.fileOrientation = 6
        photo.fileLatitude = 48.85
        photo.fileLongitude = 2.35
        photo.rating = 4
        photo.keywords = ["Paris", "Trips|2024", "é"]
        var other = Photo(path: "/photos/IMG_2.png")
        other.error = "the metadata can't be read: bad"
        let replies: [WorkerReply] = [
            .ready, .photos([PhotoRecord(photo), PhotoRecord(other)]), .photos([]), .error("broken"),
            .image(PixelLayout(width: 128, height: 96, rowStride: 384, hasAlpha: false), nil),
            .image(
                PixelLayout(width: 256, height: 170, rowStride: 768, hasAlpha: false),
                PerceptualHash(bits: 0xF00F_0FF0_1234_8001, detail: 74)),
        ]
        for reply in replies { assertWireRoundTrip(reply, reply.encoded()) { try WorkerReply(decoding: $0) } }
        XCTAssertThrowsError(try WorkerReply(decoding: Data([9])), "no such reply")
        guard case .photos(let records) = try WorkerReply(decoding: replies[1].encoded()) else { return XCTFail("not photos") }
        XCTAssertEqual(
            records.map { $0.photo(path: photo.path, stamp: FileStamp(size: 0, modified: 0)) },
            [photo, Photo(path: photo.path, error: "the metadata can't be read: bad")])
    }

    func testAScanFindsSidecarsWhereTheFolderHasThemInProcessAndThroughWorkers() throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        let paths = LibraryFixtures.copySamples(to: folder + "/with", count: 3)
        let plain = LibraryFixtures.copySamples(to: folder + "/without", count: 1)[0]
        // The sidecar of the second photo: the XMP packet of a copy rated 5, extracted by exiv2.
        let source = folder + "/source.jpg"
        try FileManager.default.copyItem(atPath: paths[0], toPath: source)
        XCTAssertEqual(try LibraryFixtures.run("/usr/bin/exiv2", ["-M", "set Xmp.xmp.Rating 5", source]).status, 0)
        XCTAssertEqual(try LibraryFixtures.run("/usr/bin/exiv2", ["-eX", source]).status, 0)
        try FileManager.default.moveItem(atPath: folder + "/source.xmp", toPath: paths[1] + ".xmp")
        try FileManager.default.removeItem(atPath: source)
        for workers in [makePool(), nil] {
            var scanner = PhotoScanner(parallelism: 2, fileTimeout: 10)
            scanner.workers = workers
            let found = Collected()
            try scanner.scan(folder: folder) { event in
                if case .photo(let photo) = event { found.add(photo) }
            }
            XCTAssertEqual(
                found.photos.mapValues(\.rating), [paths[0]: 0, paths[1]: 5, paths[2]: 0, plain: 0],
                workers == nil ? "in process" : "workers")
        }
    }

    func testRequestsComeThroughTheWireUnchangedAndMalformedOnesAreRefused() throws {
        var read = WorkerRequest(
            kind: .read,
            files: [
                WorkerRequest.File(path: "/photos/IMG_1.jpg", fileSize: 36_354, modified: 1_700_000_000.25),
                WorkerRequest.File(path: PathBytes.path([0x2F, 0x4D, 0xE4, 0x64]), fileSize: 0, modified: -1),
            ])
        read.fingerprinting = false
        let requests = [
            read, WorkerRequest(kind: .read),
            WorkerRequest(kind: .decode, path: "/photos/Été/IMG_2.png", fitting: 256, maxPixels: 250_000_000),
        ]
        for request in requests { assertWireRoundTrip(request, request.encoded()) { try WorkerRequest(decoding: $0) } }
        XCTAssertEqual(PathBytes.c(try WorkerRequest(decoding: read.encoded()).files[1].path), [0x2F, 0x4D, -28, 0x64, 0])
        XCTAssertThrowsError(try WorkerRequest(decoding: Data([7])), "no such request")
    }

    func testDecodedPixelsComeBackFromTheWorkerUnchanged() throws {
        let workers = makePool(size: 1)
        for path in LibraryFixtures.samplePaths.prefix(3) {
            let image = try workers.decode(path: path, fitting: 256, maxPixels: PhotoReader.maxPixels, timeout: 10, urgent: true)
            let local = try PixelImage.decode(path: path, fitting: 256, maxPixels: PhotoReader.maxPixels)
            XCTAssertEqual(image.width, 256)
            XCTAssertEqual([image.width, image.height], [local.width, local.height])
            XCTAssertEqual(image.rgbaBytes, local.rgbaBytes)
        }
        XCTAssertEqual(workers.startedCount, 1, "one long-lived worker served every decode")
    }

    /// A worker keeps the memory a video's decoder freed for the next video, and gives it back
    /// once requests pause: an idle worker holds what it held before it decoded 4K frames.
    func testAWorkerGivesBackWhatItsDecodesUsedOnceRequestsPause() throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        LibraryFixtures.shell(
            "ffmpeg -loglevel error -y -f lavfi -i testsrc2=size=3840x2160:rate=30:duration=0.2 -pix_fmt yuv420p "
                + "-c:v libx265 -preset ultrafast -x265-params log-level=error '\(folder)/4k.mov'")
        let workers = makePool(size: 1)
        let sample = LibraryFixtures.samplePaths[0]
        _ = try workers.decode(path: sample, fitting: 256, maxPixels: PhotoReader.maxPixels, timeout: 10, urgent: true)
        let worker = try XCTUnwrap(Self.workerProcesses().first, "the pool's worker is a child of this process")
        var idle = 0.0
        XCTAssertTrue(
            waitUntil {
                idle = Self.residentMB(of: worker)
                return idle < 30
            }, "a worker that decoded a photo rests small (\(idle) MB)")

        for _ in 0..<3 {
            let frame = try workers.decode(
                path: folder + "/4k.mov", fitting: 256, maxPixels: PhotoReader.maxPixels, timeout: 20, urgent: true)
            XCTAssertEqual([frame.width, frame.height], [256, 144])
        }
        var after = 0.0
        XCTAssertTrue(
            waitUntil {
                after = Self.residentMB(of: worker)
                return after < idle + 10
            }, "\(idle) MB before three 4K frames, \(after) MB a pause after them")
        XCTAssertEqual(Self.workerProcesses(), [worker], "the same worker")
    }

    /// This process's worker children, by the name they give themselves.
    private static func workerProcesses() -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            let name = stat[stat.index(after: stat.firstIndex(of: "(")!)..<close]
            let parent = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")[1]
            return name == "lightbox-worker" && Int32(parent) == getpid()
        }.sorted()
    }

    /// The process's resident memory of its own (not its programs' and libraries' code): kB
    /// of "Anonymous:" in its `smaps_rollup`, in MB.
    private static func residentMB(of pid: Int32) -> Double {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/smaps_rollup", encoding: .utf8)) ?? ""
        let line = text.split(separator: "\n").first { $0.hasPrefix("Anonymous:") } ?? ""
        return Double(line.split(separator: " ").dropFirst().first ?? "").map { $0 / 1024 } ?? 0
    }

    func testAThumbnailThatCrashesTheDecoderIsAFailureNotTriedAgainAndOthersStillDecode() async throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        let samples = LibraryFixtures.copySamples(to: folder, count: 1)
        let bad = folder + "/crash-pixels.jpg"
        try FileManager.default.copyItem(atPath: samples[0], toPath: bad)
        let workers = makePool(size: 1)
        let images = ImageSource(
            cache: ThumbnailCache(directory: LibraryFixtures.temporaryFolder(self, name: "thumbs")),
            workers: workers)
        let photo = Photo(path: bad, modified: stamp(bad).modified)

        do {
            _ = try await images.image(for: photo, size: 128)
            XCTFail("the crashing file decoded")
        } catch let error as MediaError {
            XCTAssertEqual(error.message, "this file crashed the image decoder")
        }
        let good = try await images.image(for: Photo(path: samples[0], modified: stamp(samples[0]).modified), size: 128)
        XCTAssertEqual([good.width, good.height], [128, 96])
        images.finishCacheWrites()
        do {
            _ = try await images.image(for: photo, size: 256)
            XCTFail("the crashing file decoded")
        } catch let error as MediaError {
            XCTAssertEqual(error.message, "no thumbnail can be made for this file (an earlier attempt failed)")
        }
        XCTAssertEqual(workers.lostCount, 1)
        XCTAssertEqual(workers.startedCount, 2)
    }

    func testADecodeThatHangsTimesOutAndTheNextOneWorks() throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        let samples = LibraryFixtures.copySamples(to: folder, count: 1)
        let hanging = folder + "/hang-decoder.jpg"
        try FileManager.default.copyItem(atPath: samples[0], toPath: hanging)
        let workers = makePool(size: 1)

        XCTAssertThrowsError(
            try workers.decode(
                path: hanging, fitting: 128, maxPixels: PhotoReader.maxPixels,
                timeout: 0.5, urgent: true)
        ) { error in
            XCTAssertEqual((error as? MediaError)?.message, "this file made the image decoder hang (no answer in 0.5 s)")
        }
        let image = try workers.decode(path: samples[0], fitting: 128, maxPixels: PhotoReader.maxPixels, timeout: 10, urgent: true)
        XCTAssertEqual([image.width, image.height], [128, 96])
        XCTAssertEqual(workers.lostCount, 1)
    }

    func testWorkersCantOpenSocketsOrWriteFilesButCanReadThem() throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        let probe = folder + "/sandbox-probe.jpg"
        try FileManager.default.copyItem(atPath: LibraryFixtures.samplePaths[0], toPath: probe)
        let photo = makePool(size: 1).read(path: probe, stamp: stamp(probe), timeout: 10)
        XCTAssertEqual(photo.error, "socket: Operation not permitted; write: Permission denied; read: allowed")
    }

    func testFilesAreReadInThisProcessWhenNoWorkerCanStart() throws {
        let workers = WorkerPool(executable: "/nonexistent/lightbox", size: 1)
        let path = LibraryFixtures.samplePaths[0]
        XCTAssertEqual(workers.read(path: path, stamp: stamp(path), timeout: 10), PhotoReader.read(path: path, stamp: stamp(path)))
        let image = try workers.decode(path: path, fitting: 128, maxPixels: PhotoReader.maxPixels, timeout: 10, urgent: false)
        XCTAssertEqual([image.width, image.height], [128, 96])
        XCTAssertEqual(workers.startedCount, 0)
    }
}
