import Foundation
import Gtk
import GtkTestSupport
import LightboxKit
import XCTest

@testable import Lightbox

/// Culling in a real window with the real pages and actions, over five samples listed by
/// name (IMG_1000 … IMG_1004; IMG_1001 has 2 stars, the others none): rejects leave the
/// list and are counted under it, the toggle brings them back marked, a minimum rating
/// and its empty state, and the keys to the next unrated photo.
final class CullingTests: GtkTestCase {
    @MainActor
    private struct Culling {
        let root: MainWindowController
        let window: Window
        let actions: ActionGroup
        var store: CatalogStore { root.store }
        var photos: PhotosController { root.pages.pages[0].controller as! PhotosController }
        var listView: PhotoListView { photos.photoList.view as! PhotoListView }
        var bar: FilterBar { listView.filterBar }
        var names: [String] { photos.photoList.photos.map(\.name) }
        var selected: String? { photos.currentPhoto?.name }

        /// A key as the window gets it when the focused page does not use it.
        func press(_ name: String, _ modifiers: ModifierType = []) {
            root.view.sendKeyPress(Key(name: name)!, modifiers: modifiers)
        }

        func select(_ name: String) {
            photos.reveal(store.allPhotos.first { $0.name == name }!.id)
            XCTAssertEqual(selected, name)
        }
    }

    @MainActor
    private func makeWindow() -> Culling {
        let folder = LibraryFixtures.temporaryFolder(self, name: "Culling")
        LibraryFixtures.copySamples(to: folder, count: 5)
        let catalog = try! Catalog(path: LibraryFixtures.temporaryFolder(self, name: "catalog") + "/catalog.sqlite")
        let cache = ThumbnailCache(directory: LibraryFixtures.temporaryFolder(self, name: "thumbs"))
        let store = CatalogStore(catalog: catalog, images: ImageSource(cache: cache))
        PhotosStyle.install()
        MonthsStyle.install()
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
        pump(until: { !store.isScanning && store.isUpToDate && store.photos.count == 5 }, timeout: 20, "scan to finish")
        addTeardownBlock { @MainActor in window.destroy() }
        return Culling(root: root, window: window, actions: actions)
    }

    func testNineHidesThePhotoSelectsItsNeighbourAndTheBarCountsIt() {
        let culling = makeWindow()
        XCTAssertEqual(culling.names, ["IMG_1000.jpg", "IMG_1001.jpg", "IMG_1002.jpg", "IMG_1003.jpg", "IMG_1004.jpg"])
        XCTAssertFalse(culling.bar.isVisible, "nothing hidden, nothing said")
        culling.select("IMG_1002.jpg")
        culling.press("9")
        XCTAssertEqual(culling.names, ["IMG_1000.jpg", "IMG_1001.jpg", "IMG_1003.jpg", "IMG_1004.jpg"])
        XCTAssertEqual(culling.selected, "IMG_1003.jpg", "the next photo is selected, as after a trash")
        XCTAssertEqual(culling.photos.details.photo?.name, "IMG_1003.jpg", "and its details shown")
        XCTAssertEqual(culling.root.windowView.toastTitle, "“IMG_1002.jpg” rejected")
        XCTAssertTrue(culling.bar.isShowingRejectedLine)
        XCTAssertEqual(culling.bar.rejectedLabel.text, "1 rejected photo hidden")
        XCTAssertEqual(culling.bar.rejectedButton.label, "Show")
        XCTAssertFalse(culling.bar.isShowingRatingLine)

        culling.press("9")
        XCTAssertEqual(culling.selected, "IMG_1004.jpg")
        XCTAssertEqual(culling.bar.rejectedLabel.text, "2 rejected photos hidden")
        culling.press("9")
        XCTAssertEqual(culling.names, ["IMG_1000.jpg", "IMG_1001.jpg"])
        XCTAssertEqual(culling.selected, "IMG_1001.jpg", "at the end, the photo before")
        XCTAssertEqual(culling.bar.rejectedLabel.text, "3 rejected photos hidden")
        culling.store.waitUntilSaved()
        XCTAssertEqual(
            try culling.store.catalog.photos(in: culling.store.folder!).filter(\.isRejected).map(\.name).sorted(),
            ["IMG_1002.jpg", "IMG_1003.jpg", "IMG_1004.jpg"])

        culling.bar.rejectedButton.click()  // win.show-rejected, as Ctrl+J
        XCTAssertTrue(culling.store.showsRejected)
        XCTAssertEqual(culling.actions.action(named: "show-rejected")?.state?.bool, true, "the menu's check follows")
        XCTAssertEqual(culling.names.count, 5)
        XCTAssertEqual(culling.selected, "IMG_1001.jpg", "the selection stays")
        XCTAssertEqual(culling.bar.rejectedLabel.text, "3 rejected photos shown")
        XCTAssertEqual(culling.bar.rejectedButton.label, "Hide")
        let row = culling.photos.photoList.source
        pump(until: { row.boundRow(at: 2) != nil }, "the rejected row")
        let rejected = row.boundRow(at: 2) as! PhotoRow
        XCTAssertEqual(rejected.titleLabel.text, "IMG_1002.jpg")
        XCTAssertEqual(rejected.starsLabel.text, "Rejected")
        XCTAssertEqual(rejected.ratingDescription, "Rejected")
        XCTAssertTrue(rejected.hasCssClass("rejected"), "the row is dimmed")
        XCTAssertEqual((row.boundRow(at: 1) as? PhotoRow)?.starsLabel.text, "★★☆☆☆", "the others as before")
        XCTAssertFalse((row.boundRow(at: 1) as? PhotoRow)?.hasCssClass("rejected") ?? true)
        culling.select("IMG_1002.jpg")
        let details = culling.photos.details
        XCTAssertEqual(details.source.items[1], .rating(0, isRejected: true))
        pump(until: { (details.source.boundRow(at: 1) as? RatingRow)?.rejectedLabel.isVisible == true }, "the details say Rejected")
        XCTAssertEqual((details.source.boundRow(at: 1) as? RatingRow)?.rejectedLabel.text, "Rejected")

        culling.press("9")  // takes the reject back: the photo stays, unmarked
        XCTAssertEqual(culling.selected, "IMG_1002.jpg")
        XCTAssertEqual(culling.bar.rejectedLabel.text, "2 rejected photos shown")
        culling.actions.action(named: "show-rejected")?.activate()
        XCTAssertFalse(culling.store.showsRejected)
        XCTAssertEqual(culling.names, ["IMG_1000.jpg", "IMG_1001.jpg", "IMG_1002.jpg"])
        XCTAssertEqual(culling.bar.rejectedLabel.text, "2 rejected photos hidden")
    }

    func testUndoBringsARejectedPhotoBack() {
        let culling = makeWindow()
        culling.select("IMG_1003.jpg")
        culling.press("9")
        XCTAssertEqual(culling.names.count, 4)
        culling.actions.action(named: "undo")?.activate()
        XCTAssertEqual(culling.names.count, 5)
        XCTAssertFalse(culling.bar.isVisible)
    }

    func testAMinimumRatingHidesFewerStarsAndSaysSoWhenNothingIsLeft() {
        let culling = makeWindow()
        let minimum = culling.actions.action(named: "minimum-rating")!
        minimum.activate(Variant(Int32(1)))
        XCTAssertEqual(culling.names, ["IMG_1001.jpg"])
        XCTAssertEqual(minimum.state?.int32, 1)
        XCTAssertEqual(culling.bar.ratingLabel.text, "4 unrated photos hidden")
        XCTAssertFalse(culling.bar.isShowingRejectedLine)
        minimum.activate(Variant(Int32(2)))
        XCTAssertEqual(culling.names, ["IMG_1001.jpg"])
        XCTAssertEqual(culling.bar.ratingLabel.text, "4 photos with fewer than 2 stars hidden")
        culling.select("IMG_1001.jpg")
        culling.press("1")  // now below the minimum: it leaves too
        XCTAssertEqual(culling.names, [])
        let status = culling.listView.status
        XCTAssertTrue(culling.listView.isShowingStatus)
        XCTAssertEqual(status.title, "No Photos with 2 Stars or More")
        XCTAssertEqual(status.description, "5 photos with fewer stars are hidden.")
        XCTAssertEqual(status.actionButton.label, "Show _All Ratings")
        XCTAssertFalse(culling.bar.isVisible, "the status page says it, not the bar too")
        pumpUntilPainted(culling.window)
        _ = screenshot(culling.window, name: "culling-rating-empty")
        status.actionButton.click()
        XCTAssertEqual(culling.store.minimumRating, 0)
        XCTAssertEqual(minimum.state?.int32, 0)
        XCTAssertEqual(culling.names.count, 5)
        XCTAssertFalse(culling.listView.isShowingStatus)

        for name in culling.names {
            culling.select(name)
            culling.press("9")
        }
        XCTAssertEqual(status.title, "Only Rejected Photos")
        XCTAssertEqual(status.description, "5 rejected photos are hidden.")
        XCTAssertEqual(status.actionButton.label, "Show _Rejected Photos")
        status.actionButton.click()
        XCTAssertTrue(culling.store.showsRejected)
        XCTAssertEqual(culling.names.count, 5)
    }

    func testUAndShiftUStepToTheNextAndPreviousUnratedPhoto() {
        let culling = makeWindow()
        culling.actions.action(named: "show-rejected")?.activate()
        culling.select("IMG_1003.jpg")
        culling.press("9")  // rejected, still listed: skipped like the rated IMG_1001
        culling.select("IMG_1000.jpg")
        culling.press("u")
        XCTAssertEqual(culling.selected, "IMG_1002.jpg", "IMG_1001 has stars")
        culling.press("u")
        XCTAssertEqual(culling.selected, "IMG_1004.jpg", "IMG_1003 is rejected")
        culling.press("u")
        XCTAssertEqual(culling.selected, "IMG_1000.jpg")
        XCTAssertEqual(culling.root.windowView.toastTitle, "Went on from the first photo")
        culling.press("U", .shiftMask)
        XCTAssertEqual(culling.selected, "IMG_1004.jpg")
        XCTAssertEqual(culling.root.windowView.toastTitle, "Went on from the last photo")
        culling.press("U", .shiftMask)
        XCTAssertEqual(culling.selected, "IMG_1002.jpg")

        // On the photo page: its own list, in its order.
        let list = culling.photos.photoList.photos
        culling.root.open(list[0], in: list, from: culling.photos)
        let page = culling.root.currentPage as! PhotoPageController
        culling.press("u")
        XCTAssertEqual(page.currentPhoto?.name, "IMG_1002.jpg")
        culling.press("3")
        culling.press("u")
        XCTAssertEqual(page.currentPhoto?.name, "IMG_1004.jpg")
        culling.press("2")
        culling.press("u")
        XCTAssertEqual(page.currentPhoto?.name, "IMG_1000.jpg")
        culling.press("u")
        XCTAssertEqual(page.currentPhoto?.name, "IMG_1000.jpg", "the only unrated photo left")
        XCTAssertEqual(culling.root.windowView.toastTitle, "No other unrated photos")
        culling.press("5")
        culling.press("U", .shiftMask)
        XCTAssertEqual(culling.root.windowView.toastTitle, "No unrated photos")
        XCTAssertEqual(page.shownRating, "Rated 5 stars")
        culling.press("9")
        XCTAssertEqual(page.shownRating, "Rejected, rated 5 stars", "the photo page says it is rejected")
        XCTAssertEqual(page.currentPhoto?.name, "IMG_1000.jpg", "and keeps showing it")
    }

    /// Albums and the pages of a camera or a day hide rejects (and fewer stars) as the list does.
    func testAlbumsAndCollectionPagesFollowTheFilters() {
        let culling = makeWindow()
        culling.select("IMG_1002.jpg")
        culling.press("9")
        culling.root.show(.months)
        let albums = culling.root.pages.pages.first { $0.kind == .months }!.controller as! MonthsController
        pump(until: { albums.photosInOrder.count == 4 }, "the albums")
        XCTAssertFalse(albums.photosInOrder.contains { $0.name == "IMG_1002.jpg" })
        culling.actions.action(named: "minimum-rating")?.activate(Variant(Int32(3)))
        pump(until: { albums.isShowingEmptyState }, "the empty albums")
        XCTAssertEqual(albums.emptyStateTitle, "No Photos Shown")
        XCTAssertEqual((albums.view as! MonthsView).emptyStateHint, "4 photos with fewer stars and 1 rejected photo are hidden.")
        culling.actions.action(named: "minimum-rating")?.activate(Variant(Int32(0)))
        culling.root.show(.photos)

        let all = culling.store.allPhotos.sorted(by: .name)
        let page = PhotoCollectionController(title: "Every photo", photos: all, store: culling.store)
        culling.root.navigation.push(page, animated: false)
        XCTAssertEqual(page.photos.map(\.name), ["IMG_1000.jpg", "IMG_1001.jpg", "IMG_1003.jpg", "IMG_1004.jpg"])
        page.reveal(all[3].id)
        culling.press("9")
        XCTAssertEqual(page.photos.map(\.name), ["IMG_1000.jpg", "IMG_1001.jpg", "IMG_1004.jpg"])
        XCTAssertEqual(page.currentPhoto?.name, "IMG_1004.jpg", "the next photo is selected")
        culling.actions.action(named: "show-rejected")?.activate()
        XCTAssertEqual(page.photos.count, 5)
        XCTAssertEqual(page.currentPhoto?.name, "IMG_1004.jpg")
    }

    func testTheStepLooksOnlyAsFarAsTheNextUnratedPhoto() {
        var photos = (0..<4).map { Photo(path: "/p/\($0).jpg") }
        photos[1].rating = 3
        photos[2].isRejected = true
        let ids = photos.map(\.id)
        XCTAssertEqual(UnratedPhotos.step(from: nil, in: photos, forward: true), .to(ids[0]))
        XCTAssertEqual(UnratedPhotos.step(from: nil, in: photos, forward: false), .to(ids[3]))
        XCTAssertEqual(UnratedPhotos.step(from: ids[0], in: photos, forward: true), .to(ids[3]))
        XCTAssertEqual(UnratedPhotos.step(from: ids[3], in: photos, forward: true), .wrappedTo(ids[0]))
        XCTAssertEqual(UnratedPhotos.step(from: ids[0], in: photos, forward: false), .wrappedTo(ids[3]))
        XCTAssertEqual(UnratedPhotos.step(from: ids[1], in: photos, forward: false), .to(ids[0]))
        XCTAssertEqual(UnratedPhotos.step(from: ids[0], in: [photos[0], photos[1]], forward: true), .noOther)
        XCTAssertEqual(UnratedPhotos.step(from: ids[1], in: [photos[1], photos[2]], forward: true), .none)
        XCTAssertEqual(UnratedPhotos.step(from: nil, in: [], forward: true), .none)
        var rated = photos[3]
        rated.rating = 1
        XCTAssertEqual(
            UnratedPhotos.step(from: ids[0], in: photos, forward: true, now: { $0.id == ids[3] ? rated : $0 }),
            .noOther, "what a photo is now counts, not what the list held")
    }
}
