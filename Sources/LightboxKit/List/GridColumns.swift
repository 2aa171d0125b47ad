import Gtk

extension GridView {
    /// Keeps `maxColumns` at the number of cells `cellWidth()` pixels wide that fit the
    /// grid's width (at least one), following the width for as long as the returned object
    /// is kept; call its `fitColumns()` when the cells change size (a thumbnail zoom).
    ///
    /// GTK 4.8's grid keeps `maxColumns` × 30 cells bound whatever it shows, so a grid
    /// allowed 20 columns binds 600 cells even when its width has room for 4 (GTK's default
    /// of 7 columns, on the other hand, leaves a wide window with empty space). The grid
    /// must be the child of a scrolled window (whose horizontal adjustment says its width).
    public func fitsColumns(cellWidth: @escaping @MainActor () -> Int) -> GridColumnFitting {
        guard let scrolled = parent as? ScrolledWindow else {
            preconditionFailure("GridView.fitsColumns: the grid is not in a scrolled window")
        }
        return GridColumnFitting(grid: self, width: scrolled.horizontalAdjustment, cellWidth: cellWidth)
    }
}

/// Follows a grid's width and sets its `maxColumns` (see `GridView.fitsColumns`) while it is kept.
@MainActor
public final class GridColumnFitting {
    private weak var grid: GridView?
    private let width: Adjustment
    private let cellWidth: @MainActor () -> Int
    private var pending: MainLoopTimer?

    init(grid: GridView, width: Adjustment, cellWidth: @escaping @MainActor () -> Int) {
        self.grid = grid
        self.width = width
        self.cellWidth = cellWidth
        // Told during the grid's allocation: the columns change after it, once the loop is idle.
        width.onNotifyPageSize(owner: self) { [weak self] in self?.fitColumnsSoon() }
        fitColumns()
    }

    /// The columns that fit now.
    public var fittingColumns: Int {
        let available = Int(width.pageSize)
        return Swift.max(1, available / Swift.max(1, cellWidth()))
    }

    /// Sets `maxColumns` to the columns that fit (before the grid's next layout).
    public func fitColumns() {
        pending?.cancel()
        pending = nil
        guard let grid, width.pageSize > 0 else { return }
        let columns = fittingColumns
        if grid.maxColumns != columns { grid.maxColumns = columns }
    }

    private func fitColumnsSoon() {
        guard pending == nil else { return }
        pending = MainLoopTimer.whenIdle { [weak self] in
            self?.pending = nil
            self?.fitColumns()
        }
    }
}
