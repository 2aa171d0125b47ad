import Gtk
import LightboxKit

/// One of the window's top-level pages (Photos, Albums).
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

/// The top-level pages in a stack; the header's switcher flips between them.
final class PagesController: Controller {
    let pages: [WindowPage]
    var pageChanged: (@MainActor (PersistedState.Page) -> Void)?
    private var stack: Stack { view as! Stack }

    init(pages: [WindowPage]) {
        self.pages = pages
        super.init()
        title = pages.first?.title
    }

    override func loadView() -> Widget {
        let stack = Stack()
        stack.transition = .crossfade
        return stack
    }

    override func viewDidLoad() {
        for page in pages {
            addChild(page.controller)
            stack.add(page.controller.view, name: page.kind.rawValue, title: page.title)
            page.controller.didMove(toParent: self)
        }
        stack.onNotifyVisibleChild(owner: self) { [weak self] in
            guard let self, let page = self.current else { return }
            self.title = page.title
            self.pageChanged?(page.kind)
        }
    }

    var current: WindowPage? {
        guard isViewLoaded, let name = stack.visibleChildName else { return pages.first }
        return pages.first { $0.kind.rawValue == name }
    }

    var switcherStack: Stack { stack }

    func show(_ kind: PersistedState.Page) {
        if let page = pages.first(where: { $0.kind == kind }) { stack.show(page.controller.view, transition: .crossfade) }
    }
}
