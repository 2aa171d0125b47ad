import Gtk

/// A list beside a detail pane, as in GNOME's two-pane apps.
///
/// The list is a child controller in the sidebar; the detail is the root page of a
/// `NavigationController` in the content pane, so a detail can push further pages.
/// `showDetail(_:)` cross-fades to a new detail. When the split is narrower than
/// `collapseWidth` it shows one pane: the list, then the detail with a back button
/// (Escape and Alt+Left also go back).
///
/// The sidebar header shows the list's title and header items. Under another header (a
/// page of a navigation controller) it shows only when the list has header items, and
/// the split's headers leave the window buttons to that header. As a window's root the
/// split's headers are the window's title bar.
open class SplitController: Controller, NavigationControllerDelegate {
    public let listController: Controller
    /// The content pane: its root page is the detail.
    public let detailNavigation: NavigationController
    /// Below this width (in pixels) the split collapses to one pane.
    public var collapseWidth = 600
    public private(set) var isCollapsed = false
    /// In the collapsed layout: whether the detail shows (else the list).
    public private(set) var isShowingDetail = false
    /// Called when the user drags the divider, so the app can remember it.
    public var panePositionChanged: (@MainActor (Int) -> Void)?

    public init(list: Controller, detail: Controller) {
        listController = list
        detailNavigation = NavigationController(root: detail)
        super.init()
        title = list.title
        detailNavigation.delegate = self
        addChild(list)
        addChild(detailNavigation)
    }

    /// The detail controller currently shown (the content pane's root page).
    public var detailController: Controller? { detailNavigation.controllers.first }

    /// The divider position, in pixels from the start.
    public var panePosition: Int {
        get { splitView.paned.position }
        set { splitView.paned.position = newValue }
    }

    private var splitView: SplitView { view as! SplitView }

    open override func loadView() -> Widget { SplitView() }

    open override func viewDidLoad() {
        let view = splitView
        view.sidebarTitle.text = listController.title ?? ""
        view.showSidebarItems(listController.headerItems)
        view.placeList(listController.view)
        listController.didMove(toParent: self)
        view.placeContent(detailNavigation.view)
        detailNavigation.didMove(toParent: self)
        view.widthProbe.onResize(owner: self) { [weak self] width, _ in self?.widthChanged(width) }
        view.paned.onNotifyPosition(owner: self) { [weak self] in
            guard let self else { return }
            self.panePositionChanged?(self.panePosition)
        }
    }

    /// Cross-fades the content pane to `detail` (dropping pages pushed on the old one).
    /// When collapsed, the detail replaces the list. Showing the current detail again
    /// only switches panes.
    public func showDetail(_ detail: Controller) {
        if detail !== detailController { detailNavigation.setRoot(detail) }
        if isCollapsed {
            isShowingDetail = true
            updatePanes()
        }
    }

    /// In the collapsed layout, goes back from the detail to the list.
    public func showList() {
        guard isCollapsed, isShowingDetail else { return }
        isShowingDetail = false
        updatePanes()
    }

    public func navigationControllerDidRequestBackFromRoot(_ navigation: NavigationController) {
        showList()
    }

    open override func childDidChangeTitle(_ child: Controller) {
        if child === listController, isViewLoaded { splitView.sidebarTitle.text = child.title ?? "" }
    }

    open override func childDidChangeHeaderItems(_ child: Controller) {
        if child === listController, isViewLoaded { splitView.showSidebarItems(child.headerItems) }
    }

    override func placementWillAppear() {
        splitView.place(underHeader: isUnderHeader, sidebarItems: listController.headerItems)
    }

    open override var windowTitlebar: WindowTitlebar { .inView }

    private func widthChanged(_ width: Int) {
        guard (width < collapseWidth) != isCollapsed else { return }
        // Change the widget tree after this allocation, not inside it.
        Task { @MainActor [weak self] in self?.applyWidth() }
    }

    private func applyWidth() {
        let collapsed = splitView.widthProbe.width < collapseWidth
        guard collapsed != isCollapsed else { return }
        isCollapsed = collapsed
        isShowingDetail = false
        updatePanes()
    }

    private func updatePanes() {
        detailNavigation.showsBackAtRoot = isCollapsed
        splitView.show(list: !isCollapsed || !isShowingDetail, content: !isCollapsed || isShowingDetail)
    }
}
