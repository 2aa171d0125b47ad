import Foundation
import GtkTestSupport
import XCTest

/// The Date and Time window in the real binary, by real keys (Ctrl+Shift+T, as in Shotwell):
/// one photo and a selection, Apply with Enter, Escape, Undo; checked in the accessibility
/// tree, the catalog and the file (read back by the exiv2 CLI); screenshots in English and
/// Chinese, light and dark.
final class DatesAppTests: GtkTestCase {
    func testCtrlShiftTMovesAPhotoADayLaterWritesItAndUndoTakesItBack() throws {
        let fixture = try AppFixture()
        try StressAppTests.turnOnWriteBack(home: fixture.home)
        let name = "IMG_1003.jpg"
        let file = fixture.folder.appendingPathComponent(name).path
        let (app, window) = try fixture.launch()
        defer { app.terminate() }
        _ = app.waitForTree { $0.photoNames.count == AppFixture.sampleNames.count }
        app.select(name, window: window)
        app.sendKeys("ctrl+shift+t", to: window)
        let dialog = try XCTUnwrap(app.waitForWindow(named: "Date and Time of 1 Photo"), "the window opens")
        let opened = app.waitForTree {
            $0.contains(role: "text", name: "Date (yyyy-MM-dd)") && $0.contains { $0.name == "6 October 2024, 11:39" }
        }
        XCTAssertTrue(opened.contains(role: "text", name: "Date (yyyy-MM-dd)"), "the date field, named with how to type it")
        XCTAssertTrue(opened.contains(role: "text", name: "Time (HH:mm:ss)"))
        XCTAssertTrue(opened.contains { $0.name == "6 October 2024, 11:39" }, "the photo's date before any change")
        app.screenshot("dates-one-photo", window: dialog)

        // The date field has the keyboard: a day later, Enter applies.
        app.sendKeys("ctrl+a", to: dialog)
        app.type("2024-10-07", to: dialog)
        let typed = app.waitForTree { $0.contains { $0.name == "6 October 2024, 11:39 → 7 October 2024, 11:39" } }
        XCTAssertTrue(typed.contains { $0.name == "6 October 2024, 11:39 → 7 October 2024, 11:39" }, "the preview follows the typing")
        app.screenshot("dates-one-photo-typed", window: dialog)
        app.sendKeys("Return", to: dialog)
        XCTAssertEqual(fixture.waitForCorrectedTaken(of: name, not: ""), "2024-10-07T11:39:27")
        XCTAssertEqual(waitForTag("Exif.Photo.DateTimeOriginal", in: file, not: "2024:10:06 11:39:27"), "2024:10:07 11:39:27")
        let applied = app.waitForTree { $0.contains { $0.name == "Date of 1 photo changed" } }
        XCTAssertTrue(applied.contains { $0.name == "Date of 1 photo changed" }, "a toast says it, with Undo")
        XCTAssertTrue(applied.contains { $0.name == "7 October 2024, 11:39\nSet in Lightbox" }, "the details say where the date came from")
        app.screenshot("dates-details-set", window: window)

        app.sendKeys("ctrl+z", to: window)
        XCTAssertEqual(fixture.waitForCorrectedTaken(of: name, not: "2024-10-07T11:39:27"), "2024-10-06T11:39:27")
        XCTAssertEqual(
            waitForTag("Exif.Photo.DateTimeOriginal", in: file, not: "2024:10:07 11:39:27"), "2024:10:06 11:39:27",
            "the file's date is back")
        app.sendKeys("ctrl+q", to: window)
        XCTAssertEqual(app.waitForExit(timeout: 10), 0)
    }

    func testASelectionMovesKeepingItsSpacingAndEscapeChangesNothing() throws {
        let fixture = try AppFixture()
        let (app, window) = try fixture.launch()
        defer { app.terminate() }
        _ = app.waitForTree { $0.photoNames.count == AppFixture.sampleNames.count }
        app.select(AppFixture.sampleNames[0], window: window)
        app.sendKeys("ctrl+a", to: window)
        let count = AppFixture.sampleNames.count
        app.sendKeys("ctrl+shift+t", to: window)
        var dialog = try XCTUnwrap(app.waitForWindow(named: "Date and Time of \(count) Photos"))
        app.sendKeys("ctrl+a", to: dialog)
        app.type("nonsense", to: dialog)
        let wrong = app.waitForTree { $0.contains { $0.name.hasPrefix("Type the date as") } }
        XCTAssertTrue(
            wrong.contains { $0.name == "Type the date as yyyy-MM-dd and the time as HH:mm:ss." },
            "what is wrong is said under the fields")
        app.screenshot("dates-selection-error", window: dialog)
        app.sendKeys("Escape", to: dialog)
        waitUntil(timeout: 5, interval: 0.1) { app.waitForWindow(named: "Date and Time of \(count) Photos", timeout: 0.2) == nil }
        XCTAssertNil(app.waitForWindow(named: "Date and Time of \(count) Photos", timeout: 0.2), "Escape closes the window")
        XCTAssertEqual(fixture.correctedTakenCount(), 0, "and changes nothing")

        app.sendKeys("ctrl+shift+t", to: window)
        dialog = try XCTUnwrap(app.waitForWindow(named: "Date and Time of \(count) Photos"))
        app.sendKeys("ctrl+a", to: dialog)
        app.type("2024-01-02", to: dialog)
        _ = app.waitForTree { $0.contains { $0.name == "1 January 2024, 08:00 → 2 January 2024, 08:00" } }
        app.screenshot("dates-selection", window: dialog)
        app.sendKeys("Return", to: dialog)
        waitUntil(timeout: 10, interval: 0.1) { fixture.correctedTakenCount() == count }
        XCTAssertEqual(fixture.correctedTakenCount(), count, "every selected photo moved")
        XCTAssertEqual(fixture.waitForCorrectedTaken(of: "IMG_1000.jpg", not: ""), "2024-01-02T08:00:00")
        XCTAssertEqual(fixture.waitForCorrectedTaken(of: "IMG_1024.jpg", not: ""), "2024-01-14T12:12:36", "a day later too")
        XCTAssertEqual(fixture.waitForCorrectedTaken(of: "IMG_1025.jpg", not: ""), "2025-06-16T12:00:00", "a photo dated by its file too")
        let toast = app.waitForTree { $0.contains { $0.name == "Dates of \(count) photos changed" } }
        XCTAssertTrue(toast.contains { $0.name == "Dates of \(count) photos changed" })
        app.sendKeys("ctrl+z", to: window)
        waitUntil(timeout: 10, interval: 0.1) { fixture.correctedTakenCount() == 0 }
        XCTAssertEqual(fixture.correctedTakenCount(), 0, "one undo takes every photo back")

        // Set All Photos (Alt+E): every photo gets the one moment typed.
        app.sendKeys("ctrl+shift+t", to: window)
        dialog = try XCTUnwrap(app.waitForWindow(named: "Date and Time of \(count) Photos"))
        app.sendKeys("alt+e", to: dialog)
        _ = app.waitForTree { $0.contains { $0.name == "Every photo gets this date and time." } }
        // From the button Alt+E pressed: the date, then the time.
        app.sendKeys("Tab", "Tab", "ctrl+a", to: dialog)
        app.type("12:30", to: dialog)
        _ = app.waitForTree { $0.contains { $0.name == "1 January 2024, 08:00 → 1 January 2024, 12:30" } }
        app.screenshot("dates-set-all", window: dialog)
        app.sendKeys("Return", to: dialog)
        waitUntil(timeout: 10, interval: 0.1) { fixture.correctedTakenCount() == count }
        XCTAssertEqual(fixture.waitForCorrectedTaken(of: "IMG_1013.jpg", not: ""), "2024-01-01T12:30:00")
        XCTAssertEqual(fixture.waitForCorrectedTaken(of: "IMG_1025.jpg", not: ""), "2024-01-01T12:30:00", "every photo, the same moment")
    }

    /// The Date and Time and the Place windows in English and Chinese, light and dark, for the screenshots.
    func testTheWindowsInChineseAndInTheDarkStyle() throws {
        for locale in [TestLocale.standard, "zh_CN.UTF-8"] {
            let fixture = try AppFixture()
            let (app, window) = try fixture.launch(locale: locale)
            defer { app.terminate() }
            _ = app.waitForTree { $0.photoNames.count == AppFixture.sampleNames.count }
            app.select("IMG_1007.jpg", window: window)
            app.sendKeys("shift+Down", "shift+Down", to: window)
            let chinese = locale != TestLocale.standard
            let title = chinese ? "3 张照片的日期和时间" : "Date and Time of 3 Photos"
            let tag = chinese ? "zh_CN" : "en"
            for style in ["light", "dark"] {
                XCTAssertTrue(app.activateAction("color-scheme", parameter: "'\(style)'"))
                app.sendKeys("ctrl+shift+t", to: window)
                let dialog = try XCTUnwrap(app.waitForWindow(named: title), "the window is titled \(title)")
                // Date, time, then the shift, its text selected: typed over.
                app.sendKeys("Tab", "Tab", to: dialog)
                app.type("+1:00", to: dialog)
                app.screenshot("dates-\(tag)-\(style)", window: dialog)
                app.sendKeys("Escape", to: dialog)
                waitUntil(timeout: 5, interval: 0.1) { app.waitForWindow(named: title, timeout: 0.2) == nil }

                // The Place window too, a city typed in part.
                let placeTitle = chinese ? "3 张照片的地点" : "Place of 3 Photos"
                app.sendKeys("ctrl+shift+l", to: window)
                let place = try XCTUnwrap(app.waitForWindow(named: placeTitle), "the window is titled \(placeTitle)")
                app.type("Berg", to: place)
                _ = app.waitForTree { $0.contains { $0.name.hasPrefix(chinese ? "卑尔根" : "Bergen") } }
                app.screenshot("places-\(tag)-\(style)", window: place)
                app.sendKeys("Escape", to: place)
                waitUntil(timeout: 5, interval: 0.1) { app.waitForWindow(named: placeTitle, timeout: 0.2) == nil }
            }
        }
    }

    /// A tag of the file as `exiv2 -Pv` prints it ("" when the file has none), once it is no longer `old`.
    private func waitForTag(_ key: String, in file: String, not old: String) -> String {
        var value = old
        waitUntil(timeout: 10, interval: 0.1) {
            value = Process.output("/usr/bin/exiv2", ["-q", "-K", key, "-Pv", file]).trimmingCharacters(in: .whitespacesAndNewlines)
            return value != old
        }
        return value
    }
}

extension AppFixture {
    /// The catalog's corrected date of a file ("" for none), once it is no longer `old`.
    func waitForCorrectedTaken(of name: String, not old: String) -> String {
        let path = folder.appendingPathComponent(name).path.replacingOccurrences(of: "'", with: "''")
        var value = old
        waitUntil(timeout: 10, interval: 0.1) {
            value = Process.output(
                "/usr/bin/sqlite3", [catalogPath, "SELECT coalesce(correctedTaken, '') FROM photo WHERE path = '\(path)'"]
            ).trimmingCharacters(in: .whitespacesAndNewlines)
            return value != old
        }
        return value
    }

    /// How many photos have a corrected date in the catalog.
    func correctedTakenCount() -> Int {
        Int(
            Process.output("/usr/bin/sqlite3", [catalogPath, "SELECT count(*) FROM photo WHERE correctedTaken IS NOT NULL"])
                .trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }
}
