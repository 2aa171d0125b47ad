import Gtk
import LightboxKit

/// A page listing a set of photos (every photo by a camera, or of a day), pushed
/// from the details pane. It follows the Store, whatever the search shows: ratings change
/// in place, trashed photos leave the list (and come back when restored), and the culling
/// filters hide photos here as on the Photos page (rejects unless shown, too few stars).
public final class PhotoCollectionController: Controller, PhotoSelecting, PhotoRevealing, ListSelectionDelegate {
    public weak var opener: PhotoOpening?
    public let source: PhotoListSource
    private let store: CatalogStore
    private let ids: [Photo.ID]
    private let idSet: Set<Photo.ID>

    public init(title: String, photos: [Photo], store: CatalogStore) {
        self.store = store
        ids = photos.map(\.id)
        idSet = Set(ids)
        source = PhotoListSource(images: store.images)
        super.init()
        self.title = title
        source.setItems(photos.filter(store.isListed))
        source.delegate = self
        store.observeLibrary(owner: self) { [weak self] change in self?.storeChanged(change) }
        store.observeFilterSummary(owner: self) { [weak self] _ in self?.storeChanged(LibraryChange(ids: nil)) }
    }

    public override func loadView() -> Widget { PhotoCollectionView(list: source.makePhotoListView()) }

    public override func viewDidLoad() {
        guard let view = view as? PhotoCollectionView else { return }
        view.contextMenu.attach(to: view.list, source: source)
    }

    /// The photos in list order.
    public var photos: [Photo] { source.items }

    /// The selected photos, or the focused one when none is selected: what commands act on.
    public var currentPhoto: Photo? { source.selectedOrFocusedItems.first }
    public var selectedPhotos: [Photo] { source.selectedOrFocusedItems }

    public func reveal(_ id: Photo.ID) { source.select(id: id) }

    private func storeChanged(_ change: LibraryChange) {
        guard change.touches(idSet) else { return }
        let selected = source.selectedPositions.first
        do {
            try source.apply(ids.compactMap(store.photo).filter(store.isListed))
        } catch {
            preconditionFailure("PhotoCollectionController: a path is listed twice: \(error)")
        }
        // The selected photo left (rejected): the one that took its place is selected.
        if let selected, isViewLoaded, source.selectedPositions.isEmpty, source.count > 0 {
            source.select(at: min(selected, source.count - 1))
        }
    }

    public func listDidChangeSelection(_ photos: [Photo]) { photoSelectionDidChange() }

    public func listDidActivate(_ photo: Photo, at position: Int) {
        opener?.open(photo, in: source.items, from: self)
    }
}
