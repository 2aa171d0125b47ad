import Gtk
import LightboxKit

/// The Photos page as a grid of thumbnails: the same data source and the same selection
/// model as the list (the kit's `switchView(to:)`), the thumbnails zoomed by the window's
/// `win.zoom` (Ctrl+plus, Ctrl+minus, Ctrl+0) while the grid shows (see `PhotosController.zoom`).
extension PhotoListController {
    func setUpGrid() {
        let grid = listView.grid
        gridColumns = grid.fitsColumns { [unowned self] in PhotoCell.cellWidth(forThumbnail: self.gridThumbnailSize) }
        if viewMode == .grid { showViewMode() }
    }

    /// Shows the photos the way `viewMode` says: the selection stays, the first visible
    /// photo stays in view, and the keyboard focus follows when it was in the other view.
    func showViewMode() {
        let view = listView
        let showsGrid = viewMode == .grid
        guard view.isShowingGrid != showsGrid else { return }
        let left: Widget = showsGrid ? view.list : view.grid
        let hadFocus = left.stateFlags.contains(.focusWithin)
        source.switchView(to: showsGrid ? view.grid : view.list)
        view.showGrid(showsGrid)
        if hadFocus { focusList() }
    }

    /// The grid's thumbnail side in pixels (`PhotoCell.thumbnailSizes`).
    public var gridThumbnailSize: Int {
        get { source.gridThumbnailSize }
        set {
            let size = PhotoCell.nearestThumbnailSize(newValue)
            guard size != source.gridThumbnailSize else { return }
            source.gridThumbnailSize = size
            gridColumns?.fitColumns()
        }
    }

    /// Larger (`steps` > 0) or smaller thumbnails in the grid, one size of `PhotoCell.thumbnailSizes` a step.
    public func zoomGrid(by steps: Int) {
        let sizes = PhotoCell.thumbnailSizes
        let current = sizes.firstIndex(of: gridThumbnailSize) ?? sizes.firstIndex(of: PhotoCell.defaultThumbnailSize)!
        gridThumbnailSize = sizes[min(max(current + steps, 0), sizes.count - 1)]
    }
}

/// `win.zoom` on the Photos page: the grid's thumbnails, larger, smaller or back to their
/// default size; the list does not zoom.
extension PhotosController: Zooming {
    public var canZoom: Bool { photoList.viewMode == .grid }

    public func zoom(_ step: ZoomStep) {
        guard canZoom else { return }
        switch step {
        case .in: photoList.zoomGrid(by: 1)
        case .out: photoList.zoomGrid(by: -1)
        case .reset: photoList.gridThumbnailSize = PhotoCell.defaultThumbnailSize
        }
    }
}
