import Foundation

/// Browsed folders: the folder of a photo opened from the file manager is shown, scanned and
/// watched like a library folder, for this session only. The catalog records its photos (so
/// ratings and keywords given to them are kept, and come back when the folder is opened or
/// added again) but not the folder: a later launch does not list it, and the 30-day pruning
/// of removed folders never touches its rows. Shotwell, gThumb and GNOME's image viewer
/// likewise show a photo opened from Files without importing its folder.
///
/// ```swift
/// try store.browse("/home/me/Downloads")    // shown with the library, not recorded
/// store.libraryFolders                      // without it
/// try store.addFolder("/home/me/Downloads") // now a library folder for good
/// ```
extension LibrarySync {
    /// The library's folders proper: `folders` without the browsed ones.
    var libraryFolders: [String] { folders.filter { !browsedFolders.contains($0) } }

    /// The library folder holding `path` (a file or a folder), nil when none does.
    func libraryFolder(containing path: String) -> String? {
        let standardized = (path as NSString).standardizingPath
        return libraryFolders.first { LibraryFolderList.contains($0, standardized) }
    }

    /// Shows `path`'s photos with the library's for this session, without making it a library
    /// folder (nothing happens when it is shown already). Throws when it is not a folder, or
    /// holds library folders (browsing it would list their photos twice; adding it is the way).
    func browse(_ path: String) throws {
        let folder = (path as NSString).standardizingPath
        guard !folders.contains(folder), libraryFolder(containing: folder) == nil else { return }
        try Self.checkIsFolder(folder)
        if let inner = libraryFolders.first(where: { LibraryFolderList.contains(folder, $0) }) {
            // Translators: %1$@ is a folder of a photo opened from the file manager, %2$@ a library folder inside it.
            throw StoreError(
                String(
                    format: tr("“%1$@” holds the library folder “%2$@”: add it to the library to see its photos."),
                    (folder as NSString).lastPathComponent, LibraryFolderList.displayName(inner)))
        }
        browsedFolders.insert(folder)
        include(folder)
        showBrowsedFolders()
    }

    /// Whether `folder` (one of `folders`) has been scanned since it was shown.
    func hasScanned(_ folder: String) -> Bool { folderIdentities[folder] != nil }

    /// Makes the browsed `folder` a library folder (recorded in the catalog); its photos stay.
    func keep(browsed folder: String) throws -> LibraryFolderList.Addition {
        if let reason = catalog.notWritableReason { throw StoreError(reason) }
        try catalog.changeLibraryFolders(add: [folder])
        browsedFolders.remove(folder)
        showBrowsedFolders()
        events.send(.folders(folders))
        return .added(absorbing: [])
    }

    /// The `.browsedFolders` condition says which folders are not in the library, where the
    /// ratings given to their photos live, and offers to add them.
    func showBrowsedFolders() {
        let browsed = folders.filter { browsedFolders.contains($0) }
        guard let first = browsed.first else { return events.clear(.browsedFolders) }
        let name = (first as NSString).lastPathComponent
        let message: String
        let action: String
        if browsed.count == 1 {
            message =
                edits.savesMetadataInFiles
                // Translators: a bar under the header; %@ is the folder of a photo opened from the file manager.
                ? String(
                    format: tr(
                        "“%@” is not in your library: its photos are shown until Lightbox quits. Ratings and keywords you give them are kept in Lightbox's catalog and saved in the files."
                    ), name)
                // Translators: a bar under the header; %@ is the folder of a photo opened from the file manager.
                : String(
                    format: tr(
                        "“%@” is not in your library: its photos are shown until Lightbox quits. Ratings and keywords you give them are kept in Lightbox's catalog."
                    ), name)
            // Translators: a button in the bar; %@ is a folder name. GNOME's curly quotes, title case.
            action = String(format: tr("Add “%@” to the Library"), name)
        } else {
            message =
                edits.savesMetadataInFiles
                // Translators: a bar under the header, for photos opened from several folders.
                ? String(
                    format: trn(
                        "%d folder is not in your library: its photos are shown until Lightbox quits. Ratings and keywords you give them are kept in Lightbox's catalog and saved in the files.",
                        "%d folders are not in your library: their photos are shown until Lightbox quits. Ratings and keywords you give them are kept in Lightbox's catalog and saved in the files.",
                        browsed.count), browsed.count)
                // Translators: a bar under the header, for photos opened from several folders.
                : String(
                    format: trn(
                        "%d folder is not in your library: its photos are shown until Lightbox quits. Ratings and keywords you give them are kept in Lightbox's catalog.",
                        "%d folders are not in your library: their photos are shown until Lightbox quits. Ratings and keywords you give them are kept in Lightbox's catalog.",
                        browsed.count), browsed.count)
            action = tr("Add Them to the Library")
        }
        events.raise(LibraryCondition(.browsedFolders, message: message, isDismissible: true, actionLabel: action))
    }
}
