import Gtk
import LightboxKit

/// One thumbnail in a month's strip.
final class StripThumbnailRow: ListRowView {
    let thumbnail = ThumbnailView(size: 128)

    required init() {
        super.init()
        append(thumbnail)
    }

    func show(_ photo: Photo, loader: ThumbnailLoader) {
        thumbnail.show(photo, loader: loader)
        tooltip = photo.name
        accessibleLabel = photo.name
    }
}

/// A month: its heading ("March 2024 · 37 photos") over a horizontal strip of thumbnails.
final class MonthStripView: Box {
    let titleLabel = Label()
    let countLabel = Label()
    let strip: ListView

    init(strip: ListView) {
        self.strip = strip
        super.init(orientation: .vertical, spacing: 6)
        addCSSClass("month-strip-page")
        let heading = Box(orientation: .horizontal, spacing: 0)
        titleLabel.addCSSClass("month-heading")
        titleLabel.xalign = 0
        countLabel.addCSSClass("dim-label")
        countLabel.addCSSClass("month-count")
        countLabel.xalign = 0
        heading.append(titleLabel)
        heading.append(countLabel)
        strip.orientation = .horizontal
        strip.addCSSClass("month-strip")
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
        strip.accessibleLabel = MonthHeading.text(for: group)
    }
}

/// The Albums page: the months, newest first, or a message when there are none.
final class AlbumsView: Box {
    let months: ListView
    let scroller = ScrolledWindow()
    private let pages = Stack()

    init(months: ListView) {
        self.months = months
        super.init(orientation: .vertical)
        pages.verticalExpand = true
        append(pages)
        months.addCSSClass("albums-list")
        months.accessibleLabel = "Months"
        scroller.setPolicy(horizontal: .never, vertical: .automatic)
        scroller.child = months
        let empty = Box(orientation: .vertical, spacing: 12)
        empty.verticalAlignment = .center
        let icon = Image(iconName: "folder-pictures-symbolic")
        icon.pixelSize = 96
        icon.addCSSClass("dim-label")
        let title = Label("No Albums")
        title.addCSSClass("title-1")
        let hint = Label("Open a folder of photos to see them by month.")
        hint.addCSSClass("dim-label")
        [icon, title, hint].forEach(empty.append)
        pages.add(scroller, name: "months")
        pages.add(empty, name: "empty")
    }

    func showMonths(_ any: Bool) { pages.visibleChildName = any ? "months" : "empty" }
}
