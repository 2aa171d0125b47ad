import Foundation
import Gtk
import GtkTestSupport
import LightboxMedia
import XCTest

@testable import Lightbox

/// Videos are items of the library like photos: listed with their date and time zone, place,
/// camera, length, codec and frame rate from the container; a thumbnail from a frame that
/// shows the picture (not the black start), upright; a broken one costs its own row.
final class VideoTests: GtkTestCase {
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

    func testVideosListWithTheirDatePlaceCameraLengthAndCodec() throws {
        let folder = LibraryFixtures.temporaryFolder(self, name: "videos")
        VideoFixtures.make(in: folder)

        // The containers' UTC creation times are shown in this computer's zone.
        let photos = try VideoFixtures.inTimeZone("Asia/Tokyo") { try scan(folder) }

        XCTAssertEqual(Set(photos.keys), ["phone.mov", "android.mp4", "clip.webm", "camera.mts", "cut.mov", "garbage.mp4"])
        let phone = try XCTUnwrap(photos["phone.mov"])
        XCTAssertNil(phone.error)
        XCTAssertTrue(phone.isVideo)
        XCTAssertEqual([phone.width, phone.height], [400, 300])
        XCTAssertEqual(try XCTUnwrap(phone.duration), 3, accuracy: 0.05)
        XCTAssertEqual(phone.codec, "h264")
        XCTAssertEqual(try XCTUnwrap(phone.frameRate), 30, accuracy: 0.01)
        XCTAssertEqual(phone.taken, VideoFixtures.appleTaken, "as the phone wrote it, in its zone")
        XCTAssertEqual(phone.takenOffset, VideoFixtures.appleOffset)
        XCTAssertEqual(phone.takenSource, .videoCreated)
        XCTAssertEqual(phone.camera, "Apple iPhone 12")
        XCTAssertEqual(try XCTUnwrap(phone.latitude), 48.8583, accuracy: 1e-6)
        XCTAssertEqual(try XCTUnwrap(phone.longitude), 2.2945, accuracy: 1e-6)
        XCTAssertEqual(try XCTUnwrap(phone.altitude), 35, accuracy: 1e-6)

        let android = try XCTUnwrap(photos["android.mp4"])
        XCTAssertNil(android.error)
        XCTAssertEqual([android.width, android.height], [400, 300], "turned as its display rotation says")
        XCTAssertEqual(android.taken, "2023-06-15T01:30:05", "16:30 UTC in Tokyo")
        XCTAssertEqual(android.takenOffset, "+09:00")
        XCTAssertEqual(try XCTUnwrap(android.latitude), 48.8583, accuracy: 1e-6)
        XCTAssertNil(android.altitude)
        XCTAssertNil(android.camera)

        let clip = try XCTUnwrap(photos["clip.webm"])
        XCTAssertNil(clip.error)
        XCTAssertEqual(clip.codec, "vp8")
        XCTAssertEqual(try XCTUnwrap(clip.frameRate), 25, accuracy: 0.01)
        XCTAssertEqual(try XCTUnwrap(clip.duration), 1, accuracy: 0.05)
        XCTAssertEqual(clip.taken, "2023-06-15T01:30:05")

        let camera = try XCTUnwrap(photos["camera.mts"])
        XCTAssertNil(camera.error)
        XCTAssertEqual([camera.width, camera.height], [400, 300])
        XCTAssertEqual(camera.codec, "h264")
        XCTAssertEqual(try XCTUnwrap(camera.duration), 1, accuracy: 0.1)
        XCTAssertEqual(camera.takenSource, .fileModified, "a transport stream carries no date")

        XCTAssertEqual(photos["cut.mov"]?.error, "not a readable video: Invalid data found when processing input")
        XCTAssertEqual(photos["garbage.mp4"]?.error, "not a readable video: Invalid data found when processing input")
        XCTAssertEqual(photos["garbage.mp4"].map(\.isVideo), true)
    }

    func testThumbnailsShowThePictureUprightNotTheBlackStart() async throws {
        let folder = LibraryFixtures.temporaryFolder(self, name: "videos")
        VideoFixtures.make(in: folder)
        let source = ImageSource(cache: ThumbnailCache(directory: LibraryFixtures.temporaryFolder(self, name: "thumbs")))

        // A screen recording's one keyframe is its black start: the picture is in the frames after it.
        LibraryFixtures.shell(
            """
            cd '\(folder)' && convert -size 200x150 xc:red xc:lime +append \\( -size 200x150 xc:blue xc:yellow +append \\) \
            -append .upright.png && ffmpeg -loglevel error -y -f lavfi -i color=black:s=400x300:r=30:d=1.5 \
            -loop 1 -framerate 30 -t 1.5 -i .upright.png -filter_complex '[0:v][1:v]concat=n=2:v=1[v]' -map '[v]' \
            -c:v libx264 -x264-params keyint=1000:scenecut=0 -pix_fmt yuv420p one-keyframe.mp4 && rm .upright.png
            """)
        for name in ["phone.mov", "android.mp4", "clip.webm", "camera.mts", "one-keyframe.mp4"] {
            let path = folder + "/" + name
            let thumbnail = try await source.image(for: Photo(path: path, modified: modified(path)), size: 256)
            XCTAssertEqual([thumbnail.width, thumbnail.height], [256, 192], name)
            FormatFixtures.assertUpright(thumbnail, name)
        }
        for name in ["cut.mov", "garbage.mp4"] {
            XCTAssertThrowsError(try PixelImage.decode(path: folder + "/" + name, fitting: 256, maxPixels: PhotoReader.maxPixels)) {
                XCTAssertEqual(($0 as? MediaError)?.message, "not a readable video: Invalid data found when processing input", name)
            }
        }
        XCTAssertThrowsError(try PixelImage.decode(path: folder + "/phone.mov", fitting: 256, maxPixels: 400 * 300 - 1)) {
            XCTAssertEqual(($0 as? MediaError)?.message, "video frames too large to decode")
        }
    }

    /// The app decodes thumbnails in its worker processes, restricted as they are (no new
    /// files, no processes, a seccomp filter): a video's frame comes back the same, a broken
    /// video's reason too.
    func testThumbnailsAreDecodedInTheWorkerProcesses() throws {
        let folder = LibraryFixtures.temporaryFolder(self, name: "videos")
        VideoFixtures.make(in: folder)
        let workers = WorkerPool(executable: LibraryFixtures.productsDirectory + "/lightbox", size: 1)

        let thumbnail = try workers.decode(
            path: folder + "/android.mp4", fitting: 256, maxPixels: PhotoReader.maxPixels, timeout: 20, urgent: true)

        XCTAssertEqual([thumbnail.width, thumbnail.height], [256, 192])
        FormatFixtures.assertUpright(thumbnail, "android.mp4 in a worker")
        XCTAssertThrowsError(
            try workers.decode(path: folder + "/garbage.mp4", fitting: 256, maxPixels: PhotoReader.maxPixels, timeout: 20, urgent: true)
        ) {
            XCTAssertEqual(($0 as? MediaError)?.message, "not a readable video: Invalid data found when processing input")
        }
    }

    /// `lightbox --list`, the real process (its files read in the worker processes): each line
    /// says what the file is, and a video's length and codec.
    func testTheListingSaysWhatKindEachFileIsWithAVideosLengthAndCodec() throws {
        let folder = LibraryFixtures.temporaryFolder(self, name: "videos")
        VideoFixtures.make(in: folder)
        LibraryFixtures.shell("cp '\(LibraryFixtures.samplePaths[0])' '\(folder)/photo.jpg'")
        let data = LibraryFixtures.temporaryFolder(self, name: "xdg-data")

        let result = try LibraryFixtures.run(
            LibraryFixtures.productsDirectory + "/lightbox", ["--list", folder], environment: ["XDG_DATA_HOME": data, "TZ": "UTC"])

        let objects = try result.stdout.split(separator: "\n").map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let byName = Dictionary(uniqueKeysWithValues: objects.map { (($0["path"] as! NSString).lastPathComponent, $0) })
        XCTAssertEqual(byName.count, 7, result.stderr)
        let phone = try XCTUnwrap(byName["phone.mov"])
        XCTAssertEqual(phone["kind"] as? String, "video")
        XCTAssertEqual(phone["codec"] as? String, "h264")
        XCTAssertEqual(try XCTUnwrap(phone["duration"] as? Double), 3, accuracy: 0.05)
        XCTAssertEqual(phone["frame_rate"] as? Double, 30)
        XCTAssertEqual(phone["taken"] as? String, VideoFixtures.appleTaken)
        XCTAssertEqual(phone["taken_source"] as? String, "CreationDate")
        XCTAssertEqual(byName["android.mp4"]?["taken"] as? String, "2023-06-14T16:30:05", "UTC here")
        let photo = try XCTUnwrap(byName["photo.jpg"])
        XCTAssertEqual(photo["kind"] as? String, "photo")
        XCTAssertTrue(photo["duration"] is NSNull)
        XCTAssertTrue(photo["codec"] is NSNull)
        XCTAssertEqual(byName["garbage.mp4"]?["kind"] as? String, "video")
        XCTAssertEqual(byName["garbage.mp4"]?["error"] as? String, "not a readable video: Invalid data found when processing input")
    }

    func testAVideoShowsItsLengthOnItsThumbnailAndInTheDetails() {
        guard PinnedLocale.isInEffect(for: self) else { return }
        let folder = LibraryFixtures.temporaryFolder(self, name: "videos")
        VideoFixtures.make(in: folder)
        LibraryFixtures.shell("cd '\(folder)' && rm cut.mov garbage.mp4 && cp '\(LibraryFixtures.samplePaths[0])' photo.jpg")
        let fixture = PhotosPageFixture(self, folder: folder)
        let phone = fixture.store.photos.first { $0.name == "phone.mov" }!

        fixture.select(phone)

        let details = fixture.page.details
        let fields = details.source.items.compactMap { item -> String? in
            guard case .field(let field, let value, _) = item else { return nil }
            return "\(field.label): \(value)"
        }
        XCTAssertTrue(fields.contains("Duration: 0:03"), "\(fields)")
        XCTAssertTrue(fields.contains("Video: H.264, 30 fps"), "\(fields)")
        XCTAssertTrue(fields.contains("Camera: Apple iPhone 12"), "\(fields)")
        let rows = (0..<fixture.list.source.count).compactMap { fixture.row(at: $0) }
        let badges = Dictionary(uniqueKeysWithValues: rows.map { ($0.photo?.name ?? "", $0.thumbnail.shownBadge ?? "none") })
        XCTAssertEqual(badges["phone.mov"], "0:03")
        XCTAssertEqual(badges["clip.webm"], "0:01")
        XCTAssertEqual(badges["photo.jpg"], "none", "a photo has no length")
        pump(
            until: { rows.allSatisfy { $0.thumbnail.isLoaded } }, timeout: 20, "every thumbnail")
        pumpUntilPainted(fixture.window)
        _ = screenshot(fixture.window, name: "videos-list")
    }

    /// The photo page shows a video at its first frame; Space plays it (its time goes on) and
    /// pauses it, Shift+Right seeks, M mutes; stepping to the next item stops it, and a video
    /// that can't be read says why instead.
    func testThePhotoPagePlaysAVideoAndStopsItWhenSteppingOn() {
        guard PinnedLocale.isInEffect(for: self) else { return }
        let folder = LibraryFixtures.temporaryFolder(self, name: "videos")
        VideoFixtures.make(in: folder)
        LibraryFixtures.shell("cd '\(folder)' && rm cut.mov camera.mts clip.webm android.mp4")
        let store = MonthsFixtures.store(self, folder: folder)
        let photos = store.photos.sorted { $0.name < $1.name }
        XCTAssertEqual(photos.map(\.name), ["garbage.mp4", "phone.mov"])
        let page = PhotoPageController(store: store, photos: photos, index: 1)
        let (window, _) = MonthsFixtures.window(showing: page)
        let press = { (name: String, modifiers: ModifierType) in page.view.sendKeyPress(Key(name: name)!, modifiers: modifiers) }

        pump(until: { page.player.media?.isPrepared == true && page.isShowingVideoFrame }, timeout: 20, "the first frame")
        XCTAssertEqual(page.player.media.map { [$0.frameSize.width, $0.frameSize.height] }, [400, 300])
        XCTAssertNotEqual(page.player.media?.isPlaying, true, "shown, not played, until asked")
        XCTAssertEqual(page.player.media?.duration ?? 0, 3, accuracy: 0.1)
        XCTAssertTrue(press("space", []))
        pump(until: { (page.player.media?.time ?? 0) > 0.3 }, timeout: 20, "the time to go on")
        XCTAssertEqual(page.player.media?.isPlaying, true)
        XCTAssertTrue(press("space", []))
        XCTAssertNotEqual(page.player.media?.isPlaying, true, "Space pauses")
        let paused = page.player.media?.time ?? 0
        page.player.media?.seek(to: 2)
        pump(until: { (page.player.media?.time ?? 0) >= 1.9 }, timeout: 20, "the picture part")
        pumpUntilPainted(window)
        XCTAssertEqual((page.view as! PhotoPageView).videoTimeLabel.text, "0:02 / 0:03", "the time, under the keyboard too")
        _ = screenshot(window, name: "video-page-paused")
        XCTAssertTrue(press("Right", .shiftMask))
        pump(until: { (page.player.media?.time ?? 0) > paused + 1 }, timeout: 20, "five seconds on (the end, 3 s)")
        XCTAssertTrue(press("m", []))
        XCTAssertEqual(page.player.media?.isMuted, true)
        _ = screenshot(window, name: "video-page")

        XCTAssertTrue(press("Left", []))
        XCTAssertEqual(page.currentPhoto?.name, "garbage.mp4")
        XCTAssertNil(page.player.media, "the video left is stopped and let go of")
        XCTAssertEqual((page.view as! PhotoPageView).errorTitle.text, "Can’t Play This Video")
        XCTAssertEqual((page.view as! PhotoPageView).errorMessage.text, "not a readable video: Invalid data found when processing input")
        XCTAssertFalse(press("space", []), "no video to play")
    }
}
