import Foundation
import Gtk
import GtkTestSupport
import LightboxKit
import XCTest

@testable import Lightbox

final class MonthsControllerTests: GtkTestCase {
    func testOneRowPerMonthNewestFirstWithItsCount() {
        guard PinnedLocale.isInEffect(for: self) else { return }
        let store = MonthsFixtures.store(self)
        let albums = MonthsController(store: store)
        let (window, _) = MonthsFixtures.window(showing: albums)
        let months = Dictionary(grouping: store.photos) { String($0.taken!.prefix(7)) }
        XCTAssertGreaterThan(months.count, 1, "the samples span several months")
        XCTAssertEqual(albums.groups.map(\.id), months.keys.sorted(by: >), "one row per month, newest first")
        for group in albums.groups {
            XCTAssertEqual(group.photos.count, months[group.id]?.count)
        }
        pump(until: { !albums.hostedStrips.isEmpty }, "rows to be bound")
        let first = albums.strip(for: 0)!
        XCTAssertEqual(first.photos.map(\.id), albums.groups[0].photos.map(\.id))
        let busiest = albums.groups.max { $0.photos.count < $1.photos.count }!
        XCTAssertEqual(MonthHeading.text(for: busiest), "January 2024 · 3 photos")
        albums.reveal(albums.groups[1].photos.last!.id)
        pump(until: { albums.strip(for: 1)?.isFocusOnSelection == true }, "a photo to be selected and focused")
        window.isFocusVisible = true  // as after using the keyboard
        pump(until: { window.focusWidget?.stateFlags.contains(.focusVisible) == true }, "the focus ring")
        XCTAssertNil(albums.strip(for: 0)?.selectedPhoto, "one photo is selected on the page")
        pump(until: { albums.hostedStrips.allSatisfy { $0.photos.isEmpty || $0.isShowingThumbnails } }, "thumbnails")
        XCTAssertFalse(RasterImage(contentsOf: screenshot(window, name: "albums"))?.isSingleColor ?? true)
    }

    func testSeveralPhotosOfAMonthAreSelectedRatedAndUndoneTogether() {
        let (store, albums, window, _, month) = MonthsFixtures.januarySelected(self)
        XCTAssertEqual(albums.selectedPhotos.count, 2)
        let ids = albums.selectedPhotos.map(\.id)
        XCTAssertEqual(ids.map { ($0 as NSString).lastPathComponent }, ["IMG_1012.jpg", "IMG_1000.jpg"])
        XCTAssertEqual(ids.map { store.photo($0)?.rating }, [0, 0])
        let commands = PhotoCommands(store: store, page: { albums }, say: { _ in })
        commands.rate(5)
        XCTAssertEqual(ids.map { store.photo($0)?.rating }, [5, 5])
        pump(until: { albums.strip(for: month)?.selectedPhotos.map(\.id) == ids }, "the selection to stay across the update")
        commands.undo()
        XCTAssertEqual(ids.map { store.photo($0)?.rating }, [0, 0], "one undo for both")
        window.destroy()
    }

    func testMonthNames() {
        guard PinnedLocale.isInEffect(for: self) else { return }
        XCTAssertEqual(MonthHeading.title(for: "2024-03"), "March 2024")
        XCTAssertEqual(MonthHeading.title(for: ""), "No date")
        XCTAssertEqual(MonthHeading.count(1), "1 photo")
        XCTAssertEqual(MonthHeading.count(37), "37 photos")
    }

    func testVisibleRowsHostLiveStripsAndScrollingKeepsThePoolBounded() {
        let store = MonthsFixtures.store(self)
        let albums = MonthsController(store: store)
        _ = MonthsFixtures.window(showing: albums)
        pump(until: { !albums.hostedStrips.isEmpty }, "rows to be bound")
        for strip in albums.hostedStrips {
            XCTAssertTrue(strip.parent === albums, "a hosted strip is a child of the albums page")
            XCTAssertNotNil(strip.group)
            XCTAssertTrue(strip.isViewLoaded)
        }
        XCTAssertEqual(
            Set(albums.hostedStrips.compactMap { $0.group?.id }).count, albums.hostedStrips.count,
            "each bound row hosts its own strip")
        let last = albums.groups.count - 1
        for _ in 0..<3 {
            albums.showMonth(last)
            pump(until: { albums.strip(for: last) != nil }, "last month to be bound")
            albums.showMonth(0)
            pump(until: { albums.strip(for: 0) != nil }, "first month to be bound")
        }
        XCTAssertLessThanOrEqual(albums.hostedStrips.count, albums.groups.count)
        XCTAssertLessThanOrEqual(albums.pooledStripCount, 6)
        XCTAssertLessThanOrEqual(
            albums.children.count, albums.groups.count,
            "only strips in bound rows are children")
    }

    func testActivatingAThumbnailAsksTheOpenerWithEveryPhotoInPageOrder() {
        let store = MonthsFixtures.store(self)
        let albums = MonthsController(store: store)
        let opener = AlbumsRecordingOpener()
        albums.opener = opener
        _ = MonthsFixtures.window(showing: albums)
        pump(until: { albums.strip(for: 1) != nil }, "rows to be bound")
        let strip = albums.strip(for: 1)!
        pump(until: { strip.photos.count > 0 }, "strip to fill")
        strip.activate(at: 0)
        XCTAssertEqual(opener.opened.count, 1)
        XCTAssertEqual(opener.opened.first?.photo.id, albums.groups[1].photos[0].id)
        XCTAssertEqual(opener.opened.first?.photos.map(\.id), albums.groups.flatMap(\.photos).map(\.id))
        XCTAssertTrue(opener.opened.first?.page === albums)
        XCTAssertEqual(albums.currentMonth, 1)
    }

    func testKeysMoveBetweenMonthsAndRevealSelectsThePhoto() {
        let store = MonthsFixtures.store(self)
        let albums = MonthsController(store: store)
        let (window, _) = MonthsFixtures.window(showing: albums)
        pump(until: { albums.strip(for: 0)?.selectedPhoto != nil }, "the first month to take the focus")
        XCTAssertTrue(Self.focus(in: window, isInside: albums.strip(for: 0)!.view))
        let view = albums.view
        let last = albums.groups.count - 1
        XCTAssertTrue(view.sendKeyPress(Key(name: "Down")!, modifiers: []))
        XCTAssertEqual(albums.currentMonth, 1)
        pump(until: { albums.strip(for: 1)?.isFocusOnSelection == true }, "focus on the second month's photo")
        XCTAssertNil(albums.strip(for: 0)?.selectedPhoto, "the month left lets go of its selection")
        view.sendKeyPress(Key(name: "End")!, modifiers: [])
        XCTAssertEqual(albums.currentMonth, last)
        view.sendKeyPress(Key(name: "Down")!, modifiers: [])
        XCTAssertEqual(albums.currentMonth, last, "clamped at the last month")
        view.sendKeyPress(Key(name: "Page_Up")!, modifiers: [])
        XCTAssertEqual(albums.currentMonth, max(0, last - 3))
        view.sendKeyPress(Key(name: "Home")!, modifiers: [])
        XCTAssertEqual(albums.currentMonth, 0)
        pump(until: { albums.strip(for: 0)?.selectedPhoto != nil }, "the month's strip to get a selection")
        XCTAssertFalse(view.sendKeyPress(Key(name: "Left")!, modifiers: []), "Left/Right belong to the strip")

        let target = albums.groups[last].photos.last!
        albums.reveal(target.id)
        XCTAssertEqual(albums.currentMonth, last)
        pump(until: { albums.strip(for: last)?.selectedPhoto?.id == target.id }, "the revealed photo to be selected")
        pump(until: { albums.strip(for: last)?.isFocusOnSelection == true }, "focus on the revealed photo")
    }

    @MainActor
    private static func focus(in window: Window, isInside widget: Widget) -> Bool {
        var current = window.focusWidget
        while let next = current {
            if next === widget { return true }
            current = next.parent
        }
        return false
    }

    func testAnEmptyLibrarySaysSoUntilPhotosArrive() {
        let folder = LibraryFixtures.temporaryFolder(self, name: "empty")
        let store = MonthsFixtures.store(self, folder: folder)
        let albums = MonthsController(store: store)
        let (window, _) = MonthsFixtures.window(showing: albums)
        XCTAssertTrue(albums.groups.isEmpty)
        XCTAssertTrue(albums.isShowingEmptyState)
        XCTAssertEqual(albums.emptyStateTitle, "No Photos")
        _ = screenshot(window, name: "albums-empty")
        LibraryFixtures.copySamples(to: folder, count: 3)
        store.rescan()
        pump(until: { !store.isScanning && store.isUpToDate && albums.groups.flatMap(\.photos).count == 3 }, timeout: 20, "the new photos")
        XCTAssertFalse(albums.isShowingEmptyState)
    }

    func testFollowsTheStore() {
        let store = MonthsFixtures.store(self)
        let albums = MonthsController(store: store)
        _ = MonthsFixtures.window(showing: albums)
        store.searchText = "canon"
        XCTAssertFalse(store.photos.isEmpty)
        XCTAssertEqual(albums.groups.flatMap(\.photos).count, store.photos.count)
        pump(
            until: { albums.strip(for: 0)?.photos.map(\.id) == albums.groups[0].photos.map(\.id) },
            "the first strip to follow")
        store.searchText = "no such camera"
        XCTAssertTrue(albums.groups.isEmpty)
        XCTAssertTrue(albums.isShowingEmptyState)
        XCTAssertEqual(albums.emptyStateTitle, "No Results Found")
        store.searchText = ""
        XCTAssertEqual(albums.groups.flatMap(\.photos).count, store.photos.count)
        XCTAssertFalse(albums.isShowingEmptyState)
    }

    func testAHiddenPageGroupsNothingUntilItIsShown() {
        let store = MonthsFixtures.store(self)
        let albums = MonthsController(store: store)
        store.searchText = "canon"
        XCTAssertEqual(albums.groups, [], "not shown: no grouping")
        _ = MonthsFixtures.window(showing: albums)
        XCTAssertEqual(
            albums.groups.flatMap(\.photos).map(\.id), store.photos.sorted(by: .dateTaken).map(\.id),
            "grouped when shown, from the photos as they are now")
    }

    /// A library spanning 300 months: more rows than GTK binds at once.
    private func manyMonths() -> String {
        let folder = LibraryFixtures.temporaryFolder(self, name: "months")
        let undated = LibraryFixtures.samples + "/IMG_1025.jpg"  // no EXIF date: taken = file time
        let start = Calendar.current.date(from: DateComponents(year: 2000, month: 1, day: 15, hour: 12))!
        for month in 0..<300 {
            let path = folder + String(format: "/M%03d.jpg", month)
            try! FileManager.default.copyItem(atPath: undated, toPath: path)
            let date = Calendar.current.date(byAdding: .month, value: month, to: start)!
            try! FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: path)
        }
        return folder
    }

    func testFarMonthsAreHostedOnDemandAndRevealReachesThem() {
        let folder = manyMonths()
        let store = MonthsFixtures.store(self, folder: folder)
        let albums = MonthsController(store: store)
        _ = MonthsFixtures.window(showing: albums)
        XCTAssertEqual(albums.groups.count, 300)
        XCTAssertEqual(albums.groups.first?.id, "2024-12")
        pump(until: { !albums.hostedStrips.isEmpty }, "rows to be bound")
        XCTAssertNil(albums.strip(for: 299), "the oldest month is far off screen")
        let oldest = albums.groups[299].photos[0]
        albums.reveal(oldest.id)
        pump(until: { albums.strip(for: 299)?.selectedPhoto?.id == oldest.id }, "the revealed photo to be selected")
        XCTAssertEqual(albums.currentMonth, 299)
        XCTAssertLessThan(albums.hostedStrips.count, 300, "only bound rows host a strip")
        XCTAssertLessThanOrEqual(albums.pooledStripCount, 6)
        XCTAssertEqual(albums.children.count, albums.hostedStrips.count)
    }
}
