import Adw
import Gtk
import GtkTestSupport
import XCTest

@testable import Lightbox

/// What Lightbox's about window (`app.about`) says, read from its properties.
final class AboutLightboxTests: GtkTestCase {
    func testTheAboutWindowNamesTheVersionLicenseAndPeople() {
        Adwaita.initialize()
        let parent = Window()
        let about = AboutLightbox.window(over: parent)
        XCTAssertEqual(about.applicationName, "Lightbox")
        XCTAssertEqual(about.applicationIcon, "io.github.lightbox.Lightbox")
        XCTAssertEqual(about.title, "About Lightbox")
        XCTAssertEqual(about.version, "0.1.0")
        XCTAssertEqual(about.licenseType, .mitX11, "LICENSE is the MIT license")
        XCTAssertEqual(about.copyright, "© 2026 The Lightbox developers")
        XCTAssertEqual(about.developerName, "The Lightbox developers")
        XCTAssertEqual(about.developers, ["The Lightbox developers https://github.com/lightbox/lightbox"])
        XCTAssertEqual(about.website, "https://github.com/lightbox/lightbox")
        XCTAssertEqual(about.issueUrl, "https://github.com/lightbox/lightbox/issues")
        XCTAssertTrue(about.transientFor === parent, "over the main window")
        XCTAssertTrue(about.isModal)
        about.present()
        pumpUntilPainted(about)
        about.destroy()
        parent.destroy()
    }
}
