import Adw
import Gtk

/// What the photo list pane shows instead of photos.
public enum PhotoListState: Equatable {
    case photos
    /// No folder open, or a folder without photos.
    case empty(description: String)
    /// A search that matches nothing.
    case noResults(search: String)
    /// The folder can't be read: the Store's notice.
    case error(message: String)
    /// The open folder is gone or can't be read for now (the window says why).
    case unavailable
    /// The culling filters hide every photo there is (or the search found).
    case filtered(PhotoFilterSummary)
}

/// The photo list pane: the album shown, a scan progress bar above either the photos (as a list or a grid
/// of thumbnails, one of them shown) or a status page, and the bar saying what the culling
/// filters hide below.
public final class PhotoListView: Box {
    public let list: ListView
    public let grid: GridView
    public let progressBar = ProgressBar()
    public let progressLabel = Label()
    public let status = StatusPage()
    let filterBar = FilterBar()
    /// Above the photos while they are an album's.
    public let albumBar = AlbumBar()
    /// What can be done with the photos (right click, Menu key, Shift+F10 on a row).
    public private(set) lazy var contextMenu = PhotoContextMenu(host: self)
    private let progressBox = Box(orientation: .vertical, spacing: 4)
    private let scroller = ScrolledWindow()
    let gridScroller = ScrolledWindow()
    /// The list's scroller and the grid's: `showGrid` flips between them.
    private let views = Stack()

    public init(list: ListView, grid: GridView) {
        self.list = list
        self.grid = grid
        super.init(orientation: .vertical)
        progressLabel.xalign = 0
        progressLabel.addCssClass("caption")
        progressLabel.addCssClass("dim-label")
        progressBox.addCssClass("scan-progress")
        progressBox.setMargins(top: 6, bottom: 6, start: 12, end: 12)
        progressBox.append(progressLabel)
        progressBox.append(progressBar)
        progressBox.isVisible = false
        scroller.setPolicy(horizontal: .never, vertical: .automatic)
        scroller.child = list
        gridScroller.setPolicy(horizontal: .never, vertical: .automatic)
        gridScroller.child = grid
        views.add(scroller, name: "list")
        views.add(gridScroller, name: "grid")
        views.verticalExpand = true
        status.verticalExpand = true
        status.isVisible = false
        append(albumBar)
        append(progressBox)
        append(views)
        append(status)
        append(filterBar)
    }

    /// Shows the list, or a status page saying why there is nothing to list.
    public func show(_ state: PhotoListState) {
        switch state {
        case .photos:
            status.isVisible = false
            views.isVisible = true
            filterBar.show(filters)
            return
        case .empty(let description):
            status.show(
                icon: "folder-pictures-symbolic", title: tr("No Photos"), description: description,
                offersOpenFolder: true)
        case .noResults(let search):
            // Translators: the title of the page when a search finds no photo.
            let title = tr("No Results")
            // Translators: %@ is what was typed in the search entry.
            let description = String(format: tr("No photo’s name, camera or lens matches “%@”."), search)
            status.show(icon: "edit-find-symbolic", title: title, description: description, offersOpenFolder: false)
        case .error(let message):
            status.show(
                icon: "dialog-warning-symbolic", title: tr("Can’t Open the Folder"), description: message,
                offersOpenFolder: true)
        case .unavailable:
            status.show(
                icon: "folder-remote-symbolic", title: tr("Folder Unavailable"),
                description: tr("Waiting for it to come back."), offersOpenFolder: true)
        case .filtered(let summary):
            show(everythingHiddenBy: summary)
        }
        views.isVisible = false
        status.isVisible = true
        filterBar.isVisible = false
    }

    /// The status page when the filters hide every photo: what hides them, and the button
    /// that takes that filter back (the rating first: rejects stay hidden by default).
    private func show(everythingHiddenBy summary: PhotoFilterSummary) {
        let minimum = summary.minimumRating
        if minimum > 0, summary.belowRatingCount > 0 {
            let title =
                minimum == 1
                // Translators: the rating filter shows only photos with stars, and there are none.
                ? tr("No Rated Photos")
                // Translators: %d is the fewest stars the rating filter shows (2 to 5).
                : String(format: trn("No Photos with %d Star or More", "No Photos with %d Stars or More", minimum), minimum)
            status.show(
                icon: "starred-symbolic", title: title,
                description: PhotoFilterText.hidden(summary),
                button: (tr("Show _All Ratings"), "win.minimum-rating", Variant(Int32(0))))
        } else {
            status.show(
                icon: "view-conceal-symbolic", title: tr("Only Rejected Photos"),
                description: PhotoFilterText.hidden(summary),
                button: (tr("Show _Rejected Photos"), "win.show-rejected", nil))
        }
    }

    private var filters = PhotoFilterSummary()

    /// Says what the culling filters hide, under the list (not when they hide nothing, nor
    /// under a status page, which says it itself).
    func showFilters(_ summary: PhotoFilterSummary) {
        filters = summary
        filterBar.show(summary)
        if status.isVisible { filterBar.isVisible = false }
    }

    /// Shows "Scanning… n of total" above the list, or hides it (nil).
    public func showProgress(done: Int, total: Int?) {
        progressBox.isVisible = true
        if let total, total > 0 {
            let numbers = FormattingLocale.current
            // Translators: the scan's progress, "Scanning… 120 of 3,400" (photos read of photos found).
            progressLabel.text = String(format: tr("Scanning… %1$@ of %2$@"), numbers.count(min(done, total)), numbers.count(total))
            progressBar.fraction = Double(min(done, total)) / Double(total)
        } else {
            progressLabel.text = tr("Scanning…")
            progressBar.pulse()
        }
    }

    public func hideProgress() { progressBox.isVisible = false }

    /// Shows the grid instead of the list, or the list again.
    func showGrid(_ showsGrid: Bool) {
        views.visibleChildName = showsGrid ? "grid" : "list"
    }

    public var isShowingGrid: Bool { views.visibleChildName == "grid" }

    public var isShowingProgress: Bool { progressBox.isVisible }
    public var isShowingStatus: Bool { status.isVisible }
}

/// A GNOME status page (libadwaita's AdwStatusPage): a large dim icon, a title, a
/// description, and a button that activates a window action ("Open Folder…",
/// `win.open-folder`, unless told otherwise).
public final class StatusPage: Adw.StatusPage {
    public let actionButton = Button(label: tr("Open Folder…"))

    public override init() {
        Adwaita.initialize()
        super.init()
        actionButton.addCssClass("pill")
        actionButton.addCssClass("suggested-action")
        actionButton.horizontalAlignment = .center
        actionButton.actionName = "win.open-folder"
        child = actionButton
    }

    /// The smaller layout of libadwaita's `compact` style, for narrow panes.
    public var isCompact: Bool {
        get { hasCssClass("compact") }
        set { if newValue { addCssClass("compact") } else { removeCssClass("compact") } }
    }

    func show(icon name: String, title: String, description: String, offersOpenFolder: Bool) {
        show(
            icon: name, title: title, description: description,
            button: offersOpenFolder ? (tr("_Open Folder…"), "win.open-folder", nil) : nil)
    }

    /// Shows the page with one button (label with a mnemonic, action, its parameter), or none.
    func show(
        icon name: String, title: String, description: String,
        button: (label: String, action: String, target: Variant?)?
    ) {
        iconName = name
        self.title = title
        self.description = description
        actionButton.isVisible = button != nil
        guard let button else { return }
        actionButton.label = button.label
        actionButton.useUnderline = true
        // GTK 4.8 names a mnemonic button "_Label Label" for screen readers: say it plainly.
        actionButton.setAccessibleLabel(button.label.filter { $0 != "_" })
        // No action while the target changes: GTK checks each against the other.
        actionButton.actionName = nil
        actionButton.actionTarget = button.target
        actionButton.actionName = button.action
    }
}
