import Foundation
import GtkTestSupport
import XCTest

@testable import Gtk

final class DialogTests: GtkTestCase {
    func testShortcutsWindowListsEveryGroupAndShortcut() throws {
        let window = ShortcutsWindow(groups: [
            ShortcutGroup("General", [Shortcut("Search", "<Control>f"), Shortcut("Quit", "<Control>q")]),
            ShortcutGroup("Photos & rating", [Shortcut("Rate 0–5 stars", "0...5")]),
        ])
        show(window)
        let path = screenshot(window, name: "gtk-shortcuts-window")
        let image = try XCTUnwrap(RasterImage(contentsOf: path))
        XCTAssertFalse(image.isSingleColor)
        XCTAssertTrue(
            ShortcutsWindow.xml([ShortcutGroup("A & B", [])]).contains("A &amp; B"),
            "titles are escaped for GtkBuilder")
    }

    /// The wrapper has no getters for what it sets: GTK's own title, made from the program
    /// name, shows the name arrived (AppTests' AboutTests reads the name and version shown).
    func testAboutDialogIsTitledWithTheProgramName() {
        let about = AboutDialog(
            name: "Lightbox", version: "0.1.0", comments: "Photos", website: nil,
            iconName: "image-x-generic")
        show(about)
        XCTAssertEqual(about.title, "About Lightbox")
        about.close()
    }

    func testPictureLoadsAnImageFileAndReportsItsSize() throws {
        let label = Window()
        label.child = Label("pixels")
        label.setDefaultSize(width: 64, height: 48)
        show(label)
        let path = screenshot(label, name: "gtk-picture-source")

        let picture = Picture()
        picture.setFile(path)
        let size = try XCTUnwrap(picture.imageSize)
        XCTAssertEqual(size.width, label.width)
        XCTAssertEqual(size.height, label.height)
        picture.setFile(nil)
        XCTAssertNil(picture.imageSize)
    }

    func testFolderChooserCancelReportsNoFolder() {
        var result: String?? = .none
        let chooser = FolderChooser.choose(title: "Open Folder", parent: nil) { result = .some($0) }
        pump(until: { Window.toplevels.contains { $0.title == "Open Folder" && $0.isMapped } }, "the chooser to show")
        XCTAssertEqual(result, .none, "no answer before the person gives one")
        chooser.cancel()
        XCTAssertEqual(result, .some(nil))
    }
}
