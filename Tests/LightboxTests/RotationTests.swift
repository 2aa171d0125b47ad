import Foundation
import Gtk
import GtkTestSupport
import LightboxKit
import LightboxMedia
import XCTest

@testable import Lightbox

/// Rotating photos by key in a real window over real files: the catalog keeps each turn as a
/// correction of the file's orientation, the rows, the details and the thumbnails show it at
/// once, one undo takes a batch back, and with write-back on the JPEG gets its orientation tag
/// (its image data the same bytes) and a RAW file a sidecar.
final class RotationTests: GtkTestCase {
    @MainActor
    private struct Rotation {
        let root: MainWindowController
        let window: Window
        let actions: ActionGroup
        let folder: String
        var store: CatalogStore { root.store }
        var photos: PhotosController { root.pages.pages[0].controller as! PhotosController }

        func press(_ name: String, _ modifiers: ModifierType = []) {
            root.view.sendKeyPress(Key(name: name)!, modifiers: modifiers)
        }

        func select(_ name: String) {
            photos.reveal(store.allPhotos.first { $0.name == name }!.id)
            XCTAssertEqual(photos.currentPhoto?.name, name)
        }

        /// Ctrl+Z: an application accelerator, which a window without an application has not.
        func undo() { actions.action(named: "undo")?.activate(nil) }

        func orientation(_ name: String) -> Int? { store.allPhotos.first { $0.name == name }?.orientation }

        var dimensions: String? {
            for case .field(.dimensions, let value, _) in photos.details.source.items { return value }
            return nil
        }
    }

    @MainActor
    private func makeWindow(writing: Bool = false, prepare: (String) throws -> Void = { _ in }) throws -> Rotation {
        let folder = LibraryFixtures.temporaryFolder(self, name: "Rotation")
        LibraryFixtures.copySamples(to: folder, count: 3)
        try prepare(folder)
        let catalog = try Catalog(path: LibraryFixtures.temporaryFolder(self, name: "catalog") + "/catalog.sqlite")
        let cache = ThumbnailCache(directory: LibraryFixtures.temporaryFolder(self, name: "thumbs"))
        let store = CatalogStore(catalog: catalog, images: ImageSource(cache: cache))
        store.savesMetadataInFiles = writing
        PhotosStyle.install()
        let root = MainWindowController.lightbox(store: store).root
        let window = Window()
        window.setDefaultSize(width: 1000, height: 700)
        root.becomeRoot(of: window)
        let actions = ActionGroup()
        root.installActions(in: actions, window: window)
        window.insertActionGroup(actions, prefix: "win")
        actions.action(named: "sort-key")?.activate(Variant("name"))
        actions.action(named: "sort-ascending")?.activate(Variant(true))
        root.open(folder: folder)
        show(window)
        pump(until: { !store.isScanning && store.isUpToDate && !store.photos.isEmpty }, timeout: 20, "scan to finish")
        addTeardownBlock { @MainActor in window.destroy() }
        return Rotation(root: root, window: window, actions: actions, folder: folder)
    }

    func testTurnsFollowTheEXIFTable() {
        let clockwise = (1...8).map { ExifOrientation($0).turnedClockwise.value }
        XCTAssertEqual(clockwise, [6, 7, 8, 5, 2, 3, 4, 1], "Shotwell's table: 1→6→3→8→1, 2→7→4→5→2")
        XCTAssertEqual((1...8).map { ExifOrientation($0).turnedCounterclockwise.turnedClockwise.value }, Array(1...8))
        for file in 1...8 {
            for wanted in 1...8 {
                XCTAssertEqual(ExifOrientation(file).then(ExifOrientation.turn(from: file, to: wanted)).value, wanted)
            }
        }
    }

    func testKeysTurnThePhotoEveryWayAndTheDetailsFollow() throws {
        let rotation = try makeWindow()
        rotation.select("IMG_1000.jpg")
        XCTAssertEqual(rotation.dimensions, "640 × 480")
        rotation.press("r", .controlMask)
        XCTAssertEqual(rotation.orientation("IMG_1000.jpg"), 6, "Ctrl+R: a quarter clockwise")
        pump(until: { rotation.dimensions == "480 × 640" }, "the details show it standing")
        rotation.press("bracketright")
        XCTAssertEqual(rotation.orientation("IMG_1000.jpg"), 3, "]: a quarter clockwise more")
        rotation.press("bracketleft")
        XCTAssertEqual(rotation.orientation("IMG_1000.jpg"), 6, "[: back a quarter")
        rotation.press("r", [.controlMask, .shiftMask])
        XCTAssertEqual(rotation.orientation("IMG_1000.jpg"), 1, "Shift+Ctrl+R: a quarter counterclockwise")
        XCTAssertEqual(rotation.orientation("IMG_1001.jpg"), 1, "the others are left")
        XCTAssertNil(rotation.root.windowView.toastTitle, "one photo turning says itself")
        rotation.undo()
        XCTAssertEqual(rotation.orientation("IMG_1000.jpg"), 6, "each turn is one step back")
    }

    func testABatchTurnsAsOneStepAndTheCatalogKeepsIt() throws {
        let rotation = try makeWindow()
        rotation.select("IMG_1000.jpg")
        rotation.photos.photoList.source.select(positions: 0..<3)
        XCTAssertEqual(rotation.photos.selectedPhotos.count, 3)
        rotation.press("r", .controlMask)
        XCTAssertEqual(rotation.store.allPhotos.map(\.orientation), [6, 6, 6])
        XCTAssertEqual(rotation.root.windowView.toastTitle, "3 photos rotated")
        rotation.store.waitUntilSaved()
        let folder = rotation.folder
        XCTAssertEqual(try rotation.store.catalog.photos(in: folder).map(\.correctedOrientation), [6, 6, 6])
        XCTAssertEqual(try rotation.store.catalog.photos(in: folder).map(\.fileOrientation), [1, 1, 1], "the files say what they said")
        let listed = PhotoListing.line(for: try XCTUnwrap(rotation.store.catalog.photo(at: folder + "/IMG_1000.jpg")))
        XCTAssertTrue(listed.contains(#""orientation":6"#), "--list shows the turn: \(listed)")

        rotation.store.rescan()
        pump(until: { !rotation.store.isScanning && rotation.store.isUpToDate }, timeout: 20, "the rescan")
        XCTAssertEqual(rotation.store.allPhotos.map(\.orientation), [6, 6, 6], "a rescan keeps the turns")

        rotation.undo()
        XCTAssertEqual(rotation.store.allPhotos.map(\.orientation), [1, 1, 1], "one undo takes the batch back")
        rotation.store.waitUntilSaved()
        XCTAssertEqual(try rotation.store.catalog.photos(in: folder).map(\.correctedOrientation), [nil, nil, nil])
    }

    /// The thumbnail of a turned photo is the file's, turned: the same pixels as the file
    /// would show were it tagged with the turn.
    func testATurnedPhotosThumbnailIsItsFileTurned() async throws {
        let folder = LibraryFixtures.temporaryFolder(self, name: "quadrants")
        // Four colours, one a quadrant: any turn or mirror moves them.
        let plain = folder + "/plain.jpg"
        let drawn = try LibraryFixtures.run(
            "/usr/bin/convert",
            [
                "-size", "128x64", "xc:white", "-fill", "red", "-draw", "rectangle 0,0 63,31", "-fill", "lime",
                "-draw", "rectangle 64,0 127,31", "-fill", "blue", "-draw", "rectangle 0,32 63,63", plain,
            ])
        XCTAssertEqual(drawn.status, 0, drawn.stderr)
        func tagged(_ orientation: Int) throws -> String {
            let path = folder + "/o\(orientation).jpg"
            try FileManager.default.copyItem(atPath: plain, toPath: path)
            XCTAssertEqual(try LibraryFixtures.run("/usr/bin/exiv2", ["-M", "set Exif.Image.Orientation \(orientation)", path]).status, 0)
            return path
        }
        func corners(_ image: PixelImage) -> [[Int]] {
            let bytes = image.rgbaBytes
            let (width, height) = (image.width, image.height)
            return [(width / 4, height / 4), (3 * width / 4, height / 4), (width / 4, 3 * height / 4), (3 * width / 4, 3 * height / 4)]
                .map { x, y in (0..<3).map { Int(bytes[(y * width + x) * 4 + $0]) / 64 } }
        }
        let images = ImageSource(cache: ThumbnailCache(directory: LibraryFixtures.temporaryFolder(self, name: "thumbs")), workers: nil)
        for (file, wanted) in [(6, 3), (1, 6), (8, 5), (2, 1)] {
            var photo = Photo(path: try tagged(file))
            photo.fileOrientation = file
            photo.correctedOrientation = wanted
            let shown = try await images.image(for: photo, size: 128)
            let expected = try PixelImage.decode(path: try tagged(wanted), fitting: 128, maxPixels: 1 << 20)
            XCTAssertEqual(shown.width, expected.width, "\(file)→\(wanted)")
            XCTAssertEqual(corners(shown), corners(expected), "\(file)→\(wanted)")
            XCTAssertEqual(images.cachedImage(for: photo, size: 128).map(corners), corners(expected), "from memory too")
            try FileManager.default.removeItem(atPath: folder + "/o\(file).jpg")
            try? FileManager.default.removeItem(atPath: folder + "/o\(wanted).jpg")
        }
    }

    func testWrittenBackTheJPEGGetsItsTagWithItsImageDataUntouchedAndARAWASidecar() throws {
        var raw = ""
        let rotation = try makeWindow(writing: true) { folder in
            raw = folder + "/IMG_2.DNG"
            let made = try LibraryFixtures.run("/usr/bin/convert", [LibraryFixtures.samplePaths[0], "TIFF:" + raw])
            XCTAssertEqual(made.status, 0, made.stderr)
        }
        let jpeg = rotation.folder + "/IMG_1000.jpg"
        let scan = try JPEGScanData.of(jpeg)
        let rawBytes = FileManager.default.contents(atPath: raw)
        rotation.select("IMG_1000.jpg")
        rotation.press("r", .controlMask)
        rotation.select("IMG_2.DNG")
        rotation.press("r", [.controlMask, .shiftMask])
        writtenBack(rotation.store)
        XCTAssertEqual(try LibraryFixtures.exiv2Tags(jpeg)["Exif.Image.Orientation"], "6")
        XCTAssertEqual(try JPEGScanData.of(jpeg), scan, "the JPEG's image data is the same bytes")
        XCTAssertEqual(FileManager.default.contents(atPath: raw), rawBytes, "the RAW file is untouched")
        XCTAssertEqual(try LibraryFixtures.exiv2Tags(raw + ".xmp")["Xmp.tiff.Orientation"], "8")
        let written = try XCTUnwrap(rotation.store.photo(jpeg))
        XCTAssertEqual(written.fileOrientation, 6, "the file now says it: read again")
        XCTAssertEqual(written.orientation, 6)
        XCTAssertEqual(written.displayTurn, .upright, "its pixels come turned from the file: not turned twice")
        XCTAssertEqual(rotation.store.photo(raw)?.orientation, 8)
        XCTAssertNil(rotation.store.notice)

        rotation.undo()
        rotation.undo()
        XCTAssertEqual(rotation.store.photo(jpeg)?.orientation, 1, "undone, though the file said 6 by then")
        XCTAssertEqual(rotation.store.photo(raw)?.orientation, 1)
        writtenBack(rotation.store)
        XCTAssertEqual(try LibraryFixtures.exiv2Tags(jpeg)["Exif.Image.Orientation"], "1", "the undo is written back too")
        XCTAssertEqual(try LibraryFixtures.exiv2Tags(raw + ".xmp")["Xmp.tiff.Orientation"], "1")
        XCTAssertEqual(try JPEGScanData.of(jpeg), scan)
        XCTAssertEqual(rotation.store.photo(jpeg)?.displayTurn, .upright)
    }
}
