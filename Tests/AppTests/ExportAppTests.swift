import Foundation
import GtkTestSupport
import XCTest

/// Export… end to end: the real binary, real keys, the files it made read with ImageMagick,
/// the choices read back from the settings' key file.
final class ExportAppTests: GtkTestCase {
    private func keyfile(_ fixture: AppFixture) -> URL {
        fixture.home.appendingPathComponent("config/glib-2.0/settings/keyfile")
    }

    func testShiftCtrlEExportsTheSelectionAndRemembersTheChoices() throws {
        let fixture = try AppFixture()
        let (app, window) = try fixture.launch()
        defer { app.terminate() }
        _ = app.waitForTree { $0.photoNames.count == AppFixture.sampleNames.count }
        app.select("IMG_1007.jpg", window: window)
        app.sendKeys("shift+ctrl+e", to: window)
        guard let dialog = app.waitForWindow(named: "Export 1 Photo") else { return XCTFail("no Export window: \(app.printed)") }
        var tree = app.waitForTree { $0.contains { $0.name == "IMG_1007.jpg" && $0.role == "label" } }
        XCTAssertTrue(tree.contains { $0.role == "label" && $0.name == "IMG_1007.jpg" }, "the example name")
        XCTAssertTrue(tree.contains { $0.role == "label" && $0.name.contains("{seq}: its number in the export") }, "the tokens in words")
        app.screenshot("export-window", window: dialog)
        // Without the place, then Export (mnemonics).
        app.sendKeys("alt+p", "alt+e", to: dialog)
        tree = app.waitForTree(timeout: 30) { $0.contains { $0.name == "Exported 1 photo" } }
        XCTAssertTrue(tree.contains { $0.name == "Exported 1 photo" }, "the toast says how many")
        XCTAssertTrue(tree.contains { $0.role == "push button" && $0.name.hasPrefix("Show in Files") }, "and offers Show in Files")
        let exported = fixture.home.appendingPathComponent("Pictures/Exported/IMG_1007.jpg").path
        XCTAssertTrue(FileManager.default.fileExists(atPath: exported), "the file is in ~/Pictures/Exported")
        let format = Process.output("/usr/bin/identify", ["-format", "%m", exported])
        XCTAssertEqual(format, "JPEG")
        let saved = (try? String(contentsOf: keyfile(fixture), encoding: .utf8)) ?? ""
        XCTAssertTrue(saved.contains("export-metadata='without-place'"), "remembered in GSettings: \(saved)")
    }

    func testAMissingFolderIsSaidBeforeAnythingStarts() throws {
        let fixture = try AppFixture()
        let settings = keyfile(fixture)
        try FileManager.default.createDirectory(at: settings.deletingLastPathComponent(), withIntermediateDirectories: true)
        let missing = fixture.home.appendingPathComponent("Gone").path
        try "[io/github/lightbox/Lightbox]\nexport-folder='\(missing)'\n".write(to: settings, atomically: true, encoding: .utf8)
        let (app, window) = try fixture.launch()
        defer { app.terminate() }
        _ = app.waitForTree { $0.photoNames.count == AppFixture.sampleNames.count }
        app.select("IMG_1007.jpg", window: window)
        app.sendKeys("shift+ctrl+e", to: window)
        guard let dialog = app.waitForWindow(named: "Export 1 Photo") else { return XCTFail("no Export window: \(app.printed)") }
        app.sendKeys("alt+e", to: dialog)
        let message = "The folder “\(missing)” does not exist."
        let tree = app.waitForTree { $0.contains { $0.name == message } }
        XCTAssertTrue(tree.contains { $0.name == message }, "the window says why")
        XCTAssertFalse(tree.contains { $0.name == "Exporting" }, "nothing started")
        XCTAssertFalse(FileManager.default.fileExists(atPath: missing))
    }

    func testWhatFailedIsListedWithWhyAndTheOthersAreExported() throws {
        let fixture = try AppFixture()
        try Data("not a JPEG at all".utf8).write(to: fixture.folder.appendingPathComponent("IMG_9999.jpg"))
        let (app, window) = try fixture.launch()
        defer { app.terminate() }
        let count = AppFixture.sampleNames.count + 1
        _ = app.waitForTree { $0.photoNames.count == count }
        app.select("IMG_1007.jpg", window: window)
        app.sendKeys("ctrl+a", "shift+ctrl+e", to: window)
        guard let dialog = app.waitForWindow(named: "Export \(count) Photos") else { return XCTFail("no Export window: \(app.printed)") }
        app.sendKeys("alt+e", to: dialog)
        let failed = "IMG_9999.jpg: not an image format gdk-pixbuf can read"
        let tree = app.waitForTree(timeout: 60) { $0.contains { $0.name == failed } }
        XCTAssertTrue(tree.contains { $0.role == "label" && $0.name == failed }, "the window lists the file and why")
        let toast = "Exported \(count - 1) photos, 1 failed"
        XCTAssertTrue(tree.contains { $0.name == toast }, "the toast says how many")
        app.screenshot("export-failures", window: dialog)
        let exported = try FileManager.default.contentsOfDirectory(atPath: fixture.home.appendingPathComponent("Pictures/Exported").path)
        XCTAssertEqual(exported.count, count - 1)
        XCTAssertFalse(exported.contains("IMG_9999.jpg"))
    }
}
