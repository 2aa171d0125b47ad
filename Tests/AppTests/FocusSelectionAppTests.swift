import Foundation
import GtkTestSupport
import XCTest

/// Focus and selection are one: a keyboard user's keys act on the photo that has
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

        app.sendKeys("shift+Tab", to: window)
        tree = app.waitForTree { $0.focusedPhotoName == order[1] && $0.selectedPhotoNames == [order[1]] }
        XCTAssertEqual(tree.selectedPhotoNames, [order[1]], "Shift+Tab goes back a row, the selection with it")
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
    /// The photo names of the Photos list's items, top to bottom.
    var listedPhotoNames: [String] {
        photoListItems.compactMap(photoName(inItemAt:))
    }

    /// The photo of the Photos list's item with the keyboard focus.
    var focusedPhotoName: String? {
        photoListItems.first { self[$0].states.contains("focused") }.flatMap(photoName(inItemAt:))
    }

    /// The photos of the Photos list's selected items, top to bottom.
    var selectedPhotoNames: [String] {
        photoListItems.filter { self[$0].states.contains("selected") }.compactMap(photoName(inItemAt:))
    }

    /// The indices of the items of the list named Photos (not of the Albums page's strips).
    private var photoListItems: [Int] {
        guard let list = firstIndex(where: { $0.role == "list" && $0.name == "Photos" }) else { return [] }
        let depth = self[list].depth
        let end = self[(list + 1)...].firstIndex { $0.depth <= depth } ?? endIndex
        return (list + 1..<end).filter { self[$0].role == "list item" && self[$0].depth == depth + 1 }
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

/// Focus lands where the person is: on the selected photo after Alt+1/Alt+2, a page
/// switch, a menu closed with Escape and the photo page, and on the photo on the photo page.
final class FocusLandingAppTests: GtkTestCase {
    func testFocusStaysOnThePhotoThroughViewsMenusPagesAndThePhotoPage() throws {
        let fixture = try AppFixture()
        let (app, window) = try fixture.launch()
        defer { app.terminate() }
        let order = app.waitForTree {
            $0.photoNames.count == AppFixture.sampleNames.count && $0.focusedPhotoName != nil
        }.listedPhotoNames
        app.sendKeys("Down", "Down", to: window)
        XCTAssertEqual(app.focusedAndSelected(waitingFor: order[2]), order[2])

        app.sendKeys("alt+2", to: window)
        let grid = app.waitForTree { $0.focusedCellPhotoName == order[2] && $0.selectedCellPhotoName == order[2] }
        XCTAssertEqual(grid.focusedCellPhotoName, order[2], "Alt+2: the focus is on the photo in the grid")
        app.sendKeys("alt+1", to: window)
        XCTAssertEqual(app.focusedAndSelected(waitingFor: order[2]), order[2], "Alt+1: on the photo in the list")

        app.sendKeys("F10", to: window)
        _ = app.waitForTree { $0.contains { $0.name.contains("Keyboard Shortcuts") } }
        app.sendKeys("Escape", to: window)
        XCTAssertEqual(app.focusedAndSelected(waitingFor: order[2]), order[2], "Escape from the main menu")

        app.sendKeys("ctrl+3", to: window)
        _ = app.waitForTree { !$0.monthRows.isEmpty }
        app.sendKeys("ctrl+1", to: window)
        XCTAssertEqual(app.focusedAndSelected(waitingFor: order[2]), order[2], "back on the Photos page")

        app.sendKeys("Return", to: window)
        let page = app.waitForTree { $0.focusedNode?.name == order[2] }
        XCTAssertEqual(page.focusedNode?.name, order[2], "the photo page has the focus, named by its photo")
        app.sendKeys("Escape", to: window)
        XCTAssertEqual(app.focusedAndSelected(waitingFor: order[2]), order[2], "back from the photo page")
    }
}
