import Foundation
import GtkTestSupport
import LightboxMedia
import Synchronization
import XCTest

@testable import Lightbox

/// Duplicates found in a library of real files, from the hashes its thumbnails' decodes
/// made: planted copies are found, the frames of a burst and photos of a white wall are not;
/// keeping one merges what the copies carried and is undone in one step.
final class DuplicateStoreTests: GtkTestCase {
    private func make(_ script: String, in folder: String) { LibraryFixtures.shell("cd '\(folder)' && \(script)") }

    @MainActor
    private func openStore(_ folder: String, catalogPath: String? = nil) throws -> CatalogStore {
        let path = catalogPath ?? LibraryFixtures.temporaryFolder(self, name: "catalog") + "/catalog.sqlite"
        let cache = ThumbnailCache(directory: LibraryFixtures.temporaryFolder(self, name: "thumbs"))
        let store = CatalogStore(catalog: try Catalog(path: path), images: ImageSource(cache: cache))
        store.open(folder: folder)
        pump(until: { !store.isScanning && store.isUpToDate }, timeout: 30, "the scan")
        // The thumbnails of photos never shown are made after the scan, and their hashes with them.
        pump(
            until: { (try? store.catalog.photosWithoutPictureHash(in: [folder], limit: 1).isEmpty) == true },
            timeout: 120, "every photo's hash")
        find(store)
        return store
    }

    @MainActor
    private func find(_ store: CatalogStore) {
        var found = false
        Task { @MainActor in
            await store.findDuplicates()
            found = true
        }
        pump(until: { found }, timeout: 60, "the groups")
    }

    private func names(_ group: DuplicateGroup) -> [String] { group.photos.map { ($0 as NSString).lastPathComponent } }

    /// A picture with a camera's date, and the copies people end up with.
    private func plantCopies(in folder: String) {
        make(
            """
            convert -seed 7 -size 1200x800 plasma:fractal -blur 0x2 -quality 92 base.jpg \
            && exiv2 -q -M'set Exif.Photo.DateTimeOriginal 2024:05:01 10:00:00' -M'set Exif.Photo.SubSecTimeOriginal 25' base.jpg \
            && convert -seed 8 -size 1200x800 plasma:fractal -blur 0x2 -quality 92 other.jpg \
            && convert base.jpg -resize 40% resized.jpg && convert base.jpg -quality 55 recompressed.jpg \
            && convert base.jpg converted.png && convert base.jpg converted.webp \
            && convert base.jpg -gravity center -crop 95%x95%+0+0 +repage cropped.jpg \
            && cp base.jpg stripped.jpg && exiv2 -q rm stripped.jpg
            """, in: folder)
    }

    /// Frames of a burst (one second, each its own fraction of it) and two photos of a white wall.
    private func plantLookalikes(in folder: String) {
        PerceptualHashTests.makeBurst(in: folder)
        for frame in 0..<5 {
            make(
                """
                exiv2 -q -M'set Exif.Photo.DateTimeOriginal 2024:06:02 15:30:12' \
                -M'set Exif.Photo.SubSecTimeOriginal \(10 + frame * 12)' burst-\(frame).jpg
                """, in: folder)
        }
        PerceptualHashTests.makeWhiteWalls(in: folder)
    }

    func testPlantedCopiesAreFoundAndBurstFramesAndWhiteWallsAreNot() throws {
        let folder = LibraryFixtures.temporaryFolder(self, name: "photos")
        plantCopies(in: folder)
        plantLookalikes(in: folder)
        let store = try openStore(folder)
        XCTAssertEqual(
            store.duplicateGroups.map(names),
            [
                [
                    "converted.png", "base.jpg", "stripped.jpg", "converted.webp", "recompressed.jpg", "cropped.jpg",
                    "resized.jpg",
                ]
            ])
        XCTAssertEqual(store.duplicateGroups.first?.kind, .near, "resized and cropped copies are near ones")
        XCTAssertEqual(store.duplicateGroup(of: folder + "/resized.jpg")?.suggested, folder + "/converted.png")
        XCTAssertNil(store.duplicateGroup(of: folder + "/burst-1.jpg"), "a burst's frames are other photos")
        XCTAssertNil(store.duplicateGroup(of: folder + "/wall-0.jpg"), "white walls tell nothing apart")
        XCTAssertNil(store.duplicateGroup(of: folder + "/other.jpg"))
    }

    func testTheSameBytesOrPixelsAreExactCopies() throws {
        let folder = LibraryFixtures.temporaryFolder(self, name: "photos")
        make(
            """
            convert -seed 7 -size 900x600 plasma:fractal -blur 0x2 -quality 90 a.jpg && cp a.jpg b.jpg \
            && cp a.jpg c.jpg && exiv2 -q -M'set Exif.Image.Artist Someone' c.jpg
            """, in: folder)
        let store = try openStore(folder)
        XCTAssertEqual(store.duplicateGroups.map(names), [["c.jpg", "a.jpg", "b.jpg"]], "more bytes first, then by name")
        XCTAssertEqual(store.duplicateGroups.first?.kind, .exact, "the same pixels, another tag")
    }

    func testKeepingOneMergesWhatTheCopiesCarriedAndIsUndoneInOneStep() throws {
        let folder = LibraryFixtures.temporaryFolder(self, name: "photos")
        plantCopies(in: folder)
        make("rm converted.png converted.webp recompressed.jpg cropped.jpg stripped.jpg", in: folder)
        let store = try openStore(folder)
        let base = folder + "/base.jpg"
        let resized = folder + "/resized.jpg"
        try store.setRating(4, for: resized)
        try store.edit([resized]) {
            $0.add(keyword: "Bergen")
            $0.title = "Harbour"
        }
        try store.edit([base]) { $0.add(keyword: "Norway") }
        let album = try store.createAlbum(named: "Trip", with: [resized])
        let group = try XCTUnwrap(store.duplicateGroup(of: base))
        XCTAssertEqual(group.suggested, base, "more pixels")

        let merge = try store.keep(base, of: group)
        store.waitUntilSaved()
        let kept = try XCTUnwrap(store.photo(base))
        XCTAssertEqual(kept.rating, 4, "the highest rating")
        XCTAssertEqual(kept.keywords, ["Norway", "Bergen"])
        XCTAssertEqual(kept.title, "Harbour")
        XCTAssertEqual(try store.photos(inAlbum: album.album), [base], "the copy's album")
        XCTAssertFalse(FileManager.default.fileExists(atPath: resized), "the copy is in the trash")
        XCTAssertTrue(FileManager.default.fileExists(atPath: merge.trashed[0].trashedFile))

        try store.restore(merge.trashed)
        try store.apply(merge.albums.map(\.reversed))
        try store.undo(merge.edit)
        store.waitUntilSaved()
        XCTAssertTrue(FileManager.default.fileExists(atPath: resized), "back from the trash")
        XCTAssertEqual(store.photo(base)?.rating, 0)
        XCTAssertEqual(store.photo(base)?.keywords, ["Norway"])
        XCTAssertEqual(store.photo(resized)?.rating, 4, "the copy's own stars back")
        XCTAssertEqual(try store.photos(inAlbum: album.album), [], "the kept photo left the album again")
    }

    func testACopySaysInItsDetailsWhatItIsACopyOf() throws {
        let folder = LibraryFixtures.temporaryFolder(self, name: "photos")
        plantCopies(in: folder)
        make("rm converted.png converted.webp recompressed.jpg stripped.jpg", in: folder)
        let store = try openStore(folder)
        let details = DetailsController(store: store)
        _ = details.view
        func copiesRow() -> (DetailField, String, DetailLink?)? {
            for case .field(let field, let value, let link) in details.source.items where [.copyOf, .copies].contains(field) {
                return (field, value, link)
            }
            return nil
        }
        details.show(store.photo(folder + "/resized.jpg"))
        XCTAssertEqual(copiesRow()?.0, .copyOf)
        XCTAssertEqual(copiesRow()?.1, "base.jpg\n" + folder)
        XCTAssertEqual(copiesRow()?.2, .photo(folder + "/base.jpg"), "activating it opens the photo kept")
        details.show(store.photo(folder + "/base.jpg"))
        XCTAssertEqual(copiesRow()?.0, .copies)
        XCTAssertEqual(copiesRow()?.1, "cropped.jpg\nresized.jpg")
        XCTAssertEqual(DetailField.copyOf.label, "Copy of")

        try store.setNotDuplicates([folder + "/base.jpg", folder + "/resized.jpg", folder + "/cropped.jpg"], remembering: true)
        XCTAssertNil(copiesRow(), "no longer a copy")
        details.show(store.photo(folder + "/other.jpg"))
        XCTAssertNil(copiesRow())
    }

    /// A thumbnail shown while a first scan runs is hashed after the scan (the scan has the
    /// cores), from the thumbnail already made: its file is decoded once.
    func testAThumbnailShownDuringAFirstScanIsHashedAfterItWithoutASecondDecode() throws {
        let folder = LibraryFixtures.temporaryFolder(self, name: "photos")
        let samples = LibraryFixtures.copySamples(to: folder + "/a", count: 3)
        try FileManager.default.createDirectory(atPath: folder + "/b", withIntermediateDirectories: true)
        for index in 0..<300 { try FileManager.default.linkItem(atPath: samples[index % 3], toPath: folder + "/b/\(index).jpg") }
        let path = samples[0]
        let decodes = Mutex<[String]>([])
        let images = ImageSource(
            cache: ThumbnailCache(directory: LibraryFixtures.temporaryFolder(self, name: "thumbs")), memoryBudget: 64 << 20,
            largeImageCount: 3, maxConcurrentDecodes: 2, willDecode: { decoded in decodes.withLock { $0.append(decoded) } })
        let catalog = try Catalog(path: LibraryFixtures.temporaryFolder(self, name: "catalog") + "/catalog.sqlite")
        let store = CatalogStore(catalog: catalog, images: images)
        store.open(folder: folder)
        pump(until: { store.isScanning }, timeout: 10, "the scan's start")
        var info = stat()
        stat(path, &info)
        var shown = false
        Task { @MainActor in
            _ = try await images.image(for: Photo(path: path, modified: FileStamp(info).modified), size: 256)
            shown = true
        }
        pump(until: { shown }, timeout: 30, "the thumbnail")
        XCTAssertTrue(store.isScanning, "shown during the scan")
        XCTAssertNil(try catalog.duplicateCandidates(in: [folder]).first { $0.path == path }?.hash, "not hashed during the scan")
        pump(until: { !store.isScanning && store.isUpToDate }, timeout: 30, "the scan")
        pump(
            until: { (try? catalog.duplicateCandidates(in: [folder]).first { $0.path == path }?.hash) != nil },
            timeout: 60, "its hash")
        XCTAssertEqual(decodes.withLock { $0.filter { $0 == path }.count }, 1)
    }

    func testNotDuplicatesIsRememberedAcrossLaunches() throws {
        let folder = LibraryFixtures.temporaryFolder(self, name: "photos")
        plantCopies(in: folder)
        make("rm converted.png converted.webp recompressed.jpg cropped.jpg stripped.jpg", in: folder)
        let catalogPath = LibraryFixtures.temporaryFolder(self, name: "kept") + "/catalog.sqlite"
        let store = try openStore(folder, catalogPath: catalogPath)
        let group = try XCTUnwrap(store.duplicateGroups.first)
        try store.setNotDuplicates(group.photos, remembering: true)
        XCTAssertEqual(store.duplicateGroups, [], "gone at once")
        find(store)
        XCTAssertEqual(store.duplicateGroups, [])

        let reopened = try openStore(folder, catalogPath: catalogPath)
        XCTAssertEqual(reopened.duplicateGroups, [], "remembered in the catalog")
        try reopened.setNotDuplicates(group.photos, remembering: false)
        find(reopened)
        XCTAssertEqual(reopened.duplicateGroups.map(names), [["base.jpg", "resized.jpg"]], "forgotten by the undo")
    }

    func testADuplicateOfARawAndJpegPairKeepsThePair() throws {
        let folder = LibraryFixtures.temporaryFolder(self, name: "pairs")
        FormatFixtures.make(in: folder, files: [FormatFixtures.rawFiles[0]])
        try FileManager.default.copyItem(atPath: folder + "/reference.jpg", toPath: folder + "/photo.JPG")
        let store = try openStore(folder)
        let group = try XCTUnwrap(store.duplicateGroups.first)
        XCTAssertEqual(names(group), ["photo.nef", "reference.jpg"], "the pair is one photo, its RAW kept")
        _ = try store.keep(group.suggested, of: group)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/photo.nef"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/photo.JPG"), "the pair's JPEG stays")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/reference.jpg"))
    }
}
