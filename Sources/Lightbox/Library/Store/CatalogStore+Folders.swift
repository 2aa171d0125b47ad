import Foundation
import Gtk

/// The library's folders as the Store shows them (see `LibrarySync`): several folders shown
/// together, each scanned and watched, with a folder filter; folders browsed for this
/// session; offline folders until they are back; the photos that went missing.
///
/// ```swift
/// store.openLibrary(seedingWith: { lastFolder })   // the catalog's folders (seeded once)
/// store.addFolder("/media/card/DCIM")             // .added(absorbing: []), shown and scanned
/// store.folderFilter = "/media/card/DCIM"         // only its photos; nil: all folders
/// store.removeFolder("/media/card/DCIM")          // out of the list; files and rows untouched
/// store.offlineFolders                            // ["/media/card/DCIM": .diskRemoved]
/// try store.browse("/home/me/Downloads")          // shown with the library, not recorded
/// ```
extension CatalogStore {
    /// The library's folders (standardized, sorted), shown together: each is scanned and watched.
    public var folders: [String] { sync.folders }
    /// Library folders that can't be read now, with why (`.deletedOrMoved`): their
    /// photos are out of the list, their rows and ratings kept, until they are back.
    public var offlineFolders: [String: FolderOfflineReason] { sync.offlineFolders }
    /// Folders among `folders` that are browsed, not library folders: shown, scanned and
    /// watched for this session only.
    public var browsedFolders: Set<String> { sync.browsedFolders }
    /// The library's folders proper: `folders` without the browsed ones.
    public var libraryFolders: [String] { sync.libraryFolders }
    public var isScanning: Bool { sync.isScanning }
    /// How far the running scan is (nil when no scan runs); see `observeScanProgress`.
    public var scanProgress: ScanProgress? { sync.scanProgress }

    /// Only this library folder's photos are listed (`photos`, and the pages that follow
    /// it); nil lists every folder's. A folder not in the library is ignored, and so is any
    /// filter of a library of one folder.
    public var folderFilter: String? {
        get { sync.folderFilter }
        set { sync.folderFilter = newValue }
    }

    /// The one folder listed: the folder filter's, or the library's only folder.
    public var folder: String? { sync.folder }

    /// Lists photos another part of the app wrote to the catalog itself (an import, from its
    /// own thread): the folder watch then finds their rows up to date and lists nothing.
    /// Batch after batch, they are listed together a few times a second, sorted in off the
    /// main thread, as a scan's are. Those outside the library's folders, or whose files are gone already, are not listed.
    public func showSaved(_ saved: Catalog.Saved) {
        let folders = self.folders
        view.merge(
            saved.photos.filter { photo in
                folders.contains { LibraryFolderList.contains($0, photo.path) } && access(PathBytes.c(photo.path), F_OK) == 0
            }, streamed: true)
    }

    /// The library folder holding `path` (a file or a folder), nil when none does.
    public func libraryFolder(containing path: String) -> String? { sync.libraryFolder(containing: path) }

    /// Whether `folder` (one of `folders`) has been scanned since it was shown.
    public func hasScanned(_ folder: String) -> Bool { sync.hasScanned(folder) }

    /// Shows the library's folders as the catalog records them; the first time ever, the
    /// library is `seed()`. See `open(folders:rescanning:)`.
    public func openLibrary(seedingWith seed: () -> String, showing filter: String? = nil, rescanning: Bool = true) {
        sync.openLibrary(seedingWith: seed, showing: filter, rescanning: rescanning)
    }

    /// Shows one folder as the whole library (tools and tests; the catalog's list of library
    /// folders is left as it is): see `open(folders:rescanning:)`.
    public func open(folder: String, rescanning: Bool = true) {
        sync.open(folders: [folder], rescanning: rescanning)
    }

    /// Shows the photos of `folders` together from the catalog (the first screenful at once,
    /// the rest right after), then rescans them one after the other in the background and
    /// watches them (`rescanning: false` leaves that to a later `rescan()`, after the
    /// window's first frame). A folder that can't be read, or goes away, is offline (the
    /// `.folderUnavailable` condition names it) until it is back; the others are not affected.
    public func open(folders list: [String], rescanning: Bool = true) {
        sync.open(folders: list, rescanning: rescanning)
    }

    /// Photos read at once when a folder opens, before the rest of the library: what the
    /// window shows (set from its size, `PhotoListController.photosFitting`), and no more —
    /// before its first frame GTK builds a row for each photo the list holds (up to 200).
    public var firstScreenful: Int {
        get { sync.firstScreenful }
        set { sync.firstScreenful = newValue }
    }

    /// A first screenful read while the app started up (`FirstScreenful.readAhead`): the
    /// next open shows it if it asks for the same photos, and reads them otherwise.
    var firstScreenfulReadAhead: InBackground<FirstScreenful?>? {
        get { sync.firstScreenfulReadAhead }
        set { sync.firstScreenfulReadAhead = newValue }
    }

    /// Shows the first screenful of the folder being opened as soon as it has been read,
    /// waiting for it at most `timeout`: a window about to appear then has photos in its
    /// first frame.
    public func showFirstScreenful(waitingAtMost timeout: TimeInterval) {
        sync.showFirstScreenful(waitingAtMost: timeout)
    }

    /// Reads new and changed files of every library folder that is online and drops
    /// vanished ones, one folder after the other; watches every folder it walks.
    public func rescan() { sync.rescan() }

    /// Adds `path` to the library (recorded in the catalog): its photos from the catalog
    /// at once, then a scan. Throws when `path` is not a folder or the catalog can't record it.
    @discardableResult
    public func addFolder(_ path: String) throws -> LibraryFolderList.Addition { try sync.addFolder(path) }

    /// Takes `path` out of the library: its photos leave the list, its scan and watch stop;
    /// no file is touched, its catalog rows (and ratings) stay for a while.
    public func removeFolder(_ path: String) throws { try sync.removeFolder(path) }

    /// Shows `path`'s photos with the library's for this session, without making it a library
    /// folder. Throws when it is not a folder, or holds library folders.
    public func browse(_ path: String) throws { try sync.browse(path) }

    /// Each library folder's photo count in the catalog (offline folders' rows included).
    public func photoCounts() async -> [String: Int] { await sync.photoCounts() }

    /// The missing photos of the library's folders, by path.
    public func missingPhotos() async -> [MissingPhoto] { await sync.missingPhotos() }

    /// Lets go of missing photos now (their stars and keywords with them).
    public func forgetMissing(_ photos: [MissingPhoto]) async throws { try await sync.forgetMissing(photos) }
}
