import Adw
import Foundation
import Gtk

/// Coordinates the Missing Photos window (the `.photosMissing` bar's Show): the missing
/// photos from the store, and letting go of one or all. One window at a time: it keeps
/// itself alive while it is open.
@MainActor
final class MissingPhotosController {
    let store: CatalogStore
    let view = MissingPhotosView()
    /// The open window's controller (Show again brings it to the front).
    private(set) static var shown: MissingPhotosController?

    @discardableResult
    static func present(store: CatalogStore, over parent: Window) -> MissingPhotosController {
        if let shown {
            shown.view.present()
            return shown
        }
        Adwaita.initialize()
        let controller = MissingPhotosController(store: store, parent: parent)
        shown = controller
        controller.view.present()
        return controller
    }

    private init(store: CatalogStore, parent: Window) {
        self.store = store
        view.transientFor = parent
        view.isModal = true
        view.removeAllButton.onClicked(owner: self) { [unowned self] in self.forget(self.view.rows.map(\.photo)) }
        view.onCloseRequest(owner: self) { [unowned self] in
            if Self.shown === self { Self.shown = nil }
            return false
        }
        reload()
    }

    private func reload() {
        Task { [weak self] in
            guard let store = self?.store else { return }
            let photos = await store.missingPhotos()
            guard let self else { return }
            self.view.show(photos)
            for shown in self.view.rows {
                let photo = shown.photo
                shown.removeButton.onClicked(owner: self) { [unowned self] in self.forget([photo]) }
            }
            // A person knows a photo by its picture: each row shows the thumbnail its file had
            // when last seen, when the cache still holds it.
            let images = store.images
            for (index, missing) in photos.enumerated() {
                guard let image = await images.lastThumbnail(of: missing.photo, size: MissingPhotosView.thumbnailSize),
                    self.view.rows.indices.contains(index), self.view.rows[index].photo == missing
                else { continue }
                self.view.showThumbnail(image, inRow: index)
            }
        }
    }

    private func forget(_ photos: [MissingPhoto]) {
        Task { [weak self] in
            guard let store = self?.store else { return }
            do {
                try await store.forgetMissing(photos)
            } catch {
                // Translators: %@ is SQLite's reason.
                self?.view.toasts.show(String(format: tr("The missing photos can't be removed: %@"), "\(error)"), seconds: 5)
            }
            self?.reload()
        }
    }
}
