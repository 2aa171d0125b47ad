import Gtk

/// What a `NavigationController` asks of its parent.
@MainActor
public protocol NavigationControllerDelegate: AnyObject {
    /// The user asked to go back while the root page shows and `showsBackAtRoot` is on.
    func navigationControllerDidRequestBackFromRoot(_ navigation: NavigationController)
}

/// A stack of controllers: push a page to go deeper, pop (back button, Alt+Left,
/// Escape) to return. The header shows the top page's title and header items beside the
/// navigation controller's own `headerItems` (those stay on every page); pages slide.
/// As a window's root its header is the window's title bar (see `windowTitlebar`).
open class NavigationController: Controller {
    /// The pages, root first; the last one shows.
    public private(set) var controllers: [Controller] = []
    public weak var delegate: NavigationControllerDelegate?
    /// Slide duration in seconds (0 jumps).
    public var transitionDuration = 0.25

    /// Shows the back button on the root page too; going back there asks the delegate.
    public var showsBackAtRoot = false {
        didSet { if isViewLoaded { updateHeader() } }
    }

    public var topController: Controller? { controllers.last }

    public init(root: Controller? = nil) {
        super.init()
        if let root { push(root, animated: false) }
    }

    private var navigationView: NavigationView { view as! NavigationView }

    open override func loadView() -> Widget { NavigationView() }

    open override func viewDidLoad() {
        let view = navigationView
        view.backButton.onClicked(owner: self) { [weak self] in self?.goBack() }
        let keys = EventControllerKey()
        keys.onKey(owner: self) { [weak self] key, modifiers in
            guard let self else { return false }
            let isBack =
                (key == Key(name: "Escape") && modifiers.isEmpty)
                || (key == Key(name: "Left") && modifiers == .altMask)
            guard isBack, self.canGoBack else { return false }
            self.goBack()
            return true
        }
        view.add(keys)
        if let top = topController { view.pages.add(top.view) }
        updateHeader()
    }

    /// Whether back (button, Alt+Left, Escape) does something now.
    public var canGoBack: Bool { controllers.count > 1 || (showsBackAtRoot && !controllers.isEmpty) }

    /// Pops the top page, or asks the delegate when the root page shows.
    public func goBack() {
        if controllers.count > 1 {
            pop()
        } else if showsBackAtRoot {
            delegate?.navigationControllerDidRequestBackFromRoot(self)
        }
    }

    /// Pushes `controller` and slides it in.
    public func push(_ controller: Controller, animated: Bool = true) {
        finishRunningTransition()
        let previous = topController
        addChild(controller)
        controllers.append(controller)
        updateHeader()
        guard isViewLoaded else { return controller.didMove(toParent: self) }
        if let previous {
            transition(
                from: previous, to: controller, animation: animated ? .slideLeft : .none,
                duration: transitionDuration
            ) { [weak self] in controller.didMove(toParent: self) }
        } else {
            navigationView.pages.add(controller.view)
            controller.didMove(toParent: self)
        }
    }

    /// Pops the top page (never the root) and slides back. Returns the popped page.
    @discardableResult
    public func pop(animated: Bool = true) -> Controller? {
        finishRunningTransition()
        guard controllers.count > 1, let top = controllers.popLast(), let previous = topController else { return nil }
        top.willMove(toParent: nil)
        updateHeader()
        guard isViewLoaded else {
            top.removeFromParent()
            return top
        }
        transition(
            from: top, to: previous, animation: animated ? .slideRight : .none,
            duration: transitionDuration
        ) { top.removeFromParent() }
        return top
    }

    /// Replaces every page with `controller` as the new root, cross-fading to it.
    public func setRoot(_ controller: Controller, animated: Bool = true) {
        finishRunningTransition()
        let old = controllers
        addChild(controller)
        controllers = [controller]
        old.forEach { $0.willMove(toParent: nil) }
        updateHeader()
        guard isViewLoaded, let top = old.last else {
            old.forEach { $0.removeFromParent() }
            if isViewLoaded { navigationView.pages.add(controller.view) }
            return controller.didMove(toParent: self)
        }
        transition(
            from: top, to: controller, animation: animated ? .crossfade : .none,
            duration: transitionDuration
        ) { [weak self] in
            old.forEach { $0.removeFromParent() }
            controller.didMove(toParent: self)
        }
    }

    open override func childDidChangeTitle(_ child: Controller) {
        if child === topController || controllers.dropLast().last === child { updateHeader() }
    }

    open override func childDidChangeHeaderItems(_ child: Controller) {
        if child === topController { updateHeaderItems() }
    }

    override func headerItemsDidChange() { updateHeaderItems() }

    /// A header under another navigation's header leaves the window buttons to that one.
    override func placementWillAppear() {
        navigationView.header.showsTitleButtons = !isUnderHeader
    }

    open override var windowTitlebar: WindowTitlebar { .header(of: self) }

    /// Makes the header `window`'s title bar (see `WindowTitlebar.header(of:)`).
    func moveHeader(to window: Window) { navigationView.moveHeader(to: window) }

    private func updateHeaderItems() {
        guard isViewLoaded else { return }
        navigationView.showItems([headerItems] + (topController.map { [$0.headerItems] } ?? []))
    }

    private func updateHeader() {
        title = topController?.title
        guard isViewLoaded else { return }
        let previous = controllers.count > 1 ? controllers[controllers.count - 2] : nil
        let backTitle = previous.map { $0.title ?? "" } ?? (canGoBack ? parent?.title ?? "" : nil)
        navigationView.showTitle(topController?.title, backTo: backTitle)
        updateHeaderItems()
    }
}

extension Controller {
    /// The nearest `NavigationController` containing this controller.
    public var navigationController: NavigationController? {
        var ancestor = parent
        while let current = ancestor {
            if let navigation = current as? NavigationController { return navigation }
            ancestor = current.parent
        }
        return nil
    }
}
