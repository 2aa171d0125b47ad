import Foundation

/// The library's folders: several folders shown together, each scanned and watched, with
/// a folder filter. The catalog records which folders the library has; taking a folder
/// out never touches its files, and keeps its rows (and ratings) for when it comes back.
///
/// ```swift
/// store.openLibrary(seedingWith: { lastFolder })   // the catalog's folders (seeded once)
/// store.addFolder("/media/card/DCIM")             // .added(absorbing: []), shown and scanned
/// store.folderFilter = "/media/card/DCIM"         // only its photos; nil: all folders
/// store.removeFolder("/media/card/DCIM")          // out of the list; files and rows untouched
/// store.offlineFolders                            // ["/media/card/DCIM": .diskRemoved]
/// store.observeFolders(owner: self) { folders in } // the list, or a folder's availability, changed
/// ```
extension LibrarySync {
    /// Only this library folder's photos are listed (`photos`, and the pages that follow
    /// it); nil lists every folder's. A folder not in the library is ignored, and so is any
    /// filter of a library of one folder (which costs no filtering then).
    var folderFilter: String? {
        get { view.spec.folder }
        set {
            let folder = newValue.map { ($0 as NSString).standardizingPath }
            view.spec.folder = folder.flatMap { folders.count > 1 && folders.contains($0) ? $0 : nil }
            events.send(.folders(folders))
        }
    }

    /// The one folder listed: the folder filter's, or the library's only folder.
    var folder: String? { folderFilter ?? (folders.count == 1 ? folders[0] : nil) }

    /// Shows the library's folders as the catalog records them; the first time ever, the
    /// library is `seed()` (the folder the person had open before library folders, or
    /// Pictures). See `open(folders:rescanning:)`.
    func openLibrary(seedingWith seed: () -> String, showing filter: String? = nil, rescanning: Bool = true) {
        view.spec.folder = filter.map { ($0 as NSString).standardizingPath }  // kept if the library has it
        // Folders taken out of the library long ago give their rows up, and so do photos
        // missing for long, in the background.
        let catalog = self.catalog
        let before = Date(timeIntervalSinceNow: -Self.removedFolderRowsKept)
        let missingBefore = Date(timeIntervalSinceNow: -Catalog.missingPhotosKept)
        if catalog.isWritable {
            Task.detached(priority: .background) {
                _ = try? catalog.pruneFolders(removedBefore: before)
                _ = try? catalog.forgetMissing(before: missingBefore)
            }
        }
        do {
            open(folders: try catalog.libraryFolders(seedingWith: seed).map(\.path), rescanning: rescanning)
        } catch {
            open(folders: [seed()], rescanning: rescanning)
            // Translators: %@ is SQLite's reason.
            events.tell(String(format: tr("The library's folders can't be read from the catalog: %@"), "\(error)"))
        }
    }

    /// Adds `path` to the library (recorded in the catalog): its photos from the catalog
    /// at once, then a scan. A folder inside a library folder is not added (its photos are
    /// there already); library folders inside `path` become part of it. Throws when `path`
    /// is not a folder or the catalog can't record it (the library is left as it was).
    @discardableResult
    func addFolder(_ path: String) throws -> LibraryFolderList.Addition {
        let folder = (path as NSString).standardizingPath
        if browsedFolders.contains(folder) { return try keep(browsed: folder) }
        let addition = LibraryFolderList.adding(folder, to: libraryFolders)
        guard case .added(let absorbed) = addition else { return addition }
        try Self.checkIsFolder(folder)
        if let reason = catalog.notWritableReason { throw StoreError(reason) }
        try catalog.changeLibraryFolders(add: [folder], remove: absorbed)
        // Browsed folders inside it become part of it too (the catalog never recorded them).
        let gone = absorbed + browsedFolders.filter { LibraryFolderList.contains(folder, $0) }.sorted()
        browsedFolders.subtract(gone)
        showBrowsedFolders()
        include(folder, replacing: gone)
        return addition
    }

    /// Shows `folder` with the others, in place of `gone` (folders inside it): its photos
    /// from the catalog at once, then a scan.
    func include(_ folder: String, replacing gone: [String] = []) {
        if folders.isEmpty || isLoading {
            // (While the library is read, a rescan waiting for the window's first frame still waits.)
            return open(folders: folders.filter { !gone.contains($0) } + [folder], rescanning: !isLoading || scansOpenedFolders)
        }
        for inner in gone { stopScanning(inner) }
        offlineFolders = offlineFolders.filter { !gone.contains($0.key) }
        folders = (folders.filter { !gone.contains($0) } + [folder]).sorted()
        if let filter = folderFilter, gone.contains(filter) { folderFilter = folder }
        showOfflineFolders()
        joinCatalogRowsThenScan(folder)
    }

    /// Throws when `folder` can't be found or is not a folder.
    static func checkIsFolder(_ folder: String) throws {
        let info: FileInfo
        switch FileInfo.of(folder) {
        case .success(let found): info = found
        case .failure(let failure): throw StoreError(String(format: tr("“%1$@” can't be found (%2$@)"), folder, failure.description))
        }
        guard info.isFolder else { throw StoreError(String(format: tr("“%@” is not a folder"), folder)) }
    }

    /// How long a folder taken out of the library keeps its catalog rows (30 days).
    nonisolated static let removedFolderRowsKept: TimeInterval = 30 * 24 * 3600

    /// Takes `path` out of the library: its photos leave the list, its scan and watch
    /// stop. No file is touched; its catalog rows (and ratings) stay for
    /// `removedFolderRowsKept`, so adding it again meanwhile brings them back. Throws when
    /// the catalog can't record it.
    func removeFolder(_ path: String) throws {
        let folder = (path as NSString).standardizingPath
        guard folders.contains(folder) else { throw StoreError(String(format: tr("“%@” is not a library folder"), folder)) }
        if browsedFolders.remove(folder) != nil {
            showBrowsedFolders()
        } else {
            if let reason = catalog.notWritableReason { throw StoreError(reason) }
            try catalog.changeLibraryFolders(remove: [folder])
        }
        guard !isLoading else { return open(folders: folders.filter { $0 != folder }) }
        stopScanning(folder)
        if folderFilter == folder { folderFilter = nil }
        let wasOffline = offlineFolders[folder] != nil
        if !wasOffline { dropPhotos(inside: folder) }
        folders.removeAll { $0 == folder }
        if folders.count < 2 { folderFilter = nil }
        offlineFolders[folder] = nil
        showOfflineFolders()
        if folders.isEmpty { return open(folders: []) }
        scan([])  // the other folders' scans go on (or the scan ends)
    }

    /// Each library folder's photo count in the catalog (offline folders' rows included),
    /// read off the main thread.
    func photoCounts() async -> [String: Int] {
        let catalog = self.catalog
        let folders = self.folders
        return await Task.detached(priority: .userInitiated) {
            var counts: [String: Int] = [:]
            for folder in folders { counts[folder] = try? catalog.photoCount(in: folder) }
            return counts
        }.value
    }
}
