import Foundation
import Gtk
import GtkTestSupport
import XCTest

final class IconThemeTests: GtkTestCase {
    /// An app run from its source tree adds its icons folder and finds its own icon there.
    func testAnAddedFolderProvidesItsIcons() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("icons-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let apps = folder.appendingPathComponent("hicolor/scalable/apps")
        try FileManager.default.createDirectory(at: apps, withIntermediateDirectories: true)
        let name = "org.example.IconProbe\(UInt32.random(in: 0...UInt32.max))"
        try #"<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"/>"#
            .write(to: apps.appendingPathComponent("\(name).svg"), atomically: true, encoding: .utf8)
        XCTAssertFalse(IconTheme.hasIcon(name))
        IconTheme.addSearchPath(folder.path)
        XCTAssertTrue(IconTheme.hasIcon(name))
    }
}
