import Foundation
import GtkTestSupport
import XCTest

/// The whole app, end to end: real binary, real keys, checked through the accessibility
/// tree and the catalog database.
final class MainWindowTests: GtkTestCase {
    func testListShowsEverySampleAndSearchNarrowsIt() throws {
        let fixture = try AppFixture()
        let (app, window) = try fixture.launch()
        defer { app.terminate() }
        let all = Set(AppFixture.sampleNames)
        var tree = app.waitForTree { $0.photoNames == all }
        XCTAssertEqual(tree.photoNames, all, "every sample is listed")
        XCTAssertTrue(tree.contains(role: "push button", name: "Search") || tree.contains(role: "toggle button", name: "Search"))
        XCTAssertTrue(tree.contains { $0.name == "Main Menu" }, "the primary menu button is named")
        app.screenshot("photos-page", window: window)

        app.sendKeys("ctrl+f", to: window)
        app.type("canon", to: window)
        tree = app.waitForTree { $0.photoNames.count < all.count }
        XCTAssertLessThan(tree.photoNames.count, all.count, "search narrows the list")
        XCTAssertFalse(tree.photoNames.isEmpty, "some samples are Canon photos")
        app.screenshot("photos-search", window: window)
        XCTAssertEqual(fixture.rating(of: "IMG_1004.jpg").map { _ in true }, true, "the catalog lists the folder")

        app.sendKeys("Escape", to: window)
        tree = app.waitForTree { $0.photoNames == all }
        XCTAssertEqual(tree.photoNames, all, "Escape clears the search")
        app.sendKeys("ctrl+q", to: window)
        XCTAssertEqual(app.waitForExit(timeout: 10), 0)
    }

    /// Keys typed right after Ctrl+F, before the search bar has slid in, are not lost.
    func testTextTypedTheMomentSearchOpensIsAllSearchedFor() throws {
        let fixture = try AppFixture()
        let (app, window) = try fixture.launch()
        defer { app.terminate() }
        _ = app.waitForTree { $0.photoNames.count == AppFixture.sampleNames.count }
        // One xdotool run: "1" follows Ctrl+F at once ("2" alone would match many more).
        Process.output("/usr/bin/xdotool", ["windowfocus", "--sync", window])
        Process.output("/usr/bin/xdotool", ["key", "--delay", "0", "ctrl+f", "1", "2"])
        let expected: Set = ["IMG_1004.jpg", "IMG_1009.jpg", "IMG_1012.jpg", "IMG_1014.jpg", "IMG_1019.jpg", "IMG_1024.jpg"]
        let tree = app.waitForTree { $0.photoNames == expected }
        XCTAssertEqual(tree.photoNames, expected, "“12”: IMG_1012 and the iPhone 12 photos")
        app.sendKeys("ctrl+q", to: window)
        XCTAssertEqual(app.waitForExit(timeout: 10), 0)
    }

    func testDigitRatesTheSelectedPhotoButNotWhileTypingInSearch() throws {
        let fixture = try AppFixture()
        let name = "IMG_1003.jpg"
        var baseline: [String: Int] = [:]
        let before = try XCTUnwrap(
            { () -> Int? in
                let (app, window) = try fixture.launch()
                defer { app.terminate() }
                _ = app.waitForTree { $0.photoNames.count == AppFixture.sampleNames.count }
                for sample in AppFixture.sampleNames { baseline[sample] = fixture.rating(of: sample) }
                app.sendKeys("ctrl+f", to: window)
                app.type("4", to: window)  // typed into search: must not rate anything
                app.sendKeys("Escape", to: window)
                app.select(name, window: window)
                XCTAssertEqual(app.accessibilityTree().selectedPhotoName, name)
                app.sendKeys("4", to: window)
                _ = waitUntil { fixture.rating(of: name) == 4 }
                app.screenshot("photos-details", window: window)
                app.sendKeys("ctrl+q", to: window)
                XCTAssertEqual(app.waitForExit(timeout: 10), 0)
                return fixture.rating(of: name)
            }())
        XCTAssertEqual(before, 4)
        let (app, window) = try fixture.launch()
        _ = app.waitForTree { !$0.photoNames.isEmpty }
        app.sendKeys("ctrl+q", to: window)
        XCTAssertEqual(app.waitForExit(timeout: 10), 0)
        XCTAssertEqual(fixture.rating(of: name), 4, "the rating survives a relaunch")
        for sample in AppFixture.sampleNames where sample != name {
            XCTAssertEqual(fixture.rating(of: sample), baseline[sample], "\(sample): typing 4 in search rated nothing")
        }
    }

    func testKeyboardStartsInTheListOnTheFirstPhoto() throws {
        let fixture = try AppFixture()
        let (app, window) = try fixture.launch()
        defer { app.terminate() }
        let tree = app.waitForTree { $0.photoNames.count == AppFixture.sampleNames.count && $0.selectedPhotoName != nil }
        let first = try XCTUnwrap(tree.selectedPhotoName, "a photo is selected at launch")
        app.sendKeys("Down", to: window)
        let moved = app.waitForTree { $0.selectedPhotoName != first }
        XCTAssertNotNil(moved.selectedPhotoName)
        XCTAssertNotEqual(moved.selectedPhotoName, first, "Down moves in the list without a click")
        app.sendKeys("ctrl+q", to: window)
        XCTAssertEqual(app.waitForExit(timeout: 10), 0)
    }

    func testDeleteMovesToTrashAndCtrlZRestores() throws {
        let fixture = try AppFixture()
        let name = "IMG_1007.jpg"
        let file = fixture.folder.appendingPathComponent(name).path
        let (app, window) = try fixture.launch()
        defer { app.terminate() }
        _ = app.waitForTree { !$0.photoNames.isEmpty }
        app.select(name, window: window)
        app.sendKeys("Delete", to: window)
        let gone = app.waitForTree { !$0.photoNames.contains(name) }
        XCTAssertFalse(FileManager.default.fileExists(atPath: file), "the file is in the trash")
        XCTAssertFalse(gone.photoNames.contains(name))
        XCTAssertTrue(gone.contains { $0.name == "Moved to trash" }, "a toast says so")
        XCTAssertTrue(
            gone.contains { $0.role == "push button" && $0.name.hasPrefix("Undo") },
            "with an Undo button: \(gone.filter { $0.role == "push button" }.map(\.name))")
        app.screenshot("trash-toast", window: window)
        app.sendKeys("ctrl+z", to: window)
        let back = app.waitForTree { $0.photoNames.contains(name) && !$0.contains { $0.name == "Moved to trash" } }
        XCTAssertTrue(FileManager.default.fileExists(atPath: file), "Ctrl+Z put the file back")
        XCTAssertTrue(back.photoNames.contains(name))
    }

    func testCtrl2ShowsOneAlbumRowPerMonth() throws {
        let fixture = try AppFixture()
        // The months the samples were taken in (IMG_1025.jpg's is its file's time, set by the fixture).
        let months: Set = [
            "June 2025 · 1 photo", "December 2024 · 2 photos", "November 2024 · 2 photos",
            "October 2024 · 2 photos", "September 2024 · 2 photos", "August 2024 · 2 photos",
            "July 2024 · 2 photos", "June 2024 · 2 photos", "May 2024 · 2 photos",
            "April 2024 · 2 photos", "March 2024 · 2 photos", "February 2024 · 2 photos",
            "January 2024 · 3 photos",
        ]
        let (app, window) = try fixture.launch()
        defer { app.terminate() }
        _ = app.waitForTree { !$0.photoNames.isEmpty }
        app.sendKeys("ctrl+3", to: window)
        let tree = app.waitForTree { $0.monthRows == months }
        XCTAssertEqual(tree.monthRows, months, "one row per month")
        app.screenshot("months-page", window: window)
        app.sendKeys("ctrl+1", to: window)
    }

    func testEnterOpensThePhotoPageAndEscapeReturnsWithTheSameSelection() throws {
        let fixture = try AppFixture()
        let name = "IMG_1012.jpg"
        let (app, window) = try fixture.launch()
        defer { app.terminate() }
        _ = app.waitForTree { !$0.photoNames.isEmpty }
        app.select(name, window: window)
        app.sendKeys("Return", to: window)
        let page = app.waitForTree { $0.contains(role: "push button", name: "Back") }
        XCTAssertTrue(page.contains(role: "push button", name: "Back"), "the photo page shows a back button")
        app.screenshot("photo-page", window: window)
        app.sendKeys("Escape", to: window)
        let back = app.waitForTree { $0.selectedPhotoName == name && !$0.contains(role: "push button", name: "Back") }
        XCTAssertEqual(back.selectedPhotoName, name, "back where we were, same photo selected")
    }

    func testCtrlQuestionOpensTheShortcutsWindow() throws {
        let fixture = try AppFixture()
        let (app, window) = try fixture.launch()
        defer { app.terminate() }
        _ = app.waitForTree { !$0.photoNames.isEmpty }
        app.sendKeys("ctrl+question", to: window)
        let tree = app.waitForTree { $0.contains { $0.name == "Move to trash" } }
        XCTAssertTrue(tree.contains { $0.name == "Move to trash" }, "the shortcuts window lists Delete")
        XCTAssertTrue(tree.contains { $0.name == "Rate 0 to 5 stars" })
        app.screenshot("shortcuts-window", window: app.waitForWindow(named: "Keyboard Shortcuts", timeout: 3))
    }

    func testF9HidesTheDetailsPaneAndCtrlWClosesTheWindow() throws {
        let fixture = try AppFixture()
        let (app, window) = try fixture.launch()
        defer { app.terminate() }
        let shown = app.waitForTree { $0.contains { $0.name == "No Photo Selected" } }
        XCTAssertTrue(shown.contains { $0.name == "No Photo Selected" }, "the details pane shows")
        app.sendKeys("F9", to: window)
        let hidden = app.waitForTree { !$0.contains { $0.name == "No Photo Selected" } }
        XCTAssertFalse(hidden.contains { $0.name == "No Photo Selected" }, "F9 hid the details pane")
        XCTAssertEqual(hidden.photoNames.count, AppFixture.sampleNames.count, "the list stays")
        app.sendKeys("ctrl+w", to: window)
        XCTAssertEqual(app.waitForExit(timeout: 10), 0, "closing the only window ends the app")
    }

    func testSortOrderAndPanePositionAreRestoredAndSavedAgain() throws {
        let fixture = try AppFixture()
        let settings = fixture.home.appendingPathComponent("config/glib-2.0/settings")
        try FileManager.default.createDirectory(at: settings, withIntermediateDirectories: true)
        let keyfile = settings.appendingPathComponent("keyfile")
        try """
        [io/github/lightbox/Lightbox]
        sort-key='name'
        sort-ascending=true
        pane-position=500

        """.write(to: keyfile, atomically: true, encoding: .utf8)
        let (app, window) = try fixture.launch()
        defer { app.terminate() }
        let tree = app.waitForTree { $0.photoNames.count == AppFixture.sampleNames.count }
        let listed = tree.filter { $0.role == "label" && $0.name.hasPrefix("IMG_") }.map(\.name)
        XCTAssertEqual(Array(listed.prefix(5)), Array(AppFixture.sampleNames.prefix(5)), "sorted by name, A to Z")
        app.sendKeys("ctrl+q", to: window)
        XCTAssertEqual(app.waitForExit(timeout: 10), 0)
        let saved = try String(contentsOf: keyfile, encoding: .utf8)
        XCTAssertTrue(saved.contains("sort-key='name'"), saved)
        XCTAssertTrue(saved.contains("sort-ascending=true"), saved)
        XCTAssertTrue(saved.contains("pane-position=500"), saved)
        XCTAssertTrue(saved.contains("last-folder='\(fixture.folder.path)'"), saved)
    }

    func testFirstLaunchWithoutPhotosShowsTheSampleLibrary() throws {
        let app = try LaunchedApp.start([])
        defer { app.terminate() }
        let window = try XCTUnwrap(app.waitForWindow(named: "Lightbox"), "the sample library is titled Lightbox")
        let tree = app.waitForTree { $0.photoNames.count == AppFixture.sampleNames.count }
        XCTAssertEqual(tree.photoNames, Set(AppFixture.sampleNames))
        app.sendKeys("ctrl+q", to: window)
        XCTAssertEqual(app.waitForExit(timeout: 10), 0)
    }

    func testWithoutAFolderTheLastFolderOpensAgain() throws {
        let fixture = try AppFixture()
        do {
            let (app, window) = try fixture.launch()
            defer { app.terminate() }
            app.sendKeys("ctrl+q", to: window)
            XCTAssertEqual(app.waitForExit(timeout: 10), 0)
        }
        let (app, window) = try fixture.launch([])
        defer { app.terminate() }
        app.sendKeys("ctrl+3", to: window)
        _ = app.waitForTree { !$0.monthRows.isEmpty }
        app.sendKeys("ctrl+q", to: window)
        XCTAssertEqual(app.waitForExit(timeout: 10), 0)
        let (again, _) = try fixture.launch([])
        defer { again.terminate() }
        let tree = again.waitForTree { !$0.monthRows.isEmpty }
        XCTAssertFalse(tree.monthRows.isEmpty, "the Months page is remembered")
    }
}

extension Array where Element == AccessibleNode {
    /// Album rows: "March 2024 · 37 photos".
    var monthRows: Set<String> {
        Set(filter { $0.name.range(of: #"^\w+ \d{4} · \d+ photos?$"#, options: .regularExpression) != nil }.map(\.name))
    }
}
