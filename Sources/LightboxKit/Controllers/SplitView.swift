import Gtk

/// The view of a `SplitController`: a sidebar (header + list) and a content pane in a
/// `Paned`, with an invisible probe that reports the allocated width.
public final class SplitView: Box {
    public let paned = Paned(orientation: .horizontal)
    public let sidebar = Box(orientation: .vertical)
    public let sidebarHeader = HeaderBar()
    public let sidebarTitle = Label()
    /// Reports every new width of the whole split (GTK 4.8 has no breakpoints).
    public let widthProbe = DrawingArea()
    private let overlay = Overlay()
    private let items = HeaderItemsPlacement()
    /// Whether the split sits under another header (see `Controller.isUnderHeader`).
    private var isUnderHeader = false

    public init() {
        super.init(orientation: .vertical)
        sidebarTitle.addCssClass("title")
        sidebarTitle.ellipsize = .end
        items.install(in: sidebarHeader, titleLabel: sidebarTitle)
        sidebarHeader.showsTitleButtons = false
        sidebar.append(sidebarHeader)
        sidebar.setSizeRequest(width: 240, height: -1)
        paned.startChild = sidebar
        paned.setResize(start: false, end: true)
        paned.setShrink(start: false, end: true)
        paned.position = 300
        paned.verticalExpand = true
        paned.horizontalExpand = true
        widthProbe.canTarget = false
        overlay.child = paned
        overlay.addOverlay(widthProbe)
        append(overlay)
    }

    /// Places the list's view below the sidebar header.
    func placeList(_ view: Widget) {
        view.verticalExpand = true
        sidebar.append(view)
    }

    /// Places the content pane (the detail navigation's view).
    func placeContent(_ view: Widget) {
        view.horizontalExpand = true
        paned.endChild = view
    }

    /// Shows both panes, or only one of them.
    func show(list: Bool, content: Bool) {
        // Hide before showing, so what leaves disappears before what comes appears.
        if !list { sidebar.isVisible = false }
        if !content { paned.endChild?.isVisible = false }
        if list { sidebar.isVisible = true }
        if content { paned.endChild?.isVisible = true }
        sidebarHeader.showsTitleButtons = !content && !isUnderHeader
    }

    /// Shows the list's header items in the sidebar header.
    func showSidebarItems(_ items: HeaderItems) {
        self.items.show([items])
        sidebarHeader.isVisible = !isUnderHeader || !items.isEmpty
    }

    /// Under another header the sidebar header shows only for the list's items (its title
    /// would repeat that header's), and never the window buttons.
    func place(underHeader: Bool, sidebarItems: HeaderItems) {
        isUnderHeader = underHeader
        if underHeader { sidebarHeader.showsTitleButtons = false }
        showSidebarItems(sidebarItems)
    }
}
