import Foundation
import GtkTestSupport
import XCTest

/// Focus and selection are one (issue 38): a keyboard user's keys act on the photo that has
/// the focus, and every command that removes, returns or moves to a photo leaves the focus
/// and the selection on the same photo. The real binary, real keys, checked through the
/// accessibility tree (what a screen reader reads) and the catalog.
final class FocusSelectionAppTests: GtkTestCase {
    func testTabToTheThirdRowThenFourRatesThatRow() throws {
        let fixture = try AppFixture()
        let (app, window) = try fixture.launch()
        defer { app.terminate() }
        var tree = app.waitForTree {
            $0.photoNames.count == AppFixture.sampleNames.count && $0.focusedPhotoName != nil
                && $0.focusedPhotoName == $0.selectedPhotoNames.first
        }
        let order = tree.listedPhotoNames
        XCTAssertEqual(tree.selectedPhotoNames, [order[0]], "the first photo is selected at launch")
        let before = fixture.rating(of: order[0])

        app.sendKeys("Tab", "Tab", to: window)
        tree = app.waitForTree { $0.focusedPhotoName == order[2] && $0.selectedPhotoNames == [order[2]] }
        XCTAssertEqual(tree.focusedPhotoName, order[2], "Tab twice: the focus is on the third row")
        XCTAssertEqual(tree.selectedPhotoNames, [order[2]], "and the selection went with it")

        app.sendKeys("4", to: window)
        XCTAssertTrue(waitUntil { fixture.rating(of: order[2]) == 4 }, "4 rates the focused photo")
        XCTAssertEqual(fixture.rating(of: order[0]), before, "the first photo keeps its rating")
    }

    func testEveryCommandLeavesFocusAndSelectionOnTheSamePhoto() throws {
        let fixture = try AppFixture()
        let (app, window) = try fixture.launch()
        defer { app.terminate() }
        let order = app.waitForTree {
            $0.photoNames.count == AppFixture.sampleNames.count && $0.focusedPhotoName != nil
        }.listedPhotoNames

        // The photo page: Return opens the focused photo, Right goes to the next, Escape
        // comes back to the list on that photo.
        app.sendKeys("Down", "Down", "Down", to: window)
        XCTAssertEqual(app.focusedAndSelected(), order[3])
        app.sendKeys("Return", to: window)
        _ = app.waitForTree { $0.photoNames.count < 3 }
        app.sendKeys("Right", to: window)
        _ = app.waitForTree { $0.photoNames.contains(order[4]) }
        app.sendKeys("Escape", to: window)
        XCTAssertEqual(app.focusedAndSelected(), order[4], "back from the photo page on the photo it showed")

        // Reject: the photo leaves the list, the one after it takes focus and selection.
        app.sendKeys("9", to: window)
        XCTAssertEqual(app.focusedAndSelected(waitingFor: order[5]), order[5], "after a reject")
        // Undo: the rejected photo comes back, focused and selected.
        app.sendKeys("ctrl+z", to: window)
        XCTAssertEqual(app.focusedAndSelected(waitingFor: order[4]), order[4], "after undoing the reject")

        // U and Shift+U: the next and the previous unrated photo (every sample starts unrated
        // but for the ones the generator rated; whatever it lands on, focus is there too).
        app.sendKeys("u", to: window)
        let next = app.focusedAndSelected(notOn: order[4])
        XCTAssertNotNil(next, "after U")
        app.sendKeys("shift+u", to: window)
        XCTAssertNotNil(app.focusedAndSelected(notOn: next), "after Shift+U")

        // Delete: the photo after the trashed one; Ctrl+Z brings the trashed one back to focus.
        let trashed = try XCTUnwrap(app.focusedAndSelected())
        let after = order[order.firstIndex(of: trashed)! + 1]
        app.sendKeys("Delete", to: window)
        XCTAssertEqual(app.focusedAndSelected(waitingFor: after), after, "after Delete")
        app.sendKeys("ctrl+z", to: window)
        XCTAssertEqual(app.focusedAndSelected(waitingFor: trashed), trashed, "after undoing Delete")

        // A search, then Down into its results: the first result has focus and selection, and
        // 3 rates it.
        app.sendKeys("ctrl+f", to: window)
        app.type("IMG_101", to: window)
        _ = app.waitForTree { $0.photoNames.count == 10 }
        app.sendKeys("Down", to: window)
        let found = app.focusedAndSelected()
        XCTAssertEqual(found.map { $0.hasPrefix("IMG_101") }, true, "after a search and Down")
        app.sendKeys("3", to: window)
        XCTAssertTrue(waitUntil { found.flatMap { fixture.rating(of: $0) } == 3 }, "3 rates the found photo")
    }
}

extension LaunchedApp {
    /// The photo that has both the keyboard focus and the selection (alone), once they are
    /// on the same photo (and on `expected`, or off `notOn`, when given); nil when they stay apart.
    func focusedAndSelected(waitingFor expected: String? = nil, notOn left: String? = nil) -> String? {
        let tree = waitForTree {
            guard let focused = $0.focusedPhotoName, $0.selectedPhotoNames == [focused], focused != left else { return false }
            return expected == nil || focused == expected
        }
        guard let focused = tree.focusedPhotoName, tree.selectedPhotoNames == [focused] else {
            print("focus and selection apart: focused \(tree.focusedPhotoName ?? "nothing"), selected \(tree.selectedPhotoNames)")
            return nil
        }
        return focused
    }
}

extension Array where Element == AccessibleNode {
    /// The photo names of the list's items, top to bottom.
    var listedPhotoNames: [String] {
        indices.filter { self[$0].role == "list item" }.compactMap(photoName(inItemAt:))
    }

    /// The photo of the list item with the keyboard focus.
    var focusedPhotoName: String? {
        firstIndex { $0.role == "list item" && $0.states.contains("focused") }.flatMap(photoName(inItemAt:))
    }

    /// The photos of the selected list items, top to bottom.
    var selectedPhotoNames: [String] {
        indices.filter { self[$0].role == "list item" && self[$0].states.contains("selected") }
            .compactMap(photoName(inItemAt:))
    }

    private func photoName(inItemAt start: Int) -> String? {
        let depth = self[start].depth
        for node in self[(start + 1)...] {
            if node.depth <= depth { break }
            if node.name.hasPrefix("IMG_") { return String(node.name.prefix(12)) }
        }
        return nil
    }
}
