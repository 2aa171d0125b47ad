import Gtk
import LightboxKit

/// One thumbnail in a month's strip.
final class StripThumbnailRow: ListRowView {
    let thumbnail = ThumbnailView(size: 128)
    /// The photo shown (what a drag from the thumbnail carries).
    var photo: Photo?
    /// Drags the photo, or the strip's selection when the photo is in it, out to other apps.
    var dragSource: PhotoDragSource?

    required init() {
        super.init()
        contentView.append(thumbnail)
    }

    func show(_ photo: Photo, images: ImageSource) {
        self.photo = photo
        thumbnail.show(photo, images: images)
        tooltip = photo.name
        setAccessibleLabel(photo.name)
    }
}

extension StripThumbnailRow: PhotoItemView {
    var dragIcon: Widget { thumbnail }
}

/// A month: its heading ("March 2024 · 37 photos") over a horizontal strip of thumbnails.
final class MonthStripView: Box {
    let titleLabel = Label()
    let countLabel = Label()
    let strip: ListView
    /// What can be done with the month's photos (right click, Menu key, Shift+F10).
    private(set) lazy var contextMenu = PhotoContextMenu(host: self)

    init(strip: ListView) {
        self.strip = strip
        super.init(orientation: .vertical, spacing: 6)
        addCssClass("month-strip-page")
        let heading = Box(orientation: .horizontal, spacing: 0)
        titleLabel.addCssClass("month-heading")
        titleLabel.xalign = 0
        countLabel.addCssClass("dim-label")
        countLabel.addCssClass("month-count")
        countLabel.xalign = 0
        heading.append(titleLabel)
        heading.append(countLabel)
        strip.orientation = .horizontal
        strip.addCssClass("month-strip")
        strip.singleClickActivate = true
        let scroller = ScrolledWindow()
        scroller.setPolicy(horizontal: .automatic, vertical: .never)
        scroller.child = strip
        scroller.setSizeRequest(width: -1, height: 148)
        append(heading)
        append(scroller)
    }

    func show(_ group: PhotoGroup) {
        titleLabel.text = MonthHeading.title(for: group.id)
        countLabel.text = " · " + MonthHeading.count(group.photos.count)
        strip.setAccessibleLabel(MonthHeading.text(for: group))
    }
}

/// The Months page: the months, newest first, or a message when there are none.
final class MonthsView: Box {
    let months: ListView
    let scroller = ScrolledWindow()
    private let pages = Stack()
    private let empty = StatusPage()

    init(months: ListView) {
        self.months = months
        super.init(orientation: .vertical)
        pages.verticalExpand = true
        append(pages)
        months.addCssClass("months-list")
        months.setAccessibleLabel(tr("Months"))
        scroller.setPolicy(horizontal: .never, vertical: .automatic)
        scroller.child = months
        empty.show(
            icon: "folder-pictures-symbolic", title: tr("No Photos"),
            description: tr("Open a folder of photos to see them by month."), offersOpenFolder: true)
        pages.add(scroller, name: "months")
        pages.add(empty, name: "empty")
    }

    /// Shows the months, or why there are none (the culling filters hide every photo,
    /// nothing matches the search, or no photos).
    func showMonths(_ any: Bool, searching: Bool, filters: PhotoFilterSummary = PhotoFilterSummary()) {
        pages.visibleChildName = any ? "months" : "empty"
        if filters.hiddenCount > 0 {
            empty.show(
                icon: "view-conceal-symbolic", title: tr("No Photos Shown"),
                description: PhotoFilterText.hidden(filters), button: nil)
        } else if searching {
            empty.show(
                icon: "edit-find-symbolic", title: tr("No Results Found"),
                description: tr("Try a different search."), button: nil)
        } else {
            empty.show(
                icon: "folder-pictures-symbolic", title: tr("No Photos"),
                description: tr("Open a folder of photos to see them by month."), offersOpenFolder: true)
        }
    }

    var emptyStateHint: String { empty.description ?? "" }

    var emptyStateTitle: String { empty.title }

    var isShowingEmptyState: Bool { pages.visibleChildName == "empty" }
}
