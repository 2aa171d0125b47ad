import Foundation
import GtkTestSupport
import XCTest

/// Files moved, renamed and trashed outside the app, with the app closed and open: the
/// ratings stay, in the catalog and in what a screen reader hears of each row.
final class MovedFilesAppTests: GtkTestCase {
    private func rate(_ name: String, _ key: String, app: LaunchedApp, window: String, fixture: AppFixture, rating: Int) {
        app.select(name, window: window)
        XCTAssertEqual(app.accessibilityTree().selectedPhotoName, name)
        app.sendKeys(key, to: window)
        XCTAssertTrue(waitUntil { fixture.rating(of: name) == rating }, "\(name) rated \(rating)")
    }

    /// The row's readout ("IMG_1003.jpg, 22 February 2024 15:31, Rated 4 stars"), once it says `expected`.
    private func readout(of name: String, saying expected: String, in app: LaunchedApp) -> String? {
        let tree = app.waitForTree { tree in tree.contains { $0.name.hasPrefix(name + ", ") && $0.name.contains(expected) } }
        return tree.first { $0.name.hasPrefix(name + ", ") }?.name
    }

    private func run(_ command: [String], home: URL) {
        let result = Process.output("/usr/bin/env", ["HOME=\(home.path)", "XDG_DATA_HOME=\(home.path)/data"] + command)
        XCTAssertEqual(result, "", "\(command.joined(separator: " ")) printed something")
    }

    func testRatingsStayWithFilesRenamedAndMovedWhileTheAppWasClosed() throws {
        let fixture = try AppFixture()
        let folder = fixture.folder.path
        do {
            let (app, window) = try fixture.launch()
            defer { app.terminate() }
            _ = app.waitForTree { $0.photoNames.count == AppFixture.sampleNames.count }
            rate("IMG_1003.jpg", "4", app: app, window: window, fixture: fixture, rating: 4)
            rate("IMG_1004.jpg", "2", app: app, window: window, fixture: fixture, rating: 2)
            app.sendKeys("ctrl+q", to: window)
            XCTAssertEqual(app.waitForExit(timeout: 10), 0)
        }
        XCTAssertEqual(rename(folder + "/IMG_1003.jpg", folder + "/IMG_9003.jpg"), 0)
        try FileManager.default.createDirectory(atPath: folder + "/2008", withIntermediateDirectories: true)
        run(["gio", "move", folder + "/IMG_1004.jpg", folder + "/2008/IMG_1004.jpg"], home: fixture.home)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/2008/IMG_1004.jpg"))

        let (app, _) = try fixture.launch()
        defer { app.terminate() }
        XCTAssertEqual(readout(of: "IMG_9003.jpg", saying: "Rated 4 stars", in: app)?.hasSuffix("Rated 4 stars"), true)
        XCTAssertEqual(readout(of: "IMG_1004.jpg", saying: "Rated 2 stars", in: app)?.hasSuffix("Rated 2 stars"), true)
        XCTAssertEqual(fixture.rating(of: "IMG_9003.jpg"), 4)
        XCTAssertEqual(fixture.rating(of: "2008/IMG_1004.jpg"), 2)
        XCTAssertEqual(fixture.photoCount(), AppFixture.sampleNames.count, "no photo was added or lost")
    }

    func testRatingsStayWithFilesMovedAndTrashedAndRestoredWhileTheAppIsOpen() throws {
        let fixture = try AppFixture()
        let folder = fixture.folder.path
        let (app, window) = try fixture.launch()
        defer { app.terminate() }
        _ = app.waitForTree { $0.photoNames.count == AppFixture.sampleNames.count }
        rate("IMG_1006.jpg", "5", app: app, window: window, fixture: fixture, rating: 5)
        rate("IMG_1007.jpg", "3", app: app, window: window, fixture: fixture, rating: 3)

        try FileManager.default.createDirectory(atPath: folder + "/Best", withIntermediateDirectories: true)
        XCTAssertEqual(rename(folder + "/IMG_1006.jpg", folder + "/Best/IMG_1006.jpg"), 0)
        XCTAssertTrue(waitUntil(timeout: 10) { fixture.rating(of: "Best/IMG_1006.jpg") == 5 }, "the catalog followed the move")
        XCTAssertEqual(readout(of: "IMG_1006.jpg", saying: "Rated 5 stars", in: app)?.hasSuffix("Rated 5 stars"), true)

        run(["gio", "trash", folder + "/IMG_1007.jpg"], home: fixture.home)
        let missing =
            "1 photo is missing: its file was moved out of the library, renamed or deleted. Its stars and keywords are kept for 30 days, in case the file comes back."
        var tree = app.waitForTree { !$0.photoNames.contains("IMG_1007.jpg") && $0.contains { $0.name == missing } }
        XCTAssertFalse(tree.photoNames.contains("IMG_1007.jpg"), "a file trashed in the file manager leaves the list")
        XCTAssertTrue(tree.contains(role: "label", name: missing), "a bar counts the missing photo")
        XCTAssertTrue(tree.contains { $0.role == "push button" && $0.name == "Show" })
        app.screenshot("missing-photo-bar", window: window)
        // Restored as a file manager does it (GIO's trash:// needs the gvfs daemon): the file
        // moved back from the trash to where it was, its trash record removed.
        let trash = fixture.home.path + "/data/Trash"
        XCTAssertEqual(rename(trash + "/files/IMG_1007.jpg", folder + "/IMG_1007.jpg"), 0, "the trashed file is in \(trash)")
        try? FileManager.default.removeItem(atPath: trash + "/info/IMG_1007.jpg.trashinfo")
        XCTAssertEqual(readout(of: "IMG_1007.jpg", saying: "Rated 3 stars", in: app)?.hasSuffix("Rated 3 stars"), true)
        XCTAssertEqual(fixture.rating(of: "IMG_1007.jpg"), 3)
        tree = app.waitForTree { !$0.contains { $0.name == missing } }
        XCTAssertFalse(tree.contains { $0.name == missing }, "the bar goes when the photo is back")
        XCTAssertEqual(tree.photoNames.count, AppFixture.sampleNames.count, "every photo listed once")
        XCTAssertEqual(fixture.photoCount(), AppFixture.sampleNames.count)
    }
}
