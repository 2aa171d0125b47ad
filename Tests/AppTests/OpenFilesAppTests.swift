import Foundation
import GtkTestSupport
import XCTest

/// Photos opened from the file manager (`lightbox FILE…`, what "Open With Lightbox" runs): the
/// photo page shows the file, the arrows step through its folder (or the files given), and the
/// folder is browsed, not added to the library, unless the person adds it.
final class OpenFilesAppTests: GtkTestCase {
    func testAPhotoOpensOnThePhotoPageStepsThroughItsFolderAndLeavesTheLibraryAlone() throws {
        let fixture = try AppFixture()
        try Self.makePictures(fixture)
        let photo = fixture.folder.appendingPathComponent("IMG_1003.jpg").path
        let app = try LaunchedApp.start([photo], home: fixture.home)
        defer { app.terminate() }
        let window = try XCTUnwrap(app.waitForWindow(named: AppFixture.folderName), app.printed)
        var tree = app.waitForTree { $0.contains { $0.name == "4 of 26" } }
        XCTAssertTrue(tree.contains { $0.name == "4 of 26" }, "the photo page, on the photo opened (by name, the 4th of its folder)")
        XCTAssertTrue(tree.contains { $0.name == "IMG_1003.jpg" })
        XCTAssertTrue(tree.contains(role: "push button", name: "Back"))
        XCTAssertTrue(
            tree.contains {
                $0.name
                    == "“Holiday” is not in your library: its photos are shown until Lightbox quits. Ratings and keywords you give them are kept in Lightbox's catalog."
            },
            "the bar says where ratings live")
        XCTAssertTrue(tree.contains(role: "push button", name: "Add “Holiday” to the Library"))

        app.sendKeys("Right", to: window)
        tree = app.waitForTree { $0.contains { $0.name == "5 of 26" } }
        XCTAssertTrue(tree.contains { $0.name == "IMG_1004.jpg" }, "Right: the next photo of the folder")
        app.sendKeys("Left", "Left", to: window)
        tree = app.waitForTree { $0.contains { $0.name == "3 of 26" } }
        XCTAssertTrue(tree.contains { $0.name == "IMG_1002.jpg" }, "Left: the previous ones")
        app.sendKeys("4", to: window)
        XCTAssertTrue(
            waitUntil(timeout: 10, interval: 0.2) { fixture.rating(of: "IMG_1002.jpg") == 4 },
            "a rating outside the library is kept in the catalog")

        app.sendKeys("Escape", to: window)
        tree = app.waitForTree { $0.selectedPhotoName == "IMG_1002.jpg" && !$0.contains(role: "push button", name: "Back") }
        XCTAssertEqual(tree.selectedPhotoName, "IMG_1002.jpg", "Escape: the folder's list, on the photo shown")
        XCTAssertEqual(tree.photoNames.count, AppFixture.sampleNames.count, "the folder's photos are listed")
        app.sendKeys("ctrl+q", to: window)
        XCTAssertEqual(app.waitForExit(timeout: 10), 0)
        XCTAssertEqual(
            Self.libraryFolders(fixture), [fixture.home.appendingPathComponent("Pictures").path],
            "the folder did not join the library")

        let again = try LaunchedApp.start([], home: fixture.home)
        defer { again.terminate() }
        XCTAssertNotNil(again.waitForWindow(named: "Pictures"), again.printed)
        tree = again.waitForTree { $0.contains { $0.name == "Beach.jpg" } }
        XCTAssertTrue(tree.contains { $0.name == "Beach.jpg" }, "a launch without arguments shows the library")
        XCTAssertTrue(tree.photoNames.isEmpty, "and not the folder browsed")
        XCTAssertEqual(fixture.rating(of: "IMG_1002.jpg"), 4, "its rating is still in the catalog")
    }

    func testTwoPhotosStepThroughThemOnlyAndAddToLibraryKeepsTheFolder() throws {
        let fixture = try AppFixture()
        try Self.makePictures(fixture)
        let first = fixture.folder.appendingPathComponent("IMG_1010.jpg").path
        let second = fixture.folder.appendingPathComponent("IMG_1003.jpg").path
        let app = try LaunchedApp.start([first, second], home: fixture.home)
        defer { app.terminate() }
        let window = try XCTUnwrap(app.waitForWindow(named: AppFixture.folderName), app.printed)
        var tree = app.waitForTree { $0.contains { $0.name == "1 of 2" } }
        XCTAssertTrue(
            tree.contains { $0.name == "1 of 2" } && tree.contains { $0.name == "IMG_1010.jpg" },
            "the first file given, of the two")
        app.sendKeys("Right", to: window)
        tree = app.waitForTree { $0.contains { $0.name == "2 of 2" } }
        XCTAssertTrue(tree.contains { $0.name == "IMG_1003.jpg" }, "Right: the second file given")
        app.sendKeys("Right", to: window)
        tree = app.waitForTree(timeout: 2) { !$0.contains { $0.name == "2 of 2" } }
        XCTAssertTrue(tree.contains { $0.name == "2 of 2" }, "no further than the files given")
        app.sendKeys("Left", to: window)
        tree = app.waitForTree { $0.contains { $0.name == "1 of 2" } }
        XCTAssertTrue(tree.contains { $0.name == "IMG_1010.jpg" })
        app.sendKeys("Escape", to: window)
        tree = app.waitForTree { !$0.contains { $0.name == "1 of 2" } && $0.contains { $0.name == "Opened Photos" } }
        XCTAssertTrue(tree.contains { $0.name == "Opened Photos" }, "Escape: a list of the photos opened")
        XCTAssertTrue(tree.contains(role: "push button", name: "Back"), "over the folder's list")

        XCTAssertTrue(app.activateWindowAction("add-browsed-folders"), "the bar's Add button")
        tree = app.waitForTree { !$0.contains(role: "push button", name: "Add “Holiday” to the Library") }
        XCTAssertFalse(tree.contains(role: "push button", name: "Add “Holiday” to the Library"), "the bar is gone")
        XCTAssertEqual(
            Self.libraryFolders(fixture), [fixture.folder.path, fixture.home.appendingPathComponent("Pictures").path],
            "Holiday is a library folder now")
    }

    func testAPhotoOfTheLibraryOpensSelectedInThePhotosPage() throws {
        let fixture = try AppFixture()
        let (app, window) = try fixture.launch()
        defer { app.terminate() }
        let list = app.waitForTree { $0.photoNames.count == AppFixture.sampleNames.count }
        let position = try XCTUnwrap(list.listPosition(of: "IMG_1012.jpg"))
        let photo = fixture.folder.appendingPathComponent("IMG_1012.jpg").path
        let second = try LaunchedApp.start([photo], home: fixture.home, session: app.session)
        XCTAssertEqual(second.waitForExit(timeout: 10), 0, "the second launch hands over and exits")
        let toast = "“IMG_1012.jpg” is in your library, in “~/Holiday”."
        XCTAssertTrue(app.waitForTree { $0.contains { $0.name == toast } }.contains { $0.name == toast }, "a toast says where")
        app.screenshot("open-files-library-photo", window: window)
        // (GTK 4.8 does not tell the accessibility bus of a selection or a cursor that code
        // moved: Enter shows which photo the list is on.)
        app.sendKeys("Return", to: window)
        let tree = app.waitForTree { $0.contains { $0.name == "\(position) of 26" } }
        XCTAssertTrue(tree.contains { $0.name == "\(position) of 26" }, "Enter opens the photo opened, selected in its place")
        XCTAssertTrue(tree.contains(role: "push button", name: "Back"))
        XCTAssertEqual(Self.libraryFolders(fixture), [fixture.folder.path])
    }

    func testASecondLaunchWithAPhotoShowsItInTheRunningWindow() throws {
        let fixture = try AppFixture()
        let other = fixture.home.appendingPathComponent("Other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        let app = try LaunchedApp.start([other.path], home: fixture.home)
        defer { app.terminate() }
        XCTAssertNotNil(app.waitForWindow(named: "Other"))
        // As a file manager does: a photo of a folder outside the library.
        let photo = fixture.folder.appendingPathComponent(AppFixture.sampleNames[0]).path
        let second = try LaunchedApp.start([photo], home: fixture.home, session: app.session)
        XCTAssertEqual(second.waitForExit(timeout: 10), 0, "the second launch hands over and exits")
        XCTAssertNotNil(app.waitForWindow(named: AppFixture.folderName), "the running window shows its folder")
        let tree = app.waitForTree { $0.contains { $0.name == "1 of 26" } }
        XCTAssertTrue(
            tree.contains { $0.name == "1 of 26" } && tree.contains { $0.name == "IMG_1000.jpg" },
            "on the photo page")
        XCTAssertEqual(Self.libraryFolders(fixture), [other.path], "the library is left alone")
    }

    func testFilesThatCannotBeOpenedAreSaidAndTheAppStillStarts() throws {
        let fixture = try AppFixture()
        try Self.makePictures(fixture)
        let missing = fixture.home.appendingPathComponent("nowhere.jpg").path
        let app = try LaunchedApp.start([missing], home: fixture.home)
        defer { app.terminate() }
        XCTAssertNotNil(app.waitForWindow(named: "Pictures"), "the library shows: \(app.printed)")
        var tree = app.waitForTree {
            $0.contains { $0.name == "“nowhere.jpg” can't be opened: there is no such file." } && $0.contains { $0.name == "Beach.jpg" }
        }
        XCTAssertTrue(tree.contains { $0.name == "“nowhere.jpg” can't be opened: there is no such file." })
        XCTAssertTrue(tree.contains { $0.name == "Beach.jpg" })

        let notes = fixture.home.appendingPathComponent("notes.txt")
        try "not a photo\n".write(to: notes, atomically: true, encoding: .utf8)
        let second = try LaunchedApp.start([notes.path], home: fixture.home, session: app.session)
        XCTAssertEqual(second.waitForExit(timeout: 10), 0)
        tree = app.waitForTree { $0.contains { $0.name == "“notes.txt” can't be opened: it is not a photo." } }
        XCTAssertTrue(tree.contains { $0.name == "“notes.txt” can't be opened: it is not a photo." })
        XCTAssertEqual(
            Self.libraryFolders(fixture), [fixture.home.appendingPathComponent("Pictures").path],
            "nothing joined the library")
    }

    /// A Pictures folder (the library of a first launch without a folder) with one photo,
    /// Beach.jpg, named in `user-dirs.dirs` as the desktop does.
    static func makePictures(_ fixture: AppFixture) throws {
        let pictures = fixture.home.appendingPathComponent("Pictures")
        try FileManager.default.copyItem(
            at: AppFixture.samples.appendingPathComponent("IMG_1000.jpg"),
            to: pictures.appendingPathComponent("Beach.jpg"))
        try "XDG_PICTURES_DIR=\"\(pictures.path)\"\n"
            .write(to: fixture.home.appendingPathComponent("config/user-dirs.dirs"), atomically: true, encoding: .utf8)
    }

    /// The catalog's library folders (read with sqlite3), by path.
    static func libraryFolders(_ fixture: AppFixture) -> [String] {
        Process.output("/usr/bin/sqlite3", [fixture.catalogPath, "SELECT path FROM library_folder WHERE removed IS NULL ORDER BY path"])
            .split(separator: "\n").map(String.init)
    }
}

extension LaunchedApp {
    /// Activates one of the window's actions over D-Bus: what its button does when clicked.
    func activateWindowAction(_ name: String) -> Bool {
        activateAction(name, objectPath: "/io/github/lightbox/Lightbox/window/1")
    }
}

extension Array where Element == AccessibleNode {
    /// A photo's place (from 1) in the photo list, as the list's rows come in the tree
    /// ("IMG_1012.jpg, 21 January 2024, 10:36, Not rated").
    func listPosition(of name: String) -> Int? {
        let rows = filter { $0.role == "panel" && $0.name.hasPrefix(name.prefix(4)) && $0.name.contains(", ") }
        return rows.firstIndex { $0.name.hasPrefix(name + ",") }.map { $0 + 1 }
    }
}
