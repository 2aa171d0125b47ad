import Gtk

/// The view of a `NavigationController`: a header bar with a back button and the
/// top page's title, above a stack holding the visible page.
public final class NavigationView: Box {
    public let header = HeaderBar()
    public let backButton = Button(iconName: "go-previous-symbolic")
    public let titleLabel = Label()
    public let pages = Stack()

    public init() {
        super.init(orientation: .vertical)
        backButton.tooltip = "Back"
        backButton.setAccessibleLabel("Back")
        backButton.isVisible = false
        titleLabel.addCssClass("title")
        titleLabel.ellipsize = .end
        header.packStart(backButton)
        header.titleWidget = titleLabel
        pages.verticalExpand = true
        pages.horizontalExpand = true
        pages.isHorizontallyHomogeneous = false
        append(header)
        append(pages)
    }

    /// Shows `title` in the header and `previousTitle` on the back button (nil hides it).
    func showTitle(_ title: String?, backTo previousTitle: String?) {
        titleLabel.text = title ?? ""
        backButton.isVisible = previousTitle != nil
        backButton.tooltip = previousTitle.map { $0.isEmpty ? "Back" : "Back to \($0)" }
    }
}
