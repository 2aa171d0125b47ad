import Foundation
@testable import Gtk
import GtkTestSupport
import XCTest

final class DisplayTests: GtkTestCase {
    func testWindowWithALabelRendersToANonBlankPNGOfItsSize() throws {
        try MainActor.assumeIsolated {
            let window = Window()
            window.title = "Render test"
            window.setDefaultSize(width: 320, height: 200)
            let label = Label("Hello from Lightbox")
            window.child = label
            show(window)
            pump(until: { label.width > 0 }, "label allocation")

            let path = screenshot(window, name: "display-label-window")
            let image = try XCTUnwrap(RasterImage(contentsOf: path))
            XCTAssertEqual(image.width, window.width)
            XCTAssertEqual(image.height, window.height)
            XCTAssertFalse(image.isSingleColor, "the label's text must show")
            XCTAssertGreaterThan(image.distinctColorCount(), 8, "antialiased text has many shades")
        }
    }

    func testCriticalsAreRecordedSoTestsCanFailOnThem() {
        MainActor.assumeIsolated {
            GLibLog.critical("deliberate critical for the harness test")
            let problems = GLibLog.takeProblems()
            XCTAssertEqual(problems.count, 1)
            XCTAssertEqual(problems.first?.level, .critical)
            XCTAssertEqual(problems.first?.text, "deliberate critical for the harness test")
        }
    }
}
