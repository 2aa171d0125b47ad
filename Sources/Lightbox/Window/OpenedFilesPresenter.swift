import Foundation
import LightboxKit

/// Photos opened from the file manager ("Open With Lightbox", `lightbox FILE…`): shown, not
/// imported, as Shotwell, gThumb and GNOME's image viewer do. The folder of a photo outside
/// the library is browsed for this session (`CatalogStore.browse`) and the photo page shows
/// the photo, stepping through its folder (or through the files given, when there are
/// several, over a page that lists them); a photo of the library is selected in its place
/// in the Photos page.
@MainActor
final class OpenedFilesPresenter {
    private unowned let window: MainWindowController
    private var store: CatalogStore { window.store }
    /// Photos opened, until the Store lists them.
    private var pending: PhotoArrival?

    init(window: MainWindowController) {
        self.window = window
    }

    func open(_ opened: OpenedPaths) {
        if let problem = opened.problems.first {
            window.showToast(
                opened.problems.count == 1
                    ? problem
                    // Translators: a toast when several files given to Lightbox can't be opened.
                    : String(
                        format: trn(
                            "%d file can't be opened: it does not exist or is not a photo.",
                            "%d files can't be opened: they do not exist or are not photos.", opened.problems.count), opened.problems.count),
                undoable: false)
        }
        var photos = opened.photos
        var browsed: [String] = []
        for folder in Self.uniqueFolders(of: photos) where store.libraryFolder(containing: folder) == nil {
            do {
                try store.browse(folder)
                browsed.append(folder)
            } catch {
                photos.removeAll { LibraryFolderPolicy.folder(of: $0) == folder }
                window.showToast("\(error)", undoable: false)
            }
        }
        guard let first = photos.first else { return }
        window.show(.photos)
        let folders = Set(photos.map { store.libraryFolder(containing: $0) ?? LibraryFolderPolicy.folder(of: $0) })
        if folders.count == 1 { store.folderFilter = folders.first }
        window.showFolderInTitle()
        if browsed.isEmpty, let library = store.libraryFolder(containing: first) {
            // Translators: a toast; %1$@ is a photo opened from the file manager, %2$@ its library folder.
            window.showToast(
                String(
                    format: tr("“%1$@” is in your library, in “%2$@”."), (first as NSString).lastPathComponent,
                    LibraryFolderList.displayName(library)), undoable: false)
        }
        let showsPage = !browsed.isEmpty
        let single = photos.count == 1
        pending = PhotoArrival(photos, in: store, waitingForScansOf: Set(browsed)) { [weak self] found, missing in
            self?.show(found, missing: missing, onPhotoPage: showsPage, single: single)
        }
        pending?.check()
    }

    /// The photos opened, once the Store lists them: the first selected in the Photos page and,
    /// for a browsed folder, large on the photo page.
    private func show(_ found: [Photo], missing: [String], onPhotoPage: Bool, single: Bool) {
        pending = nil
        if let file = missing.first {
            // Translators: a toast; %@ is a photo file given to Lightbox that its folder's scan did not find.
            window.showToast(
                String(
                    format: tr("“%@” can't be opened: it is not in its folder any more."),
                    (file as NSString).lastPathComponent), undoable: false)
        }
        guard let first = found.first else { return }
        (window.currentPage as? PhotoRevealing)?.reveal(first.id, focusing: true)
        guard onPhotoPage else { return }
        if single {
            // Its folder, in name order, as a file manager lists it.
            let folder = LibraryFolderPolicy.folder(of: first.path)
            let photos = store.allPhotos.filter { LibraryFolderPolicy.folder(of: $0.path) == folder }.sorted(by: .name)
            window.open(first, in: photos, from: window)
        } else {
            // Those photos only, also in the list Escape goes back to (with every command).
            // Translators: the title of a page listing the photos opened from the file manager.
            let page = PhotoCollectionController(title: tr("Opened Photos"), photos: found, store: store)
            page.opener = window
            window.navigation.push(page, animated: false)
            page.reveal(first.id)
            window.open(first, in: found, from: page)
        }
    }

    private static func uniqueFolders(of paths: [String]) -> [String] {
        var seen = Set<String>()
        return paths.map(LibraryFolderPolicy.folder(of:)).filter { seen.insert($0).inserted }
    }
}
