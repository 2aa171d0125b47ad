import Foundation
import GtkTestSupport
import XCTest

/// The Photos page as a grid, full screen and Properties, end to end: the real binary,
/// real keys (xdotool), checked through the accessibility tree and the settings file.
final class PhotoGridAppTests: GtkTestCase {
    func testAlt2ShowsTheGridAndAlt1TheListWithTheSamePhotoSelectedAndTheModeIsRemembered() throws {
        let fixture = try AppFixture()
        let (app, window) = try fixture.launch()
        defer { app.terminate() }
        _ = app.waitForTree { $0.photoNames.count == AppFixture.sampleNames.count && $0.selectedPhotoName != nil }
        app.sendKeys("ctrl+3", to: window)
        _ = app.waitForTree { !$0.monthRows.isEmpty }
        app.sendKeys("alt+2", "ctrl+1", to: window)
        _ = app.waitForTree { $0.selectedPhotoName != nil }
        XCTAssertFalse(app.accessibilityTree().contains { $0.role == "table cell" }, "Alt+2 on the Albums page does nothing")
        app.sendKeys("Down", "Down", to: window)
        let list = app.waitForTree { $0.selectedPhotoName != nil }
        let selected = try XCTUnwrap(list.selectedPhotoName)
        XCTAssertTrue(list.contains(role: "push button", name: "View as Grid"), "the header has the toggle")

        app.sendKeys("alt+2", to: window)
        let grid = app.waitForTree { $0.selectedCellPhotoName == selected }
        XCTAssertTrue(grid.contains { $0.role == "table" && $0.name == "Photos" }, "the photos are a grid")
        XCTAssertGreaterThanOrEqual(grid.filter { $0.role == "table cell" }.count, 9, "with a cell per photo on screen")
        XCTAssertEqual(grid.selectedCellPhotoName, selected, "the same photo is selected in the grid")
        XCTAssertEqual(grid.first { $0.role == "list" && $0.name == "Photos" }?.children, 0, "the hidden list binds nothing")
        XCTAssertTrue(grid.contains { $0.role == "push button" && $0.name == "View as Grid" && $0.states.contains("pressed") })
        app.screenshot("photo-grid", window: window)

        app.sendKeys("alt+1", to: window)
        let back = app.waitForTree { $0.selectedPhotoName == selected && !$0.contains { $0.role == "table cell" } }
        XCTAssertEqual(back.selectedPhotoName, selected, "back in the list, the same photo selected")
        XCTAssertFalse(back.contains { $0.role == "table cell" })

        app.sendKeys("alt+2", "ctrl+q", to: window)
        XCTAssertEqual(app.waitForExit(timeout: 10), 0)
        let keyfile = fixture.home.appendingPathComponent("config/glib-2.0/settings/keyfile")
        let saved = try String(contentsOf: keyfile, encoding: .utf8)
        XCTAssertTrue(saved.contains("photos-view='grid'"), saved)
        let (again, _) = try fixture.launch()
        defer { again.terminate() }
        let restored = again.waitForTree { $0.contains { $0.role == "table cell" } }
        XCTAssertTrue(restored.contains { $0.role == "table cell" }, "the grid shows at the next launch")
    }

    func testKeysOfTheListWorkInTheGrid() throws {
        let fixture = try AppFixture()
        let (app, window) = try fixture.launch()
        defer { app.terminate() }
        _ = app.waitForTree { $0.photoNames.count == AppFixture.sampleNames.count && $0.selectedPhotoName != nil }
        app.sendKeys("alt+2", to: window)
        _ = app.waitForTree { $0.selectedCellPhotoName != nil }
        app.sendKeys("Right", to: window)
        let moved = app.waitForTree { $0.selectedCellPhotoName != nil && $0.focusedCellPhotoName == $0.selectedCellPhotoName }
        let name = try XCTUnwrap(moved.selectedCellPhotoName)
        app.sendKeys("4", to: window)
        waitUntil(timeout: 5) { fixture.rating(of: name) == 4 }
        XCTAssertEqual(fixture.rating(of: name), 4, "4 rated the photo selected in the grid")
        app.sendKeys("u", to: window)
        let unrated = app.waitForTree { $0.selectedCellPhotoName != nil && $0.selectedCellPhotoName != name }
        let next = try XCTUnwrap(unrated.selectedCellPhotoName)
        XCTAssertNotEqual(next, name, "U went to the next unrated photo")
        XCTAssertEqual(fixture.rating(of: next), 0)
        app.sendKeys("ctrl+k", to: window)
        let keywords = app.waitForTree { $0.focusedNode?.name == "Add keyword" }
        XCTAssertEqual(keywords.focusedNode?.name, "Add keyword", "Ctrl+K puts the keyboard in the keyword entry")
        app.sendKeys("Escape", to: window)
        _ = app.waitForTree { $0.contains { $0.role == "table cell" && $0.states.contains("focused") } }
        app.sendKeys("ctrl+a", to: window)
        let all = app.waitForTree { $0.filter { $0.role == "table cell" && $0.states.contains("selected") }.count > 3 }
        XCTAssertGreaterThan(all.filter { $0.role == "table cell" && $0.states.contains("selected") }.count, 3, "Ctrl+A")
        XCTAssertTrue(all.contains { $0.name.hasSuffix("Photos Selected") }, "the details pane sums them up")
        app.sendKeys("Escape", to: window)
        let one = app.waitForTree { $0.filter { $0.role == "table cell" && $0.states.contains("selected") }.count == 1 }
        XCTAssertEqual(one.filter { $0.role == "table cell" && $0.states.contains("selected") }.count, 1, "Escape keeps one")
        let trashed = try XCTUnwrap(one.selectedCellPhotoName)
        app.sendKeys("Delete", to: window)
        let gone = app.waitForTree { !$0.photoNames.contains(trashed) && $0.selectedCellPhotoName != nil }
        XCTAssertFalse(gone.photoNames.contains(trashed), "Delete moved it to the trash")
        XCTAssertFalse(FileManager.default.fileExists(atPath: fixture.folder.appendingPathComponent(trashed).path))
        app.sendKeys("Return", to: window)
        let page = app.waitForTree { $0.contains(role: "push button", name: "Back") }
        XCTAssertTrue(page.contains(role: "push button", name: "Back"), "Return opens the photo page")
    }

    func testF11MakesThePhotoPageFullScreenAndEscapeLeavesItBeforeGoingBack() throws {
        let fixture = try AppFixture()
        let (app, window) = try fixture.launch()
        defer { app.terminate() }
        _ = app.waitForTree { $0.photoNames.count == AppFixture.sampleNames.count && $0.selectedPhotoName != nil }
        app.sendKeys("Return", to: window)
        _ = app.waitForTree { $0.contains(role: "push button", name: "Back") }
        app.sendKeys("F11", to: window)
        let full = app.waitForTree { !$0.contains(role: "push button", name: "Back") }
        XCTAssertFalse(full.contains(role: "push button", name: "Back"), "the header is hidden in full screen")
        XCTAssertFalse(full.contains(role: "push button", name: "Main Menu"))
        XCTAssertTrue(full.contains { $0.name.hasSuffix(" of 26") }, "still the photo page")
        app.screenshot("photo-page-full-screen", window: window)
        app.sendKeys("Escape", to: window)
        let windowed = app.waitForTree { $0.contains(role: "push button", name: "Back") }
        XCTAssertTrue(windowed.contains(role: "push button", name: "Back"), "Escape leaves full screen first")
        XCTAssertTrue(windowed.contains { $0.name.hasSuffix(" of 26") }, "on the photo page")
        app.sendKeys("F11", "F11", to: window)
        XCTAssertTrue(
            app.waitForTree { $0.contains(role: "push button", name: "Back") }.contains(role: "push button", name: "Back"),
            "F11 again leaves full screen")
        app.sendKeys("F11", "Escape", "Escape", to: window)
        let list = app.waitForTree {
            $0.photoNames.count == AppFixture.sampleNames.count && $0.contains(role: "push button", name: "Main Menu")
        }
        XCTAssertEqual(list.photoNames.count, AppFixture.sampleNames.count, "the second Escape goes back to the list")
        XCTAssertTrue(list.contains(role: "push button", name: "Main Menu"), "with the header")
    }

    /// With a window manager on the display (Xvfb has none; GTK asks the window manager to
    /// make a window full screen), F11 gives the window the whole screen and Escape takes it back.
    func testF11GivesThePhotoPageTheWholeScreenUnderAWindowManager() throws {
        let screen = Process.output("/usr/bin/xdotool", ["getdisplaygeometry"])
            .split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        XCTAssertEqual(screen.count, 2, "the display's size")
        let manager = Process()
        manager.executableURL = URL(fileURLWithPath: "/usr/bin/openbox")
        manager.arguments = ["--sm-disable"]
        manager.standardOutput = FileHandle.nullDevice
        manager.standardError = FileHandle.nullDevice
        try manager.run()
        defer {
            manager.terminate()
            manager.waitUntilExit()
        }
        let fixture = try AppFixture()
        let (app, window) = try fixture.launch()
        defer { app.terminate() }
        _ = app.waitForTree { $0.photoNames.count == AppFixture.sampleNames.count && $0.selectedPhotoName != nil }
        app.sendKeys("Return", to: window)
        _ = app.waitForTree { $0.contains(role: "push button", name: "Back") }
        let windowed = try XCTUnwrap(app.windowSize(window))
        XCTAssertLessThan(windowed.width, screen[0])
        app.sendKeys("F11", to: window)
        waitUntil(timeout: 10) { app.windowSize(window).map { [$0.width, $0.height] } == screen }
        XCTAssertEqual(app.windowSize(window).map { [$0.width, $0.height] }, screen, "the window fills the screen")
        XCTAssertTrue(
            Process.output("/usr/bin/xprop", ["-id", window, "_NET_WM_STATE"]).contains("_NET_WM_STATE_FULLSCREEN"),
            "the window manager made it full screen")
        XCTAssertFalse(app.waitForTree { !$0.contains(role: "push button", name: "Back") }.contains(role: "push button", name: "Back"))
        app.screenshot("photo-page-full-screen-window-manager", window: window)
        app.sendKeys("Escape", to: window)
        waitUntil(timeout: 10) { app.windowSize(window).map { $0.width < screen[0] } == true }
        XCTAssertEqual(app.windowSize(window)?.width, windowed.width, "Escape gives the window its size back")
        XCTAssertTrue(app.waitForTree { $0.contains(role: "push button", name: "Back") }.contains(role: "push button", name: "Back"))
    }

    func testAltReturnShowsAndFocusesTheDetailsPane() throws {
        let fixture = try AppFixture()
        let (app, window) = try fixture.launch()
        defer { app.terminate() }
        _ = app.waitForTree { $0.photoNames.count == AppFixture.sampleNames.count && $0.selectedPhotoName != nil }
        app.sendKeys("F9", to: window)
        _ = app.waitForTree { !$0.contains { $0.name == "Details" } }
        app.sendKeys("alt+Return", to: window)
        let shown = app.waitForTree { $0.contains { $0.name == "Details" } && $0.focusedRoleInDetails != nil }
        XCTAssertTrue(shown.contains { $0.name == "Details" }, "Alt+Return shows the details pane")
        XCTAssertNotNil(shown.focusedRoleInDetails, "and puts the focus in it")
        app.sendKeys("alt+Return", to: window)
        let hidden = app.waitForTree { !$0.contains { $0.name == "Details" } }
        XCTAssertFalse(hidden.contains { $0.name == "Details" }, "Alt+Return in the pane hides it again")
    }
}

extension Array where Element == AccessibleNode {
    /// The photo name shown in the first grid cell with `state`.
    func cellPhotoName(_ state: String) -> String? {
        guard let start = firstIndex(where: { $0.role == "table cell" && $0.states.contains(state) }) else { return nil }
        let depth = self[start].depth
        for node in self[(start + 1)...] {
            if node.depth <= depth { break }
            if node.name.hasPrefix("IMG_") { return String(node.name.prefix(12)) }
        }
        return nil
    }

    var selectedCellPhotoName: String? { cellPhotoName("selected") }
    var focusedCellPhotoName: String? { cellPhotoName("focused") }

    /// The role of the focused node after the "Details" heading (the details pane), if any.
    var focusedRoleInDetails: String? {
        guard let start = firstIndex(where: { $0.name == "Details" }) else { return nil }
        return self[start...].first { $0.states.contains("focused") }?.role
    }
}
