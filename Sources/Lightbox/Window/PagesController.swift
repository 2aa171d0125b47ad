import Gtk
import LightboxKit

/// One of the window's top-level pages (Photos, Albums, Months, Keywords, Duplicates).
@MainActor
public struct WindowPage {
    public let kind: PersistedState.Page
    public let title: String
    public let controller: Controller

    public init(kind: PersistedState.Page, title: String, controller: Controller) {
        self.kind = kind
        self.title = title
        self.controller = controller
    }
}

/// The top-level pages in a stack; the switcher in its header flips between them. A page's
/// view is loaded when the page first shows (as a tab bar controller loads its tabs): pages
/// not shown build no widgets and do no work for the window's first frame.
final class PagesController: Controller {
    let pages: [WindowPage]
    var pageChanged: (@MainActor (PersistedState.Page) -> Void)?
    private var pagesView: PagesView { view as! PagesView }

    init(pages: [WindowPage]) {
        self.pages = pages
        super.init()
        title = pages.first?.title
    }

    override func loadView() -> Widget { PagesView() }

    override func viewDidLoad() {
        for page in pages {
            addChild(page.controller)
            pagesView.addPlaceholder(name: page.kind.rawValue, title: page.controller.title ?? page.title)
            page.controller.didMove(toParent: self)
        }
        if let first = pages.first { pagesView.place(first.controller.view, name: first.kind.rawValue) }
        headerItems.titleWidget = pagesView.switcher
        pagesView.stack.onNotifyVisibleChild(owner: self) { [weak self] in
            guard let self, let page = self.current else { return }
            self.pagesView.place(page.controller.view, name: page.kind.rawValue)
            self.title = page.controller.title ?? page.title
            self.pageChanged?(page.kind)
        }
    }

    /// A page whose title changes (Duplicates says how many groups it has) shows it in the switcher.
    override func childDidChangeTitle(_ child: Controller) {
        guard isViewLoaded, let page = pages.first(where: { $0.controller === child }) else { return }
        let shown = child.title ?? page.title
        pagesView.stack.setTitle(shown, ofPageNamed: page.kind.rawValue)
        if current?.controller === child { title = shown }
    }

    /// The name the switcher shows for `kind`'s page.
    func switcherTitle(of kind: PersistedState.Page) -> String? {
        guard isViewLoaded else { return nil }
        return pagesView.stack.title(ofPageNamed: kind.rawValue)
    }

    var current: WindowPage? {
        guard isViewLoaded, let name = pagesView.stack.visibleChildName else { return pages.first }
        return pages.first { $0.kind.rawValue == name }
    }

    func show(_ kind: PersistedState.Page) {
        if let page = pages.first(where: { $0.kind == kind }) {
            pagesView.place(page.controller.view, name: kind.rawValue)
            pagesView.show(name: kind.rawValue)
        }
    }
}
