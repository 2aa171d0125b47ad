import Foundation
import Gtk

/// While the window is open: when a card, camera or phone is connected, a bar offers to
/// import from it (Import… opens the import window for `offered`; closing the bar declines).
/// A bar, not a dialog: the person may be typing or culling, and keeps the keyboard. The bar
/// goes when the source is disconnected; a later connection offers again.
@MainActor
final class ImportSourceOffer {
    private let store: CatalogStore
    /// The connected sources this follows.
    let sources: ImportSources

    /// The source the bar offers (the last one connected), until it is disconnected.
    private(set) var offered: ImportSource?

    init(store: CatalogStore, sources: ImportSources = ImportSources()) {
        self.store = store
        self.sources = sources
    }

    /// Starts following the volume monitor: sources connected from now on are offered.
    func start() {
        sources.onConnected = { [weak self] source in self?.offer(source) }
        sources.onDisconnected = { [weak self] path in self?.withdraw(path: path) }
        sources.start()
    }

    /// Raises the bar for `source`, in place of an earlier one.
    func offer(_ source: ImportSource) {
        offered = source
        store.events.raise(
            LibraryCondition(
                .importSourceConnected,
                // Translators: %@ is the name of a memory card, camera or phone ("EOS_DIGITAL").
                message: String(format: tr("“%@” is connected. Import its new photos and videos?"), source.name),
                // Translators: the button of the bar shown when a card, camera or phone is connected; opens the import window.
                isDismissible: true, actionLabel: tr("Import…")))
    }

    /// Takes the bar down when the source it offers at `path` is gone.
    func withdraw(path: String) {
        guard offered?.path == path else { return }
        offered = nil
        store.events.clear(.importSourceConnected)
    }

    /// The person opened the import or closed the bar: the bar goes (`offered` stays, for
    /// the import window, until the source is disconnected).
    func answered() {
        store.dismiss(.importSourceConnected)
    }
}
