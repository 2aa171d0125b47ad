import Foundation
import Gtk
import LightboxKit
import LightboxMedia

/// One photo of the source on the import page (with the files that travel with it): its
/// thumbnail, a check when it is chosen for the import, "In Library" (dimmed, not choosable)
/// when the library has it, "RAW+JPEG" for a pair, and its time. A toggle button: a click or
/// Space turns it on or off.
final class ImportCell: ToggleButton {
    static let thumbnailSize = 128
    let thumbnail = ThumbnailView(size: ImportCell.thumbnailSize)
    private let check = Image(iconName: "object-select-symbolic")
    private let mark = Label()
    private let timeLabel = Label()
    private(set) var position: Int?
    private var isUpdating = false
    private var isInLibrary = false
    /// The person turned it on or off.
    var onToggle: (@MainActor (Int, Bool) -> Void)?

    override init() {
        super.init()
        addCssClass("import-cell")
        addCssClass("flat")
        // The square sizes the frame; the thumbnail over it is given just that square (a
        // landscape picture as a child would widen its cell and ragged the lines).
        let frame = Overlay()
        let square = Box(orientation: .horizontal)
        square.setSizeRequest(width: Self.thumbnailSize, height: Self.thumbnailSize)
        frame.child = square
        frame.addOverlay(thumbnail)
        check.addCssClass("import-check")
        check.horizontalAlignment = .end
        check.verticalAlignment = .start
        check.canTarget = false
        frame.addOverlay(check)
        mark.addCssClass("import-mark")
        mark.horizontalAlignment = .start
        mark.verticalAlignment = .end
        mark.canTarget = false
        frame.addOverlay(mark)
        timeLabel.addCssClass("caption")
        timeLabel.addCssClass("dim-label")
        let box = Box(orientation: .vertical, spacing: 4)
        box.append(frame)
        box.append(timeLabel)
        child = box
        // As wide as the thumbnail: its picture would stretch the cell over the whole line.
        horizontalExpand = false
        verticalExpand = false
        onToggled(owner: self) { [weak self] in
            guard let self, !self.isUpdating, let position = self.position else { return }
            // One the library has stays off (and keeps the keyboard: it is not made insensitive).
            guard !self.isInLibrary else {
                self.isUpdating = true
                self.isActive = false
                self.isUpdating = false
                return
            }
            self.onToggle?(position, self.isActive)
        }
    }

    func configure(_ group: ImportSurvey.Group, at position: Int, chosen: Bool, inLibrary: Bool, images: ImageSource) {
        self.position = position
        let shown = Self.shownItem(of: group)
        thumbnail.show(shown.record, images: images)
        isUpdating = true
        isActive = chosen
        isUpdating = false
        isInLibrary = inLibrary
        check.isVisible = chosen
        setCssClass("in-library", inLibrary)
        let pair = ImportText.pairName(group)
        // Translators: the mark on a photo of the import page that the library has already.
        mark.text = inLibrary ? tr("In Library") : pair ?? ""
        mark.isVisible = inLibrary || pair != nil
        timeLabel.text = String(format: "%02d:%02d", group.moment.hour, group.moment.minute)
        let name = (shown.source as NSString).lastPathComponent
        tooltip = name
        setAccessibleLabel(ImportText.cellLabel(name: name, pair: pair, inLibrary: inLibrary))
    }

    func stopLoading() { thumbnail.stopLoading() }

    /// The file whose picture stands for the group: a JPEG or HEIF rather than its RAW, a Live
    /// Photo's still rather than its motion.
    static func shownItem(of group: ImportSurvey.Group) -> ImportSurvey.Item {
        let media = group.items.filter { $0.record != nil }
        let rank = { (item: ImportSurvey.Item) -> Int in
            let ext = (item.source as NSString).pathExtension.lowercased()
            if VideoFile.extensions.contains(ext) { return 2 }
            return ImageFamily.rawExtensions.contains(ext) ? 1 : 0
        }
        return media.min { rank($0) < rank($1) } ?? group.items[0]
    }
}

/// A line of the import page: up to a line's worth of a day's photos, side by side.
final class ImportCellsRow: ListRowView {
    static let spacing = 6
    private(set) var cells: [ImportCell] = []
    var onToggle: (@MainActor (Int, Bool) -> Void)?

    required init() {
        super.init()
        addCssClass("import-line")
        contentView.spacing = Self.spacing
    }

    func configure(_ line: ImportLine, choice: ImportChoice, images: ImageSource) {
        while cells.count < line.groups.count {
            let cell = ImportCell()
            cell.onToggle = { [weak self] position, chosen in self?.onToggle?(position, chosen) }
            cells.append(cell)
            contentView.append(cell)
        }
        for (index, cell) in cells.enumerated() {
            guard index < line.groups.count else {
                cell.isVisible = false
                cell.stopLoading()
                continue
            }
            let position = line.groups.lowerBound + index
            cell.isVisible = true
            cell.configure(
                choice.groups[position], at: position, chosen: choice.isChosen(position), inLibrary: choice.isInLibrary(position),
                images: images)
        }
    }

    /// The cell showing the group at `position`, when this line shows it.
    func cell(showing position: Int) -> ImportCell? {
        cells.first { $0.isVisible && $0.position == position }
    }

    override func prepareForReuse() { cells.forEach { $0.stopLoading() } }
}

/// A day's heading on the import page: the day, how many photos and how many are new, and a
/// button choosing all of its new ones (or none, when all are chosen).
final class ImportDayRow: ListRowView {
    let dayLabel = Label()
    let countLabel = Label()
    let chooseButton = Button()
    private var day: Int?
    private var choosesAll = true
    var onChooseDay: (@MainActor (Int, Bool) -> Void)?

    required init() {
        super.init()
        addCssClass("import-day")
        dayLabel.addCssClass("heading")
        dayLabel.xalign = 0
        countLabel.addCssClass("dim-label")
        countLabel.xalign = 0
        countLabel.horizontalExpand = true
        chooseButton.addCssClass("flat")
        // The keys choose (Space on a photo, Ctrl+A): the button is for the pointer.
        chooseButton.canFocus = false
        chooseButton.onClicked(owner: self) { [weak self] in
            guard let self, let day = self.day else { return }
            self.onChooseDay?(day, self.choosesAll)
        }
        [dayLabel, countLabel, chooseButton].forEach(contentView.append)
    }

    func configure(_ line: ImportLine, choice: ImportChoice) {
        day = line.day
        let day = choice.days[line.day]
        dayLabel.text = PhotoFormat.day(day.catalogDate) ?? ""
        let positions = day.groups
        let inLibrary = positions.filter(choice.isInLibrary).count
        countLabel.text = ImportText.dayCount(photos: positions.count, inLibrary: inLibrary)
        let choosable = positions.filter { !choice.isInLibrary($0) }
        choosesAll = !choosable.allSatisfy(choice.isChosen)
        chooseButton.label = choosesAll ? tr("Choose All") : tr("Choose None")
        chooseButton.isVisible = !choosable.isEmpty
    }
}
