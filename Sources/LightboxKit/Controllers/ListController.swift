import Gtk

/// A controller whose view is a scrolling list of a data source's items (UIKit's
/// `UITableViewController`): what most screens of a list app start from.
///
/// ```swift
/// let source = ArrayDataSource(planets)
/// source.register(TitledRow.self) { row, planet in row.configure(with: planet) }
/// let list = ListController(source: source)
/// ```
@MainActor
open class ListController<Item>: Controller {
    /// The items and their rows; selection and activation are reported through it.
    public let source: ArrayDataSource<Item>
    /// How many items the user may select.
    public let selectionMode: SelectionMode
    /// Whether the list looks like a sidebar (GNOME's `navigation-sidebar` style).
    public let isSidebar: Bool

    public init(source: ArrayDataSource<Item>, selection: SelectionMode = .single, sidebar: Bool = false) {
        self.source = source
        selectionMode = selection
        isSidebar = sidebar
        super.init()
    }

    open override func loadView() -> Widget {
        ScrollingListView(list: source.makeListView(selection: selectionMode), sidebar: isSidebar)
    }
}

/// A list in a scrolled window that fills the space it is given (scrolling vertically only).
public final class ScrollingListView: ScrolledWindow {
    public let list: ListView

    public init(list: ListView, sidebar: Bool = false) {
        self.list = list
        super.init()
        setPolicy(horizontal: .never, vertical: .automatic)
        horizontalExpand = true
        verticalExpand = true
        if sidebar { list.addCssClass("navigation-sidebar") }
        child = list
    }
}
