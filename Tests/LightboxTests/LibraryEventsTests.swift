import Foundation
import GtkTestSupport
import XCTest

@testable import Lightbox

/// The Store's one stream of library changes: every kind of change in the order it happened,
/// the `observe…` conveniences narrowed to one kind, and a handler that causes another event.
final class LibraryEventsTests: GtkTestCase {
    @MainActor
    private func openStore(_ count: Int) throws -> (CatalogStore, [Photo]) {
        let folder = LibraryFixtures.temporaryFolder(self)
        let catalog = try Catalog(path: LibraryFixtures.temporaryFolder(self, name: "catalog") + "/catalog.sqlite")
        let rows = LibraryFixtures.oneStarRows(count, in: folder)
        try catalog.save(rows)
        let store = CatalogStore(catalog: catalog)
        store.open(folder: folder, rescanning: false)
        pump(until: { store.isUpToDate && store.allPhotos.count == count }, timeout: 60, "the rows")
        return (store, rows)
    }

    /// A short name for each event, to compare their order.
    private func name(_ event: LibraryEvent) -> String {
        switch event {
        case .photos(let update):
            if case .updated = update.change { return "photos updated" }
            return "photos"
        case .library(let change): return change.ids == nil ? "library" : "library \(change.ids!.count)"
        case .notice: return "notice"
        case .scanProgress: return "progress"
        case .conditions: return "conditions"
        case .filterSummary: return "filters"
        case .folders: return "folders"
        case .pendingWrites: return "pending writes"
        case .moved(let moves): return "moved \(moves.count)"
        case .albums(let albums): return "albums \(albums.count)"
        case .savedSearches(let searches): return "saved searches \(searches.count)"
        case .duplicates(let groups): return "duplicates \(groups.count)"
        }
    }

    func testEveryChangeComesThroughOneStreamInOrder() throws {
        let (store, rows) = try openStore(4)
        let owner = Received()
        var events: [String] = []
        var updates = 0
        var changes = 0
        var summaries: [Int] = []
        store.observeEvents(owner: owner) { events.append(self.name($0)) }
        store.observe(owner: owner) { _ in updates += 1 }
        store.observeLibrary(owner: owner) { _ in changes += 1 }
        store.observeFilterSummary(owner: owner) { summaries.append($0.hiddenCount) }

        try store.setRating(3, for: rows[1].id)
        XCTAssertEqual(events, ["photos updated", "library 1"], "the row first, then the library's change")
        XCTAssertEqual(updates, 1)
        XCTAssertEqual(changes, 1)

        events = []
        store.minimumRating = 2
        XCTAssertEqual(events, ["filters", "photos"], "the summary before the photos it goes with")
        XCTAssertEqual(summaries, [3])
        XCTAssertEqual(store.photos.map(\.id), [rows[1].id])

        events = []
        store.folderFilter = "/not/a/library/folder"
        XCTAssertEqual(events, ["folders"])
    }

    func testAHandlerMayCauseAnotherEventWhileOneIsDelivered() throws {
        let (store, rows) = try openStore(3)
        let owner = Received()
        var events: [String] = []
        store.observeLibrary(owner: owner) { _ in
            if store.searchText.isEmpty { store.searchText = "IMG_00002" }
        }
        store.observeEvents(owner: owner) { events.append(self.name($0)) }

        try store.setRating(4, for: rows[0].id)
        XCTAssertEqual(store.photos.map(\.id), [rows[2].id], "the search set from inside a handler applied")
        XCTAssertEqual(
            events, ["photos updated", "photos", "library 1"],
            "the search's photos go out while the library's change is delivered, to every handler")
    }

    func testEventsStopWhenTheOwnerGoes() throws {
        let (store, rows) = try openStore(2)
        var count = 0
        var owner: Received? = Received()
        store.observeEvents(owner: owner!) { _ in count += 1 }
        try store.setRating(4, for: rows[0].id)
        let seen = count
        XCTAssertGreaterThan(seen, 0)
        owner = nil
        try store.setRating(5, for: rows[0].id)
        XCTAssertEqual(count, seen)
    }
}
