import Gtk
import LightboxKit

/// One photo in a list: thumbnail, title, date taken, stars (or "Rejected", the row
/// dimmed), and why the file can't be shown when it can't. Configures itself from a
/// `PhotoPresentable`.
public final class PhotoRow: ListRowView {
    public static let thumbnailSize = 80
    public let thumbnail = ThumbnailView(size: PhotoRow.thumbnailSize)
    public let titleLabel = Label()
    public let dateLabel = Label()
    public let starsLabel = Label()
    public let errorLabel = Label()
    /// "RAW+JPEG" when the photo is a RAW file with its camera JPEG.
    public let formatLabel = Label()
    /// What a screen reader says for the stars ("Rated 3 stars").
    public private(set) var ratingDescription = ""
    /// The photo the row shows (set by `PhotoListSource`): what a drag from it carries.
    public internal(set) var photo: Photo?
    /// The drag source that carries the photo (or the list's selection) out.
    public internal(set) var dragSource: PhotoDragSource?

    public required init() {
        super.init()
        addCssClass("photo-row")
        let text = Box(orientation: .vertical, spacing: 2)
        text.verticalAlignment = .center
        text.horizontalExpand = true
        titleLabel.addCssClass("heading")
        titleLabel.ellipsize = .middle
        dateLabel.addCssClass("dim-label")
        dateLabel.addCssClass("caption")
        starsLabel.addCssClass("rating-stars")
        errorLabel.addCssClass("error")
        errorLabel.addCssClass("caption")
        errorLabel.ellipsize = .end
        formatLabel.addCssClass("dim-label")
        formatLabel.addCssClass("caption")
        formatLabel.addCssClass("format-mark")
        for label in [titleLabel, dateLabel, formatLabel, starsLabel, errorLabel] {
            label.xalign = 0
            text.append(label)
        }
        // Every row's thumbnail gets the same 4:3 frame, so titles line up whatever the
        // photo's shape. Set on the thumbnail itself: each widget of a row is styled again
        // whenever rows are added in front of it, so a row has no widget it can do without.
        thumbnail.setSizeRequest(width: PhotoRow.thumbnailSize * 4 / 3, height: PhotoRow.thumbnailSize)
        thumbnail.verticalAlignment = .center
        thumbnail.horizontalExpand = false
        contentView.append(thumbnail)
        contentView.append(text)
        setMargins(top: 6, bottom: 6, start: 4, end: 4)
    }

    /// Sets every field (a recycled row never shows stale content).
    public func configure(with content: some PhotoPresentable, images: ImageSource?) {
        let title = content.rowTitle
        let dateText = content.dateText
        titleLabel.text = title
        dateLabel.text = dateText
        dateLabel.isVisible = !dateText.isEmpty
        starsLabel.text = content.isMarkedRejected ? tr("Rejected") : PhotoFormat.stars(content.stars)
        ratingDescription = PhotoFormat.ratingDescription(content.stars, isRejected: content.isMarkedRejected)
        starsLabel.setAccessibleLabel(ratingDescription)
        starsLabel.setCssClass("unrated", content.stars == 0 && !content.isMarkedRejected)
        starsLabel.setCssClass("rejected-mark", content.isMarkedRejected)
        setCssClass("rejected", content.isMarkedRejected)
        let mark = content.formatMark
        formatLabel.text = mark ?? ""
        formatLabel.isVisible = mark != nil
        errorLabel.text = content.errorText ?? ""
        errorLabel.isVisible = content.errorText != nil
        starsLabel.isVisible = content.errorText == nil
        thumbnail.show(content.thumbnailPhoto, images: images)
        let state = content.errorText ?? ratingDescription
        // Translators: in a row's description for screen readers, "video, 0:12" (%@ is its length).
        let video = content.thumbnailPhoto.duration.map { String(format: tr("video, %@"), FormattingLocale.current.duration($0)) }
        setAccessibleLabel([title, dateText, mark ?? "", video ?? "", state].filter { !$0.isEmpty }.joined(separator: ", "))
    }

    /// The row left the screen: stop loading its thumbnail.
    public override func prepareForReuse() {
        thumbnail.stopLoading()
    }

    public override func highlightDidChange() {
        super.highlightDidChange()
        thumbnail.setCssClass("thumbnail-selected", highlight.contains(.selected))
        thumbnail.setCssClass("thumbnail-hovered", highlight.contains(.hovered))
    }
}

/// A list row or grid cell showing one photo: what a right click finds and a drag carries.
@MainActor
protocol PhotoItemView: Widget {
    /// The photo shown (set by `PhotoListSource`).
    var photo: Photo? { get set }
    var dragSource: PhotoDragSource? { get set }
    /// The drag's icon.
    var dragIcon: Widget { get }
}

extension PhotoItemView {
    /// Drags out the item's photo, or the list's selection when the photo is in it (once per item).
    func attachDragSource(selection: @escaping @MainActor () -> [Photo]) {
        guard dragSource == nil else { return }
        dragSource = PhotoDragSource.attach(
            to: self, icon: dragIcon, photo: { [unowned self] in self.photo },
            selection: selection)
    }
}

extension PhotoRow: PhotoItemView {
    var dragIcon: Widget { thumbnail }
}

/// A list of photos shown with `PhotoRow`s in a list and `PhotoCell`s in a grid; a row's or
/// cell's thumbnail load stops when it is unbound.
public final class PhotoListSource: ArrayDataSource<Photo> {
    /// The grid's thumbnail side in pixels (one of `PhotoCell.thumbnailSizes`); the cells on
    /// screen follow a change at once.
    public var gridThumbnailSize = PhotoCell.defaultThumbnailSize {
        didSet { if gridThumbnailSize != oldValue { reconfigureBoundRows() } }
    }

    public init(images: ImageSource) {
        super.init()
        register(PhotoRow.self) { [unowned self] row, photo in
            row.configure(with: photo, images: images)
            row.photo = photo
            row.attachDragSource(selection: { [unowned self] in self.selectedItems })
        }
        registerGridCell(PhotoCell.self) { [unowned self] cell, photo in
            cell.configure(with: photo, images: images, size: gridThumbnailSize)
            cell.photo = photo
            cell.attachDragSource(selection: { [unowned self] in self.selectedItems })
        }
        // A scan's first batch, or the rest of the library after the first screenful,
        // would otherwise build 200 rows in one frame. Each step also restyles the rows
        // after those it inserts: 8 a frame kept a scan's frames shorter than 4 or 16.
        insertionsPerFrame = 8
    }

    /// A list view in the GNOME sidebar style where several photos can be selected
    /// (Ctrl/Shift+click, Shift+arrows, Ctrl+A; Escape keeps the focused one), and where
    /// the selection follows the keyboard focus otherwise: the keys that act on the selected
    /// photos act on the photo a person is on.
    public func makePhotoListView() -> ListView {
        let list = makeListView(selection: .multiple, selectionFollowsFocus: true)
        list.addCssClass("navigation-sidebar")
        list.addCssClass("photo-list")
        list.setAccessibleLabel(tr("Photos"))
        return list
    }

    /// The grid of the same photos, through `list`'s selection model once `switchView(to:)`
    /// gives it (see `makeGridView(sharingSelectionWith:)`).
    public func makePhotoGridView(sharingSelectionWith list: ListView) -> GridView {
        let grid = makeGridView(sharingSelectionWith: list)
        selectsFocusedItem(in: grid)
        grid.addCssClass("photo-grid")
        grid.setAccessibleLabel(tr("Photos"))
        return grid
    }
}
