import Gtk
import LightboxKit

/// A keyword of the library: its name (a hierarchy as "Places › Norway › Bergen"), how many
/// photos have it, and a chevron: it opens a page of them.
public final class KeywordRow: ListRowView {
    public let nameLabel = Label()
    public let countLabel = Label()
    public let chevron = Image(iconName: "go-next-symbolic")

    public required init() {
        super.init()
        addCssClass("keyword-row")
        nameLabel.xalign = 0
        nameLabel.horizontalExpand = true
        nameLabel.ellipsize = .middle
        countLabel.addCssClass("dim-label")
        countLabel.addCssClass("numeric")
        chevron.addCssClass("dim-label")
        [nameLabel, countLabel, chevron].forEach(contentView.append)
        setMargins(top: 10, bottom: 10, start: 12, end: 12)
    }

    public func configure(with keyword: KeywordCount) {
        nameLabel.text = keyword.shownKeyword
        countLabel.text = keyword.countText
        // Translators: a keyword row's accessible name; %1$@ is the keyword, %2$@ its photo count ("3 photos").
        setAccessibleLabel(String(format: tr("%1$@ — %2$@"), keyword.shownKeyword, keyword.countText))
        tooltip = String(format: tr("Photos with the keyword %@"), keyword.shownKeyword)
    }
}

/// The Keywords page: every keyword of the library in a list, or a status page saying why
/// there are none.
public final class KeywordsView: Box {
    public let list: ListView
    public let status = StatusPage()
    private let scroller = ScrolledWindow()

    public init(list: ListView) {
        self.list = list
        super.init(orientation: .vertical)
        list.addCssClass("keywords-list")
        list.addCssClass("rich-list")
        list.setAccessibleLabel(tr("Keywords"))
        list.singleClickActivate = false
        scroller.setPolicy(horizontal: .never, vertical: .automatic)
        scroller.child = list
        scroller.verticalExpand = true
        status.verticalExpand = true
        status.isVisible = false
        append(scroller)
        append(status)
    }

    /// The list, or the empty state: no folder open, or a library without keywords.
    public func show(hasKeywords: Bool, hasPhotos: Bool) {
        scroller.isVisible = hasKeywords
        status.isVisible = !hasKeywords
        guard !hasKeywords else { return }
        if hasPhotos {
            status.show(
                icon: "user-bookmarks-symbolic", title: tr("No Keywords"),
                description: tr("Select a photo and press Ctrl+K to give it a keyword."), offersOpenFolder: false)
        } else {
            status.show(
                icon: "folder-pictures-symbolic", title: tr("No Keywords"),
                description: tr("Open a folder of photos to see their keywords."), offersOpenFolder: true)
        }
    }

    public var isShowingStatus: Bool { status.isVisible }
}
