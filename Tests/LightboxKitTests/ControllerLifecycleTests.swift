import GtkTestSupport
import XCTest

@testable import Gtk
@testable import LightboxKit

final class ControllerLifecycleTests: GtkTestCase {
    /// A window showing `root`'s view (a vertical box).
    @MainActor
    private func windowShowing(_ root: Controller) -> Window {
        let window = Window()
        window.setDefaultSize(width: 400, height: 300)
        window.child = root.view
        show(window)
        return window
    }

    func testViewLoadsLazilyOnceAndAppearsWithItsWindow() {
        let trace = Trace()
        let root = TracingController("root", trace: trace)
        XCTAssertFalse(root.isViewLoaded)
        XCTAssertTrue(root.view === root.view)
        XCTAssertEqual(trace.take(), ["root.viewDidLoad"])
        _ = windowShowing(root)
        XCTAssertEqual(trace.take(), ["root.viewWillAppear", "root.viewDidAppear"])
        XCTAssertEqual(root.appearance, .appeared)
    }

    func testAddChildToAVisibleParentFollowsTheContainmentSequence() {
        let trace = Trace()
        let root = TracingController("root", trace: trace)
        _ = windowShowing(root)
        _ = trace.take()
        let child = TracingController("child", trace: trace)
        root.addChild(child)
        (root.view as! Box).append(child.view)
        child.didMove(toParent: root)
        XCTAssertEqual(
            trace.take(),
            [
                "child.willMove(root)", "child.viewDidLoad",
                "child.viewWillAppear", "child.viewDidAppear", "child.didMove(root)",
            ])
        XCTAssertTrue(child.parent === root)
        XCTAssertEqual(root.children.count, 1)
    }

    func testRemoveFromParentDisappearsCallsDidMoveNilAndFreesChildAndView() {
        let trace = Trace()
        let root = TracingController("root", trace: trace)
        _ = windowShowing(root)
        weak var weakChild: TracingController?
        var viewObserver: FinalizationObserver?
        do {
            let child = TracingController("child", trace: trace)
            weakChild = child
            root.addChild(child)
            (root.view as! Box).append(child.view)
            child.didMove(toParent: root)
            viewObserver = FinalizationObserver(child.view)
        }
        _ = trace.take()
        weakChild?.willMove(toParent: nil)
        weakChild?.removeFromParent()
        XCTAssertEqual(
            trace.take(),
            [
                "child.willMove(nil)", "child.viewWillDisappear",
                "child.viewDidDisappear", "child.didMove(nil)",
            ])
        XCTAssertNil(weakChild, "the parent held the only reference")
        XCTAssertTrue(viewObserver!.isFinalized, "the child's view goes with it")
        XCTAssertTrue(root.children.isEmpty)
    }

    func testWindowHideAndShowRunDisappearAndAppearParentFirst() {
        let trace = Trace()
        let root = TracingController("root", trace: trace)
        let child = TracingController("child", trace: trace)
        root.addChild(child)
        (root.view as! Box).append(child.view)
        child.didMove(toParent: root)
        let window = windowShowing(root)
        XCTAssertEqual(
            trace.take(),
            [
                "child.willMove(root)", "root.viewDidLoad", "child.viewDidLoad",
                "child.didMove(root)", "root.viewWillAppear", "child.viewWillAppear",
                "child.viewDidAppear", "root.viewDidAppear",
            ])
        window.isVisible = false
        XCTAssertEqual(
            trace.take(),
            [
                "root.viewWillDisappear", "child.viewWillDisappear",
                "child.viewDidDisappear", "root.viewDidDisappear",
            ])
        window.isVisible = true
        pump(until: { window.isMapped }, "window to map again")
        XCTAssertEqual(
            trace.take(),
            [
                "root.viewWillAppear", "child.viewWillAppear",
                "child.viewDidAppear", "root.viewDidAppear",
            ])
    }

    func testHidingAChildViewMakesOnlyThatChildDisappear() {
        let trace = Trace()
        let root = TracingController("root", trace: trace)
        let child = TracingController("child", trace: trace)
        root.addChild(child)
        (root.view as! Box).append(child.view)
        _ = windowShowing(root)
        _ = trace.take()
        child.view.isVisible = false
        child.view.isVisible = true
        XCTAssertEqual(
            trace.take(),
            [
                "child.viewWillDisappear", "child.viewDidDisappear",
                "child.viewWillAppear", "child.viewDidAppear",
            ])
    }

    func testAnimatedTransitionRunsAppearanceCallsAroundTheStackAnimation() {
        runTransition(duration: 0.15)
    }

    func testInstantTransitionRunsTheSameSequence() {
        runTransition(duration: 0)
    }

    /// A root whose view holds a stack showing child a; child b is added but not placed.
    @MainActor
    private func transitionFixture()
        -> (Trace, TracingController, Stack, TracingController, TracingController)
    {
        let trace = Trace()
        let root = TracingController("root", trace: trace)
        let stack = Stack()
        (root.view as! Box).append(stack)
        let a = TracingController("a", trace: trace)
        let b = TracingController("b", trace: trace)
        root.addChild(a)
        stack.add(a.view)
        root.addChild(b)
        return (trace, root, stack, a, b)
    }

    @MainActor
    private func runTransition(duration: Double) {
        let (trace, root, stack, a, b) = transitionFixture()
        _ = windowShowing(root)
        _ = trace.take()
        var completed = false
        root.transition(from: a, to: b, animation: .crossfade, duration: duration) {
            trace.log("completion")
            completed = true
        }
        pump(until: { completed }, "transition to complete")
        XCTAssertEqual(
            trace.take(),
            [
                "a.viewWillDisappear", "b.viewDidLoad", "b.viewWillAppear",
                "a.viewDidDisappear", "b.viewDidAppear", "completion",
            ])
        XCTAssertNil(a.view.parent, "from's view leaves the stack")
        XCTAssertTrue(stack.visibleChild === b.view)
        XCTAssertEqual(a.appearance, .disappeared)
        XCTAssertEqual(b.appearance, .appeared)
    }

    func testTransitionOffScreenCompletesWithoutAppearanceCalls() {
        let (trace, root, _, a, b) = transitionFixture()
        _ = trace.take()
        root.transition(from: a, to: b) { trace.log("completion") }
        XCTAssertEqual(trace.take(), ["b.viewDidLoad", "completion"])
    }

    func testRootTitleBecomesTheWindowTitle() {
        let trace = Trace()
        let root = TracingController("root", trace: trace, title: "Inbox")
        let window = windowShowing(root)
        XCTAssertEqual(window.title, "Inbox")
        root.title = "Archive"
        XCTAssertEqual(window.title, "Archive")
    }

    func testContainmentMisuseHasClearMessages() {
        let trace = Trace()
        let root = TracingController("root", trace: trace)
        let other = TracingController("other", trace: trace)
        let child = TracingController("child", trace: trace)
        XCTAssertNil(ContainmentRules.problem(adding: child, to: root))
        root.addChild(child)
        XCTAssertEqual(
            ContainmentRules.problem(adding: child, to: other),
            "addChild: this TracingController already has a parent (a TracingController); "
                + "call willMove(toParent: nil) and removeFromParent() before adding it elsewhere")
        XCTAssertEqual(
            ContainmentRules.problem(adding: root, to: root),
            "addChild: a TracingController cannot be its own child")
        XCTAssertEqual(
            ContainmentRules.problem(adding: root, to: child),
            "addChild: a TracingController cannot become a child of its own descendant")
        XCTAssertEqual(
            ContainmentRules.problem(transitionFrom: child, to: child, in: root),
            "transition: from and to are the same TracingController")
        XCTAssertEqual(
            ContainmentRules.problem(transitionFrom: child, to: other, in: root),
            "transition: to (a TracingController) is not a child of this TracingController; "
                + "addChild(_:) it first")
        root.addChild(other)
        XCTAssertEqual(
            ContainmentRules.problem(transitionFrom: child, to: other, in: root),
            "transition: the view of from (a TracingController) must be placed in a Stack by its parent")
        let stack = Stack()
        stack.add(child.view)
        let elsewhere = Box()
        elsewhere.append(other.view)
        XCTAssertEqual(
            ContainmentRules.problem(transitionFrom: child, to: other, in: root),
            "transition: the view of to (a TracingController) is already placed elsewhere")
    }

    func testThousandAddRemoveCyclesLeaveNoControllerOrView() {
        let trace = Trace()
        let root = TracingController("root", trace: trace)
        _ = windowShowing(root)
        let controllers = Controller.liveCount
        let objects = Object.liveCount
        for _ in 0..<1_000 {
            let child = TracingController("child", trace: trace)
            root.addChild(child)
            (root.view as! Box).append(child.view)
            child.didMove(toParent: root)
            child.willMove(toParent: nil)
            child.removeFromParent()
        }
        XCTAssertEqual(Controller.liveCount, controllers)
        XCTAssertEqual(Object.liveCount, objects)
        XCTAssertTrue(trace.appearancesBalance(names: ["child"]))
        XCTAssertEqual(trace.entries.filter { $0 == "child.viewDidAppear" }.count, 1_000)
    }
}
