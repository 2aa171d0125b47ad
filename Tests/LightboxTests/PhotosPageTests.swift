import Foundation
import Gtk
import GtkTestSupport
import LightboxKit
import XCTest

@testable import Lightbox

/// A Photos page on a temp catalog, in a 1000×700 window.
@MainActor
final class PhotosPageFixture {
    let store: CatalogStore
    let catalogPath: String
    let page: PhotosController
    let navigation: NavigationController
    let window = Window()
    /// What the window would say in a toast about ratings that could not be saved.
    var ratingReports: [String] = []
    /// What the window would say in a toast with an Undo button.
    var undoableMessages: [String] = []
    /// The window's actions: `win.rate`, `win.reject`, `win.undo`, `win.redo`.
    let actions = ActionGroup()

    /// - Parameter inNavigation: the page inside a navigation controller (as the window shows it), else alone.
    init(
        _ test: XCTestCase, folder: String? = LibraryFixtures.samples, waitForScan: Bool = true,
        inNavigation: Bool = true
    ) {
        PhotosStyle.install()
        catalogPath = LibraryFixtures.temporaryFolder(test, name: "catalog") + "/catalog.sqlite"
        let cache = ThumbnailCache(directory: LibraryFixtures.temporaryFolder(test, name: "thumbs"))
        store = CatalogStore(catalog: try! Catalog(path: catalogPath), images: ImageSource(cache: cache))
        page = PhotosController(store: store)
        navigation = NavigationController(root: inNavigation ? page : Controller())
        window.setDefaultSize(width: 1000, height: 700)
        (inNavigation ? navigation : page).becomeRoot(of: window)
        // The window's `win.rate`, rating the photo of the page in front.
        PhotoCommands(
            store: store, page: { [weak navigation, weak page] in inNavigation ? navigation?.topController : page },
            say: { [weak self] message in
                guard let message else { return }
                if message.isUndoable {
                    self?.undoableMessages.append(message.text)
                } else {
                    self?.ratingReports.append(message.text)
                }
            }
        ).install(in: actions)
        window.insertActionGroup(actions, prefix: "win")
        show(window)
        if let folder {
            store.open(folder: folder)
            if waitForScan {
                // Up to date, and every photo in GTK's list (it may show them over a few frames).
                pump(
                    until: { !self.store.isScanning && self.store.isUpToDate && !self.list.source.hasPendingChange }, timeout: 20,
                    "scan to finish")
            }
        }
    }

    var list: PhotoListController { page.photoList }
    var listView: PhotoListView { list.view as! PhotoListView }

    func row(at position: Int) -> PhotoRow? {
        pump(until: { self.list.source.boundRow(at: position) != nil }, "row \(position) to be bound")
        return list.source.boundRow(at: position) as? PhotoRow
    }

    func select(_ photo: Photo) {
        page.reveal(photo.id)
        pump(until: { self.page.details.photo?.id == photo.id }, "details of \(photo.name)")
    }
}

final class PhotosPageTests: GtkTestCase {
    func testTheListShowsEverySampleWithTitleDateAndStars() {
        guard PinnedLocale.isInEffect(for: self) else { return }
        let fixture = PhotosPageFixture(self, inNavigation: false)
        XCTAssertEqual(fixture.list.photos.count, LibraryFixtures.samplePaths.count)
        XCTAssertEqual(Set(fixture.list.photos.map(\.path)), Set(LibraryFixtures.samplePaths))
        // Newest first. IMG_1025.jpg, first, has no date in the file: its file's time is used.
        XCTAssertEqual(fixture.row(at: 0)?.titleLabel.text, "IMG_1025.jpg")
        let rows = [
            (1, "IMG_1005.jpg", "28 December 2024, 13:05", "☆☆☆☆☆", "Not rated"),
            (2, "IMG_1017.jpg", "20 December 2024, 15:41", "☆☆☆☆☆", "Not rated"),
            (9, "IMG_1001.jpg", "12 August 2024, 09:13", "★★☆☆☆", "Rated 2 stars"),
            (22, "IMG_1019.jpg", "14 February 2024, 17:07", "★★★★★", "Rated 5 stars"),
        ]
        for (position, name, date, stars, description) in rows {
            guard let row = fixture.row(at: position) else { return XCTFail("no row at \(position)") }
            XCTAssertEqual(row.titleLabel.text, name)
            XCTAssertEqual(row.dateLabel.text, date, name)
            XCTAssertEqual(row.starsLabel.text, stars, name)
            XCTAssertEqual(row.ratingDescription, description, name)
            XCTAssertFalse(row.errorLabel.isVisible, name)
        }
        fixture.list.source.select(at: 10)
        XCTAssertEqual(fixture.row(at: 10)?.titleLabel.text, "IMG_1013.jpg")
        XCTAssertEqual(fixture.row(at: 10)?.starsLabel.text, "★★★★☆")
        XCTAssertEqual(fixture.row(at: 10)?.ratingDescription, "Rated 4 stars")
        XCTAssertTrue(
            fixture.row(at: 10)?.thumbnail.hasCssClass("thumbnail-selected") == true,
            "the selected row marks its thumbnail")
        fixture.list.source.select(at: 1)
        fixture.list.source.select(at: 0)
        fixture.select(fixture.list.photos[1])
        pump(
            until: { (0..<5).allSatisfy { fixture.row(at: $0)?.thumbnail.isLoaded == true } }, timeout: 10,
            "thumbnails to load")
        pump(
            until: { (fixture.page.details.source.boundRow(at: 0) as? PreviewRow)?.thumbnail.isLoaded == true },
            timeout: 10, "preview to load")
        pumpUntilPainted(fixture.window)
        _ = screenshot(fixture.window, name: "photos-page")
    }

    func testDatesAndStarsAreWrittenForPeople() {
        guard PinnedLocale.isInEffect(for: self) else { return }
        XCTAssertEqual(PhotoFormat.date("2024-03-12T14:05:09"), "12 March 2024, 14:05")
        XCTAssertNil(PhotoFormat.date(nil))
        XCTAssertEqual(PhotoFormat.stars(0), "☆☆☆☆☆")
        XCTAssertEqual(PhotoFormat.stars(5), "★★★★★")
        XCTAssertEqual(PhotoFormat.ratingDescription(1), "Rated 1 star")
        XCTAssertEqual(PhotoFormat.ratingDescription(0), "Not rated")
        XCTAssertEqual(PhotoFormat.ratingDescription(3), "Rated 3 stars")
    }

    func testAnUnreadableFileShowsItsErrorLine() {
        let folder = LibraryFixtures.temporaryFolder(self)
        LibraryFixtures.copySamples(to: folder, count: 2)
        _ = FileManager.default.createFile(atPath: folder + "/broken.jpg", contents: Data("not a jpeg".utf8))
        let fixture = PhotosPageFixture(self, folder: folder)
        XCTAssertEqual(fixture.list.photos.count, 3)
        guard let position = fixture.list.photos.firstIndex(where: { $0.name == "broken.jpg" }),
            let row = fixture.row(at: position)
        else { return XCTFail("no row for broken.jpg") }
        XCTAssertTrue(row.errorLabel.isVisible)
        XCTAssertEqual(row.errorLabel.text, "not a readable image: Failed to read input data")
        XCTAssertFalse(row.starsLabel.isVisible)
    }

    func testWithoutAFolderTheEmptyStateOffersOpenFolder() {
        let fixture = PhotosPageFixture(self, folder: nil)
        var opened = 0
        let actions = ActionGroup()
        actions.addAction("open-folder") { opened += 1 }
        fixture.window.insertActionGroup(actions, prefix: "win")
        XCTAssertTrue(fixture.listView.isShowingStatus)
        XCTAssertEqual(fixture.listView.status.title, "No Photos")
        XCTAssertTrue(fixture.listView.status.actionButton.isVisible)
        fixture.listView.status.actionButton.click()
        pump(until: { opened == 1 }, "win.open-folder")
        _ = screenshot(fixture.window, name: "photos-empty")
    }

    func testAMissingFolderShowsItIsUnavailableAndOpenFolder() {
        let fixture = PhotosPageFixture(self, folder: "/nonexistent/lightbox-photos")
        XCTAssertTrue(fixture.listView.isShowingStatus)
        XCTAssertEqual(fixture.listView.status.title, "Folder Unavailable")
        XCTAssertEqual(fixture.listView.status.description, "Waiting for it to come back.")
        XCTAssertTrue(fixture.listView.status.actionButton.isVisible)
        XCTAssertFalse(fixture.listView.isShowingProgress)
        _ = screenshot(fixture.window, name: "photos-error")
    }

    func testAFolderWithoutPhotosSaysSo() {
        let fixture = PhotosPageFixture(self, folder: LibraryFixtures.temporaryFolder(self))
        XCTAssertEqual(fixture.listView.status.title, "No Photos")
        XCTAssertTrue(fixture.listView.status.description?.contains("This folder has no photos") ?? false)
    }

    func testScanningShowsProgressWhileTheListFills() {
        let fixture = PhotosPageFixture(self, waitForScan: false)
        XCTAssertTrue(fixture.store.isScanning)
        XCTAssertTrue(fixture.listView.isShowingProgress)
        XCTAssertTrue(fixture.listView.progressLabel.text.hasPrefix("Scanning…"))
        XCTAssertFalse(fixture.listView.isShowingStatus, "the list shows while it fills")
        _ = screenshot(fixture.window, name: "photos-scanning")
        pump(until: { !fixture.store.isScanning && fixture.store.isUpToDate }, timeout: 20, "scan to finish")
        XCTAssertFalse(fixture.listView.isShowingProgress)
        XCTAssertEqual(fixture.list.photos.count, LibraryFixtures.samplePaths.count)
    }

    func testProgressSaysHowManyOfHowMany() {
        let fixture = PhotosPageFixture(self, folder: nil)
        fixture.list.showProgress(ScanProgress(done: 50, total: 120))
        XCTAssertTrue(fixture.listView.isShowingProgress)
        XCTAssertEqual(fixture.listView.progressLabel.text, "Scanning… 50 of 120")
        XCTAssertEqual(fixture.listView.progressBar.fraction, 50.0 / 120.0, accuracy: 0.001)
        fixture.list.showProgress(ScanProgress(done: 7, total: nil))
        XCTAssertEqual(fixture.listView.progressLabel.text, "Scanning…", "no total before the folder is counted")
        fixture.list.showProgress(nil)
        XCTAssertFalse(fixture.listView.isShowingProgress)
    }

    func testSelectionIsKeptAcrossASearchAndARescan() {
        let fixture = PhotosPageFixture(self)
        let photo = fixture.list.photos.first { $0.camera == "Canon EOS R5" }!
        fixture.select(photo)
        XCTAssertEqual(fixture.page.currentPhoto?.id, photo.id)
        fixture.store.searchText = "canon"
        XCTAssertLessThan(fixture.list.photos.count, LibraryFixtures.samplePaths.count)
        XCTAssertEqual(fixture.page.currentPhoto?.id, photo.id)
        fixture.store.rescan()
        pump(until: { !fixture.store.isScanning && fixture.store.isUpToDate }, timeout: 20, "rescan to finish")
        XCTAssertEqual(fixture.page.currentPhoto?.id, photo.id)
        XCTAssertEqual(fixture.page.details.photo?.id, photo.id)
        fixture.store.searchText = "no such words"
        XCTAssertTrue(fixture.listView.isShowingStatus)
        XCTAssertEqual(fixture.listView.status.title, "No Results")
        fixture.store.searchText = ""
        XCTAssertFalse(fixture.listView.isShowingStatus)
    }

    func testActivatingARowOpensThePhotoInTheListsOrder() {
        let fixture = PhotosPageFixture(self)
        let opener = RecordingOpener()
        fixture.page.opener = opener
        let listWidget = (fixture.listView.list as ListView)
        XCTAssertTrue(listWidget.activateAction("list.activate-item", parameter: Variant(UInt32(2))))
        XCTAssertEqual(opener.opened?.photo.id, fixture.list.photos[2].id)
        XCTAssertEqual(opener.opened?.photos.map(\.id), fixture.list.photos.map(\.id))
        XCTAssertTrue(opener.opened?.page === fixture.page)
    }

    func testF9HidesAndShowsTheDetailsPane() {
        let fixture = PhotosPageFixture(self)
        XCTAssertTrue(fixture.page.isShowingDetails)
        fixture.page.toggleDetails()
        XCTAssertFalse(fixture.page.isShowingDetails)
        pump(until: { !fixture.page.details.view.isMapped }, "details to hide")
        fixture.page.toggleDetails()
        XCTAssertTrue(fixture.page.isShowingDetails)
        pump(until: { fixture.page.details.view.isMapped }, "details to show")
    }

    func testTheStoreReportsScanProgressUpToTheTotal() {
        let folder = LibraryFixtures.temporaryFolder(self)
        LibraryFixtures.copySamples(to: folder, count: 5)
        _ = FileManager.default.createFile(atPath: folder + "/notes.txt", contents: Data("not a photo".utf8))
        let store = CatalogStore(catalog: try! Catalog(path: LibraryFixtures.temporaryFolder(self) + "/c.sqlite"))
        let owner = RecordingOpener()
        var seen: [ScanProgress?] = []
        store.observeScanProgress(owner: owner) { seen.append($0) }
        store.open(folder: folder)
        XCTAssertEqual(store.scanProgress, ScanProgress(done: 0, total: nil))
        pump(until: { !store.isScanning && store.isUpToDate }, timeout: 20, "scan to finish")
        XCTAssertNil(store.scanProgress)
        XCTAssertEqual(seen.first, ScanProgress(done: 0, total: nil))
        XCTAssertEqual(seen.last, .some(nil), "the end of the scan is reported")
        XCTAssertTrue(seen.contains(ScanProgress(done: 0, total: 5)), "total known first: \(seen)")
        XCTAssertTrue(seen.contains(ScanProgress(done: 5, total: 5)), "\(seen)")
    }
}

@MainActor
final class RecordingOpener: PhotoOpening {
    var opened: (photo: Photo, photos: [Photo], page: Controller)?
    func open(_ photo: Photo, in photos: [Photo], from page: Controller) { opened = (photo, photos, page) }
}
