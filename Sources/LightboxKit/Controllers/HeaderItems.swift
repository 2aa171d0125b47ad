import Gtk

/// What a controller puts in the header bar above it, as UIKit's `navigationItem`:
/// buttons at the start and at the end, and a widget shown instead of its title (a page
/// switcher, a search entry).
///
/// A `NavigationController` shows its top page's items, beside its own items (which stay on
/// every page) and its back button; a `SplitController` shows its list's items in the
/// sidebar header. Changing an item updates the header that shows it.
///
/// ```swift
/// page.headerItems.end = [sortButton]        // while `page` is on top
/// navigation.headerItems.end = [menuButton]  // on every page
/// pages.headerItems.titleWidget = switcher   // instead of the title
/// ```
@MainActor
public final class HeaderItems {
    /// Widgets at the start of the header, the first nearest the edge (after a back button).
    public var start: [Widget] = [] { didSet { changed() } }
    /// Widgets at the end of the header, the first nearest the edge.
    public var end: [Widget] = [] { didSet { changed() } }
    /// Shown instead of the title; nil shows the title.
    public var titleWidget: Widget? { didSet { changed() } }

    private weak var controller: Controller?

    init(controller: Controller) { self.controller = controller }

    public var isEmpty: Bool { start.isEmpty && end.isEmpty && titleWidget == nil }

    private func changed() {
        guard let controller else { return }
        controller.headerItemsDidChange()
        controller.parent?.childDidChangeHeaderItems(controller)
    }
}

/// Shows `HeaderItems` in a header bar: the widgets in a box at each end, the title widget
/// (or the header's own title label) in the middle.
@MainActor
final class HeaderItemsPlacement {
    private var header: HeaderBar?
    private var titleLabel: Label?
    private let startBox = Box(orientation: .horizontal, spacing: 6)
    private let endBox = Box(orientation: .horizontal, spacing: 6)

    /// Places the item boxes in `header` (after what is packed there already); `titleLabel`
    /// shows when no item brings a title widget.
    func install(in header: HeaderBar, titleLabel: Label) {
        self.header = header
        self.titleLabel = titleLabel
        header.packStart(startBox)
        header.packEnd(endBox)
        header.titleWidget = titleLabel
    }

    /// Shows `items`, listed from the outermost (a container's own) to the innermost (its
    /// top page's): earlier widgets nearer the edges; the innermost title widget, else
    /// the title label.
    func show(_ items: [HeaderItems]) {
        guard let header, let titleLabel else { return }
        startBox.removeAll()
        endBox.removeAll()
        for widget in items.flatMap(\.start) { place(widget, in: startBox) }
        // The end box runs left to right: the widget nearest the edge goes last.
        for widget in items.flatMap(\.end).reversed() { place(widget, in: endBox) }
        let title = items.reversed().lazy.compactMap(\.titleWidget).first ?? titleLabel
        guard header.titleWidget !== title else { return }
        if title.parent != nil { title.removeFromParent() }
        header.titleWidget = title
    }

    private func place(_ widget: Widget, in box: Box) {
        if widget.parent != nil { widget.removeFromParent() }
        box.append(widget)
    }
}
