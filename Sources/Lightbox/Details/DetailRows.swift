import Gtk
import LightboxKit

/// The large preview at the top of the details pane.
public final class PreviewRow: ListRowView {
    public static let previewSize = 360
    public let thumbnail = ThumbnailView(size: PreviewRow.previewSize)

    public required init() {
        super.init()
        addCssClass("preview-row")
        thumbnail.horizontalExpand = true
        thumbnail.horizontalAlignment = .center
        contentView.append(thumbnail)
        setMargins(top: 12, bottom: 12, start: 12, end: 12)
    }

    public func configure(with photo: Photo, images: ImageSource?) {
        thumbnail.show(photo, images: images)
    }
}

/// Several photos selected: a few of their thumbnails side by side, "3 Photos Selected"
/// and the days they span.
public final class SelectionRow: ListRowView {
    public static let thumbnailSize = 96
    public let thumbnails = (0..<4).map { _ in ThumbnailView(size: SelectionRow.thumbnailSize) }
    public let titleLabel = Label()
    public let subtitleLabel = Label()

    public required init() {
        super.init()
        addCssClass("selection-row")
        contentView.orientation = .vertical
        contentView.spacing = 6
        let strip = Box(orientation: .horizontal, spacing: 6)
        strip.horizontalAlignment = .center
        thumbnails.forEach(strip.append)
        titleLabel.addCssClass("title-2")
        subtitleLabel.addCssClass("dim-label")
        subtitleLabel.wraps = true
        subtitleLabel.justify = .center
        [strip, titleLabel, subtitleLabel].forEach(contentView.append)
        setMargins(top: 12, bottom: 12, start: 12, end: 12)
    }

    public func configure(photos: [Photo], count: Int, subtitle: String, images: ImageSource?) {
        for (index, thumbnail) in thumbnails.enumerated() {
            thumbnail.isVisible = index < photos.count
            if index < photos.count { thumbnail.show(photos[index], images: images) }
        }
        titleLabel.text = FormattingLocale.current.counted(trn("%d Photo Selected", "%d Photos Selected", count), count)
        subtitleLabel.text = subtitle
        subtitleLabel.isVisible = !subtitle.isEmpty
    }

    public override func prepareForReuse() {
        thumbnails.forEach { $0.stopLoading() }
    }
}

/// Told when the user picks a star.
@MainActor
public protocol RatingRowDelegate: AnyObject {
    func ratingRow(_ row: RatingRow, didPick stars: Int)
}

/// Five star buttons: clicking a star sets that rating (the current one clears it);
/// "Rejected" before them (the stars dimmed) for a rejected photo.
public final class RatingRow: ListRowView {
    // Translators: the key of the details row with a photo's stars.
    public let keyLabel = Label(tr("Rating"))
    // Translators: a photo marked as rejected while culling.
    public let rejectedLabel = Label(tr("Rejected"))
    public let starButtons = (1...5).map { _ in Button() }
    public private(set) var rating = 0
    public weak var delegate: RatingRowDelegate?

    public required init() {
        super.init()
        addCssClass("rating-row")
        keyLabel.xalign = 0
        keyLabel.horizontalExpand = true
        keyLabel.addCssClass("dim-label")
        contentView.append(keyLabel)
        rejectedLabel.addCssClass("rejected-mark")
        rejectedLabel.isVisible = false
        rejectedLabel.setMargins(top: 0, bottom: 0, start: 0, end: 6)
        contentView.append(rejectedLabel)
        let starBox = Box(orientation: .horizontal, spacing: 0)
        for (index, button) in starButtons.enumerated() {
            let stars = index + 1
            button.hasFrame = false
            button.addCssClass("star-button")
            button.setAccessibleLabel(RatingRow.starName(stars))
            button.tooltip = RatingRow.starName(stars)
            button.onClicked(owner: self) { [weak self] in
                guard let self else { return }
                self.delegate?.ratingRow(self, didPick: stars == self.rating ? 0 : stars)
            }
            starBox.append(button)
        }
        contentView.append(starBox)
        setMargins(top: 4, bottom: 4, start: 6, end: 6)
    }

    /// The accessible name of the button for `stars`: "Rate 3 stars".
    public static func starName(_ stars: Int) -> String {
        // Translators: the name of a star button in the details pane, "Rate 3 stars".
        String(format: trn("Rate %d star", "Rate %d stars", stars), stars)
    }

    /// Shows `rating` (nil: the selected photos differ, no star lit and "Rating (mixed)").
    public func configure(rating: Int?, isRejected: Bool = false, delegate: RatingRowDelegate) {
        // Translators: the key of the rating row when the selected photos have different ratings.
        keyLabel.text = rating == nil ? tr("Rating (mixed)") : tr("Rating")
        let rating = rating ?? 0
        self.rating = rating
        rejectedLabel.isVisible = isRejected
        setCssClass("rejected", isRejected)
        self.delegate = delegate
        for (index, button) in starButtons.enumerated() {
            button.iconName = index < rating ? "starred-symbolic" : "non-starred-symbolic"
            button.setCssClass("star-on", index < rating)
        }
    }
}

/// A fact about the photo: a dim key, its value, and a chevron when it leads somewhere.
public final class DetailFieldRow: ListRowView {
    public let keyLabel = Label()
    public let valueLabel = Label()
    public let chevron = Image(iconName: "go-next-symbolic")

    public required init() {
        super.init()
        addCssClass("detail-field")
        keyLabel.xalign = 0
        keyLabel.addCssClass("dim-label")
        keyLabel.widthChars = 11
        valueLabel.xalign = 1
        valueLabel.horizontalExpand = true
        // Long values (a folder, a list of keywords) wrap onto more lines rather than lose their middle.
        valueLabel.wraps = true
        valueLabel.wrapMode = .wordChar
        valueLabel.justify = .right
        valueLabel.isSelectable = false
        chevron.addCssClass("dim-label")
        [keyLabel, valueLabel, chevron].forEach(contentView.append)
        setMargins(top: 8, bottom: 8, start: 6, end: 6)
    }

    /// Shows `key` and `value`; a row with a `link` leads to the photos it names (a chevron, a tooltip).
    public func configure(key: String, value: String, link: DetailLink?) {
        keyLabel.text = key
        valueLabel.text = value
        chevron.isVisible = link != nil
        tooltip =
            switch link {
            case .camera: tr("All photos by this camera")
            case .day: tr("All photos taken that day")
            // Translators: the tooltip of the details row naming a photo's duplicate.
            case .photo: tr("Open this copy")
            case nil: nil
            }
    }
}
