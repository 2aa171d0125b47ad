import Gtk

/// The view of a `NavigationController`: a header bar with a back button, the header
/// items and the top page's title, above a stack holding the visible page. The header
/// can become the window's title bar (`moveHeader(to:)`).
public final class NavigationView: Box {
    public let header = HeaderBar()
    public let backButton = Button(iconName: "go-previous-symbolic")
    public let titleLabel = Label()
    public let pages = Stack()
    private let items = HeaderItemsPlacement()

    public init() {
        super.init(orientation: .vertical)
        backButton.tooltip = kitText("Back")
        backButton.setAccessibleLabel(kitText("Back"))
        backButton.isVisible = false
        titleLabel.addCssClass("title")
        titleLabel.ellipsize = .end
        header.packStart(backButton)
        items.install(in: header, titleLabel: titleLabel)
        pages.verticalExpand = true
        pages.horizontalExpand = true
        pages.isHorizontallyHomogeneous = false
        append(header)
        append(pages)
    }

    /// Whether the header is the title bar of a window rather than part of this view.
    public private(set) var isHeaderInTitlebar = false

    /// Shows `title` in the header and `previousTitle` on the back button (nil hides it).
    func showTitle(_ title: String?, backTo previousTitle: String?) {
        titleLabel.text = title ?? ""
        backButton.isVisible = previousTitle != nil
        backButton.tooltip = previousTitle.map {
            $0.isEmpty
                // Translators: the back button's tooltip and accessible name: go back to the previous page.
                ? kitText("Back")
                // Translators: the back button's tooltip; %@ is the title of the page it goes back to.
                : String(format: kitText("Back to %@"), $0)
        }
    }

    /// Shows the header items (see `HeaderItemsPlacement.show`).
    func showItems(_ items: [HeaderItems]) { self.items.show(items) }

    /// Makes the header `window`'s title bar: it leaves this view and spans the window.
    func moveHeader(to window: Window) {
        guard !isHeaderInTitlebar else { return }
        isHeaderInTitlebar = true
        remove(header)
        window.titlebar = header
    }
}
