import Foundation
import Gtk
import GtkTestSupport
import LightboxMedia
import XCTest

@testable import Lightbox

/// Write-back of stars, rejects and keywords into the photo files, checked with the
/// `exiv2` CLI, byte by byte and pixel by pixel.
final class WriteBackTests: GtkTestCase {
    private var folder = ""
    private var catalogPath = ""

    override func setUp() {
        super.setUp()
        MainActor.assumeIsolated {
            folder = LibraryFixtures.temporaryFolder(self, name: "write-back")
            catalogPath = LibraryFixtures.temporaryFolder(self, name: "catalog") + "/catalog.sqlite"
            addTeardownBlock { [folder] in chmod(folder, 0o755) }
        }
    }

    // MARK: Fixtures

    /// The first sample as `name`, converted by ImageMagick when not a JPEG (`format` forces one).
    @discardableResult
    private func photo(_ name: String, format: String? = nil, sample: Int = 0) throws -> String {
        let path = folder + "/" + name
        let source = LibraryFixtures.samplePaths[sample]
        if name.hasSuffix(".jpg") && format == nil {
            try FileManager.default.copyItem(atPath: source, toPath: path)
        } else {
            let target = format.map { "\($0):\(path)" } ?? path
            let result = try LibraryFixtures.run("/usr/bin/convert", [source, target])
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        return path
    }

    private func openStore(writing: Bool = true) throws -> CatalogStore {
        try writeBackStore(over: folder, catalogPath: catalogPath, writing: writing)
    }

    /// Decoded pixels: gdk-pixbuf's for PNG and TIFF; for WebP, ImageMagick's signature
    /// (a SHA-256 of the pixels), as gdk-pixbuf reads WebP only with an optional loader.
    private func pixels(_ path: String) throws -> [UInt8] {
        guard path.hasSuffix(".webp") else {
            return try PixelImage.decode(path: path, fitting: 100_000, maxPixels: 100_000_000).rgbaBytes
        }
        let result = try LibraryFixtures.run("/usr/bin/identify", ["-format", "%#", path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout.count, 64, "a signature")
        return Array(result.stdout.utf8)
    }

    private func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    private func stamp(_ path: String) -> FileStamp {
        var info = stat()
        stat(path, &info)
        return FileStamp(info)
    }

    // MARK: Tests

    func testJPEGPNGTIFFAndWebPGetRatingRejectAndKeywordsWithTheImageDataUntouched() throws {
        let paths = [try photo("IMG_1.jpg"), try photo("IMG_2.png"), try photo("IMG_3.tif"), try photo("IMG_4.webp")]
        let scan = try JPEGScanData.of(paths[0])
        let decoded = try paths.dropFirst().map { try pixels($0) }
        let store = try openStore()

        try store.edit(paths) {
            $0.rating = 4
            $0.keywords = ["Bergen", "Places|Norway|Oslo", "Fish market"]
        }
        writtenBack(store)
        for path in paths {
            let tags = try LibraryFixtures.exiv2Tags(path)
            XCTAssertEqual(tags["Xmp.xmp.Rating"], "4", path)
            XCTAssertEqual(tags["Xmp.dc.subject"], "Bergen, Places, Norway, Oslo, Fish market", path)
            XCTAssertEqual(tags["Xmp.lr.hierarchicalSubject"], "Places|Norway|Oslo", path)
            XCTAssertEqual(
                try store.catalog.photo(at: path).map { FileStamp(size: $0.fileSize, modified: $0.modified) },
                stamp(path), "the catalog knows the file as written: no rescan reads it again")
        }
        for path in [paths[0], paths[2]] {
            let tags = try LibraryFixtures.exiv2Tags(path)
            XCTAssertEqual(tags["Exif.Image.Rating"], "4", path)
            XCTAssertEqual(tags["Exif.Image.RatingPercent"], "75", path)
        }

        try store.setRejected(true, for: paths)
        try store.edit(paths) { $0.remove(keyword: "Bergen") }
        writtenBack(store)
        for path in paths {
            let tags = try LibraryFixtures.exiv2Tags(path)
            XCTAssertEqual(tags["Xmp.xmp.Rating"], "-1", path)
            XCTAssertEqual(tags["Xmp.dc.subject"], "Places, Norway, Oslo, Fish market", "a removed keyword is gone: \(path)")
            let read = try ImageMetadataReader.read(path: path)
            XCTAssertTrue(read.isRejected, path)
            XCTAssertEqual(read.keywords, ["Fish market", "Places|Norway|Oslo"], path)
        }
        XCTAssertEqual(try LibraryFixtures.exiv2Tags(paths[0])["Exif.Image.Rating"], "0", "EXIF has no reject")
        XCTAssertEqual(try JPEGScanData.of(paths[0]), scan, "the JPEG's image data is the same bytes")
        XCTAssertEqual(try paths.dropFirst().map { try pixels($0) }, decoded, "PNG, TIFF and WebP pixels are the same")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder).sorted(),
            ["IMG_1.jpg", "IMG_2.png", "IMG_3.tif", "IMG_4.webp"], "no temporary file, no sidecar")
        XCTAssertNil(store.notice)
    }

    func testIPTCKeywordsTheFileHadAreRewrittenAndPermissionsKept() throws {
        let path = try photo("IMG_1.jpg")
        XCTAssertEqual(
            try LibraryFixtures.run(
                "/usr/bin/exiv2",
                [
                    "-M", "add Iptc.Application2.Keywords Old",
                    "-M", "set Xmp.dc.subject XmpBag Old", path,
                ]
            ).status, 0)
        chmod(path, 0o640)
        let store = try openStore()
        try store.edit([path]) { $0.keywords = ["New"] }
        writtenBack(store)
        XCTAssertEqual(try LibraryFixtures.exiv2Tags(path)["Iptc.Application2.Keywords"], "New")
        XCTAssertEqual(try ImageMetadataReader.read(path: path).keywords, ["New"])
        var info = stat()
        stat(path, &info)
        XCTAssertEqual(info.st_mode & 0o777, 0o640)
    }

    func testRAWAndReadOnlyFilesGetASidecarThatTheReaderThenPrefers() throws {
        let raw = try photo("IMG_2.DNG", format: "TIFF")
        let lightroomRAW = try photo("IMG_3.CR2", format: "TIFF")
        try ImageMetadataWriter.emptySidecar.write(toFile: folder + "/IMG_3.xmp", atomically: false, encoding: .utf8)
        let readOnly = try photo("IMG_1.jpg")
        chmod(readOnly, 0o444)
        let before = [raw, lightroomRAW, readOnly].map(bytes)
        let store = try openStore()

        try store.edit([raw, lightroomRAW, readOnly]) {
            $0.rating = 5
            $0.keywords = ["Oslo"]
        }
        writtenBack(store)
        XCTAssertEqual([raw, lightroomRAW, readOnly].map(bytes), before, "the photos themselves are untouched")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder).sorted(),
            ["IMG_1.jpg", "IMG_1.jpg.xmp", "IMG_2.DNG", "IMG_2.DNG.xmp", "IMG_3.CR2", "IMG_3.xmp"],
            "a new sidecar is name.ext.xmp; an existing one in the other naming is updated")
        for sidecar in ["IMG_1.jpg.xmp", "IMG_2.DNG.xmp", "IMG_3.xmp"] {
            let tags = try LibraryFixtures.exiv2Tags(folder + "/" + sidecar)
            XCTAssertEqual(tags["Xmp.xmp.Rating"], "5", sidecar)
            XCTAssertEqual(tags["Xmp.dc.subject"], "Oslo", sidecar)
        }
        XCTAssertEqual(try ImageMetadataReader.read(path: readOnly).rating, 5, "the sidecar's rating wins over the file's")
        var info = stat()
        stat(readOnly, &info)
        XCTAssertEqual(info.st_mode & 0o777, 0o444)
        XCTAssertNil(store.notice)
    }

    func testAFileAnotherAppChangedKeepsItsTagsAndGetsThePersonsChange() throws {
        let path = try photo("IMG_1.jpg")
        let catalog = try Catalog(path: catalogPath)
        _ = try CatalogSync(catalog: catalog).run(folder: folder)
        // Another app writes after Lightbox read the file.
        let other = try LibraryFixtures.run(
            "/usr/bin/exiv2",
            [
                "-M", "set Exif.Image.Artist Ingrid",
                "-M", "set Exif.Image.Model Other Camera", path,
            ])
        XCTAssertEqual(other.status, 0, other.stderr)
        XCTAssertNotEqual(try catalog.photo(at: path).map { FileStamp(size: $0.fileSize, modified: $0.modified) }, stamp(path))

        var metadata = try XCTUnwrap(catalog.photo(at: path)).metadata
        metadata.rating = 2
        metadata.keywords = ["Harbour"]
        try catalog.setMetadata([path: metadata], queueingWrites: true)
        let writeBack = MetadataWriteBack(catalog: catalog)
        writeBack.schedule()
        XCTAssertTrue(writeBack.finish(waitingAtMost: 30))

        let tags = try LibraryFixtures.exiv2Tags(path)
        XCTAssertEqual(tags["Exif.Image.Artist"], "Ingrid", "the other app's tag survives")
        XCTAssertEqual(tags["Xmp.xmp.Rating"], "2")
        XCTAssertEqual(tags["Xmp.dc.subject"], "Harbour")
        let row = try XCTUnwrap(catalog.photo(at: path))
        XCTAssertEqual(row.model, "Other Camera", "the catalog took in what the other app changed")
        XCTAssertEqual(row.rating, 2)
        XCTAssertEqual(FileStamp(size: row.fileSize, modified: row.modified), stamp(path))
        XCTAssertEqual(try catalog.pendingWriteCount(), 0)
    }

    func testAFileThatCantBeWrittenNorGetASidecarIsLeftAsItWasAndThePersonIsTold() throws {
        let path = try photo("IMG_1.jpg")
        let before = bytes(path)
        let store = try openStore()
        var notices: [String] = []
        store.observeNotices(owner: self) { notices.append($0) }
        chmod(folder, 0o555)

        try store.setRating(3, for: path)
        writtenBack(store)
        XCTAssertEqual(notices, ["“IMG_1.jpg” could not be updated: the folder is read-only, so no sidecar can be written."])
        XCTAssertEqual(bytes(path), before)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["IMG_1.jpg"])
        XCTAssertEqual(store.photo(path)?.rating, 3, "the catalog keeps the rating")
        XCTAssertEqual(try store.catalog.pendingWriteCount(), 0, "a failed write is not tried forever")
    }

    func testWithTheSettingOffNothingIsWritten() throws {
        let paths = [try photo("IMG_1.jpg"), try photo("IMG_2.png")]
        let before = paths.map(bytes)
        let store = try openStore(writing: false)
        try store.setRating(5, for: paths)
        try store.edit(paths) { $0.add(keyword: "Bergen") }
        store.waitUntilSaved()
        store.writeBack.finish(waitingAtMost: 30)
        XCTAssertEqual(paths.map(bytes), before)
        XCTAssertEqual(try store.catalog.pendingWriteCount(), 0)
        XCTAssertEqual(store.pendingWriteCount, 0)
    }

    func testWritesLeftAtQuitAreWrittenAtTheNextLaunch() throws {
        let paths = [try photo("IMG_1.jpg"), try photo("IMG_2.jpg", sample: 1)]
        let before = paths.map(bytes)
        do {
            // A launch that queues and quits before writing: the queue is the catalog's.
            let catalog = try Catalog(path: catalogPath)
            _ = try CatalogSync(catalog: catalog).run(folder: folder)
            var values: [String: PhotoMetadata] = [:]
            for path in paths { values[path] = PhotoMetadata(rating: 1, keywords: ["Queued"]) }
            try catalog.setMetadata(values, queueingWrites: true)
        }
        XCTAssertEqual(paths.map(bytes), before)

        let store = try openStore(writing: false)
        pump(until: { store.pendingWriteCount == 2 }, "the count shows what waits")
        store.writePendingChangesNow()
        pump(until: { store.pendingWriteCount == 0 }, "the queue is written")
        for path in paths {
            XCTAssertEqual(try LibraryFixtures.exiv2Tags(path)["Xmp.xmp.Rating"], "1", path)
            XCTAssertEqual(try LibraryFixtures.exiv2Tags(path)["Xmp.dc.subject"], "Queued", path)
        }
    }

    func testTurningTheSettingOnResumesTheQueue() throws {
        let path = try photo("IMG_1.jpg")
        let catalog = try Catalog(path: catalogPath)
        _ = try CatalogSync(catalog: catalog).run(folder: folder)
        try catalog.setMetadata([path: PhotoMetadata(rating: 3)], queueingWrites: true)
        let store = try openStore(writing: true)
        pump(
            until: { (try? LibraryFixtures.exiv2Tags(path)["Xmp.xmp.Rating"]) == "3" && store.pendingWriteCount == 0 },
            timeout: 20, "the queued write")
    }

    func testTheWritePendingActionIsEnabledWhileFilesWaitAndWritesThem() throws {
        let path = try photo("IMG_1.jpg")
        let catalog = try Catalog(path: catalogPath)
        _ = try CatalogSync(catalog: catalog).run(folder: folder)
        try catalog.setMetadata([path: PhotoMetadata(rating: 2)], queueingWrites: true)
        let store = try openStore(writing: false)
        let root = MainWindowController.lightbox(store: store).root
        let window = Window()
        root.becomeRoot(of: window)
        addTeardownBlock { window.destroy() }
        let actions = ActionGroup()
        root.installActions(in: actions, window: window)
        let writePending = try XCTUnwrap(actions.action(named: "write-pending"))
        pump(until: { writePending.isEnabled }, "Write Pending Changes (1) to be enabled")

        writePending.activate()
        pump(until: { !writePending.isEnabled }, timeout: 20, "the queue to be written")
        XCTAssertEqual(try LibraryFixtures.exiv2Tags(path)["Xmp.xmp.Rating"], "2")
        XCTAssertEqual(store.pendingWriteCount, 0)
    }
}
