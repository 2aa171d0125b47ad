import Foundation
import Gtk
import GtkTestSupport
import LightboxMedia
import XCTest

@testable import Lightbox

/// A Live Photo is one item marked "Live Photo": its still listed, its MOV not, paired by the
/// content identifier both carry (by name where they carry none); trashed and restored
/// together; its motion plays on the photo page on request, muted. A Google motion photo
/// (its video inside the JPEG) is one too.
final class LivePhotoTests: GtkTestCase {
    private var folder = ""

    override func setUp() {
        super.setUp()
        MainActor.assumeIsolated {
            folder = LibraryFixtures.temporaryFolder(self, name: "live")
            LivePhotoFixtures.make(in: folder)
        }
    }

    private func openStore() -> CatalogStore {
        let store = MonthsFixtures.store(self, folder: folder)
        pump(until: { !store.isScanning && store.isUpToDate }, timeout: 30, "scan to finish")
        return store
    }

    func testTheStillAndItsMotionReadTheirContentIdentifier() {
        let read = { (name: String) in
            var info = stat()
            stat(self.folder + "/" + name, &info)
            return PhotoReader.read(path: self.folder + "/" + name, stamp: FileStamp(info))
        }
        let (still, motion, motionPhoto) = (read("IMG_0001.JPG"), read("IMG_0001.MOV"), read("PXL_motion.jpg"))

        XCTAssertEqual(still.contentIdentifier, LivePhotoFixtures.identifier, "from the Apple maker note")
        XCTAssertEqual(still.camera, "Apple iPhone 12")
        XCTAssertEqual(motion.contentIdentifier, LivePhotoFixtures.identifier, "from the QuickTime keys")
        XCTAssertNil(still.motionLength)
        XCTAssertEqual(motionPhoto.motionLength, LivePhotoFixtures.motionLength(in: folder))
        XCTAssertNil(motionPhoto.error)
    }

    func testALivePhotoIsOneItemMarkedLiveAndItsMotionIsNotListed() throws {
        let store = openStore()

        XCTAssertEqual(
            store.photos.map(\.name).sorted(),
            ["IMG_0001.JPG", "IMG_0002.JPG", "IMG_0004.JPG", "IMG_0004.MOV", "PXL_motion.jpg", "trip.JPG", "trip.MOV"],
            "a MOV of another identifier, or ten seconds long, is a video of its own")
        let live = try XCTUnwrap(store.photos.first { $0.name == "IMG_0001.JPG" })
        XCTAssertEqual(live.companion, folder + "/IMG_0001.MOV")
        XCTAssertTrue(live.isLive)
        XCTAssertEqual(live.formatMark, "Live Photo")
        XCTAssertEqual(store.photos.first { $0.name == "IMG_0002.JPG" }?.companion, folder + "/IMG_0002.MOV", "by name")
        XCTAssertEqual(store.photos.first { $0.name == "PXL_motion.jpg" }?.formatMark, "Live Photo")
        XCTAssertEqual(store.photos.first { $0.name == "IMG_0004.JPG" }.map(\.isLive), false)
        XCTAssertNil(store.photos.first { $0.name == "trip.JPG" }?.formatMark)

        let row = PhotoRow()
        row.configure(with: live, images: nil)
        XCTAssertEqual(row.formatLabel.text, "Live Photo")
        XCTAssertEqual(row.thumbnail.shownBadge, "LIVE")
        row.configure(with: store.photos.first { $0.name == "trip.MOV" }!, images: nil)
        XCTAssertEqual(row.thumbnail.shownBadge, "0:10", "a recycled row shows the video's length, not the mark")

        let details = DetailsController(store: store)
        _ = details.view
        details.show(live)
        let files = details.source.items.compactMap { item -> String? in
            guard case .field(.files, let value, _) = item else { return nil }
            return value
        }
        XCTAssertEqual(files, ["IMG_0001.JPG\nIMG_0001.MOV"], "the details name the motion, which no row lists")
        details.show(store.photos.first { $0.name == "trip.JPG" })
        XCTAssertFalse(details.source.items.contains { $0.id == "files" }, "a photo of one file has no such row")
    }

    /// A motion renamed (an export, a person) is still its still's where both carry the
    /// identifier, in the still's folder only.
    func testARenamedMotionIsFoundByItsIdentifierInItsStillsFolder() throws {
        try FileManager.default.moveItem(atPath: folder + "/IMG_0001.MOV", toPath: folder + "/Renamed.MOV")
        try FileManager.default.createDirectory(atPath: folder + "/elsewhere", withIntermediateDirectories: false)
        try FileManager.default.copyItem(atPath: folder + "/Renamed.MOV", toPath: folder + "/elsewhere/IMG_0001.MOV")
        let store = openStore()

        XCTAssertEqual(store.photos.first { $0.name == "IMG_0001.JPG" }?.companion, folder + "/Renamed.MOV")
        XCTAssertFalse(store.photos.contains { $0.name == "Renamed.MOV" })
        XCTAssertTrue(
            store.photos.contains { $0.path == self.folder + "/elsewhere/IMG_0001.MOV" }, "another folder's is a video of its own")

        let trashed = try store.moveToTrash([folder + "/IMG_0001.JPG"])
        XCTAssertEqual(trashed.map(\.photo.path), [folder + "/IMG_0001.JPG", folder + "/Renamed.MOV"])
    }

    func testTrashMovesTheStillAndItsMotionAndUndoBringsBothBack() throws {
        let store = openStore()
        let still = folder + "/IMG_0001.JPG"
        let motion = folder + "/IMG_0001.MOV"
        try store.setRating(4, for: still)

        let trashed = try store.moveToTrash([still])

        XCTAssertEqual(trashed.map(\.photo.path), [still, motion])
        XCTAssertFalse(FileManager.default.fileExists(atPath: still))
        XCTAssertFalse(FileManager.default.fileExists(atPath: motion))
        XCTAssertFalse(store.photos.contains { $0.name.hasPrefix("IMG_0001") })

        try store.restore(trashed)

        XCTAssertTrue(FileManager.default.fileExists(atPath: still))
        XCTAssertTrue(FileManager.default.fileExists(atPath: motion))
        pump(until: { store.isUpToDate }, "the list")
        XCTAssertEqual(store.photos.first { $0.id == still }?.companion, motion)
        XCTAssertFalse(store.photos.contains { $0.id == motion }, "one item again")
        XCTAssertEqual(try store.catalog.photo(at: motion)?.rating, 4, "the stars went to both files")
    }

    /// Both files moved together in the file manager, while the app was closed: one item
    /// again, at its new place, with its stars.
    func testALivePhotoMovedWithItsMotionStaysOneItemWithItsStars() throws {
        let catalogPath = LibraryFixtures.temporaryFolder(self, name: "catalog") + "/catalog.sqlite"
        var store: CatalogStore? = MonthsFixtures.store(self, folder: folder, catalogPath: catalogPath)
        pump(until: { !store!.isScanning && store!.isUpToDate }, timeout: 30, "scan to finish")
        try store!.setRating(4, for: folder + "/IMG_0001.JPG")
        store = nil

        LibraryFixtures.shell("cd '\(folder)' && mkdir 2023 && mv IMG_0001.JPG IMG_0001.MOV 2023/")
        let reopened = MonthsFixtures.store(self, folder: folder, catalogPath: catalogPath)
        pump(until: { !reopened.isScanning && reopened.isUpToDate }, timeout: 30, "scan to finish")

        let moved = try XCTUnwrap(reopened.photos.first { $0.id == self.folder + "/2023/IMG_0001.JPG" })
        XCTAssertEqual(moved.companion, folder + "/2023/IMG_0001.MOV")
        XCTAssertEqual(moved.rating, 4)
        XCTAssertEqual(try reopened.catalog.photo(at: folder + "/2023/IMG_0001.MOV")?.rating, 4)
        XCTAssertFalse(reopened.photos.contains { $0.name == "IMG_0001.MOV" })
    }

    /// A Live Photo's motion is not a duplicate of its still, though its frames look the same.
    func testTheMotionIsOneUnitWithItsStillForDuplicates() {
        let candidates = ["IMG_0001.JPG", "IMG_0001.MOV", "trip.MOV"].map {
            DuplicateCandidate(
                path: folder + "/" + $0, fileSize: 1, fingerprint: nil, width: 400, height: 300, moment: nil, hash: nil, row: 0)
        }

        XCTAssertEqual(
            DuplicateUnits(candidates).unit.map { ($0 as NSString).lastPathComponent }, ["IMG_0001.JPG", "IMG_0001.JPG", "trip.MOV"])
    }

    /// `lightbox --list`, the real process: a Live Photo is one line of kind "live" with its
    /// motion's length and codec; the motion has no line of its own.
    func testTheListingHasOneLiveLinePerLivePhoto() throws {
        let data = LibraryFixtures.temporaryFolder(self, name: "xdg-data")

        let result = try LibraryFixtures.run(
            LibraryFixtures.productsDirectory + "/lightbox", ["--list", folder], environment: ["XDG_DATA_HOME": data, "TZ": "UTC"])

        let objects = try result.stdout.split(separator: "\n").map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let kinds = Dictionary(uniqueKeysWithValues: objects.map { (($0["path"] as! NSString).lastPathComponent, $0["kind"] as! String) })
        XCTAssertEqual(
            kinds,
            [
                "IMG_0001.JPG": "live", "IMG_0002.JPG": "live", "IMG_0004.JPG": "photo", "IMG_0004.MOV": "video",
                "trip.JPG": "photo", "trip.MOV": "video", "PXL_motion.jpg": "live",
            ], result.stderr)
        let live = try XCTUnwrap(objects.first { ($0["path"] as! String).hasSuffix("IMG_0001.JPG") })
        XCTAssertEqual(live["codec"] as? String, "h264")
        XCTAssertEqual(try XCTUnwrap(live["duration"] as? Double), 1.5, accuracy: 0.05)
    }

    /// The photo page shows the still with its Live button; Space plays the motion over it,
    /// muted, and the still comes back at its end; a motion photo's video plays the same way;
    /// stepping on stops the motion.
    func testThePhotoPagePlaysTheMotionOnRequestMuted() throws {
        guard PinnedLocale.isInEffect(for: self) else { return }
        let store = openStore()
        let photos = store.photos.filter(\.isLive).sorted { $0.name < $1.name }
        XCTAssertEqual(photos.map(\.name), ["IMG_0001.JPG", "IMG_0002.JPG", "PXL_motion.jpg"])
        let page = PhotoPageController(store: store, photos: photos, index: 0)
        let (window, _) = MonthsFixtures.window(showing: page)
        page.motionDirectory = LibraryFixtures.temporaryFolder(self, name: "motion")
        let press = { (name: String) in page.view.sendKeyPress(Key(name: name)!, modifiers: []) }

        pump(until: { page.isShowingPhoto && page.isShowingLivePhoto }, timeout: 20, "the still")
        XCTAssertFalse(page.isPlayingMotion, "the still, until asked")
        XCTAssertTrue(press("space"))
        pump(until: { (page.motion.media?.time ?? 0) > 0.3 }, timeout: 20, "the motion to play")
        XCTAssertTrue(page.isPlayingMotion)
        XCTAssertEqual(page.motion.media?.isMuted, true)
        pumpUntilPainted(window)
        _ = screenshot(window, name: "live-photo-playing")
        pump(until: { !page.isPlayingMotion }, timeout: 20, "the still again at the motion's end")

        XCTAssertTrue(press("Right"))
        XCTAssertTrue(press("Right"))
        XCTAssertEqual(page.currentPhoto?.name, "PXL_motion.jpg")
        pump(until: { page.isShowingPhoto && page.isShowingLivePhoto }, timeout: 20, "the motion photo's still")
        XCTAssertTrue(press("space"))
        pump(until: { (page.motion.media?.time ?? 0) > 0.3 }, timeout: 20, "the video inside the JPEG to play")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: page.motionDirectory).count, 1, "copied out once")

        XCTAssertTrue(press("Left"))
        XCTAssertFalse(page.isPlayingMotion, "stepping on stops the motion")
        XCTAssertEqual(page.currentPhoto?.name, "IMG_0002.JPG")

        // The mouse held on the photo: the motion plays until the button is let go, also past
        // the double-click time (when a click gesture says "stopped" with the button still down).
        pump(until: { page.isShowingPhoto && page.isShowingLivePhoto }, timeout: 20, "IMG_0002's still")
        let hold = try XCTUnwrap(page.liveHoldGesture)
        hold.emitForTesting("pressed", [.integer(1), .double(200), .double(200)])
        pump(until: { (page.motion.media?.time ?? 0) > 0.2 }, timeout: 20, "the motion to play while held")
        hold.emitForTesting("stopped", [])
        XCTAssertTrue(page.isPlayingMotion, "still held")
        hold.emitForTesting("end", [.null])
        XCTAssertFalse(page.isPlayingMotion, "let go: the still again")
    }
}
