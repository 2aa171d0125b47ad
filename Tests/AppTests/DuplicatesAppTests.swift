import Foundation
import GtkTestSupport
import XCTest

/// The Duplicates page end to end, by keys alone: the real binary, a copy planted in the
/// sample library, real key presses (xdotool), the accessibility tree and the files.
final class DuplicatesAppTests: GtkTestCase {
    func testTheKeysChooseTheCopyToKeepAndKeepIt() throws {
        let fixture = try AppFixture()
        // IMG_1003.jpg at half its size, downloaded again: a copy of it.
        let downloads = fixture.folder.appendingPathComponent("Downloads")
        try FileManager.default.createDirectory(at: downloads, withIntermediateDirectories: true)
        let original = fixture.folder.appendingPathComponent("IMG_1003.jpg").path
        let copy = downloads.appendingPathComponent("IMG_1003-small.jpg").path
        Process.output("/usr/bin/convert", [original, "-resize", "50%", "-quality", "80", copy])
        XCTAssertTrue(FileManager.default.fileExists(atPath: copy))
        let (app, window) = try fixture.launch()
        defer { app.terminate() }

        // The copy is found once the thumbnails (made in the background after the scan) are.
        let found = app.waitForTree(timeout: 60) { $0.contains { $0.name == "Duplicates (1)" } }
        XCTAssertTrue(found.contains { $0.name == "Duplicates (1)" }, "the page switcher counts the group")
        app.sendKeys("ctrl+5", to: window)
        let page = app.waitForTree { $0.contains { $0.name == "IMG_1003.jpg, to keep" } }
        XCTAssertTrue(page.contains { $0.name == "IMG_1003.jpg, to keep" }, "the larger picture is marked to keep")
        XCTAssertTrue(page.contains { $0.name == "IMG_1003-small.jpg, to move to the trash" })
        XCTAssertTrue(page.contains { $0.name == "Similar copies" })
        XCTAssertTrue(page.contains { $0.name == "~/Holiday/Downloads" }, "the copy's folder, the home as ~")
        app.screenshot("duplicates-page-app", window: window)

        app.sendKeys("Right", to: window)
        let chosen = app.waitForTree { $0.contains { $0.name == "IMG_1003-small.jpg, to keep" } }
        XCTAssertTrue(chosen.contains { $0.name == "IMG_1003-small.jpg, to keep" }, "Right chooses the copy beside")
        XCTAssertTrue(chosen.contains { $0.name == "IMG_1003.jpg, to move to the trash" })

        app.sendKeys("Return", to: window)
        let kept = app.waitForTree { $0.contains { $0.name == "No Duplicates" } }
        XCTAssertTrue(kept.contains { $0.name == "No Duplicates" }, "the group left: the page says there are none")
        XCTAssertTrue(kept.contains { $0.name == "Kept “IMG_1003-small.jpg”, 1 copy moved to the trash" }, "a toast, with Undo")
        XCTAssertTrue(kept.contains { $0.name == "Duplicates" }, "the switcher counts no group")
        XCTAssertFalse(FileManager.default.fileExists(atPath: original), "the other copy is in the trash")
        let trashed = fixture.home.appendingPathComponent("data/Trash/files/IMG_1003.jpg").path
        XCTAssertTrue(FileManager.default.fileExists(atPath: trashed), "the app's own trash, under its XDG_DATA_HOME")
        app.screenshot("duplicates-none-app", window: window)

        app.sendKeys("ctrl+z", to: window)
        waitUntil { FileManager.default.fileExists(atPath: original) }
        XCTAssertTrue(FileManager.default.fileExists(atPath: original), "Ctrl+Z put it back")
        let back = app.waitForTree(timeout: 30) { $0.contains { $0.name == "IMG_1003.jpg, to keep" } }
        XCTAssertTrue(back.contains { $0.name == "IMG_1003.jpg, to keep" }, "and the group is listed again")
        app.sendKeys("ctrl+q", to: window)
        XCTAssertEqual(app.waitForExit(timeout: 10), 0)
    }
}
