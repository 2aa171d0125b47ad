import Gtk
import LightboxKit

/// The Photos page as a grid of thumbnails: the same data source and the same selection
/// model as the list (the kit's `switchView(to:)`), the thumbnails zoomed with Ctrl+plus,
/// Ctrl+minus and Ctrl+0 while the grid has the focus.
extension PhotoListController {
    func setUpGrid() {
        let grid = listView.grid
        gridColumns = grid.fitsColumns { [unowned self] in PhotoCell.cellWidth(forThumbnail: self.gridThumbnailSize) }
        let keys = EventControllerKey()
        keys.onKey(owner: self) { [unowned self] key, modifiers in self.gridKeyPressed(key, modifiers) }
        grid.add(keys)
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
            let sizes = PhotoCell.thumbnailSizes
            let size = sizes.contains(newValue) ? newValue : sizes.min { abs($0 - newValue) < abs($1 - newValue) }!
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

    /// Ctrl+plus, Ctrl+minus, Ctrl+0 in the grid (the photo page reads the same keys for its own zoom).
    private func gridKeyPressed(_ key: Key, _ modifiers: ModifierType) -> Bool {
        guard modifiers.contains(.controlMask), modifiers.isSubset(of: [.controlMask, .shiftMask]),
            let name = key.name
        else { return false }
        switch name {
        case "plus", "equal", "KP_Add": zoomGrid(by: 1)
        case "minus", "underscore", "KP_Subtract": zoomGrid(by: -1)
        case "0", "KP_0": gridThumbnailSize = PhotoCell.defaultThumbnailSize
        default: return false
        }
        return true
    }
}
