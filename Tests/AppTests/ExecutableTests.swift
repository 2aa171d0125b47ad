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
        XCTAssertTrue(tree.contains { $0.role == "frame" && $0.name == AppFixture.folderName },
                      "a window named after the folder: \(tree.map { "\($0.role):\($0.name)" })")
    }
}

final class WindowStateTests: GtkTestCase {
    func testWindowSizeIsRememberedAcrossLaunches() throws {
        let fixture = try AppFixture()
        do {
            let (app, window) = try fixture.launch()
            defer { app.terminate() }
            app.resize(window, width: 820, height: 540)
            usleep(300_000)
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
