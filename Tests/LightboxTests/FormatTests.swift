import Foundation
import Gtk
import GtkTestSupport
import LightboxMedia
import XCTest

@testable import Lightbox

/// Phone formats (HEIC, HEIF, AVIF, WebP, JPEG XL) and camera RAW files list with their date, camera
/// and size, get upright thumbnails like the same picture as JPEG, and open on the photo page.
final class FormatTests: GtkTestCase {
    private func scan(_ folder: String) throws -> [String: Photo] {
        let found = Collected()
        try PhotoScanner().scan(folder: folder) { event in
            if case .photo(let photo) = event { found.add(photo) }
        }
        return Dictionary(uniqueKeysWithValues: found.photos.values.map { ($0.name, $0) })
    }

    private func modified(_ path: String) -> Double {
        var info = stat()
        stat(path, &info)
        return FileStamp(info).modified
    }

    func testAFilesFormatIsKnownByItsExtensionInAnyCase() {
        let paths = ["/a/IMG_1.CR2", "/a/b.c/IMG_2", "/a/photo.jpeg", "/a/x.HeIc", "/a/trailing.", "name.Tiff", "/a/Ünï.JPG", "/a/.hidden"]
        XCTAssertEqual(paths.map(ImageFamily.fileExtension(of:)), ["cr2", "", "jpeg", "heic", "", "tiff", "jpg", "hidden"])
        XCTAssertEqual(paths.map { ImageFamily(path: $0) }, [.raw, .pixbuf, .pixbuf, .heif, .pixbuf, .pixbuf, .pixbuf, .pixbuf])
    }

    func testEveryFormatListsWithItsDateCameraAndSize() throws {
        let folder = LibraryFixtures.temporaryFolder(self, name: "formats")
        FormatFixtures.make(in: folder)

        let photos = try scan(folder)

        XCTAssertEqual(Set(photos.keys), Set(FormatFixtures.allFiles.map(\.name) + ["reference.jpg"]))
        for file in FormatFixtures.allFiles {
            let photo = try XCTUnwrap(photos[file.name], file.name)
            XCTAssertNil(photo.error, file.name)
            XCTAssertEqual(photo.taken, FormatFixtures.taken, file.name)
            XCTAssertEqual(photo.takenSource, .dateTimeOriginal, file.name)
            XCTAssertEqual(photo.make, file.make, file.name)
            XCTAssertEqual(photo.model, file.model, file.name)
            XCTAssertEqual(photo.width, file.storedWidth, file.name)
            XCTAssertEqual(photo.height, file.storedHeight, file.name)
            XCTAssertEqual(photo.displaySize.width, FormatFixtures.width, "shown landscape: \(file.name)")
            XCTAssertEqual(photo.displaySize.height, FormatFixtures.height, "shown landscape: \(file.name)")
        }
    }

    func testThumbnailsAreUprightLikeTheSamePictureAsJPEG() async throws {
        let folder = LibraryFixtures.temporaryFolder(self, name: "formats")
        FormatFixtures.make(in: folder)
        let source = ImageSource(cache: ThumbnailCache(directory: LibraryFixtures.temporaryFolder(self, name: "thumbs")))

        let reference = try await source.image(for: Photo(path: folder + "/reference.jpg", modified: 1), size: 256)
        FormatFixtures.assertUpright(reference, "reference.jpg")
        let jpegQuadrants = FormatFixtures.quadrants(of: reference)
        for file in FormatFixtures.allFiles {
            let path = folder + "/" + file.name
            let thumbnail = try await source.image(for: Photo(path: path, modified: modified(path)), size: 256)
            XCTAssertEqual(thumbnail.width > thumbnail.height, true, "landscape: \(file.name) \(thumbnail.width)×\(thumbnail.height)")
            XCTAssertLessThanOrEqual(max(thumbnail.width, thumbnail.height), 256, file.name)
            FormatFixtures.assertUpright(thumbnail, file.name)
            for (found, jpeg) in zip(FormatFixtures.quadrants(of: thumbnail), jpegQuadrants) {
                XCTAssertTrue(zip(found, jpeg).allSatisfy { abs($0 - $1) <= 40 }, "\(file.name): \(found) vs the JPEG's \(jpeg)")
            }
        }
    }

    func testRawThumbnailsComeFromTheEmbeddedPreview() throws {
        let folder = LibraryFixtures.temporaryFolder(self, name: "formats")
        FormatFixtures.make(in: folder, files: FormatFixtures.rawFiles)

        let previews = try RawPreview.previews(path: folder + "/photo.nef")
        XCTAssertEqual(previews.map { "\($0.width)×\($0.height) \($0.mimeType)" }, ["320×240 image/jpeg"])
        let small = try PixelImage.decode(path: folder + "/photo.nef", fitting: 128, maxPixels: PhotoReader.maxPixels)
        XCTAssertEqual([small.width, small.height], [128, 96])
        let large = try PixelImage.decode(path: folder + "/sideways.arw", fitting: 2048, maxPixels: PhotoReader.maxPixels)
        XCTAssertEqual([large.width, large.height], [320, 240], "the largest preview, turned upright, never scaled up")
    }

    /// A RAW file with no preview is developed by LibRaw, upright, at the size asked.
    func testARawFileWithoutAPreviewIsDevelopedByLibRaw() throws {
        let folder = LibraryFixtures.temporaryFolder(self, name: "formats")
        try FormatFixtures.makeSensorDNG(folder + "/sensor.dng")
        try FormatFixtures.makeSensorDNG(folder + "/sideways.dng", sideways: true)

        for name in ["sensor.dng", "sideways.dng"] {
            XCTAssertEqual(try RawPreview.previews(path: folder + "/" + name).count, 0, "\(name) has no preview")
            let thumbnail = try PixelImage.decode(path: folder + "/" + name, fitting: 256, maxPixels: PhotoReader.maxPixels)
            XCTAssertEqual([thumbnail.width, thumbnail.height], [256, 192], name)
            FormatFixtures.assertUpright(thumbnail, name)
            let page = try PixelImage.decode(path: folder + "/" + name, fitting: 2048, maxPixels: PhotoReader.maxPixels)
            XCTAssertEqual([page.width, page.height], [400, 300], "half the sensor's size, never scaled up: \(name)")
        }
        let photos = try scan(folder)
        XCTAssertEqual(photos["sensor.dng"]?.error, nil)
        XCTAssertEqual(photos["sensor.dng"]?.model, "Test Sensor")
        XCTAssertEqual(photos["sideways.dng"]?.displaySize.width, 800, "shown landscape")
    }

    func testPhoneThumbnailsComeFromTheThumbnailThePhoneEmbedded() throws {
        let folder = LibraryFixtures.temporaryFolder(self, name: "formats")
        FormatFixtures.make(in: folder, files: Array(FormatFixtures.phoneFiles.prefix(2)))

        let phone = try HEIFFile(path: folder + "/photo.heic")
        XCTAssertEqual([phone.width, phone.height], [400, 300])
        let embedded = try XCTUnwrap(phone.thumbnail(fitting: 256), "heif-enc embedded a 320 px thumbnail")
        XCTAssertEqual([embedded.width, embedded.height], [256, 192])
        FormatFixtures.assertUpright(embedded, "photo.heic's thumbnail")
        XCTAssertNil(phone.thumbnail(fitting: 1024), "none covers the photo page: the photo itself is decoded")
        XCTAssertNil(try HEIFFile(path: folder + "/photo.hif").thumbnail(fitting: 128), "encoded without one")
        let page = try PixelImage.decode(path: folder + "/photo.heic", fitting: 2048, maxPixels: PhotoReader.maxPixels)
        XCTAssertEqual([page.width, page.height], [400, 300], "the photo, through libheif's gdk-pixbuf loader")
        FormatFixtures.assertUpright(page, "photo.heic")
        XCTAssertThrowsError(try HEIFFile(path: folder + "/reference.jpg"), "a JPEG is not HEIF")
    }

    func testEachFormatOpensOnThePhotoPage() {
        let folder = LibraryFixtures.temporaryFolder(self, name: "formats")
        FormatFixtures.make(in: folder)
        let store = MonthsFixtures.store(self, folder: folder)
        let photos = store.photos
        XCTAssertEqual(photos.count, FormatFixtures.allFiles.count + 1)
        let page = PhotoPageController(store: store, photos: photos, index: 0)
        let (window, _) = MonthsFixtures.window(showing: page)
        for index in photos.indices {
            page.showPhoto(at: index)
            pump(until: { page.isShowingPhoto }, "\(photos[index].name) to load")
            let size = page.imageSize!
            XCTAssertGreaterThan(size.width, size.height, "\(photos[index].name) is shown upright (landscape)")
            XCTAssertNil(page.currentPhoto?.error, photos[index].name)
        }
        _ = screenshot(window, name: "formats-photo-page")
    }

    func testAFolderWithOneFileOfEachFormatShowsEveryPhotoWithItsThumbnailAndDetails() {
        guard PinnedLocale.isInEffect(for: self) else { return }
        let folder = LibraryFixtures.temporaryFolder(self, name: "formats")
        FormatFixtures.make(in: folder)
        let fixture = PhotosPageFixture(self, folder: folder)
        let source = fixture.list.source
        XCTAssertEqual(source.count, FormatFixtures.allFiles.count + 1)
        XCTAssertEqual(source.items.filter { $0.error != nil }.map(\.name), [], "every format reads")
        let raw = source.items.firstIndex { FormatFixtures.allFiles.first?.name == $0.name } ?? 0
        source.select(at: raw)
        pump(until: { fixture.page.details.photo != nil }, "details")
        pump(
            until: { (0..<min(source.count, 6)).allSatisfy { fixture.row(at: $0)?.thumbnail.isLoaded == true } },
            timeout: 20, "the thumbnails on screen")
        pumpUntilPainted(fixture.window)
        _ = screenshot(fixture.window, name: "formats-list")
    }

    /// A JPEG XL file's stars and keywords (its XMP box) list like a JPEG's; a JPEG XL file cut
    /// short or made of garbage costs its own row, with the reason.
    func testJPEGXLFilesKeepTheirStarsAndKeywordsAndABrokenOneCostsOneRow() throws {
        let folder = LibraryFixtures.temporaryFolder(self, name: "jpegxl")
        LibraryFixtures.shell(
            """
            cd '\(folder)' && convert -size 640x480 plasma:fractal -quality 92 .rated.jpg \
            && exiv2 -q -M'set Xmp.xmp.Rating 4' -M'set Xmp.dc.subject Tokyo' -M'set Exif.Image.Model Pixel 8' .rated.jpg \
            && cjxl .rated.jpg rated.jxl > /dev/null 2>&1 && rm .rated.jpg \
            && head -c 2000 rated.jxl > cut.jxl && head -c 3000 /dev/urandom > garbage.jxl
            """)

        let photos = try scan(folder)

        let rated = try XCTUnwrap(photos["rated.jxl"])
        XCTAssertNil(rated.error)
        XCTAssertEqual([rated.width, rated.height, rated.rating], [640, 480, 4])
        XCTAssertEqual(rated.keywords, ["Tokyo"])
        XCTAssertEqual(rated.model, "Pixel 8")
        XCTAssertEqual(photos["garbage.jxl"]?.error, "not a readable JPEG XL image: its data is damaged")
        // Its header is whole, so it lists; its picture is not, so it never shows and says why.
        XCTAssertEqual(photos["cut.jxl"].map { [$0.width, $0.height] }, [640, 480])
        XCTAssertThrowsError(try PixelImage.decode(path: folder + "/cut.jxl", fitting: 256, maxPixels: PhotoReader.maxPixels)) {
            XCTAssertEqual(($0 as? MediaError)?.message, "the JPEG XL image is damaged")
        }
        XCTAssertThrowsError(try PixelImage.decode(path: folder + "/rated.jxl", fitting: 256, maxPixels: 640 * 480 - 1)) {
            XCTAssertEqual(($0 as? MediaError)?.message, "image too large to decode (640×480 pixels)")
        }
    }
}
