import Gtk

/// The details pane: the details list, or a status page when no photo is selected.
public final class DetailsView: Box {
    public let list: ListView
    public let placeholder = StatusPage()
    /// Under the rows: the title editor's and the keyword editor's views.
    public let editorsSlot = Box(orientation: .vertical)
    private let scroller = ScrolledWindow()
    private let pages = Stack()

    public init(list: ListView) {
        self.list = list
        super.init(orientation: .vertical)
        addCssClass("details-pane")
        list.singleClickActivate = true  // a row that leads somewhere opens with one click
        list.addCssClass("boxed-list")
        list.addCssClass("details-list")
        list.setAccessibleLabel(tr("Photo details"))
        list.verticalAlignment = .start
        let clamp = Box(orientation: .vertical)
        clamp.setMargins(top: 12, bottom: 24, start: 24, end: 24)
        clamp.append(list)
        clamp.append(editorsSlot)
        scroller.setPolicy(horizontal: .never, vertical: .automatic)
        scroller.child = clamp
        placeholder.show(
            icon: "image-x-generic-symbolic", title: tr("No Photo Selected"),
            description: tr("Choose a photo in the list to see its details."), button: nil)
        placeholder.isCompact = true  // a pane beside the list
        pages.add(scroller, name: "details")
        pages.add(placeholder, name: "none")
        pages.verticalExpand = true
        append(pages)
        showsDetails = false
        // The pane's contents come in the frame after its first: the window's first frame,
        // with the photo list, does not wait for the facts to be styled and measured.
        pages.isVisible = false
        var mapped: SignalConnection?
        mapped = onMap { [weak self] in
            mapped?.disconnect()
            mapped = nil
            self?.onNextPaint { [weak self] in self?.pages.isVisible = true }
        }
    }

    /// Scrolls down to `editor` (one under the rows), now and once the rows are laid out
    /// (a photo just selected has its rows measured in the next frame).
    public func reveal(_ editor: Widget) {
        scroller.scrollToShow(editor)
        onNextPaint { [weak self, weak editor] in
            if let self, let editor { self.scroller.scrollToShow(editor) }
        }
    }

    /// Whether the details list shows (else "No Photo Selected").
    public var showsDetails: Bool {
        get { pages.visibleChildName == "details" }
        set { pages.visibleChildName = newValue ? "details" : "none" }
    }
}
