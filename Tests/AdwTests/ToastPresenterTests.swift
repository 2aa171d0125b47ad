import Adw
import Gtk
import GtkTestSupport
import XCTest

/// One message at a time over content, however fast messages follow each other: libadwaita
/// 1.2 crashes when a toast that replaced a hiding one is dismissed within its first 200 ms.
final class ToastPresenterTests: GtkTestCase {
    override func setUp() {
        super.setUp()
        MainActor.assumeIsolated { Adwaita.initialize() }
    }

    private func makeOverlay() -> (ToastOverlay, ToastPresenter, Window) {
        let overlay = ToastOverlay()
        let content = Box(orientation: .vertical)
        content.append(Label("Photos"))
        overlay.child = content
        let presenter = ToastPresenter(overlay: overlay)
        let window = Window()
        window.setDefaultSize(width: 500, height: 300)
        window.child = overlay
        show(window)
        return (overlay, presenter, window)
    }

    func testFiveHundredMessagesInTenSecondsWithDismissalsBetweenLeaveTheLastOneShown() {
        let (overlay, presenter, window) = makeOverlay()
        var generator = SeededGenerator(seed: 39)
        for index in 1...500 {
            // Messages 20 ms apart, a third of them taken away at once: a toast is added,
            // replaced in place, dismissed once grown, and the next one is added while it hides.
            presenter.show("Message \(index)", button: index.isMultiple(of: 2) ? ("Undo", "win.undo") : nil, seconds: 5)
            if Int.random(in: 0..<3, using: &generator) == 0 { presenter.dismiss() }
            MainLoop.run(until: { false }, timeout: 0.02)
        }
        presenter.show("The last message", seconds: 5)
        pump(
            until: { self.labels(in: overlay) == ["Photos", "The last message"] }, timeout: 5,
            "only the last message on screen, over the content")
        XCTAssertEqual(presenter.message, "The last message")
        XCTAssertNil(presenter.button, "the last message has no button")
        window.destroy()
    }

    func testANewMessageTakesTheShownOnesPlaceWithItsOwnButton() {
        let (overlay, presenter, window) = makeOverlay()
        presenter.show("Moved to trash", button: ("Undo", "win.undo"), seconds: 10)
        pump(until: { self.labels(in: overlay).contains("Moved to trash") }, "the first message")
        XCTAssertEqual(visibleButtonLabels(in: overlay), ["Undo"])
        presenter.show("No other unrated photos", seconds: 5)
        pump(until: { self.labels(in: overlay) == ["Photos", "No other unrated photos"] }, "the second message in its place")
        XCTAssertEqual(visibleButtonLabels(in: overlay), [], "no Undo for a message that can't be undone")
        presenter.dismiss()
        XCTAssertNil(presenter.message, "gone as soon as it is dismissed")
        pump(until: { self.labels(in: overlay) == ["Photos"] }, "the message leaves the screen")
        window.destroy()
    }

    func testAMessageGoesByItselfAfterItsTime() {
        let (overlay, presenter, window) = makeOverlay()
        presenter.show("Nothing to undo", seconds: 1)
        pump(until: { self.labels(in: overlay).contains("Nothing to undo") }, "shown")
        pump(until: { self.labels(in: overlay) == ["Photos"] && presenter.message == nil }, timeout: 5, "gone after a second")
        window.destroy()
    }

    func testAMessageIsShownAsWrittenNotAsMarkup() {
        let (overlay, presenter, window) = makeOverlay()
        presenter.show("“Tom & Jerry <1>.jpg” could not be updated", seconds: 5)
        pump(
            until: { self.labels(in: overlay).contains("“Tom & Jerry <1>.jpg” could not be updated") },
            "the file name as written")
        window.destroy()
    }

    func testEscapeRightAfterAMessageAppearsTakesItAwayOnceItHasSlidIn() {
        let (overlay, presenter, window) = makeOverlay()
        presenter.show("First", seconds: 5)
        MainLoop.run(until: { false }, timeout: 0.7)
        presenter.dismiss()
        // Added while the first one hides: this one slides in for 500 ms.
        presenter.show("Second", seconds: 5)
        XCTAssertTrue(
            overlay.child!.sendKeyPress(Key(name: "Escape")!, modifiers: []),
            "Escape is taken while the message slides in")
        XCTAssertEqual(presenter.message, "Second", "still shown while it slides in")
        pump(until: { presenter.message == nil }, timeout: 3, "dismissed once it has slid in")
        pump(until: { self.labels(in: overlay) == ["Photos"] }, "and gone from the screen")
        window.destroy()
    }

    /// The texts of every visible, mapped label under `widget`, in tree order.
    private func labels(in widget: Widget) -> [String] {
        descendants(of: widget).compactMap { ($0 as? Label).flatMap { $0.isVisible && $0.isMapped ? $0.shownText : nil } }
    }

    private func visibleButtonLabels(in widget: Widget) -> [String] {
        descendants(of: widget).compactMap { ($0 as? Button).flatMap { $0.isVisible && $0.isMapped ? $0.label : nil } }
    }

    private func descendants(of widget: Widget) -> [Widget] {
        [widget] + widget.children.flatMap(descendants)
    }
}
