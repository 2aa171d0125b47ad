import Foundation
import GtkTestSupport
import XCTest

/// Many photos at once, end to end: real keys select, rate and undo; the catalog and the
/// accessibility tree say what happened.
final class BatchEditAppTests: GtkTestCase {
    func testShiftDownSelectsThreePhotosOneKeyRatesThemAndCtrlZRestoresAll() throws {
        let fixture = try AppFixture()
        let (app, window) = try fixture.launch()
        defer { app.terminate() }
        _ = app.waitForTree { $0.photoNames.count == AppFixture.sampleNames.count }
        var baseline: [String: Int] = [:]
        for sample in AppFixture.sampleNames { baseline[sample] = fixture.rating(of: sample) }
        app.select("IMG_1003.jpg", window: window)
        app.sendKeys("shift+Down", "shift+Down", to: window)
        let selected = app.waitForTree { $0.contains { $0.name == "3 Photos Selected" } }
        XCTAssertTrue(selected.contains { $0.name == "3 Photos Selected" }, "the details pane sums up the selection")
        app.screenshot("photos-three-selected", window: window)

        app.sendKeys("4", to: window)
        var rated: [String] = []
        waitUntil {
            rated = AppFixture.sampleNames.filter { fixture.rating(of: $0) == 4 && baseline[$0] != 4 }
            return rated.count == 3
        }
        XCTAssertEqual(rated.count, 3, "one key rated the three photos: \(rated)")
        XCTAssertTrue(rated.contains("IMG_1003.jpg"))
        let banner = app.waitForTree { $0.contains { $0.name == "3 photos rated 4 stars" } }
        XCTAssertTrue(banner.contains { $0.name == "3 photos rated 4 stars" }, "the banner says so, with Undo")

        app.sendKeys("ctrl+z", to: window)
        waitUntil { AppFixture.sampleNames.allSatisfy { fixture.rating(of: $0) == baseline[$0] } }
        for sample in AppFixture.sampleNames {
            XCTAssertEqual(fixture.rating(of: sample), baseline[sample], "\(sample): one undo restored the batch")
        }
        app.sendKeys("ctrl+q", to: window)
        XCTAssertEqual(app.waitForExit(timeout: 10), 0)
    }
}
