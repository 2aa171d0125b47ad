import Foundation
import Gtk
import GtkTestSupport
import XCTest

/// The real app on a folder with Latin-1 names: the rows show GLib's display name, a rating
/// lands in the catalog under the file's own path, and a file the watcher sees arrive is listed.
final class NonUTF8NamesAppTests: GtkTestCase {
    /// "Mädchen.jpg", "Frühling" and "Straße.jpg" in Latin-1.
    private let girl = PathBytes.path(Array("M".utf8) + [0xE4] + Array("dchen.jpg".utf8))
    private let spring = PathBytes.path(Array("Fr".utf8) + [0xFC] + Array("hling".utf8))
    private let street = PathBytes.path(Array("Stra".utf8) + [0xDF] + Array("e.jpg".utf8))

    /// Copies the sample `sample` to `path`, by its bytes (Foundation would write the name as text).
    private func copy(_ sample: String, to path: String, fixture: AppFixture) throws {
        let plain = fixture.home.path + "/copy.tmp"
        try FileManager.default.copyItem(atPath: AppFixture.samples.appendingPathComponent(sample).path, toPath: plain)
        XCTAssertEqual(rename(PathBytes.c(plain), PathBytes.c(path)), 0, String(cString: strerror(errno)))
    }

    /// The readout of the row whose file is shown as `name`.
    private func row(_ name: String, in tree: [AccessibleNode]) -> String? {
        tree.first { $0.name.hasPrefix(name + ", ") }?.name
    }

    func testLatin1NamesAreListedShownRatedAndWatched() throws {
        let fixture = try AppFixture()
        let folder = fixture.folder.path
        try copy("IMG_1000.jpg", to: folder + "/" + girl, fixture: fixture)
        XCTAssertEqual(mkdir(PathBytes.c(folder + "/" + spring), 0o755), 0)
        try copy("IMG_1001.jpg", to: folder + "/" + spring + "/" + street, fixture: fixture)

        let (app, window) = try fixture.launch()
        defer { app.terminate() }
        var tree = app.waitForTree { self.row("M\u{FFFD}dchen.jpg", in: $0) != nil && self.row("Stra\u{FFFD}e.jpg", in: $0) != nil }
        XCTAssertNotNil(row("M\u{FFFD}dchen.jpg", in: tree), "the row shows GLib's display name")
        XCTAssertNotNil(row("Stra\u{FFFD}e.jpg", in: tree), "a photo in a Latin-1 folder is listed too")
        XCTAssertEqual(fixture.photoCount(), AppFixture.sampleNames.count + 2)

        // Searched for, selected, rated: the catalog row is the file's own path.
        app.sendKeys("ctrl+f", to: window)
        app.type("dchen", to: window)
        tree = app.waitForTree(timeout: 5) { tree in tree.filter { $0.role == "list item" }.count == 1 }
        app.sendKeys("Return", "Escape", to: window)
        _ = app.waitForTree(timeout: 5) { tree in
            tree.contains { $0.role == "list item" && ($0.states.contains("selected") || $0.states.contains("focused")) }
        }
        app.sendKeys("4", to: window)
        XCTAssertTrue(waitUntil(timeout: 10) { fixture.rating(of: self.girl) == 4 }, "rated in the catalog")
        tree = app.waitForTree { self.row("M\u{FFFD}dchen.jpg", in: $0)?.hasSuffix("Rated 4 stars") == true }
        XCTAssertEqual(
            row("M\u{FFFD}dchen.jpg", in: tree)?.hasSuffix("Rated 4 stars"), true, row("M\u{FFFD}dchen.jpg", in: tree) ?? "no row")

        // The folder watcher reports a file that arrives under a Latin-1 name by its bytes.
        try copy("IMG_1002.jpg", to: folder + "/" + street, fixture: fixture)
        tree = app.waitForTree { tree in tree.filter { $0.name.hasPrefix("Stra\u{FFFD}e.jpg, ") }.count == 2 }
        XCTAssertEqual(tree.filter { $0.name.hasPrefix("Stra\u{FFFD}e.jpg, ") }.count, 2)
        XCTAssertTrue(waitUntil(timeout: 10) { fixture.photoCount() == AppFixture.sampleNames.count + 3 })
        XCTAssertEqual(fixture.rating(of: street), 0, "catalogued under its own path")
    }
}
