import Foundation
import Gtk
import LightboxKit

/// What the window does with the library's folders when the person adds one (Open Folder…,
/// `lightbox FOLDER`, a file manager's Open With, the browsed folders' bar): the folder
/// joins the library unless it is in it already, the list shows it (the folder filter, when
/// the library has other folders), and the bundled sample library, shown while there is
/// nothing else, leaves the library. Also what the window is titled with.
@MainActor
struct LibraryFolderPolicy {
    let store: CatalogStore
    /// The bundled sample library's folder.
    let samples: String

    init(store: CatalogStore, sampleLibrary: String = LightboxApplication.sampleLibrary) {
        self.store = store
        samples = (sampleLibrary as NSString).standardizingPath
    }

    /// Adds `path` to the library and shows it; returns what the window says about it
    /// (why it can't be added, or the library folder it is inside), nil when all went well.
    func add(_ path: String) -> String? {
        let folder = (path as NSString).standardizingPath
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
                return String(
                    format: tr("“%1$@” is inside the library folder “%2$@”: its photos are shown with that folder's."),
                    Self.name(of: folder), LibraryFolderList.displayName(parent))
            }
        } catch {
            // Translators: a toast; %1$@ is the folder, %2$@ the reason (from the system).
            return String(format: tr("“%1$@” can't be added to the library: %2$@"), Self.name(of: folder), "\(error)")
        }
        return nil
    }

    /// The folders browsed this session (photos opened from the file manager), each added to
    /// the library, their photos and ratings staying where they are in the list; returns
    /// what the window says.
    func addBrowsedFolders() -> [String] {
        store.folders.filter { store.browsedFolders.contains($0) }.compactMap(add)
    }

    /// The folder shown (the bundled sample library, or all folders of a larger library,
    /// show the app's name).
    var title: String {
        store.folder.flatMap { $0 == samples ? nil : Self.name(of: $0) } ?? AppInfo.name
    }

    /// The folders the sort menu offers to filter by, with their names.
    var folderChoices: [(path: String, name: String)] {
        store.folders.map { (path: $0, name: Self.name(of: $0)) }
    }

    static func name(of folder: String) -> String {
        folder == "/" ? "/" : PathBytes.displayName((folder as NSString).lastPathComponent)
    }

    static func folder(of path: String) -> String { (path as NSString).deletingLastPathComponent }
}
