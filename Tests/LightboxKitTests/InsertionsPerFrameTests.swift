import Gtk
import GtkTestSupport
import LightboxKit
import XCTest

/// `insertionsPerFrame`: many items inserted next to the rows a view has are shown a few a
/// frame, and what GTK sees stays consistent meanwhile.
final class InsertionsPerFrameTests: GtkTestCase {
    /// A shown list over `source`, and a counter of the frames drawn since.
    @MainActor
    private final class ShownList {
        let window = Window()
        let view: ListView
        var frames = 0
        /// Rows built in each frame so far (by `CountingRow`).
        var rowsBuiltPerFrame: [Int] = []

        init(_ source: ArrayDataSource<Contact>) {
            view = source.makeListView(selection: .single)
            let scrolled = ScrolledWindow()
            scrolled.child = view
            window.setDefaultSize(width: 400, height: 600)
            window.child = scrolled
            show(window)
            var built = CountingRow.made
            window.addTickCallback { [weak self] _ in
                guard let self else { return false }
                frames += 1
                rowsBuiltPerFrame.append(CountingRow.made - built)
                built = CountingRow.made
                return true
            }
        }

        /// Runs the main loop until `count` more frames were drawn.
        func waitFrames(_ count: Int) {
            let target = frames + count
            pump(until: { self.frames >= target }, "\(count) frames")
        }
    }

    /// Rebuilds what GTK sees from the splices, reading the source when each is emitted.
    @MainActor
    private final class Mirror {
        var ids: [Int]
        init(_ source: ArrayDataSource<Contact>) {
            ids = source.items.map(\.id)
            source.model.onItemsChanged(owner: self) { [unowned self, unowned source] position, removed, added in
                ids.replaceSubrange(
                    position..<position + removed,
                    with: (position..<position + added).map { source.item(at: $0).id })
            }
        }
    }

    private func contacts(_ ids: some Sequence<Int>) -> [Contact] {
        ids.map { Contact(id: $0, title: "Name \($0)") }
    }

    @MainActor
    private func source(_ items: [Contact], perFrame: Int) -> ArrayDataSource<Contact> {
        let source = ArrayDataSource(items)
        source.register(CountingRow.self) { row, contact in row.label.text = contact.title }
        source.insertionsPerFrame = perFrame
        return source
    }

    /// What GTK's model hands out, position by position.
    @MainActor
    private func shownIDs(_ source: ArrayDataSource<Contact>) -> [Int] {
        (0..<source.count).map { source.model.item(at: $0).flatMap(source.item(for:))?.id ?? -1 }
    }

    func testItemsInsertedIntoAnEmptyListArriveAFewAFrameWithTheirRows() throws {
        let source = source([], perFrame: 10)
        let list = ShownList(source)
        try source.apply(contacts(0..<500))
        XCTAssertEqual(source.items.count, 500, "items is the new array at once")
        XCTAssertEqual(source.count, 10, "the view got the first ten")
        XCTAssertTrue(source.hasPendingChange)
        XCTAssertEqual(shownIDs(source), Array(0..<10))
        pump(until: { !source.hasPendingChange }, "the rest to be shown")
        XCTAssertEqual(source.count, 500)
        XCTAssertEqual(shownIDs(source), Array(0..<500))
        XCTAssertEqual((source.boundRow(at: 0) as? CountingRow)?.label.text, "Name 0")
        XCTAssertEqual((source.boundRow(at: 57) as? CountingRow)?.label.text, "Name 57")
        XCTAssertGreaterThan(list.rowsBuiltPerFrame.reduce(0, +), 10, "rows were built over several frames")
        XCTAssertLessThanOrEqual(list.rowsBuiltPerFrame.max() ?? 0, 10, "at most ten rows a frame")
        XCTAssertGreaterThan(source.boundRowCount, 50, "GTK still keeps rows beyond the visible ones")
    }

    func testSetItemsOnAShownListArrivesAFewAFrameToo() {
        let source = source(contacts(0..<3), perFrame: 10)
        let list = ShownList(source)
        source.setItems(contacts(100..<400))
        XCTAssertEqual(source.count, 10)
        XCTAssertEqual(shownIDs(source), Array(100..<110))
        pump(until: { !source.hasPendingChange }, "the rest to be shown")
        XCTAssertEqual(shownIDs(source), Array(100..<400))
        XCTAssertGreaterThan(list.rowsBuiltPerFrame.reduce(0, +), 10, "rows were built over several frames")
        XCTAssertLessThanOrEqual(list.rowsBuiltPerFrame.max() ?? 0, 10)
    }

    func testInsertionsAwayFromTheRowsAreShownAtOnce() throws {
        let source = source(contacts(0..<2_000), perFrame: 10)
        _ = ShownList(source)
        // The view shows the top: 500 items at the end and 30 at 1,000 get no row.
        var new = contacts(0..<2_000) + contacts(5_000..<5_500)
        new.insert(contentsOf: contacts(9_000..<9_030), at: 1_000)
        try source.apply(new)
        XCTAssertFalse(source.hasPendingChange)
        XCTAssertEqual(shownIDs(source), new.map(\.id))
    }

    func testAChangeMadeWhileOneIsShownInStepsWaitsForIt() throws {
        let source = source([], perFrame: 10)
        let list = ShownList(source)
        let mirror = Mirror(source)
        try source.apply(contacts(0..<300))
        list.waitFrames(2)
        XCTAssertTrue(source.hasPendingChange)
        let shownBefore = source.count
        // Every other item removed, a new one in front: applies to all 300.
        let next = contacts([-1]) + contacts(stride(from: 0, to: 300, by: 2))
        try source.apply(next)
        XCTAssertEqual(source.items, next, "items is the new array at once")
        XCTAssertEqual(source.count, shownBefore, "the view still gets the first change")
        XCTAssertEqual(mirror.ids, shownIDs(source))
        pump(until: { !source.hasPendingChange }, "both changes to be shown")
        XCTAssertEqual(shownIDs(source), next.map(\.id))
        XCTAssertEqual(mirror.ids, next.map(\.id), "every splice read what GTK saw")
        XCTAssertLessThanOrEqual(list.rowsBuiltPerFrame.max() ?? 0, 10, "never more than ten rows a frame")
        // A plain mutation shows the pending change and the one waiting at once first.
        try source.apply(next + contacts(1_000..<1_300))
        try source.apply(contacts(2_000..<2_300))
        XCTAssertTrue(source.hasPendingChange)
        source.remove(at: 0)
        XCTAssertFalse(source.hasPendingChange)
        XCTAssertEqual(shownIDs(source), Array(2_001..<2_300))
        XCTAssertEqual(mirror.ids, Array(2_001..<2_300))
    }

    func testWithThreeChangesWaitingTheNextShowsThemAllAtOnce() throws {
        let source = source([], perFrame: 10)
        _ = ShownList(source)
        let mirror = Mirror(source)
        try source.apply(contacts(0..<300))
        for extra in 1...3 {
            try source.apply(contacts(0..<300 + extra))
            XCTAssertEqual(source.count, 10, "change \(extra) waits")
        }
        try source.apply(contacts(0..<400))
        XCTAssertGreaterThanOrEqual(source.count, 303, "the view was given the three waiting changes")
        XCTAssertEqual(mirror.ids, shownIDs(source))
        pump(until: { !source.hasPendingChange }, "the last change to be shown")
        XCTAssertEqual(shownIDs(source), Array(0..<400))
        XCTAssertEqual(mirror.ids, Array(0..<400))
    }

    func testSelectingByIDWhileAChangeIsShownInSteps() throws {
        let source = source([], perFrame: 10)
        _ = ShownList(source)
        let delegate = ContactDelegate()
        source.delegate = delegate
        try source.apply(contacts(0..<300))
        // Already shown: selected where it is, the rest still comes a few a frame.
        XCTAssertTrue(source.select(id: 3))
        XCTAssertTrue(source.hasPendingChange)
        XCTAssertEqual(delegate.selections.last?.map(\.id), [3])
        // Not shown yet: the rest is shown first.
        XCTAssertTrue(source.select(id: 250))
        XCTAssertFalse(source.hasPendingChange)
        XCTAssertEqual(source.selectedPositions, [250])
        XCTAssertEqual(delegate.selections.last?.map(\.id), [250])
        XCTAssertFalse(source.select(id: 999))
    }

    func testASelectionMadeWhileAChangeIsShownInStepsIsKept() throws {
        let source = source(contacts([500]), perFrame: 10)
        _ = ShownList(source)
        source.select(at: 0)
        let delegate = ContactDelegate()
        source.delegate = delegate
        // Items before and after the selected one, and an update of it.
        try source.apply(contacts(0..<100) + [Contact(id: 500, title: "Renamed")] + contacts(600..<700))
        XCTAssertTrue(source.hasPendingChange)
        source.select(at: 2)
        pump(until: { !source.hasPendingChange }, "the rest to be shown")
        XCTAssertEqual(source.selectedItems.map(\.id), [2])
        XCTAssertEqual(delegate.selections.map { $0.map(\.id) }, [[2]])
        XCTAssertEqual(source.items[100].title, "Renamed")
    }

    func testTheSelectionStaysOnItsItemWhileItemsArriveBeforeIt() throws {
        let source = source(contacts([1_000]), perFrame: 10)
        _ = ShownList(source)
        let delegate = ContactDelegate()
        source.delegate = delegate
        source.select(at: 0)
        try source.apply(contacts(0..<100) + contacts([1_000]))
        XCTAssertEqual(source.selectedItems.map(\.id), [1_000])
        pump(until: { !source.hasPendingChange }, "the rest to be shown")
        XCTAssertEqual(source.selectedPositions, [100])
        XCTAssertEqual(delegate.selections.last?.map(\.id), [1_000], "no other selection was reported")
    }

    func testHidingTheViewShowsTheRestAtOnce() throws {
        let source = source([], perFrame: 10)
        let list = ShownList(source)
        try source.apply(contacts(0..<300))
        XCTAssertTrue(source.hasPendingChange)
        list.window.isVisible = false
        XCTAssertFalse(source.hasPendingChange)
        XCTAssertEqual(shownIDs(source), Array(0..<300))
    }

    func testRandomChangesBetweenFramesKeepWhatGtkSeesConsistent() throws {
        var random = SeededGenerator(seed: 11)
        let source = source([], perFrame: 7)
        let list = ShownList(source)
        let mirror = Mirror(source)
        var nextID = 0
        for _ in 0..<40 {
            var new = source.items.filter { _ in Int.random(in: 0..<5, using: &random) > 0 }
            for index in new.indices where Int.random(in: 0..<6, using: &random) == 0 { new[index].title += "!" }
            if Int.random(in: 0..<5, using: &random) == 0, new.count > 1 { new.swapAt(0, new.count - 1) }
            for _ in 0..<Int.random(in: 0..<60, using: &random) {
                new.insert(Contact(id: nextID, title: "Name \(nextID)"), at: Int.random(in: 0...new.count, using: &random))
                nextID += 1
            }
            try source.apply(new)
            XCTAssertEqual(source.items, new)
            XCTAssertEqual(mirror.ids, shownIDs(source), "the splices describe what GTK sees")
            list.waitFrames(Int.random(in: 0..<3, using: &random))
            XCTAssertEqual(mirror.ids, shownIDs(source))
        }
        pump(until: { !source.hasPendingChange }, "the last change to be shown")
        XCTAssertEqual(mirror.ids, source.items.map(\.id))
        XCTAssertEqual(shownIDs(source), source.items.map(\.id))
        var rowsChecked = 0
        for position in 0..<source.count {
            guard let row = source.boundRow(at: position) as? CountingRow else { continue }
            XCTAssertEqual(row.label.text, source.items[position].title, "row at \(position)")
            rowsChecked += 1
        }
        XCTAssertGreaterThan(rowsChecked, 0, "the shown rows were checked")
    }
}
