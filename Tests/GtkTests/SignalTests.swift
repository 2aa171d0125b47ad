import GtkTestSupport
import XCTest

@testable import Gtk

final class SignalTests: GtkTestCase {
    func testZeroArgumentSignal() {
        let button = Button(label: "Press")
        var clicks = 0
        button.onClicked { clicks += 1 }
        button.click()
        button.click()
        XCTAssertEqual(clicks, 2)
    }

    func testOneArgumentSignalReceivesThePosition() {
        let strings = StringList(["a", "b", "c"])
        let list = ListView(model: SingleSelection(strings), factory: SignalListItemFactory())
        var activated: [Int] = []
        list.onActivate { activated.append($0) }
        list.emitForTesting("activate", [.integer(2)])
        XCTAssertEqual(activated, [2])
    }

    func testTwoArgumentSignalReceivesPositionAndCount() {
        let strings = StringList(["a", "b", "c", "d"])
        let selection = SingleSelection(strings)
        var changes: [[Int]] = []
        selection.onSelectionChanged { position, count in changes.append([position, count]) }
        selection.selectedPosition = 1
        selection.selectedPosition = 3
        XCTAssertEqual(changes, [[1, 1], [1, 3]])
    }

    func testThreeArgumentSignalReceivesTheSplice() {
        let strings = StringList(["a", "b"])
        var splices: [[Int]] = []
        strings.onItemsChanged { position, removed, added in splices.append([position, removed, added]) }
        strings.append("c")
        strings.remove(0)
        XCTAssertEqual(splices, [[2, 0, 1], [0, 1, 0]])
    }

    func testClosureBoxIsReleasedOnDisconnect() {
        let button = Button(label: "x")
        let before = SignalDiagnostics.liveHandlerBoxes
        let connection = button.onClicked {}
        XCTAssertEqual(SignalDiagnostics.liveHandlerBoxes, before + 1)
        XCTAssertTrue(connection.isConnected)
        connection.disconnect()
        XCTAssertFalse(connection.isConnected)
        XCTAssertEqual(SignalDiagnostics.liveHandlerBoxes, before)
        connection.disconnect()  // twice is harmless
    }

    func testClosureBoxesAreReleasedWhenTheInstanceIsFinalized() {
        let before = SignalDiagnostics.liveHandlerBoxes
        do {
            let button = Button(label: "x")
            for _ in 0..<10 { button.onClicked {} }
            button.onNotifyLabel {}
            XCTAssertEqual(SignalDiagnostics.liveHandlerBoxes, before + 11)
        }
        XCTAssertEqual(SignalDiagnostics.liveHandlerBoxes, before)
    }

    func testHandlerIsNeverCalledAfterItsOwnerIsGone() {
        final class Owner { var calls = 0 }
        let button = Button(label: "x")
        var owner: Owner? = Owner()
        var callsAfterDeinit = 0
        weak let weakOwner = owner
        button.onClicked(owner: owner) {
            if weakOwner == nil { callsAfterDeinit += 1 }
            weakOwner?.calls += 1
        }
        button.click()
        XCTAssertEqual(owner?.calls, 1)
        owner = nil
        button.click()
        button.click()
        XCTAssertEqual(callsAfterDeinit, 0)
    }
}

final class SelectionModelTests: GtkTestCase {
    func testUnselectAllClearsASingleSelection() {
        let selection = SingleSelection(StringList(["a", "b"]))
        selection.selectedPosition = 1
        selection.unselectAll()
        XCTAssertNil(selection.selectedPosition)
        XCTAssertEqual(selection.selectedPositions, [])
    }
}
