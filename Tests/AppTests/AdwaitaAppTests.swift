import Foundation
import Gtk
import GtkTestSupport
import XCTest

/// libadwaita in the real binary: the light and dark styles (chosen in the menu,
/// remembered, or the system's), status pages and the about window, checked through
/// screenshots and the accessibility tree.
final class AdwaitaAppTests: GtkTestCase {
    func testDarkChosenInTheMenuIsRememberedAndTheNextLaunchIsDark() throws {
        let fixture = try AppFixture()
        do {
            let (app, window) = try fixture.launch()
            defer { app.terminate() }
            _ = app.waitForTree { $0.photoNames.count == AppFixture.sampleNames.count }
            let light = luminance(of: app.screenshot("style-light-app", window: window))
            XCTAssertGreaterThan(light, 150, "the system says nothing: light")
            // What the primary menu's Dark item does.
            XCTAssertTrue(app.activateAction("color-scheme", parameter: "'dark'"))
            var dark = light
            waitUntil(timeout: 10, interval: 0.2) {
                dark = self.luminance(of: app.screenshot("style-dark-app", window: window))
                return dark < 90
            }
            XCTAssertLessThan(dark, 90, "the window turns dark at once")
            app.sendKeys("ctrl+q", to: window)
            XCTAssertEqual(app.waitForExit(timeout: 10), 0)
        }
        let keyfile = fixture.home.appendingPathComponent("config/glib-2.0/settings/keyfile")
        let saved = (try? String(contentsOf: keyfile, encoding: .utf8)) ?? ""
        XCTAssertTrue(saved.contains("color-scheme='dark'"), "remembered in GSettings: \(saved)")

        let (app, window) = try fixture.launch()
        defer { app.terminate() }
        _ = app.waitForTree { $0.photoNames.count == AppFixture.sampleNames.count }
        let relaunched = luminance(of: app.screenshot("style-dark-relaunch", window: window))
        XCTAssertLessThan(relaunched, 90, "the next launch comes up dark")
        app.sendKeys("ctrl+q", to: window)
        XCTAssertEqual(app.waitForExit(timeout: 10), 0)
    }

    func testTheSystemsDarkPreferenceIsFollowed() throws {
        let fixture = try AppFixture()
        // libadwaita's stand-in for the desktop's "prefer dark" setting.
        setenv("ADW_DEBUG_COLOR_SCHEME", "prefer-dark", 1)
        defer { unsetenv("ADW_DEBUG_COLOR_SCHEME") }
        let (app, window) = try fixture.launch()
        defer { app.terminate() }
        _ = app.waitForTree { $0.photoNames.count == AppFixture.sampleNames.count }
        XCTAssertLessThan(luminance(of: app.screenshot("style-system-dark", window: window)), 90)
        // Light, chosen in the menu, wins over the system's preference.
        XCTAssertTrue(app.activateAction("color-scheme", parameter: "'light'"))
        var light = 0.0
        waitUntil(timeout: 10, interval: 0.2) {
            light = self.luminance(of: app.screenshot("style-light-over-dark", window: window))
            return light > 150
        }
        XCTAssertGreaterThan(light, 150)
    }

    func testAnEmptyFolderShowsItsStatusPageWithOpenFolderInReachOfTheKeyboard() throws {
        let fixture = try AppFixture()
        let empty = fixture.home.appendingPathComponent("Empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let app = try LaunchedApp.start([empty.path], home: fixture.home)
        defer { app.terminate() }
        let window = try XCTUnwrap(app.waitForWindow(named: "Empty"), app.printed)
        let tree = app.waitForTree { $0.contains { $0.name == "No Photos" } }
        XCTAssertTrue(tree.contains { $0.name == "No Photos" }, "the status page's title")
        XCTAssertTrue(
            tree.contains { $0.name == "This folder has no photos. Open another folder to browse its photos." },
            "and its description")
        app.screenshot("status-empty-folder", window: window)
        // GTK 4.8 names a button by its accessible label and its label's text: "Open Folder… Open Folder…".
        var focused: [AccessibleNode] = []
        for _ in 0..<16 {
            app.sendKeys("Tab", to: window)
            focused = app.accessibilityTree().filter { $0.states.contains("focused") }
            if focused.contains(where: { $0.role == "push button" && $0.name.hasPrefix("Open Folder…") }) { break }
        }
        XCTAssertTrue(
            focused.contains { $0.role == "push button" && $0.name.hasPrefix("Open Folder…") },
            "Tab reaches Open Folder…: \(focused.map(\.name))")
    }

    func testAboutShowsTheVersionAndLicense() throws {
        let fixture = try AppFixture()
        let (app, window) = try fixture.launch()
        defer { app.terminate() }
        _ = app.waitForTree { !$0.photoNames.isEmpty }
        XCTAssertTrue(app.activateAction("about"))
        let tree = app.waitForTree { $0.contains { $0.name == "0.1.0" } }
        XCTAssertTrue(tree.contains { $0.name == "0.1.0" }, "the version")
        XCTAssertTrue(tree.contains { $0.name == "The Lightbox developers" }, "the developer")
        XCTAssertTrue(tree.contains { $0.name == "Legal" }, "the license's page")
        XCTAssertTrue(tree.contains { $0.name == "Credits" }, "the credits' page")
        app.screenshot("about")
        app.sendKeys("Escape", to: window)
    }

    /// The screenshot's average luminance, 0 (black) … 255 (white).
    private func luminance(of screenshot: URL) -> Double {
        RasterImage(contentsOf: screenshot.path)?.averageLuminance ?? -1
    }
}
