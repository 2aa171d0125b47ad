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

    /// An app tells whether its icon is installed before the theme loads: in a data folder's
    /// `icons/hicolor/scalable/apps`, and not elsewhere.
    func testAnAppIconIsFoundInstalledInADataFolder() throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("data-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: data) }
        let apps = data.appendingPathComponent("icons/hicolor/scalable/apps")
        try FileManager.default.createDirectory(at: apps, withIntermediateDirectories: true)
        try #"<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"/>"#
            .write(to: apps.appendingPathComponent("org.example.Installed.svg"), atomically: true, encoding: .utf8)
        XCTAssertTrue(IconTheme.isAppIconInstalled("org.example.Installed", in: ["/nonexistent", data.path]))
        XCTAssertFalse(IconTheme.isAppIconInstalled("org.example.Missing", in: [data.path]))
        XCTAssertFalse(IconTheme.isAppIconInstalled("org.example.Installed", in: ["/nonexistent"]))
        // GTK's folders: the user's data folder first, then the system's.
        let home = ProcessInfo.processInfo.environment["XDG_DATA_HOME"] ?? NSHomeDirectory() + "/.local/share"
        XCTAssertEqual(IconTheme.dataFolders.first, home)
        XCTAssertTrue(IconTheme.dataFolders.contains("/usr/share") || IconTheme.dataFolders.contains("/usr/share/"))
    }
}
