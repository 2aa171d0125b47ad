import Gtk

/// Where a controller's view is in its appearance cycle. The cycle only ever runs
/// disappeared → appearing → appeared → disappearing → disappeared, and each step
/// calls the matching `view…` method exactly once (a view that leaves the screen while
/// still appearing gets `viewDidAppear` before `viewWillDisappear`).
public enum Appearance: Sendable {
    case disappeared, appearing, appeared, disappearing
}

/// A controller coordinates one self-contained piece of UI: it loads a view (built by
/// a dedicated view class), reacts to the view appearing and disappearing, and may
/// contain child controllers whose views it places inside its own.
///
/// Appearance follows GTK: a view appears when it is mapped (its window is shown and
/// every container shows it) and disappears when it is unmapped. Parents appear
/// before their children and finish after them, as UIKit does.
@MainActor
open class Controller {
    /// The controller that contains this one.
    public private(set) weak var parent: Controller?
    /// Contained controllers, in the order they were added.
    public private(set) var children: [Controller] = []
    /// Where the view is in its appearance cycle.
    public private(set) var appearance: Appearance = .disappeared
    /// Number of live controllers (for leak tests and diagnostics).
    package private(set) static var liveCount = 0

    private var loadedView: Widget?
    /// Set while a container animates this controller in: `viewDidAppear` waits for the end.
    var isAppearanceDeferred = false
    /// The appearance left to the main loop's next idle moment (see `viewWasMapped`).
    private var pendingAppearance: MainLoopTimer?
    /// The transition between two children that is still animating.
    var runningTransition: ChildTransition?

    public init() { Controller.liveCount += 1 }

    isolated deinit { Controller.liveCount -= 1 }

    /// What a container shows for this controller: window title, back button, stack page.
    open var title: String? {
        didSet {
            guard title != oldValue else { return }
            parent?.childDidChangeTitle(self)
            updateWindowTitle()
        }
    }

    /// Where the title bar comes from when this controller is a window's root (see
    /// `becomeRoot(of:)`): GTK's own by default; a navigation controller's header; none for
    /// a view with header bars of its own. Override to embed a navigation header inside
    /// this controller's view as the title bar: `.header(of: navigation)`.
    open var windowTitlebar: WindowTitlebar { .standard }

    /// What this controller puts in the header bar above it (see `HeaderItems`).
    public private(set) lazy var headerItems = HeaderItems(controller: self)

    /// Called when this controller's own `headerItems` change (a container that shows
    /// its own items in its header updates it).
    func headerItemsDidChange() {}

    // MARK: View

    /// The root widget, created by `loadView()` on first access, then `viewDidLoad()`.
    public var view: Widget {
        if let loadedView { return loadedView }
        let view = loadView()
        loadedView = view
        view.onMap(owner: self) { [weak self] in self?.viewWasMapped() }
        view.onUnmap(owner: self) { [weak self] in self?.viewWasUnmapped() }
        viewDidLoad()
        return view
    }

    public var isViewLoaded: Bool { loadedView != nil }

    /// Creates the view. By convention it returns a dedicated view class that builds
    /// its own widget tree; the default is an empty vertical box.
    open func loadView() -> Widget { Box() }

    /// Called once after `loadView()`: wire the view to the controller here; do not build.
    open func viewDidLoad() {}

    open func viewWillAppear() {}
    open func viewDidAppear() {}
    open func viewWillDisappear() {}
    open func viewDidDisappear() {}

    // MARK: Containment

    /// Called by `addChild` with the new parent, and by whoever removes a child with nil
    /// before `removeFromParent()`.
    open func willMove(toParent parent: Controller?) {}

    /// Called by whoever added a child, after placing its view, with the parent; and by
    /// `removeFromParent()` with nil.
    open func didMove(toParent parent: Controller?) {}

    /// Called when a child's title changes (a container shows it somewhere).
    open func childDidChangeTitle(_ child: Controller) {}

    /// Called when a child's `headerItems` change (a container shows them in a header).
    open func childDidChangeHeaderItems(_ child: Controller) {}

    /// Adds `child`; calls `child.willMove(toParent: self)`. The caller then places
    /// `child.view` inside this controller's view and calls `child.didMove(toParent: self)`.
    public func addChild(_ child: Controller) {
        if let problem = ContainmentRules.problem(adding: child, to: self) { preconditionFailure(problem) }
        child.willMove(toParent: self)
        children.append(child)
        child.parent = self
    }

    /// Removes this controller from its parent: takes its view out of the parent's view
    /// if it is still there (it disappears; any GTK container: box, stack, paned,
    /// scrolled window, …) and calls `didMove(toParent: nil)`. The caller calls
    /// `willMove(toParent: nil)` first. Unless someone else holds it, the controller
    /// and its view are freed.
    public func removeFromParent() {
        guard let parent else { return }
        loadedView?.removeFromParent()
        parent.children.removeAll { $0 === self }
        self.parent = nil
        didMove(toParent: nil)
    }

    // MARK: Appearance, driven by map/unmap

    private func viewWasMapped() {
        // GTK emits "map" on a widget only once it has mapped the widget's children, so an
        // ancestor that is mapped but has not appeared is still walking its children: were it
        // to appear now, a list applying new items in its `viewWillAppear` would free rows GTK
        // is about to visit (a critical, then a crash). Its own "map" comes next and makes the
        // whole hierarchy appear, parents first; should none come, the main loop's next idle
        // moment does.
        guard let waiting = highestAncestorStillMapping else { return appear() }
        waiting.pendingAppearance = MainLoopTimer.whenIdle { [weak waiting] in
            waiting?.pendingAppearance = nil
            waiting?.appear()
        }
    }

    /// The highest ancestor whose view is mapped but that has not appeared (nil when none).
    private var highestAncestorStillMapping: Controller? {
        var found: Controller?
        var next = parent
        while let current = next, current.appearance == .disappeared, current.loadedView?.isMapped == true {
            found = current
            next = current.parent
        }
        return found
    }

    private func viewWasUnmapped() {
        var top = self
        while let next = top.parent, next.appearance != .disappeared, next.loadedView?.isMapped == false {
            top = next
        }
        top.disappear()
    }

    /// Called before `viewWillAppear()`, where the controller now is: containers with
    /// headers of their own adapt them (see `isUnderHeader`).
    func placementWillAppear() {}

    /// Whether the header of an enclosing navigation controller shows above this
    /// controller's view. Headers inside it leave the window buttons to that header.
    public var isUnderHeader: Bool {
        var ancestor = parent
        while let current = ancestor {
            if current is NavigationController { return true }
            ancestor = current.parent
        }
        return false
    }

    private var isDeferred: Bool { isAppearanceDeferred || parent?.isDeferred == true }

    func appear() {
        guard appearance == .disappeared, loadedView?.isMapped == true else { return }
        appearance = .appearing
        updateWindowTitle()
        placementWillAppear()
        viewWillAppear()
        for child in children { child.appear() }
        finishAppearing()
    }

    /// Completes `appearing` (children first), unless a transition still runs.
    func finishAppearing() {
        guard appearance == .appearing, !isDeferred else { return }
        for child in children { child.finishAppearing() }
        appearance = .appeared
        viewDidAppear()
    }

    /// Starts disappearing while the view is still on screen (a transition animates it out).
    func beginDisappearing() {
        if appearance == .appearing {
            appearance = .appeared
            viewDidAppear()
        }
        guard appearance == .appeared else { return }
        appearance = .disappearing
        viewWillDisappear()
        for child in children { child.beginDisappearing() }
    }

    func disappear() {
        guard appearance != .disappeared, loadedView?.isMapped != true else { return }
        beginDisappearing()
        for child in children { child.disappear() }
        appearance = .disappeared
        viewDidDisappear()
    }

    private func updateWindowTitle() {
        guard parent == nil, let window = loadedView?.rootWindow, let title else { return }
        window.title = title
    }
}

/// The messages for containment misuse (each one is a precondition failure).
enum ContainmentRules {
    @MainActor
    static func problem(adding child: Controller, to parent: Controller) -> String? {
        if child === parent { return "addChild: a \(type(of: child)) cannot be its own child" }
        if let current = child.parent {
            return "addChild: this \(type(of: child)) already has a parent (a \(type(of: current))); "
                + "call willMove(toParent: nil) and removeFromParent() before adding it elsewhere"
        }
        var ancestor: Controller? = parent
        while let next = ancestor {
            if next === child { return "addChild: a \(type(of: child)) cannot become a child of its own descendant" }
            ancestor = next.parent
        }
        return nil
    }

    @MainActor
    static func problem(transitionFrom from: Controller, to: Controller, in parent: Controller) -> String? {
        if from === to { return "transition: from and to are the same \(type(of: from))" }
        for (name, controller) in [("from", from), ("to", to)] where controller.parent !== parent {
            return "transition: \(name) (a \(type(of: controller))) is not a child of this \(type(of: parent)); "
                + "addChild(_:) it first"
        }
        if !from.isViewLoaded || !(from.view.parent is Stack) {
            return "transition: the view of from (a \(type(of: from))) must be placed in a Stack by its parent"
        }
        if to.isViewLoaded, let owner = to.view.parent, owner !== from.view.parent {
            return "transition: the view of to (a \(type(of: to))) is already placed elsewhere"
        }
        return nil
    }
}
