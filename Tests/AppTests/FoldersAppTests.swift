import Foundation
import GtkTestSupport
import XCTest

/// Library folders in the real binary: a second folder joins the library from the command
/// line and is shown alone (the folder filter); Ctrl+, opens Preferences listing both.
final class FoldersAppTests: GtkTestCase {
    func testASecondFolderJoinsTheLibraryAndCtrlCommaOpensPreferencesListingBoth() throws {
        let fixture = try AppFixture()
        let garden = fixture.home.appendingPathComponent("Garden")
        try FileManager.default.createDirectory(at: garden, withIntermediateDirectories: true)
        for name in AppFixture.sampleNames.prefix(2) {
            try FileManager.default.copyItem(
                at: AppFixture.samples.appendingPathComponent(name),
                to: garden.appendingPathComponent("garden-" + name))
        }
        let (app, _) = try fixture.launch()
        defer { app.terminate() }
        _ = app.waitForTree { $0.photoNames.count == AppFixture.sampleNames.count }

        let second = try LaunchedApp.start([garden.path], home: fixture.home, session: app.session)
        XCTAssertEqual(second.waitForExit(timeout: 10), 0, "the second launch hands over and exits")
        let window = try XCTUnwrap(app.waitForWindow(named: "Garden"), "the window shows the added folder")
        var tree = app.waitForTree { $0.contains { $0.name == "garden-IMG_1000.jpg" } && $0.photoNames.isEmpty }
        XCTAssertTrue(tree.contains { $0.name == "garden-IMG_1001.jpg" }, "the folder filter shows Garden's photos")
        XCTAssertTrue(tree.photoNames.isEmpty, "and only them")

        app.sendKeys("ctrl+comma", to: window)
        tree = app.waitForTree { $0.contains { $0.name == "~/Holiday" } && $0.contains { $0.name == "~/Garden" } }
        XCTAssertTrue(tree.contains(role: "page tab", name: "Library"), "the Library page")
        XCTAssertTrue(tree.contains(role: "list", name: "Library Folders"))
        XCTAssertTrue(tree.contains(role: "list item", name: "~/Holiday"), "a row per folder")
        XCTAssertTrue(tree.contains(role: "list item", name: "~/Garden"))
        tree = app.waitForTree {
            $0.contains { $0.name == "2 photos" } && $0.contains { $0.name == "\(AppFixture.sampleNames.count) photos" }
        }
        XCTAssertTrue(tree.contains { $0.name == "2 photos" }, "Garden's count")
        XCTAssertTrue(tree.contains(role: "check box", name: "Save Ratings and Keywords in Files"), "the switch")
        XCTAssertTrue(tree.contains(role: "push button", name: "Remove “~/Garden” from Library"))
        let preferences = app.waitForWindow(named: "Preferences", timeout: 3)
        XCTAssertNotNil(preferences)
        app.screenshot("folders-preferences", window: preferences)
        app.screenshot("folders-preferences-over-window")
        app.sendKeys("Escape", to: try XCTUnwrap(preferences))
        _ = app.waitForTree { !$0.contains(role: "list", name: "Library Folders") }

        // The folder filter, in the sort menu: All Folders lists both folders' photos.
        let frame = try XCTUnwrap(
            app.waitForTree { $0.contains { $0.depth == 1 && $0.name == "Garden" } }
                .first { $0.depth == 1 && $0.name == "Garden" }?.extents)
        Process.output("/usr/bin/xdotool", ["mousemove", "\(frame[0] + frame[2] - 176)", "\(frame[1] + 24)", "click", "1"])
        tree = app.waitForTree { $0.contains { $0.name == "All Folders" } }
        XCTAssertTrue(tree.contains { $0.name == "All Folders" }, "the sort menu's folder section")
        let items = tree.filter { ["All Folders", "Garden", "Holiday"].contains($0.name) && $0.role.contains("menu item") }
        XCTAssertEqual(items.map(\.name), ["All Folders", "Garden", "Holiday"], "\(tree.filter { $0.name == "Garden" }.map(\.role))")
        XCTAssertEqual(items.filter { $0.states.contains("checked") }.map(\.name), ["Garden"], "the filter shown is checked")
        app.screenshot("folders-filter-menu")
    }
}
