import Foundation
import GtkTestSupport
import XCTest

@testable import Lightbox

/// The Store's culling filters: rejects hidden unless shown, a minimum rating, and what
/// they hide counted with the view (off the main thread for a large library).
final class CullingStoreTests: GtkTestCase {
    /// Catalog rows IMG_00000.jpg … taken a second apart within an hour, no stars; the
    /// photos at `rejected` rejected, those in `stars` rated.
    @MainActor
    private func openStore(
        _ count: Int, rejected: Set<Int> = [], stars: [Int: Int] = [:],
        offMainThreshold: Int? = nil
    ) throws -> (CatalogStore, [Photo]) {
        let folder = LibraryFixtures.temporaryFolder(self)
        let catalog = try Catalog(path: LibraryFixtures.temporaryFolder(self, name: "catalog") + "/catalog.sqlite")
        var rows = LibraryFixtures.oneStarRows(count, in: folder)
        for i in rows.indices {
            rows[i].rating = stars[i] ?? 0
            rows[i].isRejected = rejected.contains(i)
        }
        try catalog.save(rows)
        let store = CatalogStore(catalog: catalog)
        if let offMainThreshold { store.offMainThreshold = offMainThreshold }
        store.open(folder: folder, rescanning: false)
        pump(until: { store.isUpToDate && store.allPhotos.count == count }, timeout: 60, "the rows")
        return (store, rows)
    }

    func testRejectedPhotosAreHiddenAndCountedUntilShown() throws {
        let (store, rows) = try openStore(6, rejected: [1, 4])
        XCTAssertFalse(store.showsRejected, "hidden by default")
        XCTAssertEqual(store.photos.map(\.name), ["IMG_00005.jpg", "IMG_00003.jpg", "IMG_00002.jpg", "IMG_00000.jpg"])
        XCTAssertEqual(store.filterSummary.rejectedCount, 2)
        XCTAssertEqual(store.filterSummary.hiddenCount, 2)
        var seen: [PhotoFilterSummary] = []
        let owner = Received()
        store.observeFilterSummary(owner: owner) { seen.append($0) }

        try store.setRejected(true, for: [rows[5].id])
        XCTAssertEqual(store.photos.map(\.name), ["IMG_00003.jpg", "IMG_00002.jpg", "IMG_00000.jpg"], "a reject leaves at once")
        XCTAssertEqual(seen.map(\.rejectedCount), [3])
        store.searchText = "IMG_00004"
        XCTAssertEqual(store.photos, [])
        XCTAssertEqual(store.filterSummary.rejectedCount, 1, "only the rejects the search matches")
        store.searchText = ""

        store.showsRejected = true
        XCTAssertEqual(store.photos.count, 6)
        XCTAssertEqual(store.filterSummary.rejectedCount, 0)
        XCTAssertEqual(store.filterSummary.shownRejectedCount, 3)
        XCTAssertTrue(store.filterSummary.showsRejected)
        try store.setRejected(false, for: [rows[1].id])
        XCTAssertEqual(store.filterSummary.shownRejectedCount, 2, "counted while shown too")
        XCTAssertEqual(store.photos.count, 6)
        XCTAssertTrue(store.isListed(rows[4]))
        store.showsRejected = false
        XCTAssertFalse(store.isListed(store.photo(rows[4].id)!))
        XCTAssertEqual(seen.last?.rejectedCount, 2)
    }

    func testAMinimumRatingHidesFewerStarsAndCountsRejectsOnce() throws {
        let (store, rows) = try openStore(6, rejected: [2], stars: [0: 5, 1: 3, 2: 4, 3: 1])
        store.minimumRating = 3
        XCTAssertEqual(store.photos.map(\.name), ["IMG_00001.jpg", "IMG_00000.jpg"])
        XCTAssertEqual(store.filterSummary.belowRatingCount, 3)
        XCTAssertEqual(store.filterSummary.rejectedCount, 1, "the rejected 4-star photo counts as rejected only")
        try store.setRating(2, for: rows[1].id)
        XCTAssertEqual(store.photos.map(\.name), ["IMG_00000.jpg"], "a rating under the minimum leaves")
        XCTAssertEqual(store.filterSummary.belowRatingCount, 4)
        store.showsRejected = true
        XCTAssertEqual(store.photos.map(\.name), ["IMG_00002.jpg", "IMG_00000.jpg"])
        store.minimumRating = 9
        XCTAssertEqual(store.minimumRating, 5, "clamped to 0…5")
        store.minimumRating = 0
        XCTAssertEqual(store.photos.count, 6)
        XCTAssertEqual(store.filterSummary.hiddenCount, 0)
    }

    /// 20,000 photos: the filters and the counts are computed off the main thread, and a
    /// rating that no filter or order cares about is shown in place without a new search.
    func testALargeLibraryIsFilteredAndCountedOffTheMainThread() throws {
        let rejected = Set(stride(from: 0, to: 20_000, by: 10))  // 2,000
        let (store, rows) = try openStore(20_000, rejected: rejected, stars: [7: 4, 8: 5, 19_999: 3])
        XCTAssertEqual(store.offMainThreshold, 5_000)
        XCTAssertEqual(store.photos.count, 18_000)
        XCTAssertEqual(store.filterSummary.rejectedCount, 2_000)
        XCTAssertFalse(store.photos.contains(where: \.isRejected))

        try store.setRejected(true, for: [rows[1].id, rows[2].id])
        XCTAssertFalse(store.isUpToDate, "searched and counted off the main thread")
        XCTAssertEqual(store.filterSummary.rejectedCount, 2_000, "until then, the last count")
        pump(until: { store.isUpToDate }, timeout: 30, "the view")
        XCTAssertEqual(store.photos.count, 17_998)
        XCTAssertEqual(store.filterSummary.rejectedCount, 2_002)

        try store.setRating(2, for: rows[3].id)
        XCTAssertTrue(store.isUpToDate, "no filter or order depends on it: shown in place, no new search")
        XCTAssertEqual(store.photos.first { $0.id == rows[3].id }?.rating, 2)

        store.minimumRating = 3
        XCTAssertFalse(store.isUpToDate)
        pump(until: { store.isUpToDate }, timeout: 30, "the view")
        XCTAssertEqual(store.photos.map(\.name), ["IMG_19999.jpg", "IMG_00008.jpg", "IMG_00007.jpg"])
        XCTAssertEqual(store.filterSummary.belowRatingCount, 17_995)
        XCTAssertEqual(store.filterSummary.rejectedCount, 2_002)
        XCTAssertEqual(store.filterSummary.hiddenCount, 19_997)
    }

    /// The first screenful shown while a large folder's rows are read hides rejects too.
    func testTheFirstScreenfulHidesRejects() throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        let catalog = try Catalog(path: LibraryFixtures.temporaryFolder(self, name: "catalog") + "/catalog.sqlite")
        var rows = LibraryFixtures.oneStarRows(20_000, in: folder)
        for i in rows.indices {  // a second apart, newest last
            rows[i].fileTaken = String(format: "2024-01-01T%02d:%02d:%02d", i / 3600, i / 60 % 60, i % 60)
        }
        rows[19_999].isRejected = true
        rows[19_997].isRejected = true
        try catalog.save(rows)
        let store = CatalogStore(catalog: catalog)
        store.open(folder: folder, rescanning: false)
        store.showFirstScreenful(waitingAtMost: 30)
        XCTAssertFalse(store.isUpToDate, "the rest is still to come")
        XCTAssertEqual(store.photos.prefix(3).map(\.name), ["IMG_19998.jpg", "IMG_19996.jpg", "IMG_19995.jpg"])
        XCTAssertEqual(store.photos.count, 38)
        XCTAssertEqual(store.filterSummary.rejectedCount, 2)
        pump(until: { store.isUpToDate }, timeout: 30, "the rest of the rows")
        XCTAssertEqual(store.photos.count, 19_998)
        XCTAssertEqual(store.filterSummary.rejectedCount, 2)
    }
}
