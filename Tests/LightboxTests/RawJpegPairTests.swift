import Foundation
import Gtk
import GtkTestSupport
import XCTest

@testable import Lightbox

/// A RAW file and the JPEG the camera saved beside it are one photo: one row marked
/// "RAW+JPEG"; its stars, reject, keywords and trash act on both files.
final class RawJpegPairTests: GtkTestCase {
    private var folder = ""
    private var raw: String { folder + "/photo.nef" }
    private var jpeg: String { folder + "/photo.JPG" }

    override func setUp() {
        super.setUp()
        MainActor.assumeIsolated {
            folder = LibraryFixtures.temporaryFolder(self, name: "pairs")
            FormatFixtures.make(in: folder, files: [FormatFixtures.rawFiles[0]])
            try! FileManager.default.copyItem(atPath: folder + "/reference.jpg", toPath: jpeg)
        }
    }

    private func openStore(writing: Bool = false) throws -> CatalogStore {
        let catalog = try Catalog(path: LibraryFixtures.temporaryFolder(self, name: "catalog") + "/catalog.sqlite")
        let store = CatalogStore(
            catalog: catalog,
            images: ImageSource(cache: ThumbnailCache(directory: LibraryFixtures.temporaryFolder(self, name: "thumbs"))))
        store.savesMetadataInFiles = writing
        store.open(folder: folder)
        pump(until: { !store.isScanning && store.isUpToDate }, timeout: 20, "scan to finish")
        return store
    }

    private func exiv2(_ key: String, _ path: String) throws -> String? {
        let result = try LibraryFixtures.run("/usr/bin/exiv2", ["-q", "-Pv", "-K", key, path])
        let value = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        return value.isEmpty ? nil : value
    }

    func testARawAndItsJPEGAreOneRowMarkedRawJpeg() throws {
        let store = try openStore()

        XCTAssertEqual(store.photos.map(\.name).sorted(), ["photo.nef", "reference.jpg"], "the JPEG is not listed on its own")
        let pair = try XCTUnwrap(store.photos.first { $0.id == raw })
        XCTAssertEqual(pair.companion, jpeg)
        XCTAssertEqual(pair.formatMark, "RAW+JPEG")
        XCTAssertNil(store.photos.first { $0.name == "reference.jpg" }?.formatMark)
        let row = PhotoRow()
        row.configure(with: pair, images: nil)
        XCTAssertEqual(row.formatLabel.text, "RAW+JPEG")
        XCTAssertTrue(row.formatLabel.isVisible)
        row.configure(with: store.photos.first { $0.name == "reference.jpg" }!, images: nil)
        XCTAssertFalse(row.formatLabel.isVisible, "a recycled row shows no stale mark")
        XCTAssertTrue(
            DetailItem.items(for: pair).contains(.field(.files, value: "photo.nef\nphoto.JPG", link: nil)), "the details name both files")
    }

    func testStarsRejectAndKeywordsGoToBothFilesInTheCatalogAndInTheFiles() throws {
        let store = try openStore(writing: true)

        try store.edit([raw]) {
            $0.rating = 4
            $0.keywords = ["Bergen"]
        }
        store.waitUntilSaved()
        XCTAssertTrue(store.writeBack.finish(waitingAtMost: 30), "the queue was written")
        for path in [raw, jpeg] {
            let row = try XCTUnwrap(try store.catalog.photo(at: path), path)
            XCTAssertEqual(row.rating, 4, path)
            XCTAssertEqual(row.keywords, ["Bergen"], path)
        }
        XCTAssertEqual(try exiv2("Xmp.xmp.Rating", raw + ".xmp"), "4", "the RAW gets a sidecar")
        XCTAssertEqual(try exiv2("Xmp.dc.subject", raw + ".xmp"), "Bergen")
        XCTAssertEqual(try exiv2("Xmp.xmp.Rating", jpeg), "4", "the JPEG gets the tags itself")
        XCTAssertEqual(try exiv2("Xmp.dc.subject", jpeg), "Bergen")
        XCTAssertEqual(store.photos.first { $0.id == raw }?.rating, 4)

        store.keywords.update()
        XCTAssertEqual(store.keywords.counts.map(\.countText), ["1 photo"], "the pair is one photo with the keyword")

        try store.setRejected(true, for: [raw])
        store.waitUntilSaved()
        XCTAssertEqual(try store.catalog.photo(at: raw)?.isRejected, true)
        XCTAssertEqual(try store.catalog.photo(at: jpeg)?.isRejected, true)
    }

    func testTrashMovesBothFilesAndUndoBringsBothBack() throws {
        let store = try openStore()
        try store.setRating(2, for: raw)

        let trashed = try store.moveToTrash([raw])

        XCTAssertEqual(trashed.map(\.photo.path), [raw, jpeg])
        XCTAssertFalse(FileManager.default.fileExists(atPath: raw))
        XCTAssertFalse(FileManager.default.fileExists(atPath: jpeg))
        XCTAssertEqual(store.photos.map(\.name), ["reference.jpg"])

        try store.restore(trashed)

        XCTAssertTrue(FileManager.default.fileExists(atPath: raw))
        XCTAssertTrue(FileManager.default.fileExists(atPath: jpeg))
        pump(until: { store.isUpToDate }, "the list")
        XCTAssertEqual(store.photos.map(\.name).sorted(), ["photo.nef", "reference.jpg"])
        XCTAssertEqual(store.photos.first { $0.id == raw }?.companion, jpeg)
        XCTAssertEqual(try store.catalog.photo(at: jpeg)?.rating, 2)
    }

    func testABrokenRawLeavesItsJPEGListedOnItsOwn() throws {
        LibraryFixtures.shell("cd '\(folder)' && head -c 3000 /dev/urandom > other.nef && cp reference.jpg other.jpg")
        let store = try openStore()

        XCTAssertEqual(store.photos.map(\.name).sorted(), ["other.jpg", "other.nef", "photo.nef", "reference.jpg"])
        XCTAssertNil(store.photos.first { $0.name == "other.nef" }?.companion)
        XCTAssertNotNil(store.photos.first { $0.name == "other.nef" }?.error)
    }
}
