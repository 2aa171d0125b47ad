import Foundation
import Gtk
import GtkTestSupport
import LightboxKit
import XCTest

@testable import Lightbox

final class PhotoPageControllerTests: GtkTestCase {
    /// A photo page in a window whose `win.rate` rates the page's photo.
    @MainActor
    private func page(_ store: CatalogStore, photos: [Photo], index: Int) -> PhotoPageController {
        let page = PhotoPageController(store: store, photos: photos, index: index)
        let (window, _) = MonthsFixtures.window(showing: page)
        let actions = ActionGroup()
        PhotoCommands(
            store: store, page: { [weak page] in page },
            say: { if let message = $0 { XCTFail("the page says it: \(message.text)") } }
        )
        .install(in: actions)
        window.insertActionGroup(actions, prefix: "win")
        // The window's keys that reach it from the page (0–5), as `MainWindowController` adds them.
        page.view.add(KeyboardShortcuts.controller(for: .windowUnlessTyping))
        return page
    }

    private func press(_ page: PhotoPageController, _ name: String, _ modifiers: ModifierType = []) -> Bool {
        page.view.sendKeyPress(Key(name: name)!, modifiers: modifiers)
    }

    func testShowsThePhotoUprightAndMovesWithLeftRightClampedAtTheEnds() {
        let store = MonthsFixtures.store(self)
        let photos = store.photos
        let portrait = photos.firstIndex { $0.orientation == 6 || $0.orientation == 8 }!
        XCTAssertGreaterThan(photos[portrait].width, photos[portrait].height, "stored sideways")
        let page = PhotoPageController(store: store, photos: photos, index: portrait)
        _ = page.view
        XCTAssertTrue(page.isLoading, "a spinner until the pixels arrive")
        let (window, _) = MonthsFixtures.window(showing: page)
        XCTAssertEqual(page.title, photos[portrait].name)
        pump(until: { page.isShowingPhoto }, "the photo to load")
        let size = page.imageSize!
        XCTAssertLessThan(size.width, size.height, "orientation applied: shown upright (portrait)")
        _ = screenshot(window, name: "photo-portrait")

        XCTAssertTrue(press(page, "Left"))
        XCTAssertEqual(page.currentPhoto?.id, photos[max(0, portrait - 1)].id)
        page.showPhoto(at: 0)
        XCTAssertTrue(press(page, "Left"))
        XCTAssertEqual(page.currentPhoto?.id, photos[0].id, "clamped at the first")
        let pageView = page.view as! PhotoPageView
        XCTAssertFalse(pageView.previousButton.isSensitive)
        pageView.nextButton.click()
        XCTAssertEqual(page.currentPhoto?.id, photos[1].id)
        pageView.previousButton.click()
        XCTAssertEqual(page.currentPhoto?.id, photos[0].id)
        XCTAssertTrue(press(page, "Right"))
        XCTAssertEqual(page.currentPhoto?.id, photos[1].id)
        XCTAssertEqual(page.title, photos[1].name)
        page.showPhoto(at: photos.count - 1)
        XCTAssertTrue(press(page, "Right"))
        XCTAssertEqual(page.currentPhoto?.id, photos.last?.id, "clamped at the last")
        pump(until: { page.isShowingPhoto }, "the last photo to load")
    }

    /// Turning the photo shown (Ctrl+R, the window's `win.rotate-right`) shows it turned at once,
    /// from the image in memory.
    func testThePhotoShownTurnsAtOnceWhenItIsRotated() throws {
        let store = MonthsFixtures.store(self)
        let photos = store.photos
        let landscape = try XCTUnwrap(photos.firstIndex { $0.orientation == 1 && $0.width > $0.height })
        let page = page(store, photos: photos, index: landscape)
        pump(until: { page.isShowingPhoto }, "the photo to load")
        let before = try XCTUnwrap(page.imageSize)
        let decodes = store.images.decodeCount
        try store.edit([photos[landscape].id]) { $0.corrections.orientation = 6 }
        pump(until: { page.imageSize.map { $0.width < $0.height } == true }, "the photo standing")
        XCTAssertEqual(page.imageSize?.width, before.height)
        XCTAssertTrue(page.isShowingPhoto)
        XCTAssertEqual(store.images.decodeCount, decodes, "turned in memory, not decoded again")
    }

    /// The page's image comes from the store's image source: one decode for the page; its
    /// neighbours are fetched ahead, and stepping to one shows it from memory at once.
    func testThePageGetsItsImagesFromTheStoresSourceAndStepsToAPrefetchedNeighbourWithoutDecoding() {
        let decoded = EventLog()
        let cache = ThumbnailCache(directory: LibraryFixtures.temporaryFolder(self, name: "page-thumbs"))
        let images = ImageSource(
            cache: cache, memoryBudget: 64 << 20, largeImageCount: 3, maxConcurrentDecodes: 2,
            willDecode: { decoded.add($0) })
        // Only the page's decodes are counted: no thumbnails made ahead for the photos' hashes.
        let store = MonthsFixtures.store(self, images: images, makingMissingThumbnails: false)
        let photos = store.photos
        XCTAssertEqual(images.decodeCount, 0)

        let single = page(store, photos: [photos[0]], index: 0)
        pump(until: { single.isShowingPhoto }, "the photo to load")
        XCTAssertEqual(images.decodeCount, 1, "one decode for the page, no neighbours to fetch")
        XCTAssertNotNil(images.cachedImage(for: photos[0], size: single.decodeSize))

        let browsing = page(store, photos: photos, index: 2)
        let size = browsing.decodeSize
        pump(until: { browsing.isShowingPhoto }, "the photo to load")
        pump(
            until: {
                images.cachedImage(for: photos[1], size: size) != nil
                    && images.cachedImage(for: photos[3], size: size) != nil
            }, "the neighbours to be fetched")
        XCTAssertEqual(images.decodeCount, 4)
        XCTAssertEqual(decoded.events[1], photos[2].path, "the photo on screen before its neighbours")
        XCTAssertEqual(Set(decoded.events[2...]), [photos[1].path, photos[3].path])

        XCTAssertTrue(press(browsing, "Right"))
        XCTAssertTrue(browsing.isShowingPhoto, "a prefetched neighbour is shown at once")
        XCTAssertEqual(browsing.currentPhoto?.id, photos[3].id)
        XCTAssertEqual(images.decodeCount, 4)
        pump(until: { images.cachedImage(for: photos[4], size: size) != nil }, "the next neighbour to be fetched")
        XCTAssertEqual(images.decodeCount, 5)
        XCTAssertEqual(decoded.events.last, photos[4].path)
        XCTAssertNotNil(images.cachedImage(for: photos[2], size: size), "the photo stepped from stays in memory")
    }

    func testZoomInOutAndReset() {
        let store = MonthsFixtures.store(self)
        let page = PhotoPageController(store: store, photos: store.photos, index: 0)
        let (window, _) = MonthsFixtures.window(showing: page)
        pump(until: { page.isShowingPhoto }, "the photo to load")
        let fit = page.scale
        XCTAssertNil(page.zoom, "fit by default")
        XCTAssertTrue(page.canZoom)
        page.zoom(.in)
        XCTAssertGreaterThan(page.scale, fit)
        let zoomed = page.scale
        page.zoom(.in)
        XCTAssertGreaterThan(page.scale, zoomed)
        pump(until: { page.pictureWidth > 1000 }, "the zoomed picture to be laid out larger than the window")
        pump(
            until: { abs(page.visibleCentre.x - 0.5) < 0.01 && abs(page.visibleCentre.y - 0.5) < 0.01 },
            "zooming keeps the photo's centre in the middle of the page")
        _ = screenshot(window, name: "photo-zoomed")
        page.zoom(.out)
        XCTAssertEqual(page.scale, zoomed, accuracy: 0.001)
        page.zoom(.reset)
        XCTAssertNil(page.zoom)
        XCTAssertEqual(page.scale, fit, accuracy: 0.001)
        page.zoom(.out)
        XCTAssertEqual(page.scale, fit, accuracy: 0.001, "never smaller than fitting the page")
    }

    func testDigitKeysSaveTheRating() {
        let catalogPath = LibraryFixtures.temporaryFolder(self, name: "catalog") + "/catalog.sqlite"
        let store = MonthsFixtures.store(self, catalogPath: catalogPath)
        let page = page(store, photos: store.photos, index: 2)
        let id = page.currentPhoto!.id
        XCTAssertTrue(press(page, "4"))
        XCTAssertEqual(page.shownRating, "Rated 4 stars")
        XCTAssertEqual(page.currentPhoto?.rating, 4)
        XCTAssertTrue(press(page, "KP_1"))
        XCTAssertEqual(page.shownRating, "Rated 1 star")
        XCTAssertTrue(press(page, "4"))
        XCTAssertFalse(press(page, "7"), "not a rating")
        try! store.setRating(5, for: id)
        XCTAssertEqual(page.shownRating, "Rated 5 stars", "a rating made elsewhere shows at once")
        XCTAssertTrue(press(page, "4"))

        // Edits are committed in the background, in order: the last one must be in first.
        store.waitUntilSaved()
        let reopened = MonthsFixtures.store(self, catalogPath: catalogPath)
        XCTAssertEqual(reopened.photos.first { $0.id == id }?.rating, 4)
    }

    func testARatingThatCannotBeSavedSaysSo() {
        let empty = LibraryFixtures.temporaryFolder(self, name: "empty")
        let store = MonthsFixtures.store(self, folder: empty)
        let page = page(store, photos: [Photo(path: LibraryFixtures.samplePaths[0])], index: 0)
        XCTAssertTrue(press(page, "3"))
        XCTAssertTrue(page.notice?.hasPrefix("Could not save the rating") ?? false)
        XCTAssertEqual(page.shownRating, "Not rated")
    }

    func testUnreadablePhotosShowAMessage() {
        let folder = LibraryFixtures.temporaryFolder(self, name: "broken")
        let broken = folder + "/broken.jpg"
        XCTAssertTrue(FileManager.default.createFile(atPath: broken, contents: Data("not a jpeg".utf8)))
        let store = MonthsFixtures.store(self, folder: folder)
        let known = Photo(path: folder + "/gone.jpg", error: "The file is missing")
        let page = page(store, photos: [Photo(path: broken), known], index: 0)
        // The page shows what the Store's scan recorded for the file (the page follows the
        // Store; before the scan settles it may show its own decode's message first).
        pump(
            until: { page.errorMessage == "not a readable image: Failed to read input data" },
            "the scan's message for the broken file")
        XCTAssertTrue(page.isShowingError)
        XCTAssertNil(page.imageSize)
        XCTAssertTrue(press(page, "Right"))
        XCTAssertTrue(page.isShowingError, "a photo the catalog knows is broken shows its error at once")
        XCTAssertEqual(page.errorMessage, "The file is missing")
    }

    func testScreenshot() {
        let store = MonthsFixtures.store(self)
        let albums = MonthsController(store: store)
        let (window, navigation) = MonthsFixtures.window(showing: albums)
        let photos = store.photos
        try! store.setRating(4, for: photos[3].id)
        let page = PhotoPageController(store: store, photos: store.photos, index: 3)
        navigation.push(page, animated: false)
        pump(until: { page.isShowingPhoto }, "the photo to load")
        XCTAssertFalse(RasterImage(contentsOf: screenshot(window, name: "photo"))?.isSingleColor ?? true)
    }
}

extension PhotoPageControllerTests {
    func testF11HidesTheHeaderAndEscapeOrLeavingThePageBringsItBack() throws {
        let store = MonthsFixtures.store(self)
        let (window, navigation) = MonthsFixtures.window(showing: Controller())
        let page = PhotoPageController(store: store, photos: store.photos, index: 0)
        navigation.push(page, animated: false)
        pump(until: { page.view.isMapped }, "the photo page")
        let header = try XCTUnwrap(window.titlebar)
        XCTAssertTrue(page.view.sendKeyPress(Key(name: "F11")!, modifiers: []))
        XCTAssertTrue(page.isFullScreen)
        XCTAssertFalse(header.isVisible, "the header hides, as in image viewers")
        XCTAssertTrue(page.view.sendKeyPress(Key(name: "Escape")!, modifiers: []), "Escape leaves full screen")
        XCTAssertFalse(page.isFullScreen)
        XCTAssertTrue(header.isVisible)
        XCTAssertTrue(navigation.topController === page, "still on the photo page")
        XCTAssertFalse(page.view.sendKeyPress(Key(name: "Escape")!, modifiers: []), "the next Escape is the navigation's: back")
        XCTAssertTrue(page.view.sendKeyPress(Key(name: "F11")!, modifiers: []))
        XCTAssertTrue(page.view.sendKeyPress(Key(name: "F11")!, modifiers: []), "F11 again")
        XCTAssertTrue(header.isVisible)
        XCTAssertTrue(page.view.sendKeyPress(Key(name: "F11")!, modifiers: []))
        navigation.pop(animated: false)
        XCTAssertTrue(header.isVisible, "leaving the page leaves full screen")
        XCTAssertFalse(window.isFullscreen)
    }
}

/// The photo page's title and caption: shown over the photo, typed with F2 in a popover.
final class PhotoPageTitleTests: GtkTestCase {
    func testTheTitleShowsOverThePhotoAndF2EditsItWhileLeftAndRightStayInTheText() throws {
        let store = MonthsFixtures.store(self)
        let photos = store.photos
        try store.edit([photos[1].id]) {
            $0.set(title: "Harbour")
            $0.set(caption: "Fishing boats coming in.")
        }
        let page = PhotoPageController(store: store, photos: photos, index: 0)
        let (window, _) = MonthsFixtures.window(showing: page)
        var edits: [MetadataEdit] = []
        page.titleEditor.onEdit = { edits.append($0) }
        XCTAssertEqual(page.shownTitle, "", "a photo without a title shows none")
        page.showPhoto(at: 1)
        XCTAssertEqual(page.shownTitle, "Harbour")
        let pageView = page.view as! PhotoPageView
        XCTAssertEqual(pageView.captionLabel.text, "Fishing boats coming in.")

        page.editTitle()
        XCTAssertTrue(page.isEditingTitle)
        let rows = page.titleEditor.view as! TitleEditorView
        pump(until: { rows.titleRow.stateFlags.contains(.focusWithin) }, timeout: 3, "F2 focuses the title")
        XCTAssertEqual(rows.titleRow.text, "Harbour")
        XCTAssertFalse(page.view.sendKeyPress(Key(name: "Left")!, modifiers: []), "Left moves the text's cursor, not the photo")
        XCTAssertEqual(page.currentPhoto?.id, photos[1].id)
        rows.titleRow.text = "Harbour at dawn"
        rows.titleRow.activateText()
        XCTAssertEqual(page.shownTitle, "Harbour at dawn", "the page shows what was saved")
        XCTAssertEqual(edits.count, 1)
        _ = screenshot(window, name: "photo-page-title")

        XCTAssertTrue(rows.titleRow.activateAction("text-row.revert"))
        pump(until: { !page.isEditingTitle }, timeout: 3, "Escape closes the popover")
        XCTAssertTrue(page.view.sendKeyPress(Key(name: "Right")!, modifiers: []))
        XCTAssertEqual(page.currentPhoto?.id, photos[2].id, "Right steps again once the popover is closed")
    }
}
