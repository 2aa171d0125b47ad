import Gtk
import GtkTestSupport
import LightboxKit
import XCTest

/// A grid cell: a fixed 100×60 tile with the title.
final class TileCell: ListRowView {
    let label = Label()
    required init() {
        super.init()
        setSizeRequest(width: 100, height: 60)
        contentView.append(label)
    }
}

/// One source shown as a list or as a grid (`registerGridCell`, `switchView(to:)`).
final class GridViewTests: GtkTestCase {
    private func contacts(_ count: Int) -> [Contact] {
        (0..<count).map { Contact(id: $0, title: "Name \($0)", subtitle: "Detail \($0)") }
    }

    /// A window with the list and the grid in a stack (the grid hidden), as an app switches them.
    private var columns: GridColumnFitting?

    private func listAndGrid(_ source: ArrayDataSource<Contact>) -> (list: ListView, grid: GridView, stack: Stack) {
        let list = source.makeListView(selection: .multiple)
        let grid = source.makeGridView(sharingSelectionWith: list)
        let stack = Stack()
        for (view, name) in [(list as ListBase, "list"), (grid, "grid")] {
            let scrolled = ScrolledWindow()
            scrolled.child = view
            stack.add(scrolled, name: name)
        }
        columns = grid.fitsColumns { 100 }
        let window = Window()
        window.setDefaultSize(width: 430, height: 400)
        window.child = stack
        show(window)
        pump(until: { source.boundRowCount > 0 }, "rows to bind")
        return (list, grid, stack)
    }

    private func makeSource(_ count: Int) -> ArrayDataSource<Contact> {
        let source = ArrayDataSource(contacts(count))
        source.register(TitledRow.self) { row, contact in row.configure(with: contact) }
        source.registerGridCell(TileCell.self) { cell, contact in cell.label.text = contact.title }
        return source
    }

    func testGridShowsItsOwnCellsAndTheListItsRows() {
        let source = makeSource(6)
        let grid = source.makeGridView(selection: .single)
        let window = Window()
        window.setDefaultSize(width: 400, height: 300)
        window.child = grid
        show(window)
        pump(until: { source.boundRowCount == 6 }, "six cells bound")
        XCTAssertEqual((source.boundRow(at: 4) as? TileCell)?.label.text, "Name 4")
        XCTAssertNil(source.boundRow(at: 4) as? TitledRow)
    }

    func testGridWithoutCellsShowsTheListRows() {
        let source = ArrayDataSource(contacts(3))
        source.register(TitledRow.self) { row, contact in row.configure(with: contact) }
        let grid = source.makeGridView()
        let window = Window()
        window.child = grid
        show(window)
        pump(until: { source.boundRowCount == 3 }, "three rows bound")
        XCTAssertEqual((source.boundRow(at: 2) as? TitledRow)?.titleLabel.text, "Name 2")
    }

    func testSwitchingKeepsTheSelectionAndTheFirstVisibleItem() {
        let source = makeSource(500)
        let (list, grid, stack) = listAndGrid(source)
        source.select(positions: 120..<123)
        source.scroll(to: 0)
        source.scroll(to: 125)
        pump(until: { source.firstVisiblePosition.map { $0 <= 118 && $0 > 100 } == true }, "the list scrolled to 125")
        let first = source.firstVisiblePosition!
        source.focus(at: 121)
        XCTAssertTrue(source.hasFocus(at: 121), "the focus on the selected item in the middle of the list")

        source.switchView(to: grid)
        stack.visibleChildName = "grid"
        XCTAssertNil(list.model, "the hidden list keeps no model")
        XCTAssertEqual(source.selectedPositions, [120, 121, 122])
        pump(until: { grid.opacity == 1 && source.boundRow(at: first) is TileCell }, "the grid to show item \(first)")
        pumpUntilPainted(grid)
        let gridFirst = try! XCTUnwrap(source.firstVisiblePosition)
        // Four 100-pixel tiles a row in 430 pixels: the first visible one is on the same grid row.
        XCTAssertTrue((first - 3...first).contains(gridFirst), "grid starts at \(gridFirst), list was at \(first)")
        XCTAssertEqual(source.selectedItems.map(\.title), ["Name 120", "Name 121", "Name 122"])
        XCTAssertTrue(source.hasFocus(at: 121), "the keyboard focus stays on the photo it was on")
        XCTAssertTrue(source.boundRow(at: 121)!.highlight.contains(.selected))
        // The columns follow the grid's width once it is laid out at it (a loaded machine may
        // paint a frame first).
        pump(until: { grid.maxColumns == 4 }, "four 100-pixel cells a row in 430 pixels")
        XCTAssertLessThan(source.boundRowCount, 130, "30 rows of 4 cells and a few more are bound, not 20 × 30")

        source.switchView(to: list)
        stack.visibleChildName = "list"
        XCTAssertNil(grid.model)
        pump(until: { list.opacity == 1 && source.boundRow(at: gridFirst) is TitledRow }, "the list to show item \(gridFirst)")
        pumpUntilPainted(list)
        let back = try! XCTUnwrap(source.firstVisiblePosition)
        XCTAssertTrue((gridFirst - 12...gridFirst).contains(back), "list starts at \(back), grid was at \(gridFirst)")
        XCTAssertEqual(source.selectedPositions, [120, 121, 122])
    }

    func testSelectionInTheGridReachesTheDelegateWithItems() {
        let source = makeSource(40)
        let (_, grid, stack) = listAndGrid(source)
        let delegate = ContactDelegate()
        source.delegate = delegate
        source.switchView(to: grid)
        stack.visibleChildName = "grid"
        pump(until: { source.boundRowCount > 0 }, "cells to bind")
        source.select(at: 7)
        XCTAssertEqual(delegate.selections.last?.map(\.title), ["Name 7"])
        source.activate(at: 9)
        XCTAssertEqual(delegate.activated.last?.1, 9)
    }

    func testReconfiguringBoundRowsConfiguresTheVisibleOnesAgain() {
        final class Suffix { var text = "" }
        let suffix = Suffix()
        let source = ArrayDataSource(contacts(5))
        source.register(TitledRow.self) { row, contact in row.configure(with: Contact(id: contact.id, title: contact.title + suffix.text)) }
        let list = source.makeListView()
        let window = Window()
        window.child = list
        show(window)
        pump(until: { source.boundRowCount == 5 }, "five rows bound")
        suffix.text = " (large)"
        source.reconfigureBoundRows()
        XCTAssertEqual((source.boundRow(at: 3) as? TitledRow)?.titleLabel.text, "Name 3 (large)")
    }
}
