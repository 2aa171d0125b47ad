import Foundation
import Gtk
import GtkTestSupport
import LightboxKit
import XCTest

final class ContactDelegate: ListSelectionDelegate {
    var selections: [[Contact]] = []
    var activated: [(Contact, Int)] = []
    func listDidChangeSelection(_ items: [Contact]) { selections.append(items) }
    func listDidActivate(_ item: Contact, at position: Int) { activated.append((item, position)) }
}

/// A row that counts how many were built.
final class CountingRow: ListRowView {
    static var made = 0
    let label = Label()
    required init() {
        super.init()
        Self.made += 1
        contentView.append(label)
    }
}

final class ArrayDataSourceTests: GtkTestCase {
    @MainActor
    private func showList(
        _ source: ArrayDataSource<Contact>, selection: SelectionMode = .single,
        grid: Bool = false
    ) -> ListBase {
        let view: ListBase = grid ? source.makeGridView(selection: selection) : source.makeListView(selection: selection)
        let scrolled = ScrolledWindow()
        scrolled.child = view
        let window = Window()
        window.setDefaultSize(width: 400, height: 600)
        window.child = scrolled
        show(window)
        pump(until: { source.boundRowCount > 0 || source.count == 0 }, "rows to bind")
        return view
    }

    private func contacts(_ count: Int) -> [Contact] {
        (0..<count).map { Contact(id: $0, title: "Name \($0)", subtitle: "Detail \($0)") }
    }

    func testAListInUnderTwentyLinesShowsItsItemsAndReportsTheSelectedItem() {
        let picker = FruitPicker()
        let (window, fruits) = makeFruitWindow(picker: picker)
        show(window)
        pump(until: { fruits.boundRowCount == 2 }, "both rows bound")
        XCTAssertEqual((fruits.boundRow(at: 1) as? TitledRow)?.titleLabel.text, "Pear")
        fruits.select(at: 1)
        XCTAssertEqual(picker.picked.map(\.title), ["Pear"])
    }

    func testSourceIsACollectionAndModelForGtk() {
        let source = ArrayDataSource(contacts(5))
        XCTAssertEqual(source.count, 5)
        XCTAssertEqual(source.model.itemCount, 5)
        XCTAssertEqual(source[2].title, "Name 2")
        XCTAssertEqual(source.map(\.id), [0, 1, 2, 3, 4])
        let object = source.item(at: 3) as Contact
        XCTAssertEqual(object.id, 3)
        let modelItem = source.model.item(at: 4)!
        XCTAssertEqual(source.item(for: modelItem)?.id, 4)
        XCTAssertEqual(source.model.item(at: 4), modelItem, "a live item object is handed out again")
        XCTAssertNil(source.model.item(at: 5), "no item past the end")
    }

    func testRowsShowTheirItemsAndFollowSelectionThemselves() {
        let source = ArrayDataSource(contacts(10))
        source.register(TitledRow.self) { row, contact in row.configure(with: contact) }
        let delegate = ContactDelegate()
        source.delegate = delegate
        _ = showList(source)
        XCTAssertEqual(source.boundRowCount, 10)
        let row = source.boundRow(at: 3) as! TitledRow
        XCTAssertEqual(row.titleLabel.text, "Name 3")
        XCTAssertEqual(row.subtitleLabel.text, "Detail 3")
        XCTAssertFalse(row.highlight.contains(.selected))
        source.select(at: 3)
        XCTAssertTrue(row.highlight.contains(.selected))
        XCTAssertTrue(row.hasCssClass("row-selected"))
        XCTAssertEqual(delegate.selections.last?.map(\.id), [3])
        source.select(at: 4)
        XCTAssertFalse(row.highlight.contains(.selected))
        XCTAssertFalse(row.hasCssClass("row-selected"))
        XCTAssertTrue(source.boundRow(at: 4)!.highlight.contains(.selected))
    }

    func testRowsFollowHoverAndKeyboardFocusThemselves() {
        let source = ArrayDataSource(contacts(5))
        source.register(TitledRow.self) { row, contact in row.configure(with: contact) }
        _ = showList(source)
        let row = source.boundRow(at: 1)!
        XCTAssertEqual(row.highlight, [])
        row.setStateFlags(.prelight, clear: false)
        XCTAssertEqual(row.highlight, [.hovered])
        XCTAssertTrue(row.hasCssClass("row-hovered"))
        row.unsetStateFlags(.prelight)
        XCTAssertFalse(row.hasCssClass("row-hovered"))
        // Keyboard focus lands on GTK's item widget around the row.
        row.parent!.setStateFlags(.focused, clear: false)
        XCTAssertEqual(row.highlight, [.focused])
        XCTAssertTrue(row.hasCssClass("row-focused"))
        row.parent!.unsetStateFlags(.focused)
        XCTAssertEqual(row.highlight, [])
    }

    func testMultipleSelectionReportsEveryItem() {
        let source = ArrayDataSource(contacts(6))
        source.register(TitledRow.self) { row, contact in row.configure(with: contact) }
        let delegate = ContactDelegate()
        source.delegate = delegate
        _ = showList(source, selection: .multiple)
        source.select(at: 1)
        source.select(at: 4, extending: true)
        XCTAssertEqual(delegate.selections.last?.map(\.id), [1, 4])
        XCTAssertEqual(source.selectedItems.map(\.id), [1, 4])
        source.unselectAll()
        XCTAssertEqual(delegate.selections.last?.count, 0)
    }

    func testActivationReportsTheItem() {
        let source = ArrayDataSource(contacts(6))
        source.register(TitledRow.self) { row, contact in row.configure(with: contact) }
        let delegate = ContactDelegate()
        source.delegate = delegate
        let view = showList(source)
        // What Enter or a double click on an item does.
        XCTAssertTrue(view.activateAction("list.activate-item", parameter: Variant(UInt32(2))))
        XCTAssertEqual(delegate.activated.map(\.0.id), [2])
        XCTAssertEqual(delegate.activated.map(\.1), [2])
    }

    func testDelegateIsHeldWeakly() {
        let source = ArrayDataSource(contacts(3))
        var delegate: ContactDelegate? = ContactDelegate()
        weak let weakDelegate = delegate
        source.delegate = delegate
        delegate = nil
        XCTAssertNil(weakDelegate)
        XCTAssertNil(source.delegate)
    }

    func testProgrammaticSelectionScrollsTheItemIntoView() {
        let source = ArrayDataSource(contacts(2_000))
        source.register(TitledRow.self) { row, contact in row.configure(with: contact) }
        _ = showList(source)
        XCTAssertNil(source.boundRow(at: 1_500))
        XCTAssertTrue(source.select(id: 1_500))
        pump(until: { source.boundRow(at: 1_500)?.isMapped == true }, "row 1500 on screen")
        XCTAssertTrue(source.boundRow(at: 1_500)?.highlight.contains(.selected) == true)
    }

    func testScrollingToAnItemShowsItWithoutSelectingIt() {
        let source = ArrayDataSource(contacts(2_000))
        source.register(TitledRow.self) { row, contact in row.configure(with: contact) }
        _ = showList(source)
        XCTAssertNil(source.boundRow(at: 1_500))
        source.scroll(to: 1_500)
        pump(until: { source.boundRow(at: 1_500) != nil }, "the row of item 1,500")
        XCTAssertEqual((source.boundRow(at: 1_500) as? TitledRow)?.titleLabel.text, "Name 1500")
        XCTAssertEqual(source.selectedPositions, [])
        source.scroll(to: 5_000)  // past the end: nothing happens
    }

    func testSameSourceFeedsAGridView() {
        let source = ArrayDataSource(contacts(12))
        source.register(TitledRow.self) { row, contact in row.configure(with: contact) }
        _ = showList(source, grid: true)
        pump(until: { source.boundRowCount == 12 }, "every cell bound")
        XCTAssertEqual((source.boundRow(at: 11) as? TitledRow)?.titleLabel.text, "Name 11")
    }

    func testRowKindsUseTheirOwnRowsAndNeverShowStaleFields() {
        var items = contacts(8)
        for index in stride(from: 0, to: 8, by: 2) { items[index].isPair = true }
        let source = ArrayDataSource(items)
        source.kindOfItem = { $0.isPair ? "pair" : .standard }
        source.register(TitledRow.self) { row, contact in row.configure(with: contact) }
        source.register(KeyValueRow.self, kind: "pair") { row, contact in row.configure(with: contact) }
        _ = showList(source)
        XCTAssertTrue(source.boundRow(at: 0) is KeyValueRow)
        XCTAssertTrue(source.boundRow(at: 1) is TitledRow)
        // Switch kinds at a position, many times: never a row of the wrong type, never stale text.
        for round in 0..<20 {
            let position = round % 8
            var contact = source[position]
            contact.isPair.toggle()
            contact.title = "Round \(round)"
            contact.subtitle = contact.isPair ? "value \(round)" : ""
            source.replace(at: position, with: contact)
            pump(until: { source.boundRow(at: position) != nil }, "rebind")
            if contact.isPair {
                let row = source.boundRow(at: position) as? KeyValueRow
                XCTAssertEqual(row?.keyLabel.text, "Round \(round)")
                XCTAssertEqual(row?.valueLabel.text, "value \(round)")
            } else {
                let row = source.boundRow(at: position) as? TitledRow
                XCTAssertEqual(row?.titleLabel.text, "Round \(round)")
                XCTAssertEqual(row?.subtitleLabel.isVisible, false, "no stale subtitle")
            }
        }
        for position in 0..<8 {
            let row = source.boundRow(at: position)
            XCTAssertEqual(row is KeyValueRow, source[position].isPair, "position \(position)")
        }
    }

    func testUnregisteredKindShowsAnErrorRowAndLogsACritical() {
        var items = contacts(3)
        items[1].isPair = true
        let source = ArrayDataSource(items)
        source.unregisteredKindPolicy = .showErrorRow
        source.kindOfItem = { $0.isPair ? "pair" : .standard }
        source.register(TitledRow.self) { row, contact in row.configure(with: contact) }
        _ = showList(source)
        pump(until: { source.boundRowCount == 2 }, "registered rows bound")
        let problems = GLibLog.takeProblems()
        XCTAssertEqual(problems.map(\.level), [.critical])
        XCTAssertEqual(
            problems.first?.text,
            "ArrayDataSource: No row registered for kind \"pair\" (item at position 1)")
    }

    func testContentUpdateRebindsTheVisibleRowInPlace() throws {
        let source = ArrayDataSource(contacts(5))
        var configured: [Int] = []
        source.register(TitledRow.self) { row, contact in
            configured.append(contact.id)
            row.configure(with: contact)
        }
        _ = showList(source)
        let row = source.boundRow(at: 2) as! TitledRow
        let object = source.model.item(at: 2)
        var changed = source.items
        changed[2].title = "Renamed"
        configured = []
        try source.apply(changed)
        XCTAssertTrue(source.boundRow(at: 2) === row, "the same row")
        XCTAssertEqual(row.titleLabel.text, "Renamed")
        XCTAssertEqual(source.model.item(at: 2), object, "the same item object")
        XCTAssertEqual(configured.filter { $0 == 2 }.count, 1, "configured once, not twice")
    }

    func testABatchUpdateKeepsAMultipleSelectionAndConfiguresEachRowOnce() {
        let source = ArrayDataSource(contacts(8))
        var configured: [Int] = []
        source.register(TitledRow.self) { row, contact in
            configured.append(contact.id)
            row.configure(with: contact)
        }
        let delegate = ContactDelegate()
        source.delegate = delegate
        _ = showList(source, selection: .multiple)
        source.select(at: 1)
        source.select(at: 2, extending: true)
        source.select(at: 5, extending: true)
        let reports = delegate.selections.count
        let object = source.model.item(at: 2)
        configured = []
        var updates: [Int: Contact] = [:]
        for position in [1, 2, 5] {
            var contact = source[position]
            contact.title = "Renamed \(position)"
            updates[position] = contact
        }
        source.update(updates)
        XCTAssertEqual(source.selectedPositions, [1, 2, 5])
        XCTAssertEqual(delegate.selections.count, reports, "the selection did not change")
        XCTAssertEqual((source.boundRow(at: 5) as? TitledRow)?.titleLabel.text, "Renamed 5")
        XCTAssertEqual(source.model.item(at: 2), object, "the same item object")
        XCTAssertEqual(configured.sorted(), [1, 2, 5], "each updated row configured once")
        configured = []
        var more = source.items
        more[2].title = "Again"
        try! source.apply(more)
        XCTAssertEqual(configured, [2], "apply")
        configured = []
        source.update([3: source[3]])
        XCTAssertEqual(configured, [3], "one")
        // An edited copy of the items, taken as it is.
        configured = []
        var edited = source.items
        edited[1].title = "Taken 1"
        edited[5].title = "Taken 5"
        source.update(positions: [1, 5], in: edited)
        XCTAssertEqual(source.items, edited)
        XCTAssertEqual(configured.sorted(), [1, 5], "the positions given, once each")
        XCTAssertEqual((source.boundRow(at: 5) as? TitledRow)?.titleLabel.text, "Taken 5")
        XCTAssertEqual(source.selectedPositions, [1, 2, 5])
        XCTAssertEqual(source.model.item(at: 2), object, "still the same item object")
    }

    func testNarrowingAShownListShowsTheRemainingItemsInTheRowsItHadAndWideningReusesTheRest() throws {
        let source = ArrayDataSource(contacts(5_000))
        source.register(CountingRow.self) { row, contact in row.label.text = contact.title }
        _ = showList(source)
        let rowsBefore = CountingRow.made
        XCTAssertGreaterThan(rowsBefore, 20, "GTK keeps rows beyond the visible ones")
        // A search keeping one item in fifty: the rows GTK had show the 100 that remain.
        try source.apply(source.items.filter { $0.id % 50 == 7 })
        pump(until: { source.boundRowCount == 100 }, "the remaining items bound")
        XCTAssertEqual(CountingRow.made, rowsBefore, "no row built")
        for position in [0, 1, 50, 99] {
            XCTAssertEqual((source.boundRow(at: position) as? CountingRow)?.label.text, "Name \(position * 50 + 7)")
            XCTAssertEqual(source.model.item(at: position).flatMap(source.item(for:))?.id, position * 50 + 7)
        }
        // Widening again (items inserted) still shows each item in its place.
        try source.apply(contacts(300))
        // Rows more than a screenful away are configured once the list is still: wait for row 57.
        pump(until: { source.boundRow(at: 8) != nil && source.boundRow(at: 57) != nil }, "rows bound again")
        XCTAssertEqual(CountingRow.made, rowsBefore, "the rows GTK let go were used again")
        XCTAssertEqual((source.boundRow(at: 8) as? CountingRow)?.label.text, "Name 8")
        XCTAssertEqual((source.boundRow(at: 57) as? CountingRow)?.label.text, "Name 57")
    }

    func testSelectionFollowsTheSelectedIdAcrossApply() throws {
        let source = ArrayDataSource(contacts(10))
        source.register(TitledRow.self) { row, contact in row.configure(with: contact) }
        let delegate = ContactDelegate()
        source.delegate = delegate
        _ = showList(source)
        source.select(at: 7)
        var reordered = Array(source.items.reversed())
        reordered.removeAll { $0.id == 2 }
        delegate.selections = []
        try source.apply(reordered)
        XCTAssertEqual(source.selectedItems.map(\.id), [7])
        XCTAssertEqual(source.selectedPositions, [reordered.firstIndex { $0.id == 7 }!])
        XCTAssertTrue(delegate.selections.isEmpty, "the selected item did not change")
        try source.apply(reordered.filter { $0.id != 7 })
        XCTAssertEqual(source.selectedItems.count, 0)
        XCTAssertEqual(delegate.selections.last?.count, 0, "losing the selected item is reported")
    }

    func testDuplicateIdsAreAClearErrorAndChangeNothing() {
        let source = ArrayDataSource(contacts(4))
        var duplicated = contacts(4)
        duplicated.append(Contact(id: 1, title: "again"))
        do {
            try source.apply(duplicated)
            XCTFail("apply accepted duplicate ids")
        } catch {
            XCTAssertEqual(error, .duplicateID(id: "1", positions: [1, 4], inNewItems: true))
            XCTAssertEqual("\(error)", "Duplicate id 1 at positions 1 and 4 of the new items")
        }
        XCTAssertEqual(source.items, contacts(4))
    }

    func testSearchOverAMillionItemsFiltersOffTheMainThread() async throws {
        let source = ArrayDataSource((0..<1_000_000).map { Contact(id: $0, title: "Item \($0)") })
        let query = try ItemQuery(source.items, source: source)
        try await query.search(predicate: { $0.title.hasSuffix("99999") })
        XCTAssertEqual(
            query.source.items.map(\.id),
            [
                99_999, 199_999, 299_999, 399_999, 499_999,
                599_999, 699_999, 799_999, 899_999, 999_999,
            ])
        XCTAssertEqual(query.source.count, 10)
        try await query.search(predicate: nil, order: { $0.id > $1.id })
        XCTAssertEqual(query.source.count, 1_000_000)
        XCTAssertEqual(query.source[0].id, 999_999)
    }
}

final class LazyItemTests: GtkTestCase {
    func testAMillionItemsMakeNoItemObjectsUntilGtkAsksAndFreeThemWhenDropped() {
        let baseline = LazyListModel.liveItemObjects
        let source = ArrayDataSource((0..<1_000_000).map { Contact(id: $0, title: "") })
        XCTAssertEqual(source.model.itemCount, 1_000_000)
        XCTAssertEqual(LazyListModel.liveItemObjects, baseline, "no object per item")
        var held = source.model.item(at: 500_000)
        XCTAssertEqual(LazyListModel.liveItemObjects, baseline + 1)
        XCTAssertEqual(source.model.livePositions, [500_000])
        source.insert(Contact(id: -1, title: ""), at: 0)
        XCTAssertEqual(source.position(of: held!), 500_001, "a live object follows its item")
        source.remove(at: 500_001)
        XCTAssertNil(source.position(of: held!), "a removed item's object is detached")
        held = nil
        XCTAssertEqual(LazyListModel.liveItemObjects, baseline, "freed when dropped")
        XCTAssertEqual(source.model.livePositions, [])
    }

    func testItemObjectsMayOutliveTheirSource() {
        let baseline = LazyListModel.liveItemObjects
        var source: ArrayDataSource<Contact>? = ArrayDataSource([Contact(id: 1, title: "kept")])
        weak let weakSource = source
        var held = source!.model.item(at: 0)
        source = nil
        XCTAssertNil(weakSource, "the item object does not keep its source alive")
        XCTAssertNotNil(held)
        XCTAssertEqual(LazyListModel.liveItemObjects, baseline + 1, "the object outlives its source")
        held = nil
        XCTAssertEqual(LazyListModel.liveItemObjects, baseline, "and is freed when dropped")
    }
}

/// Lets a background thread stop at a point until the test opens the gate.
private final class Gate: @unchecked Sendable {
    private let lock = NSLock()
    private let semaphore = DispatchSemaphore(value: 0)
    private var arrived = false

    var hasArrived: Bool { lock.withLock { arrived } }

    func arriveAndWait() {
        lock.withLock { arrived = true }
        semaphore.wait()
    }

    func open() { semaphore.signal() }
}

final class ItemQueryTests: GtkTestCase {
    func testSortAndFilterOnTheMainThreadEmitMinimalChanges() throws {
        let source = ArrayDataSource<Contact>()
        let query = try ItemQuery((0..<10).map { Contact(id: $0, title: "\(9 - $0)") }, source: source)
        var splices = 0
        source.model.onItemsChanged { _, _, _ in splices += 1 }
        try query.update(predicate: { $0.id % 2 == 0 }, order: nil)
        XCTAssertEqual(source.items.map(\.id), [0, 2, 4, 6, 8])
        XCTAssertEqual(splices, 5, "one removal per odd item, nothing else")
        splices = 0
        try query.update(predicate: { $0.id % 2 == 0 }, order: { $0.title < $1.title })
        XCTAssertEqual(source.items.map(\.id), [8, 6, 4, 2, 0])
        XCTAssertEqual(splices, 2, "a reversal of five: four moves, coalesced into one removal and one insertion run")
        try query.setAll((0..<4).map { Contact(id: $0, title: "\($0)") })
        XCTAssertEqual(source.items.map(\.id), [0, 2], "new items, same filter and order")
    }

    func testSearchFinishingAfterTheSourceChangedStillShowsItsResult() async throws {
        let (ids, gtkCount) = try await searchWhileTheSourceChanges()
        XCTAssertEqual(ids, [0, 3, 6, 9])
        XCTAssertEqual(gtkCount, 4, "GTK sees the same number of items")
    }

    @MainActor
    private func searchWhileTheSourceChanges() async throws -> ([Int], Int) {
        let source = ArrayDataSource<Contact>()
        let query = try ItemQuery((0..<10).map { Contact(id: $0, title: "\($0)") }, source: source)
        // The background filter waits at a gate until the source has changed under it.
        let gate = Gate()
        let search = Task { @MainActor in
            try await query.search(predicate: { contact in
                if contact.id == 0 { gate.arriveAndWait() }
                return contact.id % 3 == 0
            })
        }
        while !gate.hasArrived { await Task.yield() }
        source.append(Contact(id: 99, title: "added meanwhile"))
        gate.open()
        try await search.value
        return (source.items.map(\.id), source.model.itemCount)
    }

    func testDuplicateIdsAreRefused() {
        let source = ArrayDataSource<Contact>()
        do {
            _ = try ItemQuery([Contact(id: 1, title: "a"), Contact(id: 1, title: "b")], source: source)
            XCTFail("duplicate ids accepted")
        } catch {
            XCTAssertEqual(error, .duplicateID(id: "1", positions: [0, 1], inNewItems: true))
        }
        XCTAssertTrue(source.items.isEmpty)
    }
}
