import Foundation
import Gtk
import LightboxKit

extension MainWindowController {
    /// Shows `folder` alone, as a library of one folder that the catalog does not record
    /// (windows made by tests and tools).
    func open(folder: String) {
        store.open(folder: folder, rescanning: isViewLoaded && view.isMapped)
        rescanOnAppear = !(isViewLoaded && view.isMapped)
        showFolderInTitle()
    }

    /// Open Folder…, `lightbox FOLDER` and a file manager's Open With: the folder joins the
    /// library (unless it is in it already) and the list shows it (the folder filter).
    /// The bundled sample library, shown while there is nothing else, leaves the library
    /// when the person adds a folder of their own.
    func addToLibrary(_ path: String) {
        let folder = (path as NSString).standardizingPath
        let samples = (LightboxApplication.sampleLibrary as NSString).standardizingPath
        do {
            let wasSamples = store.libraryFolders == [samples]
            // (A library of one folder needs no filter: the list is that folder's anyway.)
            switch try store.addFolder(folder) {
            case .added(let absorbed):
                if wasSamples && absorbed.isEmpty { try store.removeFolder(samples) }
                store.folderFilter = store.folders.count > 1 ? folder : nil
            case .alreadyAdded:
                store.folderFilter = store.folders.count > 1 ? folder : nil
            case .inside(let parent):
                store.folderFilter = store.folders.count > 1 ? parent : nil
                // Translators: a toast; %1$@ is the folder chosen, %2$@ the library folder holding it.
                showToast(
                    String(
                        format: tr("“%1$@” is inside the library folder “%2$@”: its photos are shown with that folder's."),
                        Self.name(of: folder), LibraryFolderList.displayName(parent)), undoable: false)
            }
        } catch {
            // Translators: a toast; %1$@ is the folder, %2$@ the reason (from the system).
            showToast(
                String(format: tr("“%1$@” can't be added to the library: %2$@"), Self.name(of: folder), "\(error)"),
                undoable: false)
        }
        showFolderInTitle()
    }

    /// The window is titled with the folder shown (the bundled sample library, or all
    /// folders of a larger library, show the app's name).
    func showFolderInTitle() {
        let samples = (LightboxApplication.sampleLibrary as NSString).standardizingPath
        title = store.folder.flatMap { $0 == samples ? nil : Self.name(of: $0) } ?? AppInfo.name
    }

    static func name(of folder: String) -> String {
        folder == "/" ? "/" : (folder as NSString).lastPathComponent
    }

    /// `win.folder-filter`, a string ("" for all folders) with the filter as its state: the
    /// radio items of the sort menu's folder section (shown when the library has two or
    /// more folders); and `win.preferences` (Ctrl+,), the Preferences window over `window`.
    func installFolderFilter<Actions: Object & ActionMap>(in actions: Actions, window: Window) {
        let filter = Action(name: "folder-filter", parameterType: "s", state: Variant(store.folderFilter ?? ""))
        filter.onActivate(owner: self) { [unowned self, unowned filter] parameter in
            guard let folder = parameter?.string else { return }
            self.store.folderFilter = folder.isEmpty ? nil : folder
            self.showFolderFilter(in: filter)
        }
        actions.add(filter)
        store.observeFolders(owner: self) { [unowned self, unowned filter] _ in self.showFolderFilter(in: filter) }
        showFolderFilter(in: filter)
        actions.addAction("preferences", owner: self) { [unowned self, unowned window] in
            let writeBack = (window as? ApplicationWindow)?.action(named: "save-metadata-in-files")
            PreferencesController.present(store: self.store, over: window, writeBack: writeBack)
        }
    }

    /// The folder section of the sort menu, the filter action's state and the title, as
    /// the store has them now.
    private func showFolderFilter(in action: Action) {
        windowView.showFolders(store.folders.map { (path: $0, name: Self.name(of: $0)) })
        action.state = Variant(store.folderFilter ?? "")
        showFolderInTitle()
    }
}
