import Foundation

/// Photos whose files vanished from the library: hidden from the list, kept in the catalog
/// for `Catalog.missingPhotosKept` in case the files come back, counted in the
/// `.photosMissing` condition, listed and let go of on request.
extension LibrarySync {
    /// Counts the missing photos of the library's folders (off the main thread) and says so
    /// in the `.photosMissing` condition, or clears it when there are none.
    func countMissingPhotos() {
        let catalog = self.catalog
        let folders = self.folders
        Task { [weak self] in
            let count = await Task.detached(priority: .utility) { (try? catalog.missingCount(in: folders)) ?? 0 }.value
            guard let self, self.folders == folders else { return }
            self.showMissing(count)
        }
    }

    private func showMissing(_ count: Int) {
        missingPhotoCount = count
        if count <= missingPhotosDismissed { missingPhotosDismissed = count }
        guard count > missingPhotosDismissed else { return events.clear(.photosMissing) }
        let days = Int(Catalog.missingPhotosKept / 86_400)
        let message = String(
            format: trn(
                "%1$d photo is missing: its file was moved out of the library, renamed or deleted. Its stars and keywords are kept for %2$d days, in case the file comes back.",
                "%1$d photos are missing: their files were moved out of the library, renamed or deleted. Their stars and keywords are kept for %2$d days, in case the files come back.",
                count), count, days)
        // Translators: the button of the missing photos' bar: lists them.
        events.raise(LibraryCondition(.photosMissing, message: message, isDismissible: true, actionLabel: tr("Show")))
    }

    /// The missing photos of the library's folders, by path.
    func missingPhotos() async -> [MissingPhoto] {
        let catalog = self.catalog
        let folders = self.folders
        return await Task.detached(priority: .userInitiated) {
            folders.flatMap { (try? catalog.missingPhotos(in: $0)) ?? [] }
        }.value
    }

    /// Lets go of missing photos now (their stars and keywords with them).
    func forgetMissing(_ photos: [MissingPhoto]) async throws {
        let catalog = self.catalog
        let paths = photos.map(\.photo.path)
        try await Task.detached(priority: .userInitiated) { try catalog.forgetMissing(paths) }.value
        catalog.backUpSoon()
        countMissingPhotos()
    }
}
