import Foundation

/// Folder availability and faults: a library folder that goes away or can't be read is
/// offline (its photos out of the list, its rows and ratings kept) and checked every second
/// until it is back; a full disk under the catalog stops the scan until space is freed.
extension LibrarySync {
    /// Something happened to the library folder itself: see whether it is still there.
    func checkFolder(_ folder: String) {
        let known = folderIdentities[folder]
        Task { [weak self] in
            let availability = await Task.detached(priority: .userInitiated) {
                FolderAvailability.check(folder, known: known)
            }.value
            guard let self, self.folders.contains(folder), self.offlineFolders[folder] == nil else { return }
            switch availability {
            case .unavailable(let reason): self.folderUnavailable(folder, reason)
            case .available(let identity) where known != nil && identity != known: self.scan([folder])  // made again
            case .available: break
            }
        }
    }

    /// A library folder went away or can't be read: its photos leave the list at once
    /// (their rows and ratings stay in the catalog) until it is back; the other folders'
    /// photos stay, and their scans go on. (`dropping: false`: none of its photos are listed.)
    func folderUnavailable(_ folder: String, _ reason: FolderOfflineReason, dropping: Bool = true) {
        let known = folderIdentities[folder]
        stopScanning(folder)
        offlineFolders[folder] = reason
        if dropping { dropPhotos(inside: folder) }
        showOfflineFolders()
        let catalog = self.catalog
        waitingForFolders[folder] = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(1))
                if Task.isCancelled { return }
                let isBack = await Task.detached(priority: .utility) {
                    let hasPhotos = known == nil && ((try? catalog.photoCount(in: folder)) ?? 0) > 0
                    return FolderAvailability.check(folder, known: known, hasPhotos: hasPhotos).identity != nil
                }.value
                if isBack { break }
            }
            guard !Task.isCancelled, let self, self.folders.contains(folder) else { return }
            self.folderReturned(folder)
        }
        scanNext()  // the other folders' scans go on (or the scan ends)
    }

    /// An offline folder is back: its photos from the catalog at once, with their ratings,
    /// then a scan of it.
    private func folderReturned(_ folder: String) {
        waitingForFolders[folder] = nil
        guard folders.count > 1 else { return open(folders: folders) }
        offlineFolders[folder] = nil
        showOfflineFolders()
        joinCatalogRowsThenScan(folder)
    }

    /// The `.folderUnavailable` condition names every offline library folder and why.
    func showOfflineFolders() {
        let offline = folders.compactMap { folder in offlineFolders[folder].map { (folder, $0) } }
        switch offline.count {
        case 0:
            events.clear(.folderUnavailable)
        case 1:
            events.raise(LibraryCondition(.folderUnavailable, message: offline[0].1.message(folder: offline[0].0)))
        default:
            // Translators: separates the offline folders in a list.
            let list = offline.map { $0.1.listItem(folder: $0.0) }.joined(separator: tr("; "))
            // Translators: %2$@ is a list of folders and what happened to each.
            events.raise(
                LibraryCondition(
                    .folderUnavailable,
                    message: String(
                        format: trn(
                            "%1$d library folder is offline: %2$@. Its photos will be shown again when it is back.",
                            "%1$d library folders are offline: %2$@. Their photos will be shown again when they are back.", offline.count),
                        offline.count, list)))
        }
    }

    /// The disk under the catalog is full: scanning waits until space is freed.
    func diskFull() {
        events.raise(
            LibraryCondition(
                .diskFull,
                message: tr(
                    "The disk holding the photo catalog is full. Scanning stopped and goes on by itself when space is freed; ratings saved before are kept."
                )))
        guard waitingOutFault == nil else { return }
        let catalog = self.catalog
        waitOut(every: .seconds(2), until: { catalog.hasRoomToGrow }) { [weak self] in
            self?.rescan()
        }
    }

    /// Checks `isOver` off the main thread every `interval` until it holds, then runs `then`.
    private func waitOut(
        every interval: Duration, until isOver: @escaping @Sendable () -> Bool,
        then: @escaping @MainActor () -> Void
    ) {
        waitingOutFault = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                if Task.isCancelled { return }
                if await Task.detached(priority: .utility, operation: isOver).value { break }
            }
            guard !Task.isCancelled else { return }
            self?.waitingOutFault = nil
            then()
        }
    }
}
