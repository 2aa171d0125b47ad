import GtkTestSupport
import XCTest

@testable import Gtk

/// A widget subclass with Swift state, to see that GTK keeps the *same* wrapper alive.
final class TaggedLabel: Label {
    var tag = 0
}

final class OwnershipTests: GtkTestCase {
    func testGObjectIsFinalizedWhenTheLastSwiftReferenceGoes() {
        var label: Label? = Label("temporary")
        let observer = FinalizationObserver(label!)
        XCTAssertEqual(label!.referenceCount, 1, "the wrapper holds exactly one reference")
        XCTAssertFalse(observer.isFinalized)
        label = nil
        XCTAssertTrue(observer.isFinalized)
    }

    func testObjectKeptByGtkKeepsItsSwiftWrapper() {
        let box = Box()
        var observer: FinalizationObserver?
        var identity: ObjectIdentifier?
        do {
            let label = TaggedLabel("kept by the box")
            label.tag = 42
            identity = ObjectIdentifier(label)
            observer = FinalizationObserver(label)
            box.append(label)
        }
        // Only GTK holds the label now; C hands it back and we find the same wrapper.
        let child = box.children.first
        XCTAssertEqual(child.map(ObjectIdentifier.init), identity)
        XCTAssertEqual((child as? TaggedLabel)?.tag, 42)
        XCTAssertFalse(observer!.isFinalized)
        box.remove(child!)
        XCTAssertFalse(observer!.isFinalized, "our local `child` still holds it")
        _ = child
    }

    func testRemovingFromParentFreesAnUnreferencedWidget() {
        let box = Box()
        var observer: FinalizationObserver?
        do {
            let label = Label("x")
            observer = FinalizationObserver(label)
            box.append(label)
        }
        XCTAssertFalse(observer!.isFinalized)
        box.removeAll()
        XCTAssertTrue(observer!.isFinalized)
    }

    func testTenThousandCreateDropCyclesLeaveNoLiveObjects() {
        let baseline = Object.liveCount
        var observers: [FinalizationObserver] = []
        observers.reserveCapacity(10_000)
        for index in 0..<10_000 {
            let box = Box()
            let label = Label("label \(index)")
            box.append(label)
            if index % 100 == 0 { observers.append(FinalizationObserver(box)) }
        }
        XCTAssertEqual(Object.liveCount, baseline)
        XCTAssertTrue(observers.allSatisfy(\.isFinalized))
    }

    func testWindowWrapperLivesUntilDestroyed() {
        var observer: FinalizationObserver?
        do {
            let window = Window()
            window.title = "kept by GTK"
            observer = FinalizationObserver(window)
        }
        XCTAssertFalse(observer!.isFinalized, "GTK keeps toplevels until destroyed")
        do {
            let window = Window.toplevels.first { $0.title == "kept by GTK" }
            XCTAssertNotNil(window, "C hands the window back")
            window?.destroy()
        }
        MainLoop.drain()
        XCTAssertTrue(observer!.isFinalized)
    }
}

final class ContainerRemovalTests: GtkTestCase {
    func testUnparentUsesEachContainersOwnAPI() {
        let paned = Paned()
        let start = Label("start")
        let end = Label("end")
        paned.startChild = start
        paned.endChild = end
        end.removeFromParent()
        XCTAssertNil(paned.endChild)
        XCTAssertTrue(paned.startChild === start)

        let scrolled = ScrolledWindow()
        let content = Box()
        scrolled.child = content
        content.removeFromParent()
        XCTAssertNil(content.parent)

        let window = Window()
        let inside = Label("in a window")
        window.child = inside
        inside.removeFromParent()
        XCTAssertNil(window.child)
        window.destroy()
    }
}
