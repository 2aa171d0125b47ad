import Foundation
import Gtk
import XCTest

@testable import Lightbox

/// Every kind of unreadable file yields an entry with a clear error; the others are still listed.
final class ScannerTests: XCTestCase {
    private func scan(_ folder: String, scanner: PhotoScanner = PhotoScanner()) throws -> [String: Photo] {
        let found = Collected()
        try scanner.scan(folder: folder) { event in
            if case .photo(let photo) = event { found.add(photo) }
        }
        return found.photos
    }

    private func error(_ photos: [String: Photo], _ name: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        guard let photo = photos.values.first(where: { $0.name == name }) else {
            XCTFail("\(name) is not listed", file: file, line: line)
            return ""
        }
        return photo.error ?? ""
    }

    func testBadFilesAreListedWithClearErrorsAndGoodOnesStillRead() throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        LibraryFixtures.copySamples(to: folder, count: 2)
        let good = LibraryFixtures.samplePaths[0]
        LibraryFixtures.shell(
            """
            cd '\(folder)' && : > zero.jpg && head -c 15000 '\(good)' > truncated.jpg \
            && head -c 4000 /dev/urandom > random.jpg && echo hello > text.png && echo x > photo.heic \
            && head -c 4000 /dev/urandom > random.nef && cp '\(good)' renamed.cr2 && printf 'FOVb\\0\\0\\0\\0' > photo.x3f \
            && ln -s nowhere broken.jpg && ln -s loop.jpg loop.jpg && mkfifo pipe.jpg \
            && touch "$(printf 'bad\\377.jpg')"
            """)
        try writeCorruptExif(from: good, to: folder + "/corrupt-exif.jpg")
        try writePNGBomb(to: folder + "/bomb.png")

        let photos = try scan(folder)

        XCTAssertEqual(error(photos, "zero.jpg"), "empty file (0 bytes)")
        XCTAssertTrue(error(photos, "truncated.jpg").contains("truncated JPEG"))
        XCTAssertTrue(error(photos, "random.jpg").contains("not a readable image"))
        XCTAssertTrue(error(photos, "text.png").contains("not a readable image"))
        XCTAssertTrue(error(photos, "corrupt-exif.jpg").contains("metadata can't be read"))
        XCTAssertEqual(photos.values.first { $0.name == "corrupt-exif.jpg" }?.width, 640, "the image itself is still sized")
        // libheif's own reason, kept in its context: read before the context is freed, not the bytes left behind.
        XCTAssertEqual(error(photos, "photo.heic"), "not a readable HEIC image: Invalid input: No 'ftyp' box")
        XCTAssertTrue(error(photos, "random.nef").hasPrefix("not a readable NEF RAW file: "), error(photos, "random.nef"))
        XCTAssertEqual(error(photos, "renamed.cr2"), "not a CR2 RAW file: its content is image/jpeg")
        XCTAssertEqual(
            error(photos, "photo.x3f"),
            "Sigma X3F RAW files are not supported: Exiv2 reads neither their metadata nor their preview")
        XCTAssertTrue(error(photos, "broken.jpg").contains("broken symbolic link"))
        XCTAssertEqual(error(photos, "loop.jpg"), "symbolic link loop")
        XCTAssertEqual(error(photos, "pipe.jpg"), "not a regular file")
        XCTAssertEqual(error(photos, "bad\u{FFFD}.jpg"), "empty file (0 bytes)", "a name that is not UTF-8 is read like any other")
        XCTAssertEqual(error(photos, "bomb.png"), "image too large (30000×30000 pixels)")
        for sample in LibraryFixtures.samplePaths.prefix(2) {
            let photo = try XCTUnwrap(photos[folder + "/" + (sample as NSString).lastPathComponent])
            XCTAssertNil(photo.error)
            XCTAssertNotNil(photo.camera)
        }
    }

    func testHiddenFoldersAreSkippedAndFolderLinksAreWalkedOnce() throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        try FileManager.default.createDirectory(atPath: folder + "/sub/.hidden", withIntermediateDirectories: true)
        LibraryFixtures.copySamples(to: folder + "/sub", count: 1)
        LibraryFixtures.copySamples(to: folder + "/sub/.hidden", count: 1)
        LibraryFixtures.shell("ln -s .. '\(folder)/sub/up' && ln -s '\(folder)' '\(folder)/sub/root'")

        let photos = try scan(folder)

        XCTAssertEqual(photos.count, 1, "\(photos.keys)")
        XCTAssertNotNil(photos[folder + "/sub/" + (LibraryFixtures.samplePaths[0] as NSString).lastPathComponent])
    }

    func testTheProgressTotalCountsWhatTheScanWalks() throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        try FileManager.default.createDirectory(atPath: folder + "/a/b/.hidden", withIntermediateDirectories: true)
        LibraryFixtures.copySamples(to: folder, count: 2)
        LibraryFixtures.copySamples(to: folder + "/a/b", count: 3)
        LibraryFixtures.copySamples(to: folder + "/a/b/.hidden", count: 1)
        LibraryFixtures.shell(
            """
            cd '\(folder)' && echo notes > a/notes.txt && echo x > a/photo.heic && ln -s .. a/b/up \
            && ln -s '\(folder)/a' again
            """)

        XCTAssertEqual(ScanProgress.countPhotoFiles(in: folder), 6, "2 + 3 samples and the HEIC; hidden and looped folders once")
        XCTAssertEqual(try scan(folder).count, 6)
        XCTAssertEqual(ScanProgress.countPhotoFiles(in: folder + "/missing"), 0)
    }

    /// A scan's progress reaches the main thread a few times a second, not once per file:
    /// its first report and its last file always, the rest only once the interval passed.
    func testScanProgressIsReportedAtMostOncePerInterval() {
        let hourly = ScanProgressThrottle(interval: .seconds(3600))
        XCTAssertEqual(
            [(0, 900), (1, 900), (450, 900), (899, 900), (900, 900), (900, 900)].map { hourly.admits(done: $0, total: $1) },
            [true, false, false, false, true, true])
        let always = ScanProgressThrottle(interval: .zero)
        XCTAssertEqual([1, 2, 3].map { always.admits(done: $0, total: 900) }, [true, true, true])
    }

    /// Exiv2 parses a JPEG from the bytes read at its start: tags that run past them, or a
    /// file larger than them, are read all the same.
    func testJPEGsAreReadWholeWhereverTheirTagsEnd() throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        let sample = LibraryFixtures.samplePaths[0]
        let exiv2 = "/usr/bin/exiv2"
        // 60 KB of EXIF comment, then 10 KB of XMP holding the rating: past the first 64 KB.
        let late = folder + "/late-tags.jpg"
        try FileManager.default.copyItem(atPath: sample, toPath: late)
        let comment = "set Exif.Photo.UserComment charset=Ascii " + String(repeating: "x", count: 60_000)
        let description = "set Xmp.dc.description lang=x-default " + String(repeating: "y", count: 8_000)
        let tagged = try LibraryFixtures.run(exiv2, ["-M", comment, "-M", description, "-M", "set Xmp.xmp.Rating 4", late])
        XCTAssertEqual(tagged.status, 0, tagged.stderr)
        // A camera-sized JPEG: its tags at the start, megabytes of pixels after them.
        let large = folder + "/large.jpg"
        LibraryFixtures.shell("convert -size 1600x1200 xc:gray +noise Random -quality 90 '\(large)'")
        XCTAssertEqual(
            try LibraryFixtures.run(exiv2, ["-M", "set Xmp.xmp.Rating 3", "-M", "set Exif.Image.Make Lightbox", large]).status, 0)
        XCTAssertGreaterThan(try FileManager.default.attributesOfItem(atPath: large)[.size] as? Int ?? 0, 1_000_000)

        let photos = try scan(
            folder,
            scanner: {
                var scanner = PhotoScanner()
                scanner.workers = nil
                return scanner
            }())

        let lateTags = try XCTUnwrap(photos[late])
        XCTAssertEqual([lateTags.rating, lateTags.width, lateTags.height], [4, 640, 480])
        XCTAssertNil(lateTags.error)
        let camera = try XCTUnwrap(photos[large])
        XCTAssertEqual([camera.rating, camera.width, camera.height], [3, 1600, 1200])
        XCTAssertEqual(camera.make, "Lightbox")
        XCTAssertNil(camera.error)
    }

    func testFilesAreReadOnThreadsBelowTheUIsPriority() throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        LibraryFixtures.copySamples(to: folder, count: 3)
        let seen = Collected()
        var scanner = PhotoScanner()
        scanner.readFile = { file in
            var photo = PhotoReader.read(file)
            photo.model = String(ThreadPriority.currentThreadNice)
            seen.add(photo)
            return photo
        }
        _ = try scan(folder, scanner: scanner)
        XCTAssertEqual(Set(seen.photos.values.map(\.model)), ["19"], "as nice as a thread gets")
    }

    func testAFileDeletedDuringTheScanIsReported() throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        let paths = LibraryFixtures.copySamples(to: folder, count: 2)
        var scanner = PhotoScanner()
        scanner.readFile = { file in
            if file.path == paths[0] { unlink(file.path) }
            return PhotoReader.read(file)
        }

        let photos = try scan(folder, scanner: scanner)

        XCTAssertEqual(photos[paths[0]]?.error, "the file was deleted during the scan")
        XCTAssertNil(photos[paths[1]]?.error)
    }

    func testAFileThatHangsIsReportedAfterTheTimeoutAndTheScanGoesOn() throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        let paths = LibraryFixtures.copySamples(to: folder, count: 3)
        var scanner = PhotoScanner(parallelism: 1, fileTimeout: 0.3)
        let release = DispatchSemaphore(value: 0)
        scanner.readFile = { file in
            if file.path == paths[1] { release.wait() }
            return PhotoReader.read(file)
        }
        defer { release.signal() }

        let photos = try scan(folder, scanner: scanner)

        XCTAssertEqual(photos[paths[1]]?.error, "reading the file took longer than 0.3 s")
        XCTAssertNil(photos[paths[0]]?.error)
        XCTAssertNil(photos[paths[2]]?.error)
    }

    /// Readers wait before each file while images on screen decode, and go on when that ends.
    func testReadersStandAsideWhileForegroundWorkIsInFlightAndGoOnWhenItEnds() throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        let paths = LibraryFixtures.copySamples(to: folder, count: 3)
        let foreground = ForegroundWork()
        var scanner = PhotoScanner(parallelism: 2)
        scanner.foreground = foreground
        scanner.foregroundMaxWait = 3600  // only the end of the foreground work lets them go
        let events = EventLog()
        scanner.readFile = { file in
            events.add("read " + (file.path as NSString).lastPathComponent)
            return PhotoReader.read(file)
        }
        foreground.begin()
        let found = Collected()
        let scanned = DispatchSemaphore(value: 0)
        Thread.detachNewThread { [scanner] in
            try? scanner.scan(folder: folder) { event in
                if case .photo(let photo) = event { found.add(photo) }
            }
            scanned.signal()
        }
        XCTAssertTrue(foreground.waitForWaiters(2), "both readers wait before their first file")
        events.add("foreground work ended")
        foreground.end()
        scanned.wait()

        XCTAssertEqual(events.events.first, "foreground work ended")
        XCTAssertEqual(events.events.dropFirst().sorted(), ["read IMG_1000.jpg", "read IMG_1001.jpg", "read IMG_1002.jpg"])
        XCTAssertEqual(found.photos.count, 3)
        XCTAssertTrue(paths.allSatisfy { found.photos[$0]?.error == nil })
    }

    /// A reader waits a bounded time per file: images that keep coming never stop the scan.
    func testForegroundWorkThatNeverEndsOnlySlowsTheScan() throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        LibraryFixtures.copySamples(to: folder, count: 3)
        let foreground = ForegroundWork()
        var scanner = PhotoScanner(parallelism: 2)
        scanner.foreground = foreground
        scanner.foregroundMaxWait = 0.01
        foreground.begin()
        defer { foreground.end() }

        let photos = try scan(folder, scanner: scanner)

        XCTAssertEqual(photos.count, 3)
        XCTAssertTrue(foreground.isBusy, "the scan finished while the foreground work went on")
    }

    func testMissingFolderAndFileInsteadOfFolderAreClearErrors() {
        XCTAssertThrowsError(try scan("/nonexistent/lightbox")) { error in
            XCTAssertEqual("\(error)", "cannot read folder /nonexistent/lightbox: No such file or directory")
        }
        XCTAssertThrowsError(try scan(LibraryFixtures.samplePaths[0])) { error in
            XCTAssertTrue("\(error)".hasSuffix(": not a folder"))
        }
    }

    func testUnchangedFilesAreNotReadAgain() throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        let paths = LibraryFixtures.copySamples(to: folder, count: 2)
        var info = stat()
        stat(paths[0], &info)
        let read = Collected()
        let unchanged = Collected()
        try PhotoScanner().scan(folder: folder, known: [paths[0]: FileStamp(info)]) { event in
            switch event {
            case .unchanged(let path): unchanged.add(Photo(path: path))
            case .photo(let photo): read.add(photo)
            case .folder, .moved: break
            }
        }
        XCTAssertEqual(Array(unchanged.photos.keys), [paths[0]])
        XCTAssertEqual(Array(read.photos.keys), [paths[1]])
    }

    func testStreamDeliversEveryPhotoAndCanBeCancelled() async throws {
        var count = 0
        for try await event in PhotoScanner().events(folder: LibraryFixtures.samples) {
            if case .photo = event { count += 1 }
        }
        XCTAssertEqual(count, LibraryFixtures.samplePaths.count)

        var seen = 0
        for try await event in PhotoScanner(parallelism: 1).events(folder: LibraryFixtures.samples) {
            if case .photo = event {
                seen += 1
                break
            }
        }
        XCTAssertEqual(seen, 1)
    }

    private func writeCorruptExif(from source: String, to target: String) throws {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: source)))
        let marker: [UInt8] = Array("Exif".utf8) + [0, 0]
        let start = try XCTUnwrap((0..<bytes.count - 6).first { Array(bytes[$0..<$0 + 6]) == marker })
        bytes.replaceSubrange(start + 6..<start + 14, with: [0x00, 0xFF, 0x13, 0x37, 0xDE, 0xAD, 0xBE, 0xEF])
        try Data(bytes).write(to: URL(fileURLWithPath: target))
    }

    /// A PNG whose header claims 30000×30000 pixels (a few rows of real data follow).
    private func writePNGBomb(to path: String) throws {
        let script = path + ".py"
        try #"""
        import struct, sys, zlib
        def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d))
        ihdr = struct.pack('>IIBBBBB', 30000, 30000, 8, 2, 0, 0, 0)
        data = zlib.compress(bytes(90001 * 4))
        png = b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', ihdr) + chunk(b'IDAT', data) + chunk(b'IEND', b'')
        open(sys.argv[1], 'wb').write(png)
        """#.write(toFile: script, atomically: true, encoding: .utf8)
        LibraryFixtures.shell("python3 '\(script)' '\(path)' && rm '\(script)'")
    }

    /// The hang watchdog reads the clock while readers start new files; readers running
    /// right after its clock reading (the moment a reader could start "after" it) must never
    /// make its arithmetic trap, and every file is still reported exactly once.
    func testTheHangWatchdogNeverTrapsWhenReadersStartAsItReadsTheClock() throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        let source = LibraryFixtures.samplePaths[0]
        for index in 0..<400 { try FileManager.default.linkItem(atPath: source, toPath: folder + "/IMG_\(index).jpg") }
        var scanner = PhotoScanner(parallelism: 4, fileTimeout: 0.02)
        scanner.watchdogDidReadClock = { sched_yield() }  // readers run at this moment
        let reports = Counted()
        try scanner.scan(folder: folder) { event in
            if case .photo(let photo) = event { reports.add(photo.path) }
        }
        XCTAssertEqual(reports.counts.count, 400)
        XCTAssertEqual(Set(reports.counts.values), [1], "each file once, read or timed out")
    }
}

/// Photos gathered from scanner callbacks.
final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var byPath: [String: Photo] = [:]
    var photos: [String: Photo] { lock.withLock { byPath } }
    func add(_ photo: Photo) { lock.withLock { byPath[photo.path] = photo } }
}

/// Strings recorded from any thread, in order.
final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []
    var events: [String] { lock.withLock { recorded } }
    func add(_ event: String) { lock.withLock { recorded.append(event) } }
}

/// How often each path was reported by scanner callbacks.
final class Counted: @unchecked Sendable {
    private let lock = NSLock()
    private var byPath: [String: Int] = [:]
    var counts: [String: Int] { lock.withLock { byPath } }
    func add(_ path: String) { lock.withLock { byPath[path, default: 0] += 1 } }
}
