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

/// Saved searches end to end: kept from the search bar, counted beside the albums, kept up
/// to date when a rating changes, opened as a search.
final class SavedSearchAppTests: GtkTestCase {
    func testCtrlSKeepsTheSearchWhoseCountFollowsARatingAndWhichOpensAsASearch() throws {
        let fixture = try AppFixture()
        let (app, window) = try fixture.launch()
        defer { app.terminate() }
        _ = app.waitForTree { $0.photoNames.count == AppFixture.sampleNames.count }
        let rated = fixture.countInCatalog("rating >= 4 AND rejected = 0")
        XCTAssertGreaterThan(rated, 0)
        app.sendKeys("ctrl+f", to: window)
        app.type("stars:4", to: window)
        _ = app.waitForTree { $0.photoNames.count == rated }
        app.sendKeys("ctrl+s", to: window)
        // The popover's name entry (the bar's button has the popover's title for its label).
        _ = app.waitForTree { $0.contains(role: "text", name: "Album name") }
        app.sendKeys("ctrl+a", to: window)
        app.type("Best", to: window)
        app.sendKeys("Return", to: window)
        let saved = app.waitForTree { $0.contains { $0.name == "Search “Best” saved: it is on the Albums page" } }
        XCTAssertTrue(saved.contains { $0.name == "Search “Best” saved: it is on the Albums page" })

        app.sendKeys("ctrl+f", "Escape", to: window)
        _ = app.waitForTree { $0.photoNames.count == AppFixture.sampleNames.count }
        app.sendKeys("ctrl+2", to: window)
        let card = "Saved search Best, \(rated) photos"
        let page = app.waitForTree { $0.contains { $0.name == card } }
        XCTAssertTrue(page.contains { $0.name == card }, "beside the albums, with what it finds")
        app.screenshot("saved-search-card-app", window: window)

        app.sendKeys("ctrl+1", to: window)
        let unrated = AppFixture.sampleNames.first { fixture.rating(of: $0) == 0 }!
        app.select(unrated, window: window)
        app.sendKeys("5", to: window)
        app.sendKeys("ctrl+2", to: window)
        let recounted = "Saved search Best, \(rated + 1) photos"
        let updated = app.waitForTree { $0.contains { $0.name == recounted } }
        XCTAssertTrue(updated.contains { $0.name == recounted }, "a photo rated 5 is counted in")

        app.sendKeys("Return", to: window)
        let opened = app.waitForTree { $0.photoNames.count == rated + 1 }
        XCTAssertTrue(opened.photoNames.contains(unrated), "opened, it finds the photo just rated")
        app.screenshot("saved-search-open-app", window: window)
        app.sendKeys("ctrl+q", to: window)
        XCTAssertEqual(app.waitForExit(timeout: 10), 0)
    }
}

extension AppFixture {
    /// How many photos of the catalog match an SQL condition (read with sqlite3).
    func countInCatalog(_ condition: String) -> Int {
        Int(
            Process.output("/usr/bin/sqlite3", [catalogPath, "SELECT count(*) FROM photo WHERE \(condition)"])
                .trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }
}

/// The Albums page, an album and a saved search in Chinese and in the dark style, looked at.
final class AlbumsChineseDarkAppTests: GtkTestCase {
    func testAnAlbumAndASavedSearchSpeakChineseInTheDark() throws {
        let fixture = try AppFixture()
        let (app, window) = try fixture.launch(locale: "zh_CN.UTF-8")
        defer { app.terminate() }
        _ = app.waitForTree { $0.photoNames.count == AppFixture.sampleNames.count }
        XCTAssertTrue(app.activateAction("color-scheme", parameter: "'dark'"))
        app.select("IMG_1003.jpg", window: window)
        app.sendKeys("shift+Down", "shift+Down", to: window)
        app.sendKeys("shift+a", to: window)
        let chooser = app.waitForTree { $0.contains { $0.name == "将 3 张照片添加到相册" } }
        XCTAssertTrue(chooser.contains { $0.name == "将 3 张照片添加到相册" }, "the chooser's heading in Chinese")
        app.type("Norge", to: window)
        app.sendKeys("Return", to: window)
        let made = app.waitForTree { $0.contains { $0.name == "已创建相册“Norge”，包含 3 张照片" } }
        XCTAssertTrue(made.contains { $0.name == "已创建相册“Norge”，包含 3 张照片" })

        app.sendKeys("ctrl+f", to: window)
        app.type("stars:4", to: window)
        app.sendKeys("ctrl+s", to: window)
        // The popover's name entry (the bar's button has the popover's title for its label).
        _ = app.waitForTree { $0.contains(role: "text", name: "相册名称") }
        app.sendKeys("ctrl+a", to: window)
        app.type("Beste", to: window)
        app.sendKeys("Return", to: window)
        let saved = app.waitForTree { $0.contains { $0.name == "已保存搜索“Beste”：可在“相册”页面找到" } }
        XCTAssertTrue(saved.contains { $0.name == "已保存搜索“Beste”：可在“相册”页面找到" }, "Ctrl+S right after typing keeps it")
        app.sendKeys("ctrl+f", "Escape", to: window)

        app.sendKeys("ctrl+2", to: window)
        let page = app.waitForTree { $0.contains { $0.name == "Norge，3 张照片" } && $0.contains { $0.name.hasPrefix("已保存的搜索 Beste，") } }
        XCTAssertTrue(page.contains { $0.name == "Norge，3 张照片" }, "the album's card in Chinese")
        XCTAssertTrue(page.contains { $0.name.hasPrefix("已保存的搜索 Beste，") }, "and the saved search's")
        app.screenshot("zh_CN-dark-albums-page", window: window)
        app.sendKeys("Return", to: window)
        let album = app.waitForTree { $0.photoNames.count == 3 }
        XCTAssertTrue(album.contains { $0.name == "返回相册" }, "the album bar's back button")
        app.screenshot("zh_CN-dark-album", window: window)
        app.sendKeys("ctrl+2", "Right", "Return", to: window)
        let search = app.waitForTree { $0.photoNames.count == fixture.countInCatalog("rating >= 4 AND rejected = 0") }
        XCTAssertEqual(search.photoNames.count, fixture.countInCatalog("rating >= 4 AND rejected = 0"), "the saved search opened")
        app.screenshot("zh_CN-dark-saved-search", window: window)
        app.sendKeys("ctrl+q", to: window)
        XCTAssertEqual(app.waitForExit(timeout: 10), 0)
    }
}

/// A photo dragged from the list onto an album: the page switcher's Albums button turns to the
/// Albums page while the drag hovers it (GTK's stack switcher), and the card takes the drop.
final class AlbumDragAppTests: GtkTestCase {
    /// Moves the pointer to `point` of the window (its layout at 1000 × 700), the button held or not.
    private func move(_ window: String, _ point: (Int, Int)) {
        Process.output("/usr/bin/xdotool", ["mousemove", "--sync", "--window", window, "\(point.0)", "\(point.1)"])
    }

    func testAPhotoDraggedOntoTheAlbumsCardGoesInItAndCtrlZTakesItOut() throws {
        let fixture = try AppFixture()
        let (app, window) = try fixture.launch()
        defer { app.terminate() }
        _ = app.waitForTree { $0.photoNames.count == AppFixture.sampleNames.count }
        app.select("IMG_1003.jpg", window: window)
        app.sendKeys("shift+a", to: window)
        _ = app.waitForTree { $0.contains { $0.name == "Add 1 Photo to an Album" } }
        app.type("Norway", to: window)
        app.sendKeys("Return", to: window)
        _ = app.waitForTree { $0.contains { $0.name == "Album “Norway” made with 1 photo" } }
        XCTAssertEqual(fixture.albums(), ["Norway|1"])

        // The list's first row (IMG_1025.jpg, the newest), selected (a drag carries the selection),
        // dragged to the Albums button, then to the card. No screenshot while the drag holds the pointer.
        app.select("IMG_1025.jpg", window: window)
        move(window, (185, 105))
        Process.output("/usr/bin/xdotool", ["mousedown", "1"])
        for point in [(200, 115), (260, 90), (380, 40), (398, 27)] { move(window, point) }
        let hovered = app.waitForTree { $0.contains { $0.name == "Norway, 1 photo" } }
        XCTAssertTrue(hovered.contains { $0.name == "Norway, 1 photo" }, "the Albums page shows while the drag hovers its button")
        for point in [(300, 120), (140, 220), (132, 230)] { move(window, point) }
        Process.output("/usr/bin/xdotool", ["mouseup", "1"])
        waitUntil(timeout: 5, interval: 0.1) { fixture.albums() == ["Norway|2"] }
        XCTAssertEqual(fixture.albums(), ["Norway|2"], "dropped on the card, the photo is in the album")
        let said = app.waitForTree { $0.contains { $0.name == "1 photo added to “Norway”" } }
        XCTAssertTrue(said.contains { $0.name == "1 photo added to “Norway”" })
        app.sendKeys("ctrl+z", to: window)
        waitUntil(timeout: 5, interval: 0.1) { fixture.albums() == ["Norway|1"] }
        XCTAssertEqual(fixture.albums(), ["Norway|1"], "Ctrl+Z takes it out again")
        app.sendKeys("ctrl+q", to: window)
        XCTAssertEqual(app.waitForExit(timeout: 10), 0)
    }
}
