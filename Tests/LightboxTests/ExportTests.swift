import Foundation
import LightboxMedia
import XCTest

@testable import Lightbox

/// Exports checked from outside: ImageMagick's `identify` and `exiv2` read what was written.
final class ExportTests: XCTestCase {
    static let adobeRGB = "/usr/share/color/icc/ghostscript/a98.icc"

    /// A 1200×800 camera JPEG (noise, so that it weighs like a photo) with a camera's tags, a
    /// place, orientation `orientation` and, when `profile`, an Adobe RGB profile.
    static func cameraJPEG(_ path: String, orientation: Int = 1, profile: Bool = false, size: String = "1200x800") {
        let embed = profile ? "-profile '\(adobeRGB)'" : ""
        LibraryFixtures.shell(
            "convert -size \(size) gradient:'#c03020'-'#2040c0' -attenuate 0.5 +noise Gaussian \(embed) -quality 92 '\(path)' && "
                + "exiv2 -q -M'set Exif.Image.Make Canon' -M'set Exif.Photo.DateTimeOriginal 2020:01:02 03:04:05' "
                + "-M'set Exif.GPSInfo.GPSLatitudeRef N' -M'set Exif.GPSInfo.GPSLatitude 35/1 39/1 31/1' "
                + "-M'set Exif.GPSInfo.GPSLongitudeRef E' -M'set Exif.GPSInfo.GPSLongitude 139/1 44/1 43/1' "
                + "-M'set Xmp.exif.GPSLatitude 35,39.5N' -M'set Exif.Image.Orientation \(orientation)' '\(path)'")
    }

    static func identify(_ format: String, _ path: String) throws -> String {
        let result = try LibraryFixtures.run("/usr/bin/identify", ["-format", format, path])
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout
    }

    /// Every entry of `folder`, hidden ones too, sorted.
    static func entries(_ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    func testTemplateAndSizeWithoutThePlaceConvertedToSRGB() throws {
        let sources = LibraryFixtures.temporaryFolder(self)
        let target = LibraryFixtures.temporaryFolder(self, name: "exported")
        Self.cameraJPEG(sources + "/IMG_1.JPG", orientation: 6, profile: true)
        Self.cameraJPEG(sources + "/IMG_2.JPG")
        let items = [
            ExportItem(
                path: sources + "/IMG_1.JPG", orientation: 6, taken: "2024-05-17T14:30:05", takenOffset: "+09:00",
                place: ExportItem.Place(latitude: 35.6586, longitude: 139.7454), title: "Harbour", rating: 4,
                keywords: ["Places|Japan", "boats"]),
            ExportItem(path: sources + "/IMG_2.JPG", taken: "2024-05-18T09:00:00"),
        ]
        let options = ExportOptions(
            jpeg: JPEGSettings(longestSide: 512, quality: 80, metadata: .withoutPlace, colour: .sRGB),
            template: "{date} {name} {seq}", folder: target)

        let summary = ExportRun(items: items, options: options, pool: nil).run()

        XCTAssertEqual(summary.failures, [])
        XCTAssertEqual(try Self.entries(target), ["2024-05-17 IMG_1 1.jpg", "2024-05-18 IMG_2 2.jpg"])
        let first = target + "/2024-05-17 IMG_1 1.jpg"
        // Turned upright (portrait), 512 px on the long side, converted and tagged sRGB.
        XCTAssertEqual(try Self.identify("%m %w×%h %[colorspace] %[icc:description]", first), "JPEG 341×512 sRGB sRGB built-in")
        XCTAssertEqual(try Self.identify("%w×%h", target + "/2024-05-18 IMG_2 2.jpg"), "512×341")
        let tags = try LibraryFixtures.exiv2Tags(first)
        XCTAssertEqual(tags.keys.filter { $0.contains("GPS") }, [])
        XCTAssertEqual(tags["Exif.Image.Orientation"], "1")
        XCTAssertEqual(tags["Exif.Photo.PixelXDimension"], "341")
        XCTAssertEqual(tags["Exif.Photo.ColorSpace"], "1")
        XCTAssertEqual(tags["Exif.Image.Make"], "Canon")
        XCTAssertEqual(tags["Exif.Photo.DateTimeOriginal"], "2024:05:17 14:30:05")
        XCTAssertEqual(tags["Exif.Photo.OffsetTimeOriginal"], "+09:00")
        XCTAssertEqual(tags["Xmp.dc.title"], "lang=\"x-default\" Harbour")
        XCTAssertEqual(tags["Xmp.xmp.Rating"], "4")
        XCTAssertEqual(tags["Xmp.dc.subject"], "Places, Japan, boats")
        XCTAssertEqual(summary.exported, [first, target + "/2024-05-18 IMG_2 2.jpg"])
    }

    /// A photo turned, dated and unplaced in Lightbox exports as the person corrected it,
    /// whatever its file says.
    func testAPhotosCorrectionsWinOverItsFile() throws {
        let sources = LibraryFixtures.temporaryFolder(self)
        let target = LibraryFixtures.temporaryFolder(self, name: "exported")
        Self.cameraJPEG(sources + "/IMG_1.JPG")
        var photo = Photo(path: sources + "/IMG_1.JPG")
        (photo.fileOrientation, photo.fileTaken, photo.fileLatitude, photo.fileLongitude) = (1, "2020-01-02T03:04:05", 35.66, 139.75)
        photo.corrections = PhotoCorrections(orientation: 6, taken: "2021-06-07T08:09:10", takenOffset: "+02:00", place: .removed)
        let summary = ExportRun(items: [ExportItem(photo)], options: ExportOptions(folder: target), pool: nil).run()
        XCTAssertEqual(summary.failures, [])
        let exported = target + "/IMG_1.jpg"
        XCTAssertEqual(try Self.identify("%w×%h", exported), "800×1200", "standing, as turned")
        let tags = try LibraryFixtures.exiv2Tags(exported)
        XCTAssertEqual(tags["Exif.Photo.DateTimeOriginal"], "2021:06:07 08:09:10")
        XCTAssertEqual(tags["Exif.Photo.OffsetTimeOriginal"], "+02:00")
        XCTAssertEqual(tags.keys.filter { $0.contains("GPS") }, [], "the place taken away stays away")
        XCTAssertEqual(tags["Exif.Image.Orientation"], "1")
    }

    func testEverythingKeptCarriesTheCatalogsPlaceAndTheSourceProfile() throws {
        let sources = LibraryFixtures.temporaryFolder(self)
        let target = LibraryFixtures.temporaryFolder(self, name: "exported")
        Self.cameraJPEG(sources + "/IMG_1.JPG", profile: true)
        let item = ExportItem(path: sources + "/IMG_1.JPG", place: ExportItem.Place(latitude: -33.8568, longitude: 151.2153))

        let summary = ExportRun(items: [item], options: ExportOptions(folder: target), pool: nil).run()

        XCTAssertEqual(summary.exported, [target + "/IMG_1.jpg"])
        XCTAssertEqual(try Self.identify("%w×%h %[icc:description]", target + "/IMG_1.jpg"), "1200×800 Artifex Software A98 ICC Profile ")
        let tags = try LibraryFixtures.exiv2Tags(target + "/IMG_1.jpg")
        XCTAssertEqual(tags["Exif.GPSInfo.GPSLatitudeRef"], "S")
        XCTAssertEqual(tags["Exif.GPSInfo.GPSLatitude"], "33/1 51/1 2448/100")
        XCTAssertEqual(tags["Exif.GPSInfo.GPSLongitudeRef"], "E")
        XCTAssertNil(tags["Xmp.exif.GPSLatitude"])
    }

    func testAGreyPhotosProfileIsNotPutOnTheRGBPixels() throws {
        let sources = LibraryFixtures.temporaryFolder(self)
        let target = LibraryFixtures.temporaryFolder(self, name: "exported")
        LibraryFixtures.shell(
            "convert -size 300x200 gradient:black-white -colorspace Gray -profile /usr/share/color/icc/ghostscript/sgray.icc '\(sources)/grey.jpg'"
        )
        XCTAssertEqual(
            try Self.identify("%[colorspace] %[icc:description]", sources + "/grey.jpg"), "Gray Artifex Software sGray ICC Profile")

        _ = ExportRun(items: [ExportItem(path: sources + "/grey.jpg")], options: ExportOptions(folder: target), pool: nil).run()

        XCTAssertEqual(try Self.identify("%w×%h %[icc:description]", target + "/grey.jpg"), "300×200 ")
    }

    func testRAWAndHEIFFilesAreTurnedAsTheCatalogSays() throws {
        let sources = LibraryFixtures.temporaryFolder(self)
        let target = LibraryFixtures.temporaryFolder(self, name: "exported")
        FormatFixtures.make(
            in: sources,
            files: FormatFixtures.rawFiles.filter { $0.name == "sideways.arw" }
                + FormatFixtures.phoneFiles.filter { $0.name == "photo.heic" })
        let items = [
            ExportItem(path: sources + "/sideways.arw", orientation: 6),
            ExportItem(path: sources + "/photo.heic", orientation: 1),
            // Corrected in the catalog: a quarter turn left of what the files say.
            ExportItem(path: sources + "/sideways.arw", orientation: 1),
            ExportItem(path: sources + "/photo.heic", orientation: 8),
        ]
        // Within the RAW fixture's largest preview (320 px).
        let options = ExportOptions(jpeg: JPEGSettings(longestSide: 240), template: "{seq}", folder: target)

        let summary = ExportRun(items: items, options: options, pool: nil).run()

        XCTAssertEqual(summary.failures, [])
        for name in ["1.jpg", "2.jpg"] {
            XCTAssertEqual(try Self.identify("%w×%h", target + "/" + name), "240×180")
            FormatFixtures.assertUpright(try PixelImage.decode(path: target + "/" + name, fitting: 400, maxPixels: 1 << 24), name)
        }
        for name in ["3.jpg", "4.jpg"] { XCTAssertEqual(try Self.identify("%w×%h", target + "/" + name), "180×240") }
    }

    func testNoMetadataAtAll() throws {
        let sources = LibraryFixtures.temporaryFolder(self)
        let target = LibraryFixtures.temporaryFolder(self, name: "exported")
        Self.cameraJPEG(sources + "/IMG_1.JPG", orientation: 8)
        let item = ExportItem(path: sources + "/IMG_1.JPG", orientation: 8, title: "Harbour")
        let options = ExportOptions(jpeg: JPEGSettings(longestSide: 300, metadata: .none), folder: target)

        _ = ExportRun(items: [item], options: options, pool: nil).run()

        XCTAssertEqual(try Self.identify("%w×%h", target + "/IMG_1.jpg"), "200×300")
        XCTAssertEqual(try LibraryFixtures.exiv2Tags(target + "/IMG_1.jpg"), [:])
    }

    func testNeverOverwritesAFileOrAnEarlierExport() throws {
        let sources = LibraryFixtures.temporaryFolder(self)
        let other = LibraryFixtures.temporaryFolder(self, name: "other")
        let target = LibraryFixtures.temporaryFolder(self, name: "exported")
        Self.cameraJPEG(sources + "/IMG_1.JPG")
        Self.cameraJPEG(other + "/IMG_1.JPG")
        try Data("mine".utf8).write(to: URL(fileURLWithPath: target + "/IMG_1.jpg"))
        let items = [ExportItem(path: sources + "/IMG_1.JPG"), ExportItem(path: other + "/IMG_1.JPG")]

        let summary = ExportRun(items: items, options: ExportOptions(folder: target), pool: nil).run()

        XCTAssertEqual(try Self.entries(target), ["IMG_1 (2).jpg", "IMG_1 (3).jpg", "IMG_1.jpg"])
        XCTAssertEqual(try String(contentsOfFile: target + "/IMG_1.jpg", encoding: .utf8), "mine")
        XCTAssertEqual(summary.exported, [target + "/IMG_1 (2).jpg", target + "/IMG_1 (3).jpg"])
    }

    func testOriginalsAreCopiedByteForByteWithTheirSidecars() throws {
        let sources = LibraryFixtures.temporaryFolder(self)
        let target = LibraryFixtures.temporaryFolder(self, name: "exported")
        Self.cameraJPEG(sources + "/IMG_1.JPG")
        try Data("<x:xmpmeta/>".utf8).write(to: URL(fileURLWithPath: sources + "/IMG_1.JPG.xmp"))
        let options = ExportOptions(format: .originals, template: "Trip {seq}", folder: target)

        let summary = ExportRun(items: [ExportItem(path: sources + "/IMG_1.JPG")], options: options, pool: nil).run()

        XCTAssertEqual(try Self.entries(target), ["Trip 1.JPG", "Trip 1.JPG.xmp"])
        XCTAssertEqual(
            FileManager.default.contents(atPath: target + "/Trip 1.JPG"), FileManager.default.contents(atPath: sources + "/IMG_1.JPG"))
        XCTAssertEqual(summary.exported, [target + "/Trip 1.JPG"])
    }

    /// A Live Photo's originals are its still and its motion, and a RAW's its RAW and JPEG: named
    /// alike, as other apps pair them; exported as JPEGs, the still alone.
    func testOriginalsOfAPhotoOfTwoFilesAreBothNamedAlike() throws {
        let sources = LibraryFixtures.temporaryFolder(self)
        Self.cameraJPEG(sources + "/IMG_1.JPG")
        LibraryFixtures.shell(
            "ffmpeg -loglevel error -y -f lavfi -i testsrc=size=320x240:rate=30:duration=1 -pix_fmt yuv420p '\(sources)/IMG_1.MOV'")
        try Data("<x:xmpmeta/>".utf8).write(to: URL(fileURLWithPath: sources + "/IMG_1.MOV.xmp"))
        let live = ExportItem(path: sources + "/IMG_1.JPG", companion: sources + "/IMG_1.MOV")

        let originals = LibraryFixtures.temporaryFolder(self, name: "originals")
        try Data("taken".utf8).write(to: URL(fileURLWithPath: originals + "/Trip 1.MOV"))
        let summary = ExportRun(
            items: [live], options: ExportOptions(format: .originals, template: "Trip {seq}", folder: originals), pool: nil
        ).run()
        XCTAssertEqual(
            try Self.entries(originals), ["Trip 1 (2).JPG", "Trip 1 (2).MOV", "Trip 1 (2).MOV.xmp", "Trip 1.MOV"],
            "a name free for both files, the sidecar beside its file")
        XCTAssertEqual(
            FileManager.default.contents(atPath: originals + "/Trip 1 (2).MOV"),
            FileManager.default.contents(atPath: sources + "/IMG_1.MOV"))
        XCTAssertEqual(summary.exported, [originals + "/Trip 1 (2).JPG"])
        XCTAssertEqual(summary.failures, [])

        let jpegs = LibraryFixtures.temporaryFolder(self, name: "jpegs")
        let jpegSummary = ExportRun(
            items: [live], options: ExportOptions(format: .jpeg, template: "Trip {seq}", folder: jpegs), pool: nil
        ).run()
        XCTAssertEqual(try Self.entries(jpegs), ["Trip 1.jpg"])
        XCTAssertEqual(jpegSummary.exported, [jpegs + "/Trip 1.jpg"])
    }

    /// Exported as JPEGs, a video is copied as it is (with its sidecar), beside the photos' JPEGs.
    func testAVideoIsCopiedAsItIsWhenPhotosBecomeJPEGs() throws {
        let sources = LibraryFixtures.temporaryFolder(self)
        let target = LibraryFixtures.temporaryFolder(self, name: "exported")
        Self.cameraJPEG(sources + "/IMG_1.JPG")
        LibraryFixtures.shell(
            "ffmpeg -loglevel error -y -f lavfi -i testsrc=size=320x240:rate=30:duration=1 -pix_fmt yuv420p '\(sources)/IMG_2.MOV'")
        try Data("<x:xmpmeta/>".utf8).write(to: URL(fileURLWithPath: sources + "/IMG_2.MOV.xmp"))
        let items = [ExportItem(path: sources + "/IMG_1.JPG"), ExportItem(path: sources + "/IMG_2.MOV")]
        let options = ExportOptions(format: .jpeg, template: "Trip {seq}", folder: target)

        let summary = ExportRun(items: items, options: options, pool: nil).run()

        XCTAssertEqual(try Self.entries(target), ["Trip 1.jpg", "Trip 2.MOV", "Trip 2.MOV.xmp"])
        XCTAssertEqual(
            FileManager.default.contents(atPath: target + "/Trip 2.MOV"), FileManager.default.contents(atPath: sources + "/IMG_2.MOV"))
        XCTAssertEqual(summary.exported, [target + "/Trip 1.jpg", target + "/Trip 2.MOV"])
        XCTAssertEqual(summary.failures, [])
    }

    func testABrokenFileIsListedWithWhyAndTheOthersAreExported() throws {
        let sources = LibraryFixtures.temporaryFolder(self)
        let target = LibraryFixtures.temporaryFolder(self, name: "exported")
        Self.cameraJPEG(sources + "/IMG_1.JPG")
        try Data("not a JPEG at all".utf8).write(to: URL(fileURLWithPath: sources + "/broken.jpg"))
        let items = [ExportItem(path: sources + "/broken.jpg"), ExportItem(path: sources + "/IMG_1.JPG")]

        let summary = ExportRun(items: items, options: ExportOptions(folder: target), pool: nil).run()

        XCTAssertEqual(summary.exported, [target + "/IMG_1.jpg"])
        XCTAssertEqual(summary.failures, [ExportRun.Failure(fileName: "broken.jpg", reason: "not an image format gdk-pixbuf can read")])
        XCTAssertEqual(try Self.entries(target), ["IMG_1.jpg"])
    }

    func testACancelledExportLeavesNoPartialFile() throws {
        let sources = LibraryFixtures.temporaryFolder(self)
        let target = LibraryFixtures.temporaryFolder(self, name: "exported")
        Self.cameraJPEG(sources + "/IMG_1.JPG")
        let items = (1...6).map { index in
            let path = sources + "/IMG_\(index + 1).JPG"
            try? FileManager.default.linkItem(atPath: sources + "/IMG_1.JPG", toPath: path)
            return ExportItem(path: path)
        }
        let run = ExportRun(items: items, options: ExportOptions(jpeg: JPEGSettings(longestSide: nil), folder: target), pool: nil)

        let summary = run.run { progress in if progress.done == 1 { run.cancel() } }

        XCTAssertTrue(summary.cancelled)
        XCTAssertLessThan(summary.exported.count, items.count)
        // Only whole files, under their names: no hidden temporary, each one a complete JPEG.
        XCTAssertEqual(try Self.entries(target), summary.exported.map { ($0 as NSString).lastPathComponent })
        for path in summary.exported { XCTAssertEqual(try Self.identify("%w×%h", path), "1200×800") }
    }

    func testAMissingOrReadOnlyFolderIsSaidBeforeAnythingAndTheLibraryIsUntouched() throws {
        let sources = LibraryFixtures.temporaryFolder(self)
        Self.cameraJPEG(sources + "/IMG_1.JPG")
        let before = try Self.entries(sources)
        let bytes = FileManager.default.contents(atPath: sources + "/IMG_1.JPG")
        let item = ExportItem(path: sources + "/IMG_1.JPG")

        let missing = ExportRun(items: [item], options: ExportOptions(folder: sources + "/nowhere"), pool: nil).run()
        XCTAssertEqual(missing.stopped, "The folder “\(sources)/nowhere” does not exist.")
        XCTAssertEqual(missing.exported, [])

        let readOnly = try ReadOnlyFolder(self)
        let refused = ExportRun(items: [item], options: ExportOptions(folder: readOnly.path), pool: nil).run()
        XCTAssertEqual(refused.stopped, "No files can be made in “\(readOnly.path)”: \(readOnly.reason).")
        XCTAssertEqual(refused.exported, [])
        XCTAssertEqual(try Self.entries(readOnly.path), [])
        XCTAssertEqual(try Self.entries(sources), before)
        XCTAssertEqual(FileManager.default.contents(atPath: sources + "/IMG_1.JPG"), bytes)
    }

    func testAFullDiskStopsTheExportRemovesThePartialFileAndSaysSo() throws {
        guard getuid() == 0 else { throw XCTSkip("a small file system needs root to mount") }
        let sources = LibraryFixtures.temporaryFolder(self)
        Self.cameraJPEG(sources + "/IMG_1.JPG", size: "1600x1200")
        let target = LibraryFixtures.temporaryFolder(self, name: "full")
        LibraryFixtures.shell("mount -t tmpfs -o size=1m tmpfs '\(target)'")
        addTeardownBlock { LibraryFixtures.shell("umount '\(target)'") }
        let items = (1...8).map { index in
            let path = sources + "/IMG_\(index + 1).JPG"
            try? FileManager.default.linkItem(atPath: sources + "/IMG_1.JPG", toPath: path)
            return ExportItem(path: path)
        }
        let options = ExportOptions(jpeg: JPEGSettings(longestSide: nil, quality: 100), folder: target)

        let summary = ExportRun(items: items, options: options, pool: nil).run()

        XCTAssertEqual(summary.stopped, "the disk is full")
        XCTAssertFalse(summary.cancelled)
        XCTAssertLessThan(summary.exported.count, items.count)
        XCTAssertEqual(try Self.entries(target), summary.exported.map { ($0 as NSString).lastPathComponent })
        for path in summary.exported { XCTAssertEqual(try Self.identify("%w×%h", path), "1600×1200") }
    }

    func testJPEGsAreMadeInTheWorkerProcesses() throws {
        let sources = LibraryFixtures.temporaryFolder(self)
        let target = LibraryFixtures.temporaryFolder(self, name: "exported")
        Self.cameraJPEG(sources + "/IMG_1.JPG", orientation: 6)
        try FileManager.default.copyItem(atPath: sources + "/IMG_1.JPG", toPath: sources + "/b-crash-decoder.jpg")
        let pool = WorkerPool(
            executable: LibraryFixtures.productsDirectory + "/lightbox", environment: ["LIGHTBOX_TEST_DECODER_FAULTS": "1"], size: 2)
        let items = [ExportItem(path: sources + "/IMG_1.JPG", orientation: 6), ExportItem(path: sources + "/b-crash-decoder.jpg")]

        let summary = ExportRun(items: items, options: ExportOptions(jpeg: JPEGSettings(longestSide: 600), folder: target), pool: pool)
            .run()

        XCTAssertEqual(summary.exported, [target + "/IMG_1.jpg"])
        XCTAssertEqual(
            summary.failures, [ExportRun.Failure(fileName: "b-crash-decoder.jpg", reason: "this file crashed the image decoder")])
        XCTAssertEqual(try Self.identify("%w×%h", target + "/IMG_1.jpg"), "400×600")
        XCTAssertGreaterThan(pool.startedCount, 0)
    }
}

/// An empty folder no file can be made in: a read-only mount as root (whom permissions don't
/// stop), else a folder without write permission.
private struct ReadOnlyFolder {
    let path: String
    let reason: String

    init(_ test: XCTestCase) throws {
        path = LibraryFixtures.temporaryFolder(test, name: "read-only")
        if getuid() == 0 {
            LibraryFixtures.shell("mount -t tmpfs -o ro,size=64k tmpfs '\(path)'")
            let path = path
            test.addTeardownBlock { LibraryFixtures.shell("umount '\(path)'") }
            reason = String(cString: strerror(EROFS))
        } else {
            chmod(path, 0o555)
            let path = path
            test.addTeardownBlock { chmod(path, 0o755) }
            reason = String(cString: strerror(EACCES))
        }
    }
}
