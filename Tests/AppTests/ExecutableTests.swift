import Foundation
import GtkTestSupport
import XCTest

/// The real `lightbox` binary, started as a user would.
final class ExecutableTests: GtkTestCase {
    func testVersionFlagPrintsTheVersion() throws {
        let result = try LaunchedApp.run(["--version"])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.output.hasPrefix("Lightbox "), result.output)
    }

    func testLaunchOpensAWindowTitledLightboxAndCtrlQQuits() throws {
        let app = try LaunchedApp.start([])
        defer { app.terminate() }
        let window = try XCTUnwrap(app.waitForWindow(named: "Lightbox"), "no window titled Lightbox appeared")
        app.sendKeys("ctrl+q", to: window)
        XCTAssertEqual(app.waitForExit(timeout: 10), 0)
    }
}

final class AccessibilityTests: GtkTestCase {
    func testMainWindowIsOnTheAccessibilityBus() throws {
        let app = try LaunchedApp.start([])
        defer { app.terminate() }
        XCTAssertNotNil(app.waitForWindow(named: "Lightbox"))
        let tree = app.accessibilityTree()
        XCTAssertEqual(tree.first?.role, "application")
        XCTAssertTrue(tree.contains { $0.role == "frame" && $0.name == "Lightbox" },
                      "a window named Lightbox: \(tree.map { "\($0.role):\($0.name)" })")
    }
}

final class WindowStateTests: GtkTestCase {
    func testWindowSizeIsRememberedAcrossLaunches() throws {
        let home = try LaunchedApp.makeHome()
        do {
            let app = try LaunchedApp.start([], home: home)
            defer { app.terminate() }
            let window = try XCTUnwrap(app.waitForWindow(named: "Lightbox"))
            app.resize(window, width: 820, height: 540)
            usleep(300_000)
            app.sendKeys("ctrl+q", to: window)
            XCTAssertEqual(app.waitForExit(timeout: 10), 0)
        }
        let app = try LaunchedApp.start([], home: home)
        defer { app.terminate() }
        let window = try XCTUnwrap(app.waitForWindow(named: "Lightbox"))
        let size = try XCTUnwrap(app.windowSize(window))
        XCTAssertEqual(size.width, 820)
        XCTAssertEqual(size.height, 540)
    }
}
