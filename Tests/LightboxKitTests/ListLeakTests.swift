import Gtk
import GtkTestSupport
import LightboxKit
import XCTest

/// Many setup/bind/unbind/teardown cycles and source create/drop cycles leave no
/// live item objects, rows or closure boxes behind.
final class ListLeakTests: GtkTestCase {
    func testTenThousandRowCyclesLeaveNothingAlive() {
        let window = Window()
        window.setDefaultSize(width: 300, height: 2_000)
        show(window)
        let objects = Object.liveCount
        let boxes = SignalDiagnostics.liveHandlerBoxes
        let items = LazyListModel.liveItemObjects
        var binds = 0
        var unbinds = 0
        final class CountingSource: ArrayDataSource<Contact> {
            var onBind: () -> Void = {}
            var onUnbind: () -> Void = {}
            override func bind(row: ListRowView, item: Contact, at position: Int) { onBind() }
            override func unbind(row: ListRowView) { onUnbind() }
        }
        for cycle in 0..<200 {
            let source = CountingSource((0..<50).map { Contact(id: $0, title: "\(cycle).\($0)") })
            source.register(TitledRow.self) { row, contact in row.configure(with: contact) }
            source.onBind = { binds += 1 }
            source.onUnbind = { unbinds += 1 }
            window.child = source.makeListView()
            pump(until: { source.boundRowCount == 50 }, "50 rows bound")
            window.child = nil
            MainLoop.drain()
        }
        XCTAssertEqual(binds, 10_000)
        XCTAssertEqual(unbinds, binds, "every bind is balanced by an unbind")
        XCTAssertEqual(LazyListModel.liveItemObjects, items, "item objects")
        XCTAssertEqual(SignalDiagnostics.liveHandlerBoxes, boxes, "closure boxes")
        XCTAssertEqual(Object.liveCount, objects, "rows and other wrappers")
    }

    func testThousandSourceCreateDropCyclesLeaveNothingAlive() {
        let objects = Object.liveCount
        let boxes = SignalDiagnostics.liveHandlerBoxes
        let items = LazyListModel.liveItemObjects
        var observers: [FinalizationObserver] = []
        for cycle in 0..<1_000 {
            let source = ArrayDataSource((0..<100).map { Contact(id: $0, title: "\(cycle)") })
            source.register(TitledRow.self) { row, contact in row.configure(with: contact) }
            let held = (0..<10).compactMap { source.model.item(at: $0 * 10) }
            let selection = SingleSelection(source.model)
            selection.selectedPosition = 3
            try? source.apply(Array(source.items.reversed()))
            XCTAssertEqual(held.count, 10)
            if cycle % 100 == 0 { observers.append(FinalizationObserver(source.model)) }
        }
        XCTAssertEqual(LazyListModel.liveItemObjects, items, "item objects")
        XCTAssertEqual(SignalDiagnostics.liveHandlerBoxes, boxes, "closure boxes")
        XCTAssertEqual(Object.liveCount, objects, "wrappers")
        XCTAssertTrue(observers.allSatisfy(\.isFinalized), "every GListModel finalized")
    }
}
