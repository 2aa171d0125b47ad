import Gtk

/// The Duplicates page: a bar saying how many groups there are and what Keep One in Every
/// Group would free, the groups in a list of cards, or a status page when there are none.
public final class DuplicatesView: Box {
    public let list: ListView
    public let summaryLabel = Label()
    public let keepAllButton = Button(label: tr("Keep One in Every Group"))
    public let status = StatusPage()
    private let bar = Box(orientation: .horizontal, spacing: 12)
    private let scroller = ScrolledWindow()

    public init(list: ListView) {
        self.list = list
        super.init(orientation: .vertical)
        DuplicatesStyle.install()
        addCssClass("duplicates-page")
        bar.addCssClass("duplicates-bar")
        bar.setMargins(top: 12, bottom: 6, start: 24, end: 24)
        summaryLabel.xalign = 0
        summaryLabel.horizontalExpand = true
        summaryLabel.ellipsize = .end
        summaryLabel.addCssClass("dim-label")
        keepAllButton.addCssClass("pill")
        keepAllButton.addCssClass("destructive-action")
        keepAllButton.tooltip = tr("Keep the marked copy of every group and move the others to the trash (Shift+Ctrl+Delete)")
        [summaryLabel, keepAllButton].forEach(bar.append)
        list.addCssClass("duplicates-list")
        list.setAccessibleLabel(tr("Duplicates"))
        list.singleClickActivate = false
        scroller.setPolicy(horizontal: .never, vertical: .automatic)
        scroller.child = list
        scroller.verticalExpand = true
        status.verticalExpand = true
        status.isVisible = false
        // The focus waits here when the last group leaves the list.
        status.isFocusable = true
        append(bar)
        append(scroller)
        append(status)
    }

    /// The groups, with what Keep One in Every Group would move to the trash (`copies`, `bytes`).
    public func showGroups(_ groups: Int, copies: Int, bytes: Int64) {
        bar.isVisible = true
        scroller.isVisible = true
        status.isVisible = false
        let counted = FormattingLocale.current
        summaryLabel.text = [
            // Translators: how many groups of duplicates the page lists.
            counted.counted(trn("%d group of duplicates", "%d groups of duplicates", groups), groups),
            // Translators: how many copies Keep One in Every Group would move to the trash.
            counted.counted(trn("%d copy to move to the trash", "%d copies to move to the trash", copies), copies),
            // Translators: the space those copies take; %@ is a size ("48 MB").
            String(format: tr("%@ to free"), PhotoFormat.fileSize(bytes)),
        ].joined(separator: tr(" · "))
    }

    /// No groups: still looking through the library (`looking`), no photos at all, or none found.
    public func showEmpty(looking: Bool, hasPhotos: Bool) {
        bar.isVisible = false
        scroller.isVisible = false
        status.isVisible = true
        if !hasPhotos {
            status.show(
                icon: "edit-copy-symbolic", title: tr("No Duplicates"),
                description: tr("Open a folder of photos to look for copies among them."), offersOpenFolder: true)
        } else if looking {
            status.show(
                icon: "edit-find-symbolic", title: tr("Looking for Duplicates"),
                description: tr("The library’s photos are being compared. Copies show here as they are found."),
                offersOpenFolder: false)
        } else {
            status.show(
                icon: "edit-copy-symbolic", title: tr("No Duplicates"),
                description: tr("Copies of a photo (resized, converted or re-saved) show here as their thumbnails are made."),
                offersOpenFolder: false)
        }
    }

    public var isShowingStatus: Bool { status.isVisible }
}

/// The look of the Duplicates page: cards on the window's background, the copy kept outlined
/// in the accent colour, the others dimmed.
@MainActor
enum DuplicatesStyle {
    private static var installed = false

    static func install() {
        guard !installed else { return }
        installed = true
        StyleSheet.apply(css)
    }

    static let css = """
        .duplicates-list { background: none; padding: 0 12px 12px 12px; }
        .duplicates-list > row, .duplicates-list > row:selected, .duplicates-list > row:hover
            { padding: 0; background: none; color: inherit; }
        .duplicates-list > row:focus-visible { outline: none; }
        .duplicate-group > .card { padding: 12px 16px 14px 16px; }
        .duplicate-group.row-focused > .card { box-shadow: 0 0 0 2px @accent_bg_color; }
        .duplicate-group scrolledwindow, .duplicate-group viewport { background: none; }
        .duplicate-copy { padding: 10px; border-radius: 12px; border: 2px solid transparent; }
        .duplicate-copy.keeper { border-color: @accent_bg_color; background-color: alpha(@accent_bg_color, 0.08); }
        .duplicate-copy:not(.keeper) .duplicate-thumbnail, .duplicate-copy:not(.keeper) label:not(.trash-badge)
            { opacity: 0.6; }
        .duplicate-copy:not(.keeper):hover .duplicate-thumbnail { opacity: 0.85; }
        .duplicate-thumbnail { background-color: alpha(currentColor, 0.06); border-radius: 8px; }
        .duplicate-thumbnail .thumbnail { background: none; }
        .keep-badge, .trash-badge { border-radius: 999px; padding: 2px 10px; margin: 8px; font-weight: 700; font-size: 0.85em; }
        .keep-badge { background-color: @accent_bg_color; color: @accent_fg_color; }
        .trash-badge { background-color: rgba(0, 0, 0, 0.6); color: white; }
        .duplicate-stars { color: @warning_color; letter-spacing: 1px; }
        """
}
