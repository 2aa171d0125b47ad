import Foundation
import GtkTestSupport
import XCTest

/// Culling end to end: the real binary, real keys (9 rejects, Ctrl+J shows or hides the
/// rejects), checked through the accessibility tree, the catalog database and the
/// settings kept between launches.
final class CullingAppTests: GtkTestCase {
    func testNineHidesThePhotoTheCountSaysSoAndCtrlJBringsItBack() throws {
        let fixture = try AppFixture()
        let all = Set(AppFixture.sampleNames)
        do {
            let (app, window) = try fixture.launch()
            defer { app.terminate() }
            _ = app.waitForTree { $0.photoNames == all }
            app.select("IMG_1007.jpg", window: window)
            XCTAssertEqual(app.accessibilityTree().selectedPhotoName, "IMG_1007.jpg")
            app.sendKeys("9", to: window)
            var tree = app.waitForTree { !$0.photoNames.contains("IMG_1007.jpg") && $0.contains { $0.name == "1 rejected photo hidden" } }
            XCTAssertEqual(tree.photoNames, all.subtracting(["IMG_1007.jpg"]), "the rejected photo left the list")
            XCTAssertTrue(tree.contains(role: "label", name: "1 rejected photo hidden"), "the count shows")
            XCTAssertTrue(tree.contains { $0.role == "push button" && $0.name == "Show rejected photos" })
            XCTAssertNotNil(tree.selectedPhotoName, "a neighbour is selected, not nothing")
            XCTAssertTrue(waitUntil { fixture.isRejected("IMG_1007.jpg") == true }, "the catalog keeps the reject")

            app.select("IMG_1012.jpg", window: window)
            app.sendKeys("9", to: window)
            tree = app.waitForTree { $0.contains { $0.name == "2 rejected photos hidden" } && $0.selectedPhotoName != nil }
            XCTAssertFalse(tree.photoNames.contains("IMG_1012.jpg"))
            XCTAssertTrue(tree.contains(role: "label", name: "2 rejected photos hidden"))
            app.screenshot("culling-count-bar", window: window)

            app.sendKeys("ctrl+j", to: window)
            tree = app.waitForTree { $0.photoNames == all && $0.contains { $0.name == "2 rejected photos shown" } }
            XCTAssertEqual(tree.photoNames, all, "Ctrl+J shows the rejects again")
            XCTAssertTrue(tree.contains(role: "label", name: "2 rejected photos shown"))
            XCTAssertTrue(tree.contains { $0.role == "push button" && $0.name == "Hide rejected photos" })
            XCTAssertTrue(tree.contains { $0.name == "Rejected" }, "their rows say Rejected")
            app.select("IMG_1012.jpg", window: window)
            _ = app.waitForTree { $0.selectedPhotoName == "IMG_1012.jpg" }
            app.screenshot("culling-rejected-shown", window: window)
            app.sendKeys("ctrl+q", to: window)
            XCTAssertEqual(app.waitForExit(timeout: 10), 0)
        }
        // Shown rejects are remembered; Ctrl+J hides them again.
        let (app, window) = try fixture.launch()
        defer { app.terminate() }
        var tree = app.waitForTree { $0.photoNames == all && $0.contains { $0.name == "2 rejected photos shown" } }
        XCTAssertEqual(tree.photoNames, all, "the rejects are still shown after a relaunch")
        app.sendKeys("ctrl+j", to: window)
        tree = app.waitForTree { $0.photoNames.count == all.count - 2 }
        XCTAssertEqual(tree.photoNames, all.subtracting(["IMG_1007.jpg", "IMG_1012.jpg"]))
        XCTAssertTrue(tree.contains(role: "label", name: "2 rejected photos hidden"))
        app.sendKeys("ctrl+question", to: window)
        tree = app.waitForTree { $0.contains { $0.name == "Next unrated photo" } }
        for title in ["Show or hide rejected photos", "Next unrated photo", "Previous unrated photo"] {
            XCTAssertTrue(tree.contains { $0.name == title }, "the shortcuts window lists “\(title)”")
        }
        app.screenshot("culling-shortcuts", window: app.waitForWindow(named: "Keyboard Shortcuts", timeout: 3))
    }
}

extension AppFixture {
    /// Whether the catalog has a file rejected (read with sqlite3); nil when it has no row.
    func isRejected(_ name: String) -> Bool? {
        let path = folder.appendingPathComponent(name).path.replacingOccurrences(of: "'", with: "''")
        let output = Process.output("/usr/bin/sqlite3", [catalogPath, "SELECT rejected FROM photo WHERE path = '\(path)'"])
        return Int(output.trimmingCharacters(in: .whitespacesAndNewlines)).map { $0 != 0 }
    }
}
