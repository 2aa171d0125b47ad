import Gtk
import LightboxKit

/// The import page's photos as a grid in a list: each day's heading, then lines of as many
/// cells as the list's width takes (GTK 4.8's grid has no headings across it), made again when
/// the width changes. Its actions (`import-page.`, on the list; the keys in
/// `KeyboardShortcuts`, reach `.importPage`): `move` ("left", "right", "up", "down" keep the
/// column, "home", "end"), `choose-all` (every new photo), `choose-none`; Space is each cell's
/// own key.
@MainActor
final class ImportGrid {
    let source = ArrayDataSource<ImportLine>()
    let list: ListView
    /// What the lines show; set by the window's controller (`refreshRows` shows it on the bound lines).
    var choice = ImportChoice()
    /// The person chose (true) or turned off photos, by their positions in `choice.groups`.
    var setChosen: (@MainActor (Bool, [Int]) -> Void)?
    private let images: ImageSource
    private weak var view: PhotoImportView?
    private(set) var columns = 0
    private var rows: [ObjectIdentifier: ImportCellsRow] = [:]
    /// The photo to focus once its line is bound (it may be off screen).
    private var pendingFocus: Int?
    private var focusesFirstPhoto = false
    private var pendingFit: MainLoopTimer?
    /// `import-page.move`, `choose-all`, `choose-none`.
    let actions = ActionGroup()

    /// Width of a photo's cell with the space beside it, until one is laid out (then as the theme makes it).
    static let cellWidth = ImportCell.thumbnailSize + 24

    init(images: ImageSource) {
        self.images = images
        list = source.makeListView(selection: .none)
        source.kindOfItem = { $0.isHeading ? "day" : .standard }
        source.register(ImportCellsRow.self) { [unowned self] row, line in
            self.rows[ObjectIdentifier(row)] = row
            row.onToggle = { [weak self] position, chosen in self?.setChosen?(chosen, [position]) }
            row.configure(line, choice: self.choice, images: images)
            self.focusPending(in: row)
        }
        source.register(ImportDayRow.self, kind: "day") { [unowned self] row, line in
            row.onChooseDay = { [weak self] day, chosen in
                guard let self else { return }
                self.setChosen?(chosen, Array(self.choice.days[day].groups))
            }
            row.configure(line, choice: self.choice)
        }
    }

    /// Follows `view`'s width and takes the list's keys.
    func attach(to view: PhotoImportView) {
        self.view = view
        // Told during the window's allocation: the lines change after it, once the loop is idle.
        view.widthProbe.onResize(owner: self) { [weak self] _, _ in
            guard let self, self.pendingFit == nil else { return }
            self.pendingFit = MainLoopTimer.whenIdle { [weak self] in
                self?.pendingFit = nil
                self?.fitColumns()
            }
        }
        let move = Action(name: "move", parameterType: "s")
        move.onActivate(owner: self) { [weak self] direction in self?.move(direction?.string ?? "") }
        actions.add(move)
        actions.addAction("choose-all", owner: self) { [weak self] in
            guard let self else { return }
            self.setChosen?(true, Array(self.choice.groups.indices))
        }
        actions.addAction("choose-none", owner: self) { [weak self] in
            guard let self else { return }
            self.setChosen?(false, Array(self.choice.groups.indices))
        }
        list.insertActionGroup(actions, prefix: "import-page")
        list.add(KeyboardShortcuts.controller(for: .importPage))
    }

    // MARK: Lines

    /// The lines for the width the list has now.
    private func fitColumns() {
        guard let view else { return }
        // The list's padding on both sides.
        let width = view.widthProbe.width - 36
        let laidOut = rows.values.lazy.compactMap { $0.cells.first { $0.isVisible && $0.width > 0 } }.first
        let cellWidth = laidOut.map { $0.width + ImportCellsRow.spacing } ?? Self.cellWidth
        let fitting = max(1, width / cellWidth)
        guard fitting != columns, width > 0 else { return }
        let focused = focusedPosition
        columns = fitting
        showLines()
        if let focused { focus(focused) }
        focusFirstPhotoOnce()
    }

    /// The lines once the list's width is known (lines for another width would be made again
    /// at once, and GTK 4.8's list can keep a scroll offset past their end).
    func showLines() {
        guard columns > 0 else { return }
        let lines = choice.lines(columns: columns)
        if lines != source.items { source.setItems(lines) } else { refreshRows() }
        // Lines made for the estimated width of a cell: again once one is laid out.
        if !isCellMeasured, !lines.isEmpty { view?.onNextPaint { [weak self] in self?.fitColumns() } }
        focusFirstPhotoOnce()
    }

    private var isCellMeasured: Bool { rows.values.contains { $0.cells.contains { $0.isVisible && $0.width > 0 } } }

    /// The bound lines show the choices as they are now.
    func refreshRows() {
        for row in rows.values {
            guard let position = source.position(of: row) else { continue }
            row.configure(source.item(at: position), choice: choice, images: images)
        }
        for position in 0..<source.count where source.item(at: position).isHeading {
            (source.boundRow(at: position) as? ImportDayRow)?.configure(source.item(at: position), choice: choice)
        }
    }

    /// Whether the lines filling the list's height show every thumbnail (the first screen).
    var isFirstScreenShown: Bool {
        guard let view, choice.days.count > 0, columns > 0 else { return false }
        var height = 0
        for position in 0..<source.count {
            guard height < view.scroller.height else { break }
            // Lines past the list's end, or below what it shows, are not laid out.
            guard let row = source.boundRow(at: position), row.height > 0 else { break }
            if let cells = row as? ImportCellsRow, !cells.cells.filter(\.isVisible).allSatisfy(\.thumbnail.isLoaded) { return false }
            height += row.height
        }
        return height > 0
    }

    // MARK: The keyboard

    /// Moves the keyboard from the focused photo: "left", "right", "up", "down", "home", "end".
    private func move(_ direction: String) {
        guard let current = focusedPosition else { return }
        let target: Int?
        switch direction {
        case "left": target = current - 1
        case "right": target = current + 1
        case "up": target = positionInLine(from: current, step: -1)
        case "down": target = positionInLine(from: current, step: 1)
        case "home": target = 0
        case "end": target = choice.groups.count - 1
        default: target = nil
        }
        if let target, choice.groups.indices.contains(target) { focus(target) }
    }

    /// The photo focused (a cell has the keyboard).
    private var focusedPosition: Int? {
        rows.values.lazy.compactMap { row in row.cells.first { $0.hasFocus }?.position }.first
    }

    /// The photo in the line before or after the one showing `position`, in its column (or the line's last).
    private func positionInLine(from position: Int, step: Int) -> Int? {
        let cells = source.items.enumerated().filter { !$0.element.isHeading }
        guard let index = cells.firstIndex(where: { $0.element.groups.contains(position) }) else { return nil }
        let target = index + step
        guard cells.indices.contains(target) else { return nil }
        let column = position - cells[index].element.groups.lowerBound
        let groups = cells[target].element.groups
        return min(groups.lowerBound + column, groups.upperBound - 1)
    }

    /// The keyboard goes to the first photo once there are lines to show it.
    func focusFirstPhoto() {
        focusesFirstPhoto = true
        focusFirstPhotoOnce()
    }

    private func focusFirstPhotoOnce() {
        guard focusesFirstPhoto, !choice.groups.isEmpty, columns > 0, !source.items.isEmpty else { return }
        focusesFirstPhoto = false
        focus(0)
    }

    /// Moves the keyboard to the photo at `position`, scrolling its line into view.
    func focus(_ position: Int) {
        guard let line = source.items.firstIndex(where: { $0.groups.contains(position) }) else { return }
        pendingFocus = position
        if let row = source.boundRow(at: line) as? ImportCellsRow, row.cell(showing: position) != nil {
            focusPending(in: row)
        }
        // A day's first line brings its heading along.
        source.scroll(to: line > 0 && source.items[line - 1].isHeading ? line - 1 : line)
    }

    private func focusPending(in row: ImportCellsRow) {
        guard let position = pendingFocus, let cell = row.cell(showing: position), view?.isVisible == true else { return }
        pendingFocus = nil
        _ = cell.grabFocus()
    }
}
