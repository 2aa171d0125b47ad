import Gtk
import LightboxKit

/// Child → parent messages of the photo list.
@MainActor
public protocol PhotoListControllerDelegate: AnyObject {
    /// The selection changed: `photos` are every selected photo, in list order.
    func photoList(_ list: PhotoListController, didSelect photos: [Photo])
    func photoList(_ list: PhotoListController, didActivate photo: Photo)
}

/// The sidebar of the Photos page: the photo list, its scan progress, and the
/// status page shown when there is nothing to list.
public final class PhotoListController: Controller, ListSelectionDelegate {
    public weak var delegate: PhotoListControllerDelegate?
    public let source: PhotoListSource
    var listView: PhotoListView { view as! PhotoListView }
    /// The photos as a list or as a grid of thumbnails (`win.view-mode`, see `PhotoListController+Grid`).
    public var viewMode = PersistedState.PhotosView.list {
        didSet { if viewMode != oldValue, isViewLoaded { showViewMode() } }
    }
    /// Keeps the grid's columns to what fits its width.
    var gridColumns: GridColumnFitting?
    /// `focusSelection()` asked while the list was not on screen: done when it appears.
    private var focusesSelectionOnAppear = false

    public init(images: ImageSource) {
        source = PhotoListSource(images: images)
        super.init()
        title = tr("Photos")
        source.delegate = self
    }

    /// (After the page's own `viewDidAppear`, which puts the focus in the list.)
    public override func viewDidAppear() {
        super.viewDidAppear()
        guard focusesSelectionOnAppear else { return }
        focusesSelectionOnAppear = false
        focusSelection()
    }

    public override func loadView() -> Widget {
        let list = source.makePhotoListView()
        return PhotoListView(list: list, grid: source.makePhotoGridView(sharingSelectionWith: list))
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        setUpGrid()
        listView.contextMenu.attach(to: listView.list, source: source)
        listView.contextMenu.attach(to: listView.grid, source: source)
    }

    /// How many photos a view of `width` × `height` pixels shows at once (with a row to
    /// spare at the end): the list's rows, or the grid's rows of cells.
    public func photosFitting(width: Int, height: Int) -> Int {
        Self.photosFitting(width: width, height: height, viewMode: viewMode, gridThumbnailSize: gridThumbnailSize)
    }

    /// `photosFitting(width:height:)` for a list showing `viewMode` with grid thumbnails of
    /// about `gridThumbnailSize` pixels (before the list is made).
    public static func photosFitting(
        width: Int, height: Int, viewMode: PersistedState.PhotosView, gridThumbnailSize: Int
    ) -> Int {
        switch viewMode {
        case .list:
            return height / PhotoRow.thumbnailSize + 2
        case .grid:
            let cell = PhotoCell.cellWidth(forThumbnail: PhotoCell.nearestThumbnailSize(gridThumbnailSize))
            return max(1, width / cell) * (height / cell + 2)
        }
    }

    /// The photos in list order.
    public var photos: [Photo] { source.items }
    /// The selected photos, or the focused one when none is selected: what commands act on.
    public var selectedPhoto: Photo? { source.selectedOrFocusedItems.first }
    public var selectedPhotos: [Photo] { source.selectedOrFocusedItems }

    /// The Store version the list shows (see `PhotosUpdate`).
    private var shownVersion: Int?

    /// Follows the Store: applies just the change when the list shows the photos of the
    /// update before (the Store compared them, off the main thread for a large library),
    /// else compares here. The selected photo stays selected when it is still there; when
    /// it left (rejected, filtered out) the photo that took its place is selected, unless
    /// not `selectingNeighbour` (a new search: its results are not a place to land on).
    public func show(_ update: PhotosUpdate, selectingNeighbour: Bool = true) {
        let selected = selectingNeighbour ? source.selectedPositions.first : nil
        defer {
            shownVersion = update.version
            selectNeighbourIfSelectionLeft(selected)
        }
        guard shownVersion == update.version - 1 else { return show(update.photos) }
        switch update.change {
        case .diff(let diff): source.perform(diff, to: update.photos)
        case .updated(let positions):
            // The Store's array is taken as it is: writing the photos into the list's own
            // would copy all of them (the two share one buffer until then).
            source.update(positions: positions, in: update.photos)
        case .reset: show(update.photos)
        }
    }

    /// Shows `photos`, keeping the selected photo selected when it is still there.
    public func show(_ photos: [Photo]) {
        shownVersion = nil
        if source.items.isEmpty { return source.setItems(photos) }
        do {
            try source.apply(photos)
        } catch {
            preconditionFailure("PhotoListController: the Store listed a path twice: \(error)")
        }
    }

    /// The selection was at `position` and is gone with its photo: the photo now there (the
    /// next one, or the last at the end) is selected, as after a trash, not nothing.
    private func selectNeighbourIfSelectionLeft(_ position: Int?) {
        guard let position, source.selectedPositions.isEmpty, source.count > 0 else { return }
        source.select(at: min(position, source.count - 1))
    }

    public func show(_ state: PhotoListState) { listView.show(state) }

    /// Opens the photo menu on the selected photo (`win.photo-menu`: the Menu key, Shift+F10).
    public func openPhotoMenu() {
        let view: Widget = listView.isShowingGrid ? listView.grid : listView.list
        listView.contextMenu.open(onSelectionOf: view, source: source)
    }

    /// Says what the culling filters hide, under the list.
    public func showFilters(_ summary: PhotoFilterSummary) { listView.showFilters(summary) }

    /// The album whose photos these are (nil: the library's), in the bar above them.
    public func showAlbum(_ album: Album?) { listView.albumBar.show(album) }

    public func showProgress(_ progress: ScanProgress?) {
        if let progress {
            listView.showProgress(done: progress.done, total: progress.total)
        } else {
            listView.hideProgress()
        }
    }

    /// Scrolls to the selected photo, or to the top when none is selected: after the
    /// search changed. (GTK 4.8 otherwise keeps its rows around the photo that was at the
    /// top, and when many photos come in before it, as when a search over 100,000 photos
    /// is cleared, shows none of them until the list is scrolled.)
    public func revealSelectionOrTop() {
        source.scroll(to: source.selectedPositions.first ?? 0)
    }

    /// Selects the photo with `id` and scrolls to it; false when it is not listed.
    @discardableResult
    public func select(_ id: Photo.ID) -> Bool { source.select(id: id) }

    /// Puts the keyboard focus in the list (or the grid, when it shows): on the selected photo,
    /// where a person left it, not on the list around it.
    public func focusList() {
        if let selected = source.selectedPositions.first {
            source.focus(at: selected)
        } else {
            _ = (viewMode == .grid ? listView.grid as Widget : listView.list).grabFocus()
        }
    }

    /// Puts the list's cursor and the keyboard focus on the selected photo (GTK 4.8 keeps its
    /// cursor where it was when the selection is changed by code), so that Enter and the
    /// arrows go on from there.
    public func focusSelection() {
        guard isViewLoaded, view.isMapped else {
            focusesSelectionOnAppear = true
            return
        }
        guard let position = source.selectedPositions.first else { return }
        source.focus(at: position)
        // A row scrolled to is made at the list's next layout: it takes the focus then.
        view.onNextPaint { [weak self] in
            guard let self, self.source.selectedPositions.first == position else { return }
            self.source.focus(at: position)
        }
    }

    public func listDidChangeSelection(_ photos: [Photo]) {
        delegate?.photoList(self, didSelect: photos)
        photoSelectionDidChange()
    }

    public func listDidActivate(_ photo: Photo, at position: Int) {
        delegate?.photoList(self, didActivate: photo)
    }
}
