import Gtk
import GtkTestSupport
import LightboxKit
import XCTest

/// A list whose selection follows the keyboard focus (`selectionFollowsFocus`): the focus
/// moving onto an item selects it, focus coming in from outside lands on the selection, and
/// selecting from code takes the focus along.
final class SelectionFollowsFocusTests: GtkTestCase {
    private func showList(_ source: ArrayDataSource<Contact>, besides other: Widget) -> Window {
        let scrolled = ScrolledWindow()
        scrolled.child = source.makeListView(selection: .multiple, selectionFollowsFocus: true)
        scrolled.verticalExpand = true
        let box = Box(orientation: .vertical)
        box.append(other)
        box.append(scrolled)
        let window = Window()
        window.setDefaultSize(width: 300, height: 400)
        window.child = box
        show(window)
        pump(until: { source.boundRowCount > 0 }, "rows to bind")
        return window
    }

    private func makeSource() -> ArrayDataSource<Contact> {
        let source = ArrayDataSource((0..<20).map { Contact(id: $0, title: "Name \($0)") })
        source.register(TitledRow.self) { row, contact in row.configure(with: contact) }
        return source
    }

    /// What Tab does between rows: the focus goes to the next row's item widget.
    private func moveFocus(to position: Int, in source: ArrayDataSource<Contact>) {
        _ = source.boundRow(at: position)?.parent?.grabFocus()
        pump(until: { source.hasFocus(at: position) }, "item \(position) to have the focus")
    }

    func testTheFocusMovingToAnItemSelectsItAlone() {
        let source = makeSource()
        let window = showList(source, besides: Entry())
        defer { window.destroy() }
        source.select(at: 0)
        moveFocus(to: 0, in: source)
        XCTAssertEqual(source.selectedPositions, [0])

        moveFocus(to: 2, in: source)
        XCTAssertEqual(source.selectedPositions, [2], "the selection went with the focus")
        XCTAssertEqual(source.selectedItems.map(\.title), ["Name 2"])
    }

    func testTheFocusMovingWithinASelectionKeepsIt() {
        let source = makeSource()
        let window = showList(source, besides: Entry())
        defer { window.destroy() }
        moveFocus(to: 1, in: source)
        source.select(positions: 1..<4)
        moveFocus(to: 3, in: source)
        XCTAssertEqual(source.selectedPositions, [1, 2, 3], "the focused item is part of the selection already")
    }

    func testFocusComingFromOutsideLandsOnTheSelection() {
        let source = makeSource()
        let entry = Entry()
        let window = showList(source, besides: entry)
        defer { window.destroy() }
        source.select(at: 5)
        _ = entry.grabFocus()
        pump(until: { entry.stateFlags.contains(.focusWithin) }, "the entry to have the focus")

        _ = source.boundRow(at: 0)?.parent?.grabFocus()  // as Down or Tab from the entry lands
        pump(until: { source.hasFocus(at: 5) }, "the focus to go on to the selected item")
        XCTAssertEqual(source.selectedPositions, [5], "the selection stays")
    }

    func testFocusComingFromOutsideSelectsTheItemWhenNothingIsSelected() {
        let source = makeSource()
        let entry = Entry()
        let window = showList(source, besides: entry)
        defer { window.destroy() }
        _ = entry.grabFocus()
        pump(until: { entry.stateFlags.contains(.focusWithin) }, "the entry to have the focus")

        moveFocus(to: 0, in: source)
        XCTAssertEqual(source.selectedPositions, [0])
    }

    func testSelectingFromCodeTakesTheFocusAlongWhenItIsInTheList() {
        let source = makeSource()
        let window = showList(source, besides: Entry())
        defer { window.destroy() }
        source.select(at: 0)
        moveFocus(to: 0, in: source)
        source.select(at: 4)
        pump(until: { source.hasFocus(at: 4) }, "the focus to follow the selection")
        XCTAssertEqual(source.selectedPositions, [4])

        // A removed focused item: the item selected in its place gets the focus.
        source.setItems(source.items.filter { $0.id != 4 })
        source.select(at: 4)
        pump(until: { source.hasFocus(at: 4) }, "the focus to go to the item now at 4")
        XCTAssertEqual(source.selectedItems.map(\.title), ["Name 5"])
    }

    func testWithNothingSelectedTheFocusedItemIsWhatCommandsActOn() {
        let source = makeSource()
        let window = showList(source, besides: Entry())
        defer { window.destroy() }
        moveFocus(to: 3, in: source)
        source.unselectAll()  // as Ctrl+click on the only selected item
        XCTAssertEqual(source.selectedItems.map(\.title), [])
        XCTAssertEqual(source.focusedPosition, 3)
        XCTAssertEqual(source.selectedOrFocusedItems.map(\.title), ["Name 3"])
        source.select(positions: 5..<7)
        XCTAssertEqual(source.selectedOrFocusedItems.map(\.title), ["Name 5", "Name 6"], "a selection is what they act on")
    }

    func testAMenuClosedWithoutChoosingGivesTheFocusBackToWhereItWas() {
        let source = makeSource()
        let menu = Menu()
        menu.append("Nothing", action: "win.nothing")
        let button = MenuButton(iconName: "open-menu-symbolic", menu: menu)
        button.returnsFocusWhenClosed()
        let window = showList(source, besides: button)
        defer { window.destroy() }
        source.select(at: 2)
        moveFocus(to: 2, in: source)
        _ = button.grabFocus()  // as F10 does before it opens the menu
        button.popup()
        pump(until: { button.popover?.isVisible == true }, "the menu to open")
        button.popdown()
        pump(until: { source.hasFocus(at: 2) }, "the focus to go back to the item")
        XCTAssertEqual(source.selectedPositions, [2])
    }
}
