import Foundation
import Gtk

/// At launch, until the person answers once: when Shotwell's or darktable's library is where
/// the app keeps it, a bar offers to bring it along (Bring Along… opens the import window;
/// closing the bar declines). The answer is kept in the `other-library-offered` setting.
@MainActor
final class OtherLibraryOffer {
    private let store: CatalogStore
    private let settings: Settings?
    static let key = "other-library-offered"

    init(store: CatalogStore, settings: Settings?) {
        self.store = store
        self.settings = settings
    }

    /// Raises the bar when a library is there and the person has not answered yet.
    func offerIfFound(environment: [String: String] = ProcessInfo.processInfo.environment, home: String = NSHomeDirectory()) {
        guard let settings, settings.bool(Self.key) == false else { return }
        guard
            let app = OtherPhotoApp.allCases.first(where: {
                FileManager.default.fileExists(atPath: $0.defaultDatabasePath(environment: environment, home: home))
            })
        else { return }
        store.events.raise(
            LibraryCondition(
                .otherLibraryFound,
                // Translators: %@ is the app (Shotwell, darktable).
                message: String(
                    format: tr(
                        "Your %@ library can come along: its stars, rejects, keywords, titles and events, for the photos Lightbox has."),
                    app.displayName),
                isDismissible: true, actionLabel: tr("Bring Along…")))
    }

    /// The person opened the import window or closed the bar: not offered again.
    func answered() {
        _ = settings?.set(Self.key, true)
        store.dismiss(.otherLibraryFound)
    }
}
