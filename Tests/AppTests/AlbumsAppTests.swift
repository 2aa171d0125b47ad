import Foundation
import GtkTestSupport
import XCTest

/// Albums end to end: the real binary, real keys, the accessibility tree and the catalog.
final class AlbumsAppTests: GtkTestCase {
    func testShiftAMakesAnAlbumOfTheSelectionWhichOpensAsPhotosAndCtrlZTakesItBack() throws {
        let fixture = try AppFixture()
        let (app, window) = try fixture.launch()
        defer { app.terminate() }
        _ = app.waitForTree { $0.photoNames.count == AppFixture.sampleNames.count }
        app.select("IMG_1003.jpg", window: window)
        app.sendKeys("shift+Down", "shift+Down", to: window)
        _ = app.waitForTree { $0.contains { $0.name == "3 Photos Selected" } }

        app.sendKeys("shift+a", to: window)
        let chooser = app.waitForTree { $0.contains { $0.name == "Add 3 Photos to an Album" } }
        XCTAssertTrue(chooser.contains { $0.name == "Add 3 Photos to an Album" }, "Shift+A opens the album chooser")
        app.type("Norway 2024", to: window)
        app.sendKeys("Return", to: window)
        let made = app.waitForTree { $0.contains { $0.name == "Album “Norway 2024” made with 3 photos" } }
        XCTAssertTrue(made.contains { $0.name == "Album “Norway 2024” made with 3 photos" }, "a toast, with Undo")
        XCTAssertEqual(fixture.albums(), ["Norway 2024|3"])

        app.select("IMG_1025.jpg", window: window)
        app.sendKeys("shift+a", to: window)
        _ = app.waitForTree { $0.contains { $0.name == "Add 1 Photo to an Album" } }
        app.type("norway", to: window)
        let offered = app.waitForTree { $0.contains(role: "push button", name: "Norway 2024, 3 photos") }
        XCTAssertTrue(offered.contains(role: "push button", name: "Norway 2024, 3 photos"), "typing finds the album")
        app.type(" 2024", to: window)
        app.sendKeys("Return", to: window)
        _ = app.waitForTree { $0.contains { $0.name == "1 photo added to “Norway 2024”" } }
        XCTAssertEqual(fixture.albums(), ["Norway 2024|4"], "Enter on an album's name adds to it")

        app.sendKeys("ctrl+2", to: window)
        let page = app.waitForTree { $0.contains { $0.name == "Norway 2024, 4 photos" } }
        XCTAssertTrue(page.contains { $0.name == "Norway 2024, 4 photos" }, "the Albums page lists it with its count")
        app.screenshot("albums-page-app", window: window)
        app.sendKeys("Return", to: window)
        let album = app.waitForTree { $0.photoNames.count == 4 && $0.contains { $0.name == "Norway 2024, 4 photos" } }
        XCTAssertEqual(album.photoNames, ["IMG_1003.jpg", "IMG_1020.jpg", "IMG_1008.jpg", "IMG_1025.jpg"], "Enter opens its photos")
        app.screenshot("album-photos-app", window: window)
        app.sendKeys("5", to: window)
        waitUntil { fixture.rating(of: "IMG_1003.jpg") == 5 }
        XCTAssertEqual(fixture.rating(of: "IMG_1003.jpg"), 5, "the Photos page's keys work in an album")

        app.sendKeys("ctrl+z", "ctrl+z", to: window)
        waitUntil { fixture.albums() == ["Norway 2024|3"] }
        XCTAssertEqual(fixture.albums(), ["Norway 2024|3"], "undo takes the photo added back out")
        XCTAssertEqual(fixture.rating(of: "IMG_1003.jpg"), 0)
        app.sendKeys("ctrl+z", to: window)
        waitUntil { fixture.albums().isEmpty }
        XCTAssertEqual(fixture.albums(), [], "and the album made")
        let all = app.waitForTree { $0.photoNames.count == AppFixture.sampleNames.count }
        XCTAssertEqual(all.photoNames.count, AppFixture.sampleNames.count, "the album gone, every photo shows")
        app.sendKeys("ctrl+q", to: window)
        XCTAssertEqual(app.waitForExit(timeout: 10), 0)
    }
}

extension AppFixture {
    /// The catalog's albums, as "name|count", by name (read with sqlite3).
    func albums() -> [String] {
        Process.output(
            "/usr/bin/sqlite3",
            [catalogPath, "SELECT name || '|' || (SELECT count(*) FROM album_photo WHERE album = album.id) FROM album ORDER BY name"]
        ).split(separator: "\n").map(String.init)
    }
}
