import GtkTestSupport
import XCTest

@testable import Gtk
@testable import LightboxKit

final class ControllerSplitTests: GtkTestCase {
    @MainActor
    private func windowShowing(_ split: SplitController, width: Int = 900) -> Window {
        let window = Window()
        window.setDefaultSize(width: width, height: 500)
        window.child = split.view
        show(window)
        return window
    }

    @MainActor
    private func resize(_ window: Window, width: Int, until condition: () -> Bool) {
        window.setDefaultSize(width: width, height: 500)
        pump(until: condition, "split to react to width \(width)")
    }

    func testListAndDetailAppearSideBySide() {
        let trace = Trace()
        let split = SplitController(
            list: TracingController("list", trace: trace, title: "Contacts"),
            detail: TracingController("detail", trace: trace, title: "Nobody"))
        let window = windowShowing(split)
        XCTAssertFalse(split.isCollapsed)
        XCTAssertEqual(
            trace.take(),
            [
                "detail.willMove(NavigationController)", "detail.didMove(NavigationController)",
                "list.willMove(SplitController)", "list.viewDidLoad",
                "list.didMove(SplitController)", "detail.viewDidLoad",
                "list.viewWillAppear", "list.viewDidAppear",
                "detail.viewWillAppear", "detail.viewDidAppear",
            ])
        XCTAssertEqual(window.title, "Contacts")
        XCTAssertTrue(split.listController.view.isMapped && split.detailController!.view.isMapped)
    }

    func testShowDetailCrossFadesAndFreesTheOldDetail() {
        let trace = Trace()
        weak var oldDetail: Controller?
        let split: SplitController
        do {
            let detail = TracingController("old", trace: trace)
            oldDetail = detail
            split = SplitController(list: TracingController("list", trace: trace), detail: detail)
        }
        _ = windowShowing(split)
        _ = trace.take()
        split.showDetail(TracingController("new", trace: trace, title: "Ada"))
        pump(until: { split.detailNavigation.runningTransition == nil }, "cross-fade")
        XCTAssertEqual(
            trace.take(),
            [
                "new.willMove(NavigationController)", "old.willMove(nil)",
                "old.viewWillDisappear", "new.viewDidLoad", "new.viewWillAppear",
                "old.viewDidDisappear", "new.viewDidAppear", "old.didMove(nil)",
                "new.didMove(NavigationController)",
            ])
        XCTAssertNil(oldDetail)
        XCTAssertEqual((split.detailNavigation.view as! NavigationView).titleLabel.text, "Ada")
    }

    func testNarrowWindowCollapsesToListThenDetailWithBackAndExpandsAgain() {
        let trace = Trace()
        let split = SplitController(
            list: TracingController("list", trace: trace),
            detail: TracingController("detail", trace: trace))
        let window = windowShowing(split)
        let navigation = split.detailNavigation.view as! NavigationView
        XCTAssertFalse(navigation.backButton.isVisible)
        _ = trace.take()

        resize(window, width: 500) { split.isCollapsed }
        XCTAssertEqual(trace.take(), ["detail.viewWillDisappear", "detail.viewDidDisappear"], "collapse shows the list")
        XCTAssertTrue(split.listController.view.isMapped)

        split.showDetail(TracingController("chosen", trace: trace))
        XCTAssertTrue(split.isShowingDetail)
        XCTAssertEqual(
            trace.take(),
            [
                "chosen.willMove(NavigationController)", "detail.willMove(nil)",
                "chosen.viewDidLoad", "detail.didMove(nil)",
                "chosen.didMove(NavigationController)", "list.viewWillDisappear",
                "list.viewDidDisappear", "chosen.viewWillAppear", "chosen.viewDidAppear",
            ])
        XCTAssertTrue(navigation.backButton.isVisible, "the collapsed detail has a back button")

        XCTAssertTrue(split.detailNavigation.view.sendKeyPress(Key(name: "Escape")!, modifiers: []))
        XCTAssertFalse(split.isShowingDetail)
        XCTAssertEqual(
            trace.take(),
            [
                "chosen.viewWillDisappear", "chosen.viewDidDisappear",
                "list.viewWillAppear", "list.viewDidAppear",
            ])

        split.showDetail(split.detailController!)
        _ = trace.take()
        navigation.backButton.click()
        XCTAssertEqual(
            trace.take(),
            [
                "chosen.viewWillDisappear", "chosen.viewDidDisappear",
                "list.viewWillAppear", "list.viewDidAppear",
            ])

        resize(window, width: 900) { !split.isCollapsed }
        XCTAssertEqual(trace.take(), ["chosen.viewWillAppear", "chosen.viewDidAppear"])
        XCTAssertFalse(navigation.backButton.isVisible)
        XCTAssertTrue(split.listController.view.isMapped)
    }

    func testPanePositionIsReadableSettableAndReported() {
        let split = SplitController(list: Controller(), detail: Controller())
        _ = windowShowing(split)
        var reported: [Int] = []
        split.panePositionChanged = { reported.append($0) }
        split.panePosition = 360
        XCTAssertEqual(split.panePosition, 360)
        XCTAssertEqual(reported.last, 360)
    }
}
