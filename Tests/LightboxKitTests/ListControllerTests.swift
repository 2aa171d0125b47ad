import Gtk
import GtkTestSupport
import LightboxKit
import XCTest

/// A list controller's view scrolls: an adopter gets a usable long list without
/// wrapping anything.
final class ListControllerTests: GtkTestCase {
    func testTheListScrollsByDefault() {
        let source = ArrayDataSource((0..<1_000).map { Contact(id: $0, title: "Name \($0)") })
        source.register(TitledRow.self) { row, contact in row.configure(with: contact) }
        let controller = ListController(source: source, sidebar: true)
        let window = Window()
        window.setDefaultSize(width: 300, height: 400)
        window.child = controller.view
        show(window)
        defer { window.destroy() }
        let view = controller.view as! ScrollingListView
        pump(until: { view.maximumVerticalOffset > 0 }, "the list to be taller than the window")
        XCTAssertLessThanOrEqual(view.height, 400, "the window keeps its height: the list scrolls inside it")
        XCTAssertTrue(view.list.hasCssClass("navigation-sidebar"))
        XCTAssertNil(source.boundRow(at: 900))
        source.scroll(to: 900)
        pump(until: { view.verticalOffset > 0 && source.boundRow(at: 900) != nil }, "item 900 scrolled into view")
        XCTAssertEqual((source.boundRow(at: 900) as? TitledRow)?.titleLabel.text, "Name 900")
    }
}
