import Foundation
import GtkTestSupport
import XCTest

/// Titles and captions typed in the real binary with real keys (F2, as in Shotwell), checked in
/// the accessibility tree, the catalog and the file (read back by the exiv2 CLI).
final class TitleAppTests: GtkTestCase {
    func testF2TypesATitleThatIsWrittenIntoTheFileAndUndoTakesItBack() throws {
        let fixture = try AppFixture()
        try StressAppTests.turnOnWriteBack(home: fixture.home)
        let name = "IMG_1003.jpg"
        let file = fixture.folder.appendingPathComponent(name).path
        let (app, window) = try fixture.launch()
        defer { app.terminate() }
        _ = app.waitForTree { $0.photoNames.count == AppFixture.sampleNames.count }
        app.select(name, window: window)

        // GTK 4.8 does not tell AT-SPI which text field of a libadwaita row has the focus: what
        // was typed, in the catalog and the file, says where F2 and Tab put the keyboard.
        let fields = app.waitForTree { $0.contains(role: "text", name: "Title") && $0.contains(role: "text", name: "Caption") }
        XCTAssertTrue(fields.contains(role: "text", name: "Title"), "the title's text field is named for screen readers")
        app.sendKeys("F2", to: window)
        app.type("Harbour at dawn", to: window)
        app.sendKeys("Tab", to: window)
        app.type("Fishing boats coming in", to: window)
        app.sendKeys("Return", to: window)
        XCTAssertEqual(waitForColumns(of: name, in: fixture, not: "|"), "Harbour at dawn|Fishing boats coming in")
        XCTAssertEqual(waitForTag("Xmp.dc.title", in: file), "lang=\"x-default\" Harbour at dawn", "written into the file")
        XCTAssertEqual(waitForTag("Xmp.dc.description", in: file), "lang=\"x-default\" Fishing boats coming in")
        app.screenshot("title-details-app", window: window)

        app.sendKeys("Escape", to: window)
        let back = app.waitForTree { $0.focusedNode?.role == "list item" }
        XCTAssertEqual(back.selectedPhotoName, name, "Escape returns to the list, on the same photo")
        app.sendKeys("ctrl+z", to: window)
        XCTAssertEqual(waitForColumns(of: name, in: fixture, not: "Harbour at dawn|Fishing boats coming in"), "Harbour at dawn|")
        app.sendKeys("ctrl+z", to: window)
        XCTAssertEqual(waitForColumns(of: name, in: fixture, not: "Harbour at dawn|"), "|", "each save is one undo")
        XCTAssertEqual(waitForTag("Xmp.dc.title", in: file, not: "lang=\"x-default\" Harbour at dawn"), "")

        app.sendKeys("F2", to: window)
        app.type("Not this", to: window)
        app.sendKeys("Escape", to: window)
        let left = app.waitForTree { $0.focusedNode?.role == "list item" }
        XCTAssertEqual(left.selectedPhotoName, name, "Escape puts the title back and leaves it")
        app.sendKeys("ctrl+q", to: window)
        XCTAssertEqual(app.waitForExit(timeout: 10), 0)
        XCTAssertEqual(fixture.titleAndCaption(of: name), "|", "what Escape dropped was never saved")
    }

    func testATitleTypedForASelectionIsEveryPhotosTitle() throws {
        let fixture = try AppFixture()
        let (app, window) = try fixture.launch()
        defer { app.terminate() }
        _ = app.waitForTree { $0.photoNames.count == AppFixture.sampleNames.count }
        app.select(AppFixture.sampleNames[0], window: window)
        app.sendKeys("ctrl+a", to: window)
        let selected = "\(AppFixture.sampleNames.count) Photos Selected"
        let mixed = app.waitForTree { $0.contains { $0.name == selected } }
        XCTAssertTrue(mixed.contains { $0.name == selected })
        XCTAssertFalse(mixed.contains(role: "text", name: "Title (mixed)"), "no sample has a title: none differ")
        app.sendKeys("F2", to: window)
        app.type("Norway 2024", to: window)
        app.sendKeys("Return", to: window)
        waitUntil(timeout: 5, interval: 0.1) { fixture.titles().allSatisfy { $0 == "Norway 2024" } }
        XCTAssertEqual(fixture.titles(), Array(repeating: "Norway 2024", count: AppFixture.sampleNames.count))
        app.sendKeys("ctrl+q", to: window)
        XCTAssertEqual(app.waitForExit(timeout: 10), 0)
    }

    /// The catalog's "title|caption" of `name` once it is no longer `old`.
    private func waitForColumns(of name: String, in fixture: AppFixture, not old: String) -> String {
        var value = old
        waitUntil(timeout: 5, interval: 0.1) {
            value = fixture.titleAndCaption(of: name)
            return value != old
        }
        return value
    }

    /// A tag of the file as `exiv2 -Pv` prints it ("" when the file has none), once it is no longer `old`.
    private func waitForTag(_ key: String, in file: String, not old: String = "") -> String {
        var value = old
        waitUntil(timeout: 10, interval: 0.1) {
            value = Process.output("/usr/bin/exiv2", ["-q", "-K", key, "-Pv", file]).trimmingCharacters(in: .whitespacesAndNewlines)
            return value != old
        }
        return value
    }
}

extension AppFixture {
    /// The catalog's title and caption of a file, as "title|caption" (read with sqlite3).
    func titleAndCaption(of name: String) -> String {
        let path = folder.appendingPathComponent(name).path.replacingOccurrences(of: "'", with: "''")
        return Process.output(
            "/usr/bin/sqlite3",
            [catalogPath, "SELECT coalesce(title, '') || '|' || coalesce(caption, '') FROM photo WHERE path = '\(path)'"]
        ).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Every photo's title in the catalog, by path ("" for none).
    func titles() -> [String] {
        Process.output("/usr/bin/sqlite3", [catalogPath, "SELECT coalesce(title, '') FROM photo ORDER BY path"])
            .split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
}
