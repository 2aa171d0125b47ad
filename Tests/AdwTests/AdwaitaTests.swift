import Adw
import Gtk
import GtkTestSupport
import XCTest

/// What the app will rely on when it moves to libadwaita, through the generated binding.
final class AdwaitaTests: GtkTestCase {
    override func setUp() {
        super.setUp()
        MainActor.assumeIsolated { Adwaita.initialize() }
    }

    func testTheStyleManagerFollowsTheRequestedColorScheme() {
        let manager = StyleManager.default
        XCTAssertTrue(manager === StyleManager.default, "one wrapper for libadwaita's one manager")
        defer { manager.colorScheme = .default }
        var changes = 0
        manager.onNotifyIsDark(owner: self) { changes += 1 }
        manager.colorScheme = .forceDark
        XCTAssertTrue(manager.isDark)
        manager.colorScheme = .forceLight
        XCTAssertFalse(manager.isDark)
        XCTAssertEqual(changes, 2, "each change of appearance is announced")
    }

    func testAnAdwaitaApplicationIsAGtkApplicationOfLibadwaitasClass() {
        let application = Adw.Application(id: "io.github.lightbox.AdwApplicationTest", handlesOpen: false, nonUnique: true)
        XCTAssertEqual(application.typeName, "AdwApplication")
        XCTAssertEqual(application.id, "io.github.lightbox.AdwApplicationTest")
        XCTAssertTrue(
            application.styleManager === StyleManager.default,
            "its style manager is the default display's, once libadwaita is initialized")
    }

    func testAToastShowsOverItsContentAndTellsWhenDismissed() {
        let overlay = ToastOverlay()
        overlay.child = Label("Photos")
        let window = Window()
        window.setDefaultSize(width: 400, height: 300)
        window.child = overlay
        show(window)
        let toast = Toast("Moved to trash")
        toast.buttonLabel = "Undo"
        var dismissed = false
        toast.onDismissed { dismissed = true }
        overlay.addToast(toast)
        pump(until: { self.labels(in: overlay).contains("Moved to trash") }, "the toast's title on screen")
        XCTAssertTrue(labels(in: overlay).contains("Photos"), "over the content, which stays")
        toast.dismiss()
        pump(until: { dismissed }, "the toast to report its dismissal")
    }

    /// The texts of every visible label under `widget`.
    private func labels(in widget: Widget) -> [String] {
        var texts: [String] = []
        var queue = [widget]
        while let next = queue.popLast() {
            if let label = next as? Label, label.isVisible { texts.append(label.text) }
            queue.append(contentsOf: next.children)
        }
        return texts
    }
}
