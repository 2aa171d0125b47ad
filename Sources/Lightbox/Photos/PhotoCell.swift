import Gtk
import LightboxKit

/// One photo in the grid: the thumbnail in a square frame, the name under it (ellipsized
/// in the middle, so "IMG_…_0042.jpg" keeps its number), and the stars or "Rejected" under
/// the name (the cell dimmed when rejected). Configures itself from a `PhotoPresentable`,
/// like `PhotoRow`, and owns its selected and hovered look.
public final class PhotoCell: ListRowView {
    /// The thumbnail sizes the grid zooms through (Ctrl+plus, Ctrl+minus), and its default.
    public static let thumbnailSizes = [96, 128, 160, 192, 240, 320]
    public static let defaultThumbnailSize = 160
    /// The size of `thumbnailSizes` nearest to `size`.
    public static func nearestThumbnailSize(_ size: Int) -> Int {
        thumbnailSizes.contains(size) ? size : thumbnailSizes.min { abs($0 - size) < abs($1 - size) }!
    }

    /// How wide a cell showing thumbnails of `size` is: the thumbnail, the cell's margins
    /// and the grid's padding around each cell (3 pixels a side, `PhotosStyle`), rounded up.
    public static func cellWidth(forThumbnail size: Int) -> Int { size + 2 * 6 + 2 * 6 }

    public private(set) var thumbnail: ThumbnailView
    /// The photo the cell shows (set by `PhotoListSource`): what a drag from it carries.
    public internal(set) var photo: Photo?
    /// The drag source that carries the photo (or the grid's selection) out.
    public internal(set) var dragSource: PhotoDragSource?
    public let titleLabel = Label()
    public let starsLabel = Label()
    public private(set) var ratingDescription = ""
    /// Keeps the frame square at the thumbnail's size (the overlay is as large as it).
    private let frameSize = Box()
    fileprivate let frame = Overlay()

    public required init() {
        thumbnail = ThumbnailView(size: PhotoCell.defaultThumbnailSize)
        super.init()
        addCssClass("photo-cell")
        contentView.orientation = .vertical
        contentView.spacing = 4
        frame.child = frameSize
        frame.addOverlay(thumbnail)
        frame.horizontalAlignment = .center
        titleLabel.ellipsize = .middle
        titleLabel.addCssClass("caption")
        titleLabel.addCssClass("photo-cell-title")
        starsLabel.addCssClass("rating-stars")
        starsLabel.addCssClass("caption")
        contentView.append(frame)
        contentView.append(titleLabel)
        contentView.append(starsLabel)
        setMargins(6)
        resize(to: PhotoCell.defaultThumbnailSize)
    }

    /// Sets every field (a recycled cell never shows stale content); `size` is the
    /// thumbnail's side in pixels.
    public func configure(with content: some PhotoPresentable, images: ImageSource?, size: Int) {
        if size != thumbnail.size { resize(to: size) }
        let title = content.rowTitle
        titleLabel.text = title
        titleLabel.tooltip = title
        // Translators: under the thumbnail of a file that can't be shown (a short mark).
        starsLabel.text =
            content.errorText.map { _ in tr("Can’t Show") }
            ?? (content.isMarkedRejected ? tr("Rejected") : PhotoFormat.stars(content.stars))
        ratingDescription = PhotoFormat.ratingDescription(content.stars, isRejected: content.isMarkedRejected)
        starsLabel.setAccessibleLabel(ratingDescription)
        starsLabel.setCssClass("unrated", content.stars == 0 && !content.isMarkedRejected && content.errorText == nil)
        starsLabel.setCssClass("rejected-mark", content.isMarkedRejected || content.errorText != nil)
        setCssClass("rejected", content.isMarkedRejected)
        thumbnail.show(content.thumbnailPhoto, images: images)
        let state = content.errorText ?? ratingDescription
        setAccessibleLabel([title, content.dateText, content.formatMark ?? "", state].filter { !$0.isEmpty }.joined(separator: ", "))
    }

    /// A new thumbnail view of `size` (its size is fixed: it asks the image source for that size).
    private func resize(to size: Int) {
        if thumbnail.size != size {
            thumbnail.stopLoading()
            frame.removeOverlay(thumbnail)
            thumbnail = ThumbnailView(size: size)
            frame.addOverlay(thumbnail)
            highlightDidChange()
        }
        frameSize.setSizeRequest(width: size, height: size)
        titleLabel.widthRequest = size
        titleLabel.maxWidthChars = 1
    }

    /// The cell left the screen: stop loading its thumbnail.
    public override func prepareForReuse() {
        thumbnail.stopLoading()
    }

    public override func highlightDidChange() {
        super.highlightDidChange()
        thumbnail.setCssClass("thumbnail-selected", highlight.contains(.selected))
        thumbnail.setCssClass("thumbnail-hovered", highlight.contains(.hovered))
    }
}

extension PhotoCell: PhotoItemView {
    /// The square frame: the thumbnail inside it is replaced when the grid zooms.
    var dragIcon: Widget { frame }
}
