import GtkTestSupport
import XCTest

@testable import Gtk
@testable import LightboxKit

/// Counts appearance calls of every hosted controller.
@MainActor
private final class AppearanceCounts {
    var willAppear = 0, didAppear = 0, willDisappear = 0, didDisappear = 0
}

/// A controller shown inside a row: a label with its item's number.
private final class NumberController: Controller {
    let counts: AppearanceCounts
    private(set) var number: Int?
    init(counts: AppearanceCounts) { self.counts = counts }
    override func loadView() -> Widget { Label() }
    func show(_ number: Int) {
        self.number = number
        (view as! Label).text = "Row \(number)"
    }
    override func viewWillAppear() { counts.willAppear += 1 }
    override func viewDidAppear() { counts.didAppear += 1 }
    override func viewWillDisappear() { counts.willDisappear += 1 }
    override func viewDidDisappear() { counts.didDisappear += 1 }
}

/// The list's controller: owns the hosting source, shows a scrolled list.
private class NumbersController: Controller {
    var source: HostingDataSource<Int, NumberController>!
    let scroller = ScrolledWindow()
    private(set) var list: ListView!

    init(count: Int, counts: AppearanceCounts) {
        super.init()
        source = HostingDataSource(
            Array(0..<count), parent: self, poolLimit: 8,
            make: { NumberController(counts: counts) },
            configure: { controller, number in controller.show(number) })
    }

    override func loadView() -> Widget { scroller }

    override func viewDidLoad() {
        list = source.makeListView(selection: .none)
        scroller.child = list
    }

    func hosts(_ number: Int) -> Bool { source.hostedControllers.contains { $0.number == number } }
}

/// A list's controller that, like a page grouping photos when it comes back on screen,
/// gives its list new items as it appears.
private final class RenumberingController: NumbersController {
    /// For each appearance: whether every hosted row was on screen (mapped) by then.
    var appearances: [Bool] = []

    override func viewWillAppear() {
        appearances.append(source.hostedControllers.allSatisfy { $0.view.isMapped })
        source.setItems(source.items.map { $0 + 100 })
    }
}

final class ControllerHostingTests: GtkTestCase {
    func testScrollingTenThousandHostedRowsKeepsControllersBoundedBalancedAndFreed() {
        let counts = AppearanceCounts()
        let baseline = Controller.liveCount
        let objects = Object.liveCount
        weak var weakList: NumbersController?
        do {
            let numbers = NumbersController(count: 10_000, counts: counts)
            weakList = numbers
            let window = Window()
            window.setDefaultSize(width: 360, height: 480)
            window.child = numbers.view
            show(window)
            pump(until: { numbers.hosts(0) }, "first row hosted")
            var maximumLive = 0
            let positions = Array(stride(from: 0, to: 10_000, by: 250)) + [9_999]
            for position in positions + positions.reversed() {
                numbers.list.scrollTo(position)
                pump(until: { numbers.hosts(position) }, "row \(position) hosted")
                let live = Controller.liveCount - baseline - 1
                maximumLive = max(maximumLive, live)
                XCTAssertLessThanOrEqual(live, numbers.source.boundRowCount + numbers.source.poolLimit)
                XCTAssertEqual(
                    numbers.children.count, numbers.source.boundRowCount,
                    "exactly the bound rows' controllers are children")
            }
            XCTAssertGreaterThan(counts.willAppear, 1_000, "scrolling showed many hosted controllers")
            XCTAssertGreaterThan(maximumLive, 0)
            window.destroy()
            MainLoop.drain()
        }
        XCTAssertNil(weakList, "the list's controller is freed with its window")
        XCTAssertEqual(Controller.liveCount, baseline, "every hosted controller is freed with its list")
        XCTAssertEqual(Object.liveCount, objects)
        XCTAssertEqual(counts.willAppear, counts.didDisappear, "every appearance ends")
        XCTAssertEqual(counts.willAppear, counts.didAppear)
        XCTAssertEqual(counts.willDisappear, counts.didDisappear)
    }

    func testAListThatTakesNewItemsAsItAppearsDoesSoOnceGTKHasMappedItsRows() {
        let counts = AppearanceCounts()
        let numbers = RenumberingController(count: 20, counts: counts)
        let stack = Stack()
        stack.add(Label("Another page"), name: "other")
        stack.add(numbers.view, name: "numbers")
        stack.setVisibleChildFull("other", transition: .none)
        let window = Window()
        window.setDefaultSize(width: 360, height: 480)
        window.child = stack
        show(window)
        stack.setVisibleChildFull("numbers", transition: .none)
        pump(until: { numbers.hosts(100) }, "rows of the new items hosted")
        // Each time the page comes back GTK maps its rows one after the other: the list appears,
        // and changes its rows, only once GTK has mapped them all (changing them in the middle
        // of GTK's walk frees rows it is about to visit).
        for _ in 0..<5 {
            stack.setVisibleChildFull("other", transition: .none)
            stack.setVisibleChildFull("numbers", transition: .none)
        }
        pump(until: { numbers.hosts(600) }, "the items of the sixth appearance hosted")
        XCTAssertEqual(
            numbers.appearances, Array(repeating: true, count: 6), "the list appeared each time it was shown, its rows on screen")
        XCTAssertEqual(counts.willAppear - counts.didDisappear, numbers.source.boundRowCount, "every hosted row on screen appeared")
        window.destroy()
    }

    func testUnbindReturnsControllersToTheBoundedPool() {
        let counts = AppearanceCounts()
        let numbers = NumbersController(count: 50, counts: counts)
        let window = Window()
        window.setDefaultSize(width: 360, height: 480)
        window.child = numbers.view
        show(window)
        pump(until: { numbers.hosts(0) }, "first row hosted")
        let bound = numbers.source.boundRowCount
        XCTAssertEqual(numbers.children.count, bound)
        numbers.source.setItems([])
        XCTAssertEqual(numbers.source.boundRowCount, 0)
        XCTAssertTrue(numbers.children.isEmpty, "unbound controllers leave their parent")
        XCTAssertEqual(numbers.source.pooledCount, min(bound, 8), "the pool keeps at most its limit")
        XCTAssertEqual(counts.willAppear, counts.didDisappear)
        numbers.source.setItems([7])
        pump(until: { numbers.hosts(7) }, "row 7 hosted")
        XCTAssertEqual(numbers.source.pooledCount, min(bound, 8) - 1, "a pooled controller is reused")
    }

    func testBindingAfterTheParentIsFreedLeavesTheRowEmptyAndLogsACritical() {
        let counts = AppearanceCounts()
        var parent: Controller? = Controller()
        let source = HostingDataSource(
            [1, 2, 3], parent: parent!, make: { NumberController(counts: counts) },
            configure: { controller, number in controller.show(number) })
        parent = nil
        let window = Window()
        let scroller = ScrolledWindow()
        scroller.child = source.makeListView()
        window.child = scroller
        show(window)
        XCTAssertTrue(source.hostedControllers.isEmpty)
        let problems = GLibLog.takeProblems()
        XCTAssertEqual(problems.first?.level, .critical)
        XCTAssertEqual(
            problems.first?.text,
            "HostingDataSource: a row was bound after the parent controller was freed; it stays empty")
    }
}
