import Gtk
import GtkTestSupport
import XCTest

@testable import Lightbox

/// The window's transient messages: libadwaita toasts, one at a time.
final class ToastTests: GtkTestCase {
    func testANewMessageReplacesTheShownToastAtOnce() {
        let folder = LibraryFixtures.temporaryFolder(self, name: "Toasts")
        _ = LibraryFixtures.copySamples(to: folder, count: 3)
        let (root, window, _) = MainWindowControllerTests.makeWindow(folder, self)
        let view = root.windowView
        root.showToast("Moved to trash", undoable: true)
        pump(until: { self.labels(in: view).contains("Moved to trash") }, "the first toast on screen")
        XCTAssertNotNil(view.toastButton, "with Undo")

        root.showToast("No other unrated photos", undoable: false)
        XCTAssertEqual(view.toastTitle, "No other unrated photos")
        XCTAssertFalse(view.toastOffersUndo)
        pump(
            until: { self.labels(in: view).contains("No other unrated photos") },
            "the second toast shows without waiting for the first one's timeout")
        pump(until: { !self.labels(in: view).contains("Moved to trash") }, "the first one gone")
        XCTAssertNil(view.toastButton, "no Undo for a message that can't be undone")

        root.hideToast()
        XCTAssertNil(view.toastTitle)
        pump(until: { !self.labels(in: view).contains("No other unrated photos") }, "dismissed")
        window.destroy()
    }

    /// The texts of every visible, mapped label under `widget`.
    private func labels(in widget: Widget) -> [String] {
        var texts: [String] = []
        var queue = [widget]
        while let next = queue.popLast() {
            if let label = next as? Label, label.isVisible, label.isMapped { texts.append(label.text) }
            queue.append(contentsOf: next.children)
        }
        return texts
    }
}
