import Adw
import Foundation
import Gtk
import GtkTestSupport
import XCTest

@testable import Lightbox

/// The primary menu's Light / Dark / Follow System choice (`app.color-scheme`): libadwaita's
/// style manager follows it, the window looks it, and the choice is remembered.
final class ColorSchemeTests: GtkTestCase {
    private var manager: StyleManager!

    override func setUp() {
        super.setUp()
        MainActor.assumeIsolated {
            Adwaita.initialize()
            manager = StyleManager.default
        }
    }

    override func tearDown() {
        MainActor.assumeIsolated { manager.colorScheme = .default }
        super.tearDown()
    }

    func testChoosingDarkMakesTheWindowDarkAndIsRemembered() throws {
        let settings = try appSettings()
        let setting = ColorSchemeSetting(settings: settings, styleManager: manager)
        XCTAssertEqual(setting.action.state?.string, "default", "the schema's default follows the system")
        XCTAssertFalse(manager.isDark, "the test display's system style is light")
        let folder = LibraryFixtures.temporaryFolder(self, name: "Style")
        _ = LibraryFixtures.copySamples(to: folder, count: 3)
        let (_, window, _) = MainWindowControllerTests.makeWindow(folder, self)
        let light = try luminance(of: window, name: "style-light")
        XCTAssertGreaterThan(light, 170, "light: the window's background is near white")

        setting.action.activate(Variant("dark"))
        XCTAssertTrue(manager.isDark)
        XCTAssertEqual(setting.action.state?.string, "dark", "the menu's Dark item is the checked one")
        XCTAssertEqual(settings.string("color-scheme"), "dark", "remembered in GSettings")
        let dark = try luminance(of: window, name: "style-dark")
        XCTAssertLessThan(dark, 90, "dark: the window's background is near black")

        let relaunched = ColorSchemeSetting(settings: settings, styleManager: manager)
        XCTAssertEqual(relaunched.scheme, .dark, "the next launch starts dark")
        relaunched.action.activate(Variant("light"))
        XCTAssertFalse(manager.isDark)
        XCTAssertEqual(manager.colorScheme, .forceLight, "Light is light even when the system prefers dark")
        XCTAssertEqual(settings.string("color-scheme"), "light")
        window.destroy()
    }

    func testAnotherProcessChangingTheKeyIsFollowed() throws {
        let settings = try appSettings()
        let setting = ColorSchemeSetting(settings: settings, styleManager: manager)
        XCTAssertTrue(settings.set("color-scheme", "dark"))
        pump(until: { self.manager.isDark }, "the style manager to follow the key")
        XCTAssertEqual(setting.action.state?.string, "dark")
    }

    func testAnUnknownSchemeChangesNothing() throws {
        let settings = try appSettings()
        let setting = ColorSchemeSetting(settings: settings, styleManager: manager)
        setting.action.activate(Variant("dark"))
        setting.action.activate(Variant("sepia"))
        XCTAssertEqual(setting.action.state?.string, "dark")
        XCTAssertTrue(manager.isDark)
        XCTAssertEqual(settings.string("color-scheme"), "dark")
        XCTAssertFalse(settings.set("color-scheme", "sepia"), "the schema refuses it too")
    }

    func testWithoutSettingsTheSystemStyleIsFollowedAndChoicesStillApply() {
        let setting = ColorSchemeSetting(settings: nil, styleManager: manager)
        XCTAssertEqual(setting.scheme, .followSystem)
        XCTAssertEqual(manager.colorScheme, .default)
        setting.action.activate(Variant("dark"))
        XCTAssertTrue(manager.isDark, "applied, only not remembered")
    }

    /// The app's schema from data/, in GSettings' memory backend, every key at its default.
    private func appSettings() throws -> Settings {
        let binary = LibraryFixtures.temporaryFolder(self, name: "bin")
        let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("data").path
        let settings = try Settings.forApplication(id: AppInfo.id, executableDirectory: binary, sourceDataDirectory: data)
        settings.reset("color-scheme")
        return settings
    }

    /// The window rendered (after the style change reached it), its average luminance.
    private func luminance(of window: Window, name: String) throws -> Double {
        pumpUntilPainted(window)
        let image = try XCTUnwrap(RasterImage(contentsOf: screenshot(window, name: name)))
        return image.averageLuminance
    }
}
