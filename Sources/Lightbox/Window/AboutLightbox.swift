import Adw
import Gtk

/// Lightbox's about window (`app.about`): name, icon, version, developers, links, the
/// MIT license (see LICENSE) and credits.
///
/// libadwaita's AdwAboutWindow (1.2) and not AdwAboutDialog: the dialog came with
/// AdwDialog in 1.5 and is hosted by libadwaita's own dialog machinery, which Debian 12's
/// 1.2 lacks. The window stays in libadwaita 1.x (deprecated from 1.6, not removed), and
/// `Sources/CAdw/shim.h` pins the headers' API level to 1.2, so a newer runtime builds
/// it the same, without warnings.
@MainActor
enum AboutLightbox {
    static let developers = ["The Lightbox developers https://github.com/lightbox/lightbox"]

    static func window(over parent: Window?) -> AboutWindow {
        let about = AboutWindow()
        about.title = tr("About Lightbox")  // libadwaita's is "About", a screen reader says whose
        about.applicationName = AppInfo.name
        about.applicationIcon = AppInfo.id
        about.version = AppInfo.version
        about.developerName = tr("The Lightbox developers")
        about.comments = tr("Browse, rate and sort a folder of photos")
        about.website = "https://github.com/lightbox/lightbox"
        about.issueUrl = "https://github.com/lightbox/lightbox/issues"
        about.licenseType = .mitX11
        about.copyright = tr("© 2026 The Lightbox developers")
        about.developers = developers
        about.designers = [tr("The Lightbox developers")]
        // Translators: the about window's credits for the libraries Lightbox is made with.
        about.addCreditSection(
            tr("Built With"),
            people: [
                "GTK https://gtk.org", "libadwaita https://gnome.pages.gitlab.gnome.org/libadwaita/",
                "gexiv2 https://wiki.gnome.org/Projects/gexiv2", "GRDB https://github.com/groue/GRDB.swift",
            ])
        about.transientFor = parent
        about.isModal = true
        return about
    }
}
