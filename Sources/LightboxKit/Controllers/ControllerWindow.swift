import Gtk

/// Where the title bar of a window showing a root controller comes from (see
/// `Controller.windowTitlebar`).
public enum WindowTitlebar {
    /// GTK's own title bar, showing the window's title: for a root without a header.
    case standard
    /// The header of this navigation controller (the root, or one inside the root's view)
    /// is the title bar: its items and title across the top of the window, with the
    /// window buttons.
    case header(of: NavigationController)
    /// None: the root's view brings its own header bars (a split controller's panes).
    case inView
}

/// An application window showing a root controller, as UIKit's `UIWindow` with its
/// `rootViewController`: the controller's view fills the window, its title is the
/// window's title, the title bar is what its `windowTitlebar` says, and the window keeps
/// the controller for as long as the window lives.
///
/// ```swift
/// let window = ControllerWindow(application: application, root: NavigationController(root: albums))
/// window.setDefaultSize(width: 960, height: 640)
/// window.present()
/// // or, in one step:
/// albums.presentWindow(application: application, title: "Albums")
/// ```
public final class ControllerWindow: ApplicationWindow {
    public let rootController: Controller

    public init(application: Application, root: Controller) {
        rootController = root
        super.init(application: application)
        root.becomeRoot(of: self)
    }
}

extension Controller {
    /// Makes this controller the root of `window`: its view fills the window, its title is
    /// the window's title, and the window's title bar is what `windowTitlebar` says. The
    /// caller keeps the controller (a `ControllerWindow` keeps its own).
    public func becomeRoot(of window: Window) {
        precondition(parent == nil, "becomeRoot(of:): a \(type(of: self)) inside a \(type(of: parent!)) cannot be a window's root")
        let content = view
        switch windowTitlebar {
        case .standard:
            break
        case .header(let navigation):
            navigation.moveHeader(to: window)
        case .inView:
            // The view's own header bars act as the title bar.
            window.hideTitlebar()
        }
        window.child = content
        if let title { window.title = title }
    }

    /// Presents a new window of `application` with this controller as its root (see
    /// `ControllerWindow`), titled `title` when given (it becomes the controller's title),
    /// `defaultSize` large when given.
    @discardableResult
    public func presentWindow(
        application: Application, title: String? = nil,
        defaultSize: (width: Int, height: Int)? = nil
    ) -> ControllerWindow {
        if let title { self.title = title }
        let window = ControllerWindow(application: application, root: self)
        if let defaultSize { window.setDefaultSize(width: defaultSize.width, height: defaultSize.height) }
        window.present()
        return window
    }
}
