import Foundation
import GtkTestSupport
import XCTest

/// Rotation in the real binary with real keys (Ctrl+R, Shift+Ctrl+R, `]`, `[`), checked in the
/// accessibility tree (the details' dimensions), the catalog and `lightbox --list`.
final class RotateAppTests: GtkTestCase {
    func testKeysTurnOnePhotoAndASelectionAndCtrlZTakesABatchBack() throws {
        let fixture = try AppFixture()
        let (app, window) = try fixture.launch()
        defer { app.terminate() }
        _ = app.waitForTree { $0.photoNames.count == AppFixture.sampleNames.count }
        let name = "IMG_1003.jpg"
        app.select(name, window: window)
        _ = app.waitForTree { $0.contains(role: "label", name: "640 × 480") }

        app.sendKeys("ctrl+r", to: window)
        let standing = app.waitForTree { $0.contains(role: "label", name: "480 × 640") }
        XCTAssertTrue(standing.contains(role: "label", name: "480 × 640"), "the details show the photo standing")
        XCTAssertEqual(waitForOrientation(of: name, in: fixture, not: ""), "6", "Ctrl+R: a quarter clockwise")
        app.sendKeys("bracketright", to: window)
        XCTAssertEqual(waitForOrientation(of: name, in: fixture, not: "6"), "3", "]: a quarter more")
        app.sendKeys("bracketleft", to: window)
        XCTAssertEqual(waitForOrientation(of: name, in: fixture, not: "3"), "6", "[: back a quarter")
        app.sendKeys("ctrl+shift+r", to: window)
        XCTAssertEqual(waitForOrientation(of: name, in: fixture, not: "6"), "1", "Shift+Ctrl+R: a quarter counterclockwise")

        app.sendKeys("shift+Down", "shift+Down", to: window)
        _ = app.waitForTree { $0.contains { $0.name == "3 Photos Selected" } }
        app.sendKeys("ctrl+r", to: window)
        let said = app.waitForTree { $0.contains { $0.name == "3 photos rotated" } }
        XCTAssertTrue(said.contains { $0.name == "3 photos rotated" }, "a batch is said, with Undo")
        app.screenshot("rotated-selection-app", window: window)
        XCTAssertEqual(waitForOrientation(of: name, in: fixture, not: "1"), "6")
        XCTAssertEqual(fixture.correctedOrientations().filter { $0 == "6" }.count, 3)
        app.sendKeys("ctrl+z", to: window)
        XCTAssertEqual(waitForOrientation(of: name, in: fixture, not: "6"), "1", "one undo takes the three back")
        XCTAssertEqual(fixture.correctedOrientations().filter { $0 == "6" }.count, 0)
        app.sendKeys("ctrl+r", to: window)
        XCTAssertEqual(waitForOrientation(of: name, in: fixture, not: "1"), "6")
        app.sendKeys("ctrl+q", to: window)
        XCTAssertEqual(app.waitForExit(timeout: 10), 0)

        let listed = try LaunchedApp.run(["--list", fixture.folder.path], home: fixture.home)
        let line = listed.output.split(separator: "\n").first { $0.contains("\"\(fixture.folder.path)/\(name)\"") } ?? ""
        XCTAssertTrue(line.contains(#""orientation":6"#), "--list shows the photo as turned: \(line)")
    }

    /// The catalog's corrected orientation of `name` ("" for none) once it is no longer `old`.
    private func waitForOrientation(of name: String, in fixture: AppFixture, not old: String) -> String {
        var value = old
        waitUntil(timeout: 5, interval: 0.1) {
            value = fixture.correctedOrientation(of: name)
            return value != old
        }
        return value
    }
}

extension AppFixture {
    /// The catalog's corrected orientation of a file ("" for none), read with sqlite3.
    func correctedOrientation(of name: String) -> String {
        let path = folder.appendingPathComponent(name).path.replacingOccurrences(of: "'", with: "''")
        return Process.output("/usr/bin/sqlite3", [catalogPath, "SELECT correctedOrientation FROM photo WHERE path = '\(path)'"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Every photo's corrected orientation, in path order ("" for none).
    func correctedOrientations() -> [String] {
        Process.output("/usr/bin/sqlite3", [catalogPath, "SELECT ifnull(correctedOrientation, '') FROM photo ORDER BY path"])
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLast()
    }
}
