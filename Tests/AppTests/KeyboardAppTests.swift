import Foundation
import Gtk
import GtkTestSupport
import XCTest

/// The keys of the one table (`KeyboardShortcuts`), pressed for real (xdotool) in the real
/// binary: one key does what the page in front means by it, each page's own keys reach it,
/// and the keys a text field types never act on photos while it has the focus.
final class KeyboardAppTests: GtkTestCase {
    func testCtrlPlusZoomsThePhotoOnThePhotoPageAndTheThumbnailsInTheGrid() throws {
        let fixture = try AppFixture()
        let (app, window) = try fixture.launch()
        defer { app.terminate() }
        _ = app.waitForTree { $0.photoNames.count == AppFixture.sampleNames.count && $0.selectedPhotoName != nil }
        app.sendKeys("ctrl+plus", to: window)  // the list does not zoom
        app.sendKeys("alt+2", to: window)
        _ = app.waitForTree { $0.selectedCellPhotoName != nil }
        app.sendKeys("ctrl+plus", to: window)  // the grid's thumbnails: one size larger

        app.sendKeys("Return", to: window)
        let page = app.waitForTree { $0.contains { $0.name.hasSuffix(" of 26") } }
        let position = try XCTUnwrap(page.first { $0.name.hasSuffix(" of 26") }?.name, "the photo page")
        // What the person sees: the photo fit to the page (once decoded: thousands of colours,
        // not a spinner), then larger than it, then fit again.
        var shown: RasterImage?
        waitUntil(timeout: 10) {
            shown = RasterImage(contentsOf: app.screenshot("zoom-fitted", window: window).path)
            return (shown?.distinctColorCount(limit: 5_000) ?? 0) >= 5_000
        }
        let fitted = try XCTUnwrap(shown)
        app.sendKeys("ctrl+plus", "ctrl+plus", to: window)
        let zoomed = try XCTUnwrap(RasterImage(contentsOf: app.screenshot("zoom-zoomed", window: window).path))
        XCTAssertGreaterThan(fitted.share(differingFrom: zoomed), 0.2, "Ctrl+plus zoomed the photo")
        app.sendKeys("ctrl+0", to: window)
        let fitAgain = try XCTUnwrap(RasterImage(contentsOf: app.screenshot("zoom-fitted-again", window: window).path))
        XCTAssertLessThan(fitted.share(differingFrom: fitAgain), 0.01, "Ctrl+0 fit the photo to the page again")
        app.sendKeys("Right", to: window)
        let next = app.waitForTree { $0.contains { $0.name.hasSuffix(" of 26") && $0.name != position } }
        XCTAssertNotNil(next.first { $0.name.hasSuffix(" of 26") && $0.name != position }, "Right: the next photo")

        app.sendKeys("Escape", to: window)
        _ = app.waitForTree { $0.selectedCellPhotoName != nil }
        app.sendKeys("ctrl+q", to: window)
        XCTAssertEqual(app.waitForExit(timeout: 10), 0)
        let keyfile = fixture.home.appendingPathComponent("config/glib-2.0/settings/keyfile")
        let saved = try String(contentsOf: keyfile, encoding: .utf8)
        XCTAssertTrue(
            saved.contains("grid-thumbnail-size=192"),
            "one step larger: the grid's Ctrl+plus alone, not the list's nor the photo page's\n\(saved)")
    }

    /// Digits, 9, U and Delete typed in the search entry are text: nothing rated, rejected,
    /// stepped to or trashed; out of it the same keys act on the selected photo again.
    func testKeysTypedInSearchAreTextAndActOnPhotosOutsideIt() throws {
        let fixture = try AppFixture()
        let (app, window) = try fixture.launch()
        defer { app.terminate() }
        _ = app.waitForTree { $0.photoNames.count == AppFixture.sampleNames.count && $0.selectedPhotoName != nil }
        var baseline: [String: Int] = [:]
        for sample in AppFixture.sampleNames { baseline[sample] = fixture.rating(of: sample) }
        let files = fixture.filesInFolder()

        app.sendKeys("ctrl+f", to: window)
        app.type("2024", to: window)
        app.sendKeys("9", "u", "shift+u", "Home", "Delete", "Delete", to: window)
        let typed = app.waitForTree { $0.photoNames.isEmpty }
        XCTAssertTrue(typed.photoNames.isEmpty, "the search narrowed the list to no photo: “9u” is text too")

        app.sendKeys("Escape", to: window)
        _ = app.waitForTree { $0.photoNames.count == AppFixture.sampleNames.count }
        let name = try XCTUnwrap(AppFixture.sampleNames.first { baseline[$0] != 2 })
        app.select(name, window: window)
        app.sendKeys("2", to: window)
        XCTAssertTrue(waitUntil(timeout: 5) { fixture.rating(of: name) == 2 }, "2 rates the selected photo out of search")
        // Edits reach the catalog in the order they were made: with this rating there, a key
        // typed in search that had acted on a photo would show in the catalog too.
        for sample in AppFixture.sampleNames where sample != name {
            XCTAssertEqual(fixture.rating(of: sample), baseline[sample], "\(sample): typing in search rated nothing")
            XCTAssertEqual(fixture.isRejected(sample), false, "\(sample): typing 9 in search rejected nothing")
        }
        XCTAssertEqual(fixture.filesInFolder(), files, "Delete in search trashed nothing")
    }

    /// The keyword entry types digits too, and Delete on a keyword's chip removes the keyword,
    /// not the photo (the chip has the key before the window).
    func testTheKeywordEntryTypesDigitsAndDeleteOnAChipRemovesItsKeyword() throws {
        let fixture = try AppFixture()
        let name = "IMG_1003.jpg"
        let (app, window) = try fixture.launch()
        defer { app.terminate() }
        _ = app.waitForTree { $0.photoNames.count == AppFixture.sampleNames.count }
        app.select(name, window: window)
        let rating = fixture.rating(of: name)
        let files = fixture.filesInFolder()
        app.sendKeys("ctrl+k", to: window)
        _ = app.waitForTree { $0.focusedNode?.name == "Add keyword" }
        app.type("2025", to: window)
        app.sendKeys("Return", to: window)
        let added = app.waitForTree { $0.contains(role: "push button", name: "Remove keyword 2025") }
        XCTAssertTrue(added.contains(role: "push button", name: "Remove keyword 2025"), "the keyword “2025”")
        XCTAssertEqual(fixture.rating(of: name), rating, "typing 2025 in the keyword entry rated nothing")

        app.sendKeys("shift+Tab", to: window)
        _ = app.waitForTree { $0.focusedNode?.name == "Keyword 2025" }
        app.sendKeys("Delete", to: window)
        let removed = app.waitForTree { !$0.contains(role: "push button", name: "Remove keyword 2025") }
        XCTAssertFalse(removed.contains(role: "push button", name: "Remove keyword 2025"), "Delete removed the keyword")
        XCTAssertEqual(fixture.filesInFolder(), files, "and trashed no photo")
    }

    /// The Albums page's own keys reach it: Down takes the keyboard to the next month, End to the last.
    func testDownAndEndMoveBetweenTheAlbumsMonths() throws {
        let fixture = try AppFixture()
        let (app, window) = try fixture.launch()
        defer { app.terminate() }
        _ = app.waitForTree { !$0.photoNames.isEmpty }
        app.sendKeys("ctrl+3", to: window)
        let first = try XCTUnwrap(app.waitForTree { $0.focusedMonth != nil }.focusedMonth)
        XCTAssertEqual(first, "June 2025 · 1 photo", "the newest month first")
        app.sendKeys("Down", to: window)
        XCTAssertEqual(app.waitForTree { $0.focusedMonth != first }.focusedMonth, "December 2024 · 2 photos")
        app.sendKeys("End", to: window)
        XCTAssertEqual(
            app.waitForTree { $0.focusedMonth?.hasPrefix("January") == true }.focusedMonth, "January 2024 · 3 photos")
    }
}

extension RasterImage {
    /// The share of pixels that differ from `other`'s (1 for images of different sizes).
    func share(differingFrom other: RasterImage) -> Double {
        guard width == other.width, height == other.height, !pixels.isEmpty else { return 1 }
        return Double(zip(pixels, other.pixels).lazy.filter { $0 != $1 }.count) / Double(pixels.count)
    }
}

extension [AccessibleNode] {
    /// The month of the Albums page the keyboard is in: the heading of the month row the
    /// focused photo is in.
    var focusedMonth: String? {
        guard let focused = lastIndex(where: { $0.states.contains("focused") }) else { return nil }
        let months = monthRows
        return self[..<focused].last { months.contains($0.name) }?.name
    }
}
