import Adw
import Foundation
import Gtk
import LightboxKit

/// Coordinates the Preferences window (Ctrl+,): the library's folders from the store, with
/// their photo counts (read off the main thread) and availability; Add Folder… and the
/// rows' remove buttons change the library through the store. One window at a time: it
/// keeps itself alive while it is open.
@MainActor
final class PreferencesController {
    let store: CatalogStore
    let view: PreferencesView
    /// The open window's controller (Ctrl+, again brings it to the front).
    private(set) static var shown: PreferencesController?
    private var counts: [String: Int] = [:]
    private var countTicket = 0
    /// The folder chooser Add Folder… shows, while it is open.
    private(set) var chooser: FolderChooser?

    /// Shows the window over `parent`, its switch toggling `writeBack` (the window's
    /// `save-metadata-in-files` action), or brings the open one to the front.
    @discardableResult
    static func present(store: CatalogStore, over parent: Window, writeBack: Action?) -> PreferencesController {
        if let shown {
            shown.view.present()
            return shown
        }
        Adwaita.initialize()
        let controller = PreferencesController(store: store, parent: parent, writeBack: writeBack)
        shown = controller
        controller.view.present()
        return controller
    }

    private init(store: CatalogStore, parent: Window, writeBack: Action?) {
        self.store = store
        view = PreferencesView()
        view.transientFor = parent
        view.isModal = true
        // The switch's action is the main window's own (one state, bound to the key).
        let actions = ActionGroup()
        if let writeBack { actions.add(writeBack) }
        view.insertActionGroup(actions, prefix: "win")
        view.addFolderButton.onClicked(owner: self) { [unowned self] in self.chooseFolder() }
        view.onCloseRequest(owner: self) { [unowned self] in
            self.chooser?.cancel()
            if Self.shown === self { Self.shown = nil }
            return false
        }
        store.observeFolders(owner: self) { [unowned self] _ in self.showFolders() }
        // Counts change as scans find photos: read again when a scan ends.
        store.observeScanProgress(owner: self) { [unowned self] progress in
            if progress == nil { self.showFolders() }
        }
        showFolders()
    }

    /// Add Folder…: the folder chooser, then `add(_:)`.
    private func chooseFolder() {
        chooser = FolderChooser.choose(title: tr("Add Folder to Library"), parent: view, accept: tr("_Add")) { [weak self] folder in
            self?.chooser = nil
            if let folder { self?.add(folder) }
        }
    }

    /// Adds `folder` to the library (what Add Folder… does with the chosen folder); a
    /// folder inside a library folder, or one that can't be added, is said in a toast.
    func add(_ folder: String) {
        do {
            switch try store.addFolder(folder) {
            case .added: break
            case .alreadyAdded:
                // Translators: %@ is a folder.
                say(String(format: tr("“%@” is in the library already."), LibraryFolderList.displayName(folder)))
            case .inside(let parent):
                // Translators: %1$@ is the folder chosen, %2$@ the library folder holding it.
                say(
                    String(
                        format: tr("“%1$@” is inside the library folder “%2$@”: its photos are in the library already."),
                        LibraryFolderList.displayName(folder), LibraryFolderList.displayName(parent)))
            }
        } catch {
            say(String(format: tr("“%1$@” can't be added to the library: %2$@"), LibraryFolderList.displayName(folder), "\(error)"))
        }
    }

    /// Takes `folder` out of the library (its files and catalog rows stay).
    func remove(_ folder: String) {
        do {
            try store.removeFolder(folder)
        } catch {
            // Translators: %1$@ is the folder, %2$@ the reason (from the system or SQLite).
            say(
                String(
                    format: tr("“%1$@” can't be removed from the library: %2$@"), LibraryFolderList.displayName(folder),
                    "\(error)"))
        }
    }

    private func say(_ message: String) {
        view.toasts.show(message, seconds: 5)
    }

    /// The rows as the store has the folders now; photo counts follow from the catalog.
    private func showFolders() {
        showRows()
        countTicket += 1
        let ticket = countTicket
        Task { [weak self] in
            guard let store = self?.store else { return }
            let counts = await store.photoCounts()
            guard let self, self.countTicket == ticket else { return }
            self.counts = counts
            self.showRows()
        }
    }

    private func showRows() {
        let rebuilt = view.show(
            store.libraryFolders.map { folder in
                PreferencesView.FolderRow(
                    path: folder, title: LibraryFolderList.displayName(folder),
                    photoCount: counts[folder], offlineReason: store.offlineFolders[folder])
            })
        guard rebuilt else { return }
        for shown in view.rows {
            let folder = shown.folder.path
            shown.removeButton.onClicked(owner: self) { [unowned self] in self.remove(folder) }
        }
    }
}
