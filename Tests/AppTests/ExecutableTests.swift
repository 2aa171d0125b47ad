import Foundation
import GtkTestSupport
import XCTest

/// The real `lightbox` binary, started as a user would.
final class ExecutableTests: GtkTestCase {
    func testVersionFlagPrintsTheVersion() throws {
        let result = try LaunchedApp.run(["--version"])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.output, "Lightbox 0.1.0\n", "the name and the version the app declares")
    }

    func testLaunchOpensAWindowTitledWithTheFolderAndCtrlQQuits() throws {
        let (app, window) = try AppFixture().launch()
        defer { app.terminate() }
        app.sendKeys("ctrl+q", to: window)
        XCTAssertEqual(app.waitForExit(timeout: 10), 0)
    }
}

final class AccessibilityTests: GtkTestCase {
    func testMainWindowIsOnTheAccessibilityBus() throws {
        let (app, _) = try AppFixture().launch()
        defer { app.terminate() }
        let tree = app.accessibilityTree()
        XCTAssertEqual(tree.first?.role, "application")
        XCTAssertTrue(
            tree.contains { $0.role == "frame" && $0.name == AppFixture.folderName },
            "a window named after the folder: \(tree.map { "\($0.role):\($0.name)" })")
    }
}

final class AboutTests: GtkTestCase {
    /// The About window names the app and says the version it declares (`AppInfo.version`,
    /// the metainfo's release), as a screen reader reads them.
    func testAboutSaysLightboxAndItsVersion() throws {
        let (app, _) = try AppFixture().launch()
        defer { app.terminate() }
        XCTAssertTrue(app.activateAction("about"), "app.about, the action of the main menu's About Lightbox")
        let tree = app.waitForTree { $0.contains { $0.depth == 1 && $0.name == "About Lightbox" } }
        let window = tree.drop { !($0.depth == 1 && $0.name == "About Lightbox") }
        XCTAssertFalse(window.isEmpty, "a window titled About Lightbox: \(tree.filter { $0.depth == 1 }.map(\.name))")
        let inside = Array(window.dropFirst().prefix { $0.depth > 1 })
        XCTAssertTrue(inside.contains(role: "label", name: "Lightbox"), "the name")
        XCTAssertTrue(inside.contains(role: "label", name: "0.1.0"), "the version")
    }
}

final class WindowStateTests: GtkTestCase {
    func testWindowSizeIsRememberedAcrossLaunches() throws {
        let fixture = try AppFixture()
        do {
            let (app, window) = try fixture.launch()
            defer { app.terminate() }
            // The frame the app lays out is the X window less its client-side decorations' margin.
            let laidOut = try XCTUnwrap(app.accessibilityTree().first { $0.role == "frame" }?.size)
            let server = try XCTUnwrap(app.windowSize(window))
            let expected = [820 - (server.width - laidOut[0]), 540 - (server.height - laidOut[1])]
            app.resize(window, width: 820, height: 540)
            let tree = app.waitForTree { $0.contains { $0.role == "frame" && $0.size == expected } }
            XCTAssertTrue(
                tree.contains { $0.role == "frame" && $0.size == expected },
                "the app laid its window out at the new size: \(tree.filter { $0.depth == 1 })")
            app.sendKeys("ctrl+q", to: window)
            XCTAssertEqual(app.waitForExit(timeout: 10), 0)
        }
        let (app, window) = try fixture.launch()
        defer { app.terminate() }
        let size = try XCTUnwrap(app.windowSize(window))
        XCTAssertEqual(size.width, 820)
        XCTAssertEqual(size.height, 540)
    }
}
