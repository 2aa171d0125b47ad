import Foundation
import GtkTestSupport
import XCTest

/// The Place window and the place commands in the real binary, by real keys: a city found by
/// name (Ctrl+Shift+L), coordinates that are not on Earth refused, a place copied and pasted
/// (Ctrl+Shift+C, Ctrl+Shift+V), a place removed and the removal undone; checked in the
/// accessibility tree, the catalog and the file (the exiv2 CLI).
final class PlacesAppTests: GtkTestCase {
    func testAPlaceIsFoundByNameCopiedPastedAndRemoved() throws {
        let fixture = try AppFixture()
        try StressAppTests.turnOnWriteBack(home: fixture.home)
        let (app, window) = try fixture.launch()
        defer { app.terminate() }
        _ = app.waitForTree { $0.photoNames.count == AppFixture.sampleNames.count }
        let paris = "IMG_1007.jpg"
        let other = "IMG_1003.jpg"
        let otherFile = fixture.folder.appendingPathComponent(other).path

        // Ctrl+Shift+L: a city by name; Enter sets the first found.
        app.select(other, window: window)
        app.sendKeys("ctrl+shift+l", to: window)
        let dialog = try XCTUnwrap(app.waitForWindow(named: "Place of 1 Photo"), "the window opens")
        app.type("Bergen", to: dialog)
        let found = app.waitForTree { $0.contains { $0.name == "Bergen, Norway" } }
        XCTAssertTrue(found.contains { $0.name == "Bergen, Norway" }, "the city is listed")
        XCTAssertTrue(found.contains { $0.name == "The photo has no place." }, "where the photo is now")
        app.screenshot("places-search", window: dialog)
        app.sendKeys("Return", to: dialog)
        XCTAssertTrue(
            fixture.waitForCorrectedPlace(of: other, not: "NULL").hasPrefix("60.29"), "in Bergen (its airport, as the database has it)")
        let set = app.waitForTree {
            $0.contains { $0.name == "Near Bergen, Norway" } && $0.contains { $0.name == "Place of 1 photo set to Bergen, Norway" }
        }
        XCTAssertTrue(set.contains { $0.name == "Place of 1 photo set to Bergen, Norway" }, "a toast says it, with Undo")
        XCTAssertTrue(set.contains { $0.name == "Near Bergen, Norway" }, "the details follow at once")
        XCTAssertEqual(waitForTag("Exif.GPSInfo.GPSLatitude", in: otherFile, not: ""), "60/1 17/1 3700/100", "written into the file")

        let bergen = fixture.correctedPlace(of: other)

        // Copy the place of the photo taken in Paris, paste it on another.
        app.select(paris, window: window)
        app.sendKeys("ctrl+shift+c", to: window)
        let copied = app.waitForTree { $0.contains { $0.name == "Place copied: Paris, France" } }
        XCTAssertTrue(copied.contains { $0.name == "Place copied: Paris, France" }, "a toast says what was copied")
        app.select(other, window: window)
        app.sendKeys("ctrl+shift+v", to: window)
        XCTAssertTrue(fixture.waitForCorrectedPlace(of: other, not: bergen).hasPrefix("48.85"), "the photo is in Paris now")
        let pasted = app.waitForTree { $0.contains { $0.name == "Place of 1 photo set to Paris, France" } }
        XCTAssertTrue(pasted.contains { $0.name == "Place of 1 photo set to Paris, France" })
        XCTAssertTrue(pasted.contains { $0.name == "Near Paris, France" }, "the details follow at once")

        // Coordinates not on Earth: said, and nothing is set.
        app.sendKeys("ctrl+shift+l", to: window)
        let again = try XCTUnwrap(app.waitForWindow(named: "Place of 1 Photo"))
        app.type("95, 10", to: again)
        let refused = app.waitForTree { $0.contains { $0.name.hasPrefix("Latitude goes from") } }
        XCTAssertTrue(refused.contains { $0.name == "Latitude goes from −90 to 90 degrees, longitude from −180 to 180." })
        app.screenshot("places-invalid", window: again)
        app.sendKeys("Return", to: again)
        XCTAssertNotNil(app.waitForWindow(named: "Place of 1 Photo", timeout: 1), "Enter sets nothing: the window stays")
        XCTAssertTrue(fixture.correctedPlace(of: other).hasPrefix("48.85"), "still in Paris")
        app.sendKeys("Escape", to: again)
        waitUntil(timeout: 5, interval: 0.1) { app.waitForWindow(named: "Place of 1 Photo", timeout: 0.2) == nil }

        // Remove Place (the photo menu's item): every GPS tag leaves the file; Ctrl+Z brings them back.
        app.select(paris, window: window)
        XCTAssertTrue(app.activateWindowAction("remove-place"))
        XCTAssertEqual(fixture.waitForCorrectedPlace(of: paris, not: "NULL"), "", "removed")
        let removed = app.waitForTree { $0.contains { $0.name == "Place of 1 photo removed" } }
        XCTAssertTrue(removed.contains { $0.name == "Place of 1 photo removed" })
        let parisFile = fixture.folder.appendingPathComponent(paris).path
        XCTAssertEqual(waitForTag("Exif.GPSInfo.GPSLatitude", in: parisFile, not: "48/1 51/1 2952/100"), "", "the GPS tags are gone")
        XCTAssertEqual(Process.output("/usr/bin/exiv2", ["-q", "-Pk", parisFile]).split(separator: "\n").filter { $0.contains("GPS") }, [])
        app.sendKeys("ctrl+z", to: window)
        XCTAssertEqual(waitForTag("Exif.GPSInfo.GPSLatitudeRef", in: parisFile, not: ""), "N", "undone: the place is written back")
        app.sendKeys("ctrl+q", to: window)
        XCTAssertEqual(app.waitForExit(timeout: 10), 0)
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
    /// The catalog's corrected place of a file: "NULL" for none, "" for a place removed, "latitude,longitude".
    func correctedPlace(of name: String) -> String {
        let path = folder.appendingPathComponent(name).path.replacingOccurrences(of: "'", with: "''")
        return Process.output(
            "/usr/bin/sqlite3", [catalogPath, "SELECT coalesce(correctedPlace, 'NULL') FROM photo WHERE path = '\(path)'"]
        ).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `correctedPlace(of:)` once it is no longer `old`.
    func waitForCorrectedPlace(of name: String, not old: String) -> String {
        var value = old
        waitUntil(timeout: 10, interval: 0.1) {
            value = correctedPlace(of: name)
            return value != old
        }
        return value
    }
}
