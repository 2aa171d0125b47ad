import Foundation
import GtkTestSupport
import XCTest

/// Hand-offs end to end: the real binary, real keys, the X clipboard read by another
/// client (xclip), the photo menu found in the accessibility tree.
final class HandoffAppTests: GtkTestCase {
    /// What another X client reads from the clipboard as `target` (nil while no owner answers).
    private func clipboard(_ target: String) -> String? {
        let output = Process.output("/usr/bin/timeout", ["3", "/usr/bin/xclip", "-o", "-selection", "clipboard", "-t", target])
        return output.isEmpty ? nil : output
    }

    func testCtrlCPutsTheSelectedPhotosFileOnTheClipboard() throws {
        let fixture = try AppFixture()
        let (app, window) = try fixture.launch()
        defer { app.terminate() }
        _ = app.waitForTree { $0.photoNames.count == AppFixture.sampleNames.count }
        app.select("IMG_1007.jpg", window: window)
        XCTAssertEqual(app.accessibilityTree().selectedPhotoName, "IMG_1007.jpg")
        app.sendKeys("ctrl+c", to: window)
        let expected = "file://" + fixture.folder.appendingPathComponent("IMG_1007.jpg").path
        var uris: String?
        XCTAssertTrue(
            waitUntil(timeout: 10) {
                uris = clipboard("text/uri-list")
                return uris?.trimmingCharacters(in: .whitespacesAndNewlines) == expected
            }, "xclip reads \(expected), read \(uris ?? "nothing")")
        var targets = ""
        XCTAssertTrue(
            waitUntil(timeout: 10) {
                targets = clipboard("TARGETS") ?? ""
                return targets.contains("image/png")
            }, "the picture is offered too: \(targets)")
    }

    func testTheMenuKeyAndShiftF10OpenThePhotoMenu() throws {
        let fixture = try AppFixture()
        let (app, window) = try fixture.launch()
        defer { app.terminate() }
        _ = app.waitForTree { $0.photoNames.count == AppFixture.sampleNames.count }
        app.select("IMG_1007.jpg", window: window)
        app.sendKeys("Menu", to: window)
        var tree = app.waitForTree { $0.contains { $0.name == "Show in Files" } }
        for item in ["Open With…", "Show in Files", "Copy", "Set as Background", "Move to Trash"] {
            XCTAssertTrue(tree.contains { $0.name == item && $0.states.contains("sensitive") }, "the menu offers “\(item)”, enabled")
        }
        // The popover is a window of its own: the screen shows it over the main window.
        app.screenshot("handoffs-context-menu")
        app.sendKeys("Escape", to: window)
        tree = app.waitForTree { !$0.contains { $0.name == "Show in Files" } }
        XCTAssertFalse(tree.contains { $0.name == "Show in Files" }, "Escape closes the menu")
        XCTAssertEqual(tree.selectedPhotoName, "IMG_1007.jpg", "the photo stays selected")
        app.sendKeys("shift+F10", to: window)
        tree = app.waitForTree { $0.contains { $0.name == "Show in Files" } }
        XCTAssertTrue(tree.contains { $0.name == "Show in Files" }, "Shift+F10 opens it too")
        app.sendKeys("Escape", to: window)
        _ = app.waitForTree { !$0.contains { $0.name == "Show in Files" } }

        // The photo page: the menu in its header and on the photo.
        app.sendKeys("Return", to: window)
        tree = app.waitForTree { $0.contains { $0.name == "Photo Menu" } }
        XCTAssertTrue(
            tree.contains { $0.name == "Photo Menu" },
            "the keyboard is back on the photo: Return opened it, "
                + "and the photo page's header has the photo menu")
        app.sendKeys("Menu", to: window)
        tree = app.waitForTree { $0.contains { $0.name == "Set as Background" } }
        XCTAssertTrue(
            tree.contains { $0.name == "Set as Background" && $0.states.contains("sensitive") },
            "the menu on the photo page, for its photo")
        app.screenshot("handoffs-photo-page-menu")
        app.sendKeys("Escape", to: window)
        _ = app.waitForTree { !$0.contains { $0.name == "Set as Background" } }
        app.sendKeys("Escape", to: window)
        _ = app.waitForTree { !$0.contains { $0.name == "Photo Menu" } }
        app.sendKeys("ctrl+question", to: window)
        tree = app.waitForTree { $0.contains { $0.name == "Copy the selected photos" } }
        for title in [
            "Copy the selected photos", "Photo menu", "Open with another application", "Show in Files",
            "Set as background (as in Eye of GNOME)",
        ] {
            XCTAssertTrue(tree.contains { $0.name == title }, "the shortcuts window lists “\(title)”")
        }
    }

    func testCopyCoordinatesIsReachableWithTheKeyboard() throws {
        let fixture = try AppFixture()
        let (app, window) = try fixture.launch()
        defer { app.terminate() }
        _ = app.waitForTree { $0.photoNames.count == AppFixture.sampleNames.count }
        app.select("IMG_1007.jpg", window: window)
        var tree = app.waitForTree { $0.contains { $0.name == "Near Paris, France" } }
        XCTAssertTrue(tree.contains { $0.name == "Near Paris, France" }, "the nearest place")
        XCTAssertTrue(tree.contains { $0.name == "48.8582° N, 2.2945° E" }, "the coordinates")
        // Alt+Return takes the focus into the details pane (Tab in the list goes from photo
        // to photo, and the selection with it), then Tab goes through the pane.
        app.sendKeys("alt+Return", to: window)
        var reached = false
        for _ in 0..<25 {
            app.sendKeys("Tab", to: window)
            tree = app.accessibilityTree()
            if tree.contains(where: { $0.name == "Copy Coordinates" && $0.states.contains("focused") }) {
                reached = true
                break
            }
        }
        XCTAssertTrue(reached, "Tab reaches Copy Coordinates")
        app.sendKeys("space", to: window)
        var text: String?
        XCTAssertTrue(
            waitUntil(timeout: 10) {
                text = clipboard("UTF8_STRING")
                return text == "48.8582, 2.2945"
            }, "xclip reads the coordinates, read \(text ?? "nothing")")
    }
}
