import Foundation
import Gtk
import GtkTestSupport
import LightboxKit
import XCTest

@testable import Lightbox

/// Pages observe the Store: a change made through the Store by someone else (not the page)
/// shows in the page, also for photos the search hides from the Store's list.
final class StoreObservingTests: GtkTestCase {
    /// The Store's list shows nothing (a search that matches no photo).
    @MainActor
    private func hideEveryPhoto(_ store: CatalogStore) {
        store.searchText = "no photo is called this"
        pump(until: { store.photos.isEmpty && store.isUpToDate }, "the search to hide every photo")
    }

    func testACollectionPageShowsRatingsTrashAndRestoreMadeElsewhere() {
        let folder = LibraryFixtures.temporaryFolder(self, name: "Collection")
        let paths = LibraryFixtures.copySamples(to: folder, count: 3).sorted()
        let store = MonthsFixtures.store(self, folder: folder)
        for path in paths { try! store.setRating(0, for: path) }  // the samples carry ratings
        let photos = paths.map { path in store.allPhotos.first { $0.id == path }! }
        XCTAssertEqual(photos.map(\.rating), [0, 0, 0])
        let page = PhotoCollectionController(title: "Canon EOS R5", photos: photos, store: store)
        _ = MonthsFixtures.window(showing: page)
        hideEveryPhoto(store)

        try! store.setRating(4, for: paths[1])
        XCTAssertEqual(page.photos.map(\.rating), [0, 4, 0])
        pump(until: { page.source.boundRow(at: 1) is PhotoRow }, "the second row")
        XCTAssertEqual((page.source.boundRow(at: 1) as? PhotoRow)?.starsLabel.text, "★★★★☆")

        let trashed = try! store.moveToTrash([paths[0]])
        XCTAssertEqual(page.photos.map(\.id), [paths[1], paths[2]], "the trashed photo leaves the page")
        try! store.restore(trashed)
        XCTAssertEqual(page.photos.map(\.id), paths, "and comes back when restored")
        XCTAssertEqual(page.photos.map(\.rating), [0, 4, 0])
    }

    func testThePhotoPageShowsARatingMadeElsewhereForAPhotoTheSearchHides() {
        let store = MonthsFixtures.store(self)
        let page = PhotoPageController(store: store, photos: store.photos, index: 1)
        _ = MonthsFixtures.window(showing: page)
        let id = page.currentPhoto!.id
        XCTAssertEqual(page.shownRating, "Not rated")
        hideEveryPhoto(store)

        try! store.setRating(2, for: id)
        XCTAssertEqual(page.shownRating, "Rated 2 stars")
        XCTAssertEqual(page.currentPhoto?.rating, 2)
        page.showPhoto(at: 2)
        page.showPhoto(at: 1)
        XCTAssertEqual(page.shownRating, "Rated 2 stars", "stepping back shows the Store's rating")
    }

    func testTheDetailsPaneAndTheListShowARatingMadeElsewhere() {
        let fixture = PhotosPageFixture(self)
        let photo = fixture.store.photos.first { $0.rating == 0 && $0.error == nil }!
        fixture.select(photo)
        let position = fixture.list.photos.firstIndex { $0.id == photo.id }!

        try! fixture.store.setRating(5, for: photo.id)
        XCTAssertEqual(fixture.page.details.source.items[1], .rating(5, isRejected: false))
        pump(until: { (fixture.page.details.source.boundRow(at: 1) as? RatingRow)?.rating == 5 }, "the stars")
        XCTAssertEqual(fixture.row(at: position)?.starsLabel.text, "★★★★★")
    }
}
