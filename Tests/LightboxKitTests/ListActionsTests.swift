import Gtk
import GtkTestSupport
import LightboxKit
import XCTest

/// A row that records its reuse.
final class ReuseCountingRow: ListRowView {
    static var prepared: [String] = []
    let label = Label()
    private(set) var title = ""
    required init() {
        super.init()
        contentView.append(label)
    }
    func configure(with contact: Contact) {
        title = contact.title
        label.text = contact.title
    }
    override func prepareForReuse() { Self.prepared.append(title) }
}

/// A row that shows one label instead of the content view.
final class WholeLabelRow: ListRowView {
    let label = Label()
    required init() {
        super.init()
        child = label
    }
}

/// What an adopter does to a list without touching GTK: focus, activate, scroll,
/// selection and activation closures, row reuse.
final class ListActionsTests: GtkTestCase {
    private func showList(_ source: ArrayDataSource<Contact>, besides other: Widget? = nil) -> Window {
        let scrolled = ScrolledWindow()
        scrolled.child = source.makeListView()
        scrolled.verticalExpand = true
        let box = Box(orientation: .vertical)
        if let other { box.append(other) }
        box.append(scrolled)
        let window = Window()
        window.setDefaultSize(width: 300, height: 400)
        window.child = box
        show(window)
        pump(until: { source.boundRowCount > 0 }, "rows to bind")
        return window
    }

    private func contacts(_ count: Int) -> [Contact] {
        (0..<count).map { Contact(id: $0, title: "Name \($0)") }
    }

    func testFocusAtMovesTheKeyboardFocusFromOutsideTheList() {
        let source = ArrayDataSource(contacts(20))
        source.register(TitledRow.self) { row, contact in row.configure(with: contact) }
        let entry = SearchEntry()
        let window = showList(source, besides: entry)
        defer { window.destroy() }
        entry.grabFocus()
        pump(until: { entry.hasFocus || window.focusWidget?.parent === entry }, "the entry to have focus")
        XCTAssertFalse(source.hasFocus(at: 3))
        source.focus(at: 3)
        pump(until: { source.hasFocus(at: 3) }, "item 3 to have the focus")
        XCTAssertFalse(source.hasFocus(at: 2))
    }

    func testActivateAtReachesTheClosureAndTheDelegate() {
        let source = ArrayDataSource(contacts(5))
        source.register(TitledRow.self) { row, contact in row.configure(with: contact) }
        let delegate = ContactDelegate()
        source.delegate = delegate
        var activated: [String] = []
        source.onActivate = { contact, position in activated.append("\(contact.title) at \(position)") }
        let window = showList(source)
        defer { window.destroy() }
        source.activate(at: 2)
        XCTAssertEqual(activated, ["Name 2 at 2"])
        XCTAssertEqual(delegate.activated.map(\.0.title), ["Name 2"])
        source.activate(at: 9)  // no such item: nothing happens
        XCTAssertEqual(activated, ["Name 2 at 2"])
    }

    func testSelectionClosureGetsTheSelectedItems() {
        let source = ArrayDataSource(contacts(5))
        source.register(TitledRow.self) { row, contact in row.configure(with: contact) }
        var selections: [[String]] = []
        source.onSelectionChange = { selections.append($0.map(\.title)) }
        let window = showList(source)
        defer { window.destroy() }
        source.select(at: 1)
        source.select(at: 4)
        source.unselectAll()
        XCTAssertEqual(selections, [["Name 1"], ["Name 4"], []])
    }

    func testRowsArePreparedForReuseWhenTheyStopShowingTheirItem() {
        ReuseCountingRow.prepared = []
        let source = ArrayDataSource(contacts(3))
        source.register(ReuseCountingRow.self) { row, contact in row.configure(with: contact) }
        let window = showList(source)
        defer { window.destroy() }
        XCTAssertEqual(ReuseCountingRow.prepared, [])
        source.remove(at: 1)
        pump(until: { ReuseCountingRow.prepared.contains("Name 1") }, "the removed item's row to be prepared for reuse")
        XCTAssertFalse(ReuseCountingRow.prepared.contains("Name 0"), "a row still showing its item was prepared for reuse")
        XCTAssertEqual((source.boundRow(at: 1) as? ReuseCountingRow)?.label.text, "Name 2")
    }

    func testARowFillsItsContentAreaOrReplacesIt() {
        let source = ArrayDataSource(contacts(2))
        source.register(WholeLabelRow.self) { row, contact in row.label.text = contact.title }
        let window = showList(source)
        defer { window.destroy() }
        let row = source.boundRow(at: 1) as! WholeLabelRow
        XCTAssertEqual(row.children.count, 1)
        XCTAssertTrue(row.children.first === row.label)
        XCTAssertEqual(row.label.text, "Name 1")
        XCTAssertEqual(row.label.width, row.width, "the row's one child fills it")
        XCTAssertGreaterThan(row.width, 200)

        let titled = ArrayDataSource(contacts(1))
        titled.register(TitledRow.self) { row, contact in row.configure(with: contact) }
        let other = showList(titled)
        defer { other.destroy() }
        let titledRow = titled.boundRow(at: 0) as! TitledRow
        XCTAssertTrue(titledRow.children.first === titledRow.contentView)
        XCTAssertEqual(titledRow.contentView.width, titledRow.width)
    }
}
