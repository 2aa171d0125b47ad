import Foundation
import GtkTestSupport
import XCTest

@testable import Gtk

final class DisplayTests: GtkTestCase {
    func testWindowWithALabelRendersToANonBlankPNGOfItsSize() throws {
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

    func testAWidgetKnowsWhetherItIsInsideTheVisiblePartOfItsScrolledWindows() {
        let window = Window()
        window.setDefaultSize(width: 300, height: 300)
        let column = Box(orientation: .vertical)
        let rows = (0..<10).map { index in
            let label = Label("Row \(index)")
            label.setSizeRequest(width: 200, height: 100)
            column.append(label)
            return label
        }
        let scrolled = ScrolledWindow()
        scrolled.setSizeRequest(width: 250, height: 250)
        scrolled.child = column
        let outside = Label("Not scrolled")
        let page = Box(orientation: .vertical)
        page.append(outside)
        page.append(scrolled)
        window.child = page
        XCTAssertFalse(rows[0].isInScrolledView, "not on screen before the window shows")
        show(window)
        pump(until: { scrolled.maximumVerticalOffset > 0 }, "the scrolled window's layout")
        XCTAssertEqual(rows.map(\.isInScrolledView), [true, true, true] + Array(repeating: false, count: 7))
        XCTAssertTrue(outside.isInScrolledView, "a widget in no scrolled window is in view when mapped")
        scrolled.verticalOffset = 650
        pump(until: { !rows[2].isInScrolledView }, "the rows to move")
        XCTAssertEqual(rows.map(\.isInScrolledView), Array(repeating: false, count: 6) + [true, true, true, false])
        window.isVisible = false
        XCTAssertFalse(rows[7].isInScrolledView, "not in view once hidden")
    }

    func testCriticalsAreRecordedSoTestsCanFailOnThem() {
        GLibLog.critical("deliberate critical for the harness test")
        let problems = GLibLog.takeProblems()
        XCTAssertEqual(problems.count, 1)
        XCTAssertEqual(problems.first?.level, .critical)
        XCTAssertEqual(problems.first?.text, "deliberate critical for the harness test")
    }
}
