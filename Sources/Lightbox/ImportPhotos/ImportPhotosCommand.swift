import Foundation
import Gtk
import LightboxMedia

/// Import Photos… (`win.import-photos`: from the card, camera or phone connected, else a
/// folder chosen by hand), the bar offering a source connected while the window is open, and `win.import-from` (a source's path, as `lightbox --import SOURCE` without `--into`
/// gives it): the import window over the main window; at
/// its end the main window's toast says how it went.
@MainActor
final class ImportPhotosCommand {
    private unowned let window: MainWindowController
    /// Where the import window keeps its last choices (nil: nothing kept).
    var settings: Settings?
    /// Offers the cards, cameras and phones connected while the window is open (`startOffering`).
    private(set) var offer: ImportSourceOffer?

    init(window: MainWindowController) { self.window = window }

    func install<Actions: Object & ActionMap>(in actions: Actions) {
        actions.addAction("import-photos", owner: self) { [unowned self] in
            if let connected = self.offer?.offered ?? self.offer?.sources.sources.last {
                self.importFromOffered(connected)
                return
            }
            self.chooseSource()
        }
        let from = Action(name: "import-from", parameterType: "s")
        from.onActivate(owner: self) { [unowned self] parameter in
            if let path = parameter?.string { self.importPhotos(from: path) }
        }
        actions.add(from)
    }

    /// Follows the volume monitor: a card, camera or phone connected from now on raises the bar
    /// (`importSourceConnected`) whose button opens its import.
    func startOffering() {
        guard offer == nil else { return }
        let offer = ImportSourceOffer(store: window.store)
        offer.start()
        self.offer = offer
    }

    /// The bar's Import… (or Import Photos… while a source is connected).
    func importFromOffered(_ source: ImportSource? = nil) {
        guard let source = source ?? offer?.offered else { return }
        offer?.answered()
        importPhotos(from: source.path, named: source.name)
    }

    /// A folder chosen by hand (a card reader's folder, a phone's backup, a download).
    func chooseSource() {
        FolderChooser.choose(title: tr("Import From"), parent: window.view.rootWindow, accept: tr("_Select")) { [weak self] folder in
            if let folder { self?.importPhotos(from: folder) }
        }
    }

    /// The import window for the source at `path` (named `name`, else by its folder's name).
    func importPhotos(from path: String, named name: String? = nil) {
        let window = self.window
        PhotoImportController.present(
            sourceNamed: name ?? PathBytes.displayName((path as NSString).lastPathComponent), at: path, store: window.store,
            settings: settings, over: window.view.rootWindow,
            addToLibrary: { [weak window] folder in window?.addToLibrary(folder) },
            chooseOther: { [weak self] in self?.chooseSource() },
            finished: { [weak window] report in window?.showToast(ImportText.done(report), undoable: false) })
    }
}
