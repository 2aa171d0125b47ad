import GtkTestSupport
import XCTest

@testable import Gtk
@testable import LightboxKit

final class ControllerNavigationTests: GtkTestCase {
    @MainActor
    private func windowShowing(_ navigation: NavigationController) -> Window {
        let window = Window()
        window.setDefaultSize(width: 400, height: 300)
        window.child = navigation.view
        show(window)
        return window
    }

    @MainActor
    private func settle(_ navigation: NavigationController) {
        pump(until: { navigation.runningTransition == nil }, "navigation transition to end")
    }

    func testPushAndPopFollowTheContainmentAndAppearanceSequences() {
        let trace = Trace()
        let root = TracingController("root", trace: trace, title: "Albums")
        let navigation = NavigationController(root: root)
        _ = windowShowing(navigation)
        XCTAssertEqual(
            trace.take(),
            [
                "root.willMove(NavigationController)", "root.didMove(NavigationController)",
                "root.viewDidLoad", "root.viewWillAppear", "root.viewDidAppear",
            ])
        weak var weakPage: TracingController?
        do {
            let page = TracingController("page", trace: trace, title: "Summer")
            weakPage = page
            navigation.push(page)
        }
        settle(navigation)
        XCTAssertEqual(
            trace.take(),
            [
                "page.willMove(NavigationController)", "root.viewWillDisappear",
                "page.viewDidLoad", "page.viewWillAppear", "root.viewDidDisappear",
                "page.viewDidAppear", "page.didMove(NavigationController)",
            ])
        XCTAssertTrue(navigation.topController === weakPage)
        navigation.pop()
        settle(navigation)
        XCTAssertEqual(
            trace.take(),
            [
                "page.willMove(nil)", "page.viewWillDisappear", "root.viewWillAppear",
                "page.viewDidDisappear", "root.viewDidAppear", "page.didMove(nil)",
            ])
        XCTAssertNil(weakPage, "a popped page is freed")
        XCTAssertNil(navigation.pop(), "the root page stays")
    }

    func testAPushDuringASlideFinishesTheFirstSlideFirst() {
        let trace = Trace()
        let navigation = NavigationController(root: TracingController("root", trace: trace))
        _ = windowShowing(navigation)
        navigation.transitionDuration = 5
        _ = trace.take()
        navigation.push(TracingController("a", trace: trace))
        XCTAssertNotNil(navigation.runningTransition, "the slide runs")
        navigation.push(TracingController("b", trace: trace))
        XCTAssertEqual(
            trace.take(),
            [
                "a.willMove(NavigationController)", "root.viewWillDisappear",
                "a.viewDidLoad", "a.viewWillAppear", "root.viewDidDisappear",
                "a.viewDidAppear", "a.didMove(NavigationController)",
                "b.willMove(NavigationController)", "a.viewWillDisappear",
                "b.viewDidLoad", "b.viewWillAppear",
            ])
        navigation.pop(animated: false)
        XCTAssertEqual(navigation.controllers.count, 2)
        XCTAssertEqual(navigation.topController?.appearance, .appeared)
        XCTAssertEqual((navigation.view as! NavigationView).pages.children.count, 1, "one page on the stack")
    }

    func testHidingTheWindowMidSlideFinishesTheSlide() {
        let trace = Trace()
        let navigation = NavigationController(root: TracingController("root", trace: trace))
        let window = windowShowing(navigation)
        navigation.transitionDuration = 5
        _ = trace.take()
        navigation.push(TracingController("page", trace: trace))
        window.isVisible = false
        XCTAssertNil(navigation.runningTransition)
        // The appearing page completes its cycle in order; the container's children
        // then disappear together.
        XCTAssertEqual(
            trace.take(),
            [
                "page.willMove(NavigationController)", "root.viewWillDisappear",
                "page.viewDidLoad", "page.viewWillAppear", "page.viewDidAppear",
                "page.viewWillDisappear", "root.viewDidDisappear", "page.viewDidDisappear",
                "page.didMove(NavigationController)",
            ])
        XCTAssertTrue(trace.appearancesBalance(names: ["page"]))
    }

    func testTitlesFollowTheTopController() {
        let trace = Trace()
        let navigation = NavigationController(root: TracingController("root", trace: trace, title: "Albums"))
        let window = windowShowing(navigation)
        let view = navigation.view as! NavigationView
        XCTAssertEqual(view.titleLabel.text, "Albums")
        XCTAssertEqual(window.title, "Albums")
        XCTAssertFalse(view.backButton.isVisible, "no back button on the root page")
        let page = TracingController("page", trace: trace, title: "Summer")
        navigation.push(page, animated: false)
        XCTAssertEqual(view.titleLabel.text, "Summer")
        XCTAssertEqual(navigation.title, "Summer")
        XCTAssertEqual(window.title, "Summer")
        XCTAssertTrue(view.backButton.isVisible)
        XCTAssertEqual(view.backButton.tooltip, "Back to Albums")
        page.title = "Summer 2024"
        XCTAssertEqual(view.titleLabel.text, "Summer 2024")
        view.backButton.click()
        settle(navigation)
        XCTAssertEqual(view.titleLabel.text, "Albums")
        XCTAssertEqual(window.title, "Albums")
    }

    func testBackAtRootAsksTheDelegate() {
        final class Parent: NavigationControllerDelegate {
            var requests = 0
            func navigationControllerDidRequestBackFromRoot(_ navigation: NavigationController) { requests += 1 }
        }
        let parent = Parent()
        let navigation = NavigationController(root: Controller())
        navigation.delegate = parent
        _ = windowShowing(navigation)
        let view = navigation.view as! NavigationView
        XCTAssertFalse(navigation.canGoBack)
        navigation.showsBackAtRoot = true
        XCTAssertTrue(view.backButton.isVisible)
        view.backButton.click()
        XCTAssertEqual(parent.requests, 1)
        XCTAssertEqual(navigation.controllers.count, 1)
    }

    func testSetRootCrossFadesAndFreesTheOldPages() {
        let trace = Trace()
        weak var weakOld: Controller?
        weak var weakPushed: Controller?
        let navigation: NavigationController
        do {
            let old = TracingController("old", trace: trace)
            let pushed = TracingController("pushed", trace: trace)
            weakOld = old
            weakPushed = pushed
            navigation = NavigationController(root: old)
            navigation.push(pushed, animated: false)
        }
        _ = windowShowing(navigation)
        _ = trace.take()
        navigation.setRoot(TracingController("new", trace: trace))
        settle(navigation)
        XCTAssertEqual(
            trace.take(),
            [
                "new.willMove(NavigationController)", "old.willMove(nil)",
                "pushed.willMove(nil)", "pushed.viewWillDisappear", "new.viewDidLoad",
                "new.viewWillAppear", "pushed.viewDidDisappear", "new.viewDidAppear",
                "old.didMove(nil)", "pushed.didMove(nil)",
                "new.didMove(NavigationController)",
            ])
        XCTAssertNil(weakOld)
        XCTAssertNil(weakPushed)
        XCTAssertEqual(navigation.controllers.count, 1)
    }

    func testANestedControllerFindsItsNavigationController() {
        let page = Controller()
        let nested = Controller()
        let navigation = NavigationController(root: page)
        page.addChild(nested)
        XCTAssertTrue(nested.navigationController === navigation)
        XCTAssertTrue(page.navigationController === navigation)
        XCTAssertNil(navigation.navigationController)
    }

    func testEscapeAndAltLeftGoBack() {
        let navigation = NavigationController(root: Controller())
        _ = windowShowing(navigation)
        for key in ["Escape", "Left"] {
            navigation.push(Controller(), animated: false)
            XCTAssertEqual(navigation.controllers.count, 2)
            let handled = navigation.view.sendKeyPress(Key(name: key)!, modifiers: key == "Left" ? .altMask : [])
            XCTAssertTrue(handled, "\(key) is handled")
            settle(navigation)
            XCTAssertEqual(navigation.controllers.count, 1, "\(key) pops")
        }
        XCTAssertFalse(
            navigation.view.sendKeyPress(Key(name: "Escape")!, modifiers: []),
            "Escape on the root page is left to others")
    }

    func testThousandPushPopCyclesLeaveNoControllerOrView() {
        let trace = Trace()
        let navigation = NavigationController(root: TracingController("root", trace: trace))
        _ = windowShowing(navigation)
        let controllers = Controller.liveCount
        let objects = Object.liveCount
        for _ in 0..<1_000 {
            navigation.push(TracingController("page", trace: trace), animated: false)
            navigation.pop(animated: false)
        }
        XCTAssertEqual(Controller.liveCount, controllers)
        XCTAssertEqual(Object.liveCount, objects)
        XCTAssertTrue(trace.appearancesBalance(names: ["page"]))
        XCTAssertEqual(
            trace.entries.filter { $0 == "root.viewWillAppear" }.count,
            trace.entries.filter { $0 == "root.viewDidDisappear" }.count + 1, "the root shows at the end")
        XCTAssertEqual(trace.entries.filter { $0 == "page.viewDidAppear" }.count, 1_000)
    }
}
