import GtkTestSupport
import XCTest

@testable import Gtk

/// GTK 4.8 asks the display where the pointer is on every tooltip set; the bindings set a
/// tooltip only when it changes.
final class TooltipTests: GtkTestCase {
    func testTheSameTooltipSetAgainIsNotSetAgain() {
        let button = Button(label: "Rate")
        var changes = 0
        button.onNotifyTooltip { changes += 1 }
        button.tooltip = "Rate 3 stars"
        button.tooltip = "Rate 3 stars"
        XCTAssertEqual(changes, 1)
        button.tooltip = "Rate 4 stars"
        XCTAssertEqual(changes, 2)
        XCTAssertEqual(button.tooltip, "Rate 4 stars")
        button.tooltip = nil
        button.tooltip = nil
        XCTAssertEqual(changes, 3)
        XCTAssertNil(button.tooltip)
    }

    func testTheSameTooltipMarkupSetAgainIsNotSetAgain() {
        let label = Label("Norway")
        var changes = 0
        label.onNotifyTooltipMarkup { changes += 1 }
        label.tooltipMarkup = "<b>Norway</b>, 12 photos"
        label.tooltipMarkup = "<b>Norway</b>, 12 photos"
        XCTAssertEqual(changes, 1)
        XCTAssertEqual(label.tooltip, "Norway, 12 photos", "the text GTK shows without the markup")
        label.tooltipMarkup = "<b>Norway</b>, 13 photos"
        XCTAssertEqual(changes, 2)
    }
}
