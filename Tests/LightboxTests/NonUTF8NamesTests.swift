import Foundation
import Gtk
import GtkTestSupport
import LightboxMedia
import XCTest

@testable import Lightbox

/// Photos whose file or folder names are not UTF-8 (Latin-1 names from an old camera archive)
/// are listed, rated, moved and trashed like any other.
final class NonUTF8NamesTests: GtkTestCase {
    /// "Mädchen.jpg", "Mädchen 2.jpg" and "Frühling" in Latin-1.
    static let girl = PathBytes.path(Array("M".utf8) + [0xE4] + Array("dchen.jpg".utf8))
    static let girlRenamed = PathBytes.path(Array("M".utf8) + [0xE4] + Array("dchen 2.jpg".utf8))
    static let spring = PathBytes.path(Array("Fr".utf8) + [0xFC] + Array("hling".utf8))

    private var library = ""
    private var catalogPath = ""

    override func setUp() {
        super.setUp()
        MainActor.assumeIsolated {
            library = LibraryFixtures.temporaryFolder(self, name: "latin1")
            catalogPath = LibraryFixtures.temporaryFolder(self, name: "catalog") + "/catalog.sqlite"
        }
    }

    /// `library/Mädchen.jpg` and `library/Frühling/Mädchen.jpg`, names in Latin-1 bytes.
    static func makeLatin1Library(at library: String) throws -> (photo: String, nested: String) {
        XCTAssertEqual(mkdir(PathBytes.c(library + "/" + spring), 0o755), 0, String(cString: strerror(errno)))
        let photo = library + "/" + girl
        let nested = library + "/" + spring + "/" + girl
        for (sample, target) in [(0, photo), (1, nested)] {
            let plain = library + "/copy.tmp"
            try FileManager.default.copyItem(atPath: LibraryFixtures.samplePaths[sample], toPath: plain)
            XCTAssertEqual(rename(PathBytes.c(plain), PathBytes.c(target)), 0, String(cString: strerror(errno)))
        }
        // What `ls` sees: the Latin-1 bytes themselves.
        let listed = try LibraryFixtures.run("/bin/sh", ["-c", "cd '\(library)' && ls | od -An -c | tr -s ' '"])
        XCTAssertTrue(listed.stdout.contains(" F r 374 h l i n g \\n M 344 d c h e n"), listed.stdout)
        return (photo, nested)
    }

    private func exists(_ path: String) -> Bool { access(PathBytes.c(path), F_OK) == 0 }

    func testTheScanListsThemTheCatalogKeepsThemAndTheyAreRelinkedAfterAMoveWhileClosed() throws {
        let (photo, nested) = try Self.makeLatin1Library(at: library)
        let catalog = try Catalog(path: catalogPath)
        _ = try CatalogSync(catalog: catalog).run(folder: library)

        let photos = try catalog.photos(in: library)
        XCTAssertEqual(Set(photos.map(\.path)), [photo, nested])
        for listed in photos {
            XCTAssertNil(listed.error, listed.path)
            XCTAssertEqual(listed.name, "M\u{FFFD}dchen.jpg")
            XCTAssertEqual(listed.width, 640, "the metadata was read")
            XCTAssertNotNil(listed.camera, "its camera was read")
        }
        try catalog.setMetadata([photo: PhotoMetadata(rating: 4, isRejected: false, keywords: ["Oma"])])
        XCTAssertEqual(try catalog.photo(at: photo)?.rating, 4)

        // Closed: the file is renamed with `mv`, by its bytes.
        LibraryFixtures.shell("cd '\(library)' && mv \"$(printf 'M\\344dchen.jpg')\" \"$(printf 'M\\344dchen 2.jpg')\"")
        XCTAssertFalse(exists(photo))
        XCTAssertTrue(exists(library + "/" + Self.girlRenamed))
        let summary = try CatalogSync(catalog: try Catalog(path: catalogPath)).run(folder: library)

        let moved = try XCTUnwrap(try catalog.photo(at: library + "/" + Self.girlRenamed))
        XCTAssertEqual(moved.rating, 4)
        XCTAssertEqual(moved.keywords, ["Oma"])
        XCTAssertEqual(moved.name, "M\u{FFFD}dchen 2.jpg")
        XCTAssertNil(try catalog.photo(at: photo))
        XCTAssertEqual(summary.removed, [], "found again, not missing")
        XCTAssertEqual(try catalog.missingPhotos(in: library).count, 0)
    }

    func testThumbnailsAreCachedUnderTheURIOfTheBytes() async throws {
        let (photo, _) = try Self.makeLatin1Library(at: library)
        let info = try XCTUnwrap(FileInfo(path: photo))
        let source = ImageSource(cache: ThumbnailCache(directory: LibraryFixtures.temporaryFolder(self, name: "thumbs")))

        let loaded = try await source.load(path: photo, modified: info.modified, size: 256)
        XCTAssertEqual(loaded.origin, .decoded)
        XCTAssertEqual(loaded.image.width, 256)
        source.finishCacheWrites()

        let uri = try XCTUnwrap(FileNames.uri(forPath: photo))
        XCTAssertEqual(uri, "file://" + library + "/M%E4dchen.jpg")
        let file = source.cache.directory + "/large/" + FileNames.md5(uri) + ".png"
        let (_, text) = try PixelImage.load(path: file, textKeys: ["Thumb::URI"])
        XCTAssertEqual(text["Thumb::URI"], uri)
        let again = try await ImageSource(cache: source.cache).load(path: photo, modified: info.modified, size: 256)
        XCTAssertEqual(again.origin, .diskCache)
    }

    func testAPhotoOrFolderGivenToOpenIsFoundByItsBytes() throws {
        let (photo, _) = try Self.makeLatin1Library(at: library)
        let opened = OpenedPaths([photo, library + "/" + Self.spring, library + "/" + Self.spring + "/gone.jpg"])
        XCTAssertEqual(opened.photos, [photo])
        XCTAssertEqual(opened.folders, [library + "/" + Self.spring])
        XCTAssertEqual(opened.problems, ["“gone.jpg” can't be opened: there is no such file."])
    }

    func testTheWorkerProcessesReadAndDecodeThemByTheirBytes() throws {
        let (photo, nested) = try Self.makeLatin1Library(at: library)
        let workers = WorkerPool(executable: LibraryFixtures.productsDirectory + "/lightbox", size: 1)
        let stamp = try XCTUnwrap(FileInfo(path: nested)).stamp
        let read = workers.read(path: nested, stamp: stamp, timeout: 10)
        XCTAssertEqual(read.path, nested, "the path came back as it went")
        XCTAssertNil(read.error)
        XCTAssertEqual(read.width, PhotoReader.read(path: nested, stamp: stamp).width)
        let image = try workers.decode(path: photo, fitting: 256, maxPixels: PhotoReader.maxPixels, timeout: 10, urgent: true)
        XCTAssertEqual(image.width, 256)
    }

    @MainActor
    func testARatingIsWrittenIntoTheFileAndTheTrashTakesItAndGivesItBack() throws {
        let (photo, nested) = try Self.makeLatin1Library(at: library)
        let store = try writeBackStore(over: library, catalogPath: catalogPath)
        XCTAssertEqual(Set(store.photos.map(\.path)), [photo, nested])

        try store.setRating(5, for: nested)
        store.waitUntilSaved()
        XCTAssertTrue(store.writeBack.finish(waitingAtMost: 30), "the queue was written")
        pump(until: { store.pendingWriteCount == 0 }, "the write-back's report")
        XCTAssertEqual(try ImageMetadataWriter.writtenTags(at: nested).rating, 5, "in the file itself")
        XCTAssertEqual(try store.catalog.photo(at: nested)?.rating, 5)

        let trashed = try store.moveToTrash([nested])
        XCTAssertFalse(exists(nested))
        XCTAssertTrue(exists(try XCTUnwrap(trashed.first).trashedFile), "in the trash, under its own bytes")
        XCTAssertTrue(
            PathBytes.displayName((try XCTUnwrap(trashed.first).trashedFile as NSString).lastPathComponent).hasPrefix("M\u{FFFD}dchen"))
        pump(until: { !store.photos.contains { $0.path == nested } }, "the trashed photo to leave the list")

        try store.restore(trashed)
        XCTAssertTrue(exists(nested))
        XCTAssertFalse(exists(try XCTUnwrap(trashed.first).infoFile), "its trash record dropped")
        pump(until: { store.photos.first { $0.path == nested }?.rating == 5 }, "the restored photo with its stars")
    }

    func testListPrintsTheBytesAsSurrogateEscapesAndExitsZero() throws {
        let (_, nested) = try Self.makeLatin1Library(at: library)
        let data = LibraryFixtures.temporaryFolder(self, name: "xdg-data")
        let lightbox = LibraryFixtures.productsDirectory + "/lightbox"
        // The folder is given by its bytes too; Python reads the paths back and opens the files.
        let script = """
            cd '\(library)' && XDG_DATA_HOME='\(data)' '\(lightbox)' --list "$(printf 'Fr\\374hling')" > list.json; echo "status $?"
            python3 -c 'import json, os, sys
            for line in open("list.json"): print(os.fsencode(json.loads(line)["path"]).hex(), os.path.getsize(json.loads(line)["path"]))'
            """
        let result = try LibraryFixtures.run("/bin/sh", ["-c", script])
        XCTAssertEqual(result.stderr, "")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "status 0", "every file was listed without an error")
        let size = try XCTUnwrap(FileInfo(path: nested)).size
        XCTAssertEqual(lines.dropFirst(), ["\(PathBytes.bytes(nested).map { String(format: "%02x", $0) }.joined()) \(size)"])
        let listing = try XCTUnwrap(String(data: try Data(contentsOf: URL(fileURLWithPath: library + "/list.json")), encoding: .utf8))
        XCTAssertTrue(listing.contains(#""path":"\#(library)/Fr\udcfchling/M\udce4dchen.jpg""#), listing)
        XCTAssertTrue(listing.contains(#""error":null"#), listing)
    }
}
