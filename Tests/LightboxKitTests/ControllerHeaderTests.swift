import GtkTestSupport
import XCTest

@testable import Gtk
@testable import LightboxKit

/// The kit's supported ways to fill headers and title bars: header items, a navigation
/// header as the window's title bar, and a window presented for a root controller.
final class ControllerHeaderTests: GtkTestCase {
    /// Whether `widget` is shown inside `container` (a header bar).
    @MainActor
    private func isShown(_ widget: Widget, in container: Widget) -> Bool {
        var ancestor = widget.parent
        while let current = ancestor {
            if current === container { return widget.isMapped }
            ancestor = current.parent
        }
        return false
    }

    /// The labels of the `candidates` the header shows.
    @MainActor
    private func shown(_ candidates: [Button], in header: HeaderBar) -> Set<String> {
        Set(candidates.filter { isShown($0, in: header) }.compactMap(\.label))
    }

    @MainActor
    private func button(_ name: String) -> Button { Button(label: name) }

    func testTheNavigationHeaderShowsTheTopPagesAccessoriesAndItsOwnOnEveryPage() {
        let albums = Controller()
        albums.title = "Albums"
        let navigation = NavigationController(root: albums)
        let search = button("Search")
        let sort = button("Sort")
        let menu = button("Main Menu")
        let switcher = Label("Albums | People")
        albums.headerItems.start = [search]
        albums.headerItems.end = [sort]
        albums.headerItems.titleWidget = switcher
        navigation.headerItems.end = [menu]
        let window = Window()
        window.setDefaultSize(width: 600, height: 400)
        window.child = navigation.view
        show(window)
        let view = navigation.view as! NavigationView
        let header = view.header

        XCTAssertTrue(isShown(search, in: header), "the page's start accessory")
        XCTAssertEqual(
            shown([search, sort, menu], in: header), ["Search", "Main Menu", "Sort"],
            "the navigation's own item beside the page's")
        XCTAssertTrue(isShown(switcher, in: header), "the page's title widget instead of its title")
        XCTAssertFalse(view.titleLabel.isMapped)

        let summer = Controller()
        summer.title = "Summer"
        navigation.push(summer, animated: false)
        pump(until: { !search.isMapped && view.titleLabel.isMapped }, "the pushed page's header")
        XCTAssertEqual(view.titleLabel.text, "Summer")
        XCTAssertFalse(isShown(sort, in: header), "the root page's accessories leave with it")
        XCTAssertFalse(isShown(switcher, in: header))
        XCTAssertEqual(shown([search, sort, menu], in: header), ["Main Menu"], "the navigation's own stays")

        let share = button("Share")
        summer.headerItems.end = [share]
        pump(until: { share.isMapped }, "an accessory added to the top page")
        XCTAssertEqual(shown([search, sort, menu, share], in: header), ["Main Menu", "Share"])

        navigation.pop(animated: false)
        pump(until: { search.isMapped && switcher.isMapped }, "the root page's header again")
        XCTAssertFalse(isShown(share, in: header))
        XCTAssertEqual(shown([search, sort, menu, share], in: header), ["Search", "Main Menu", "Sort"])
    }

    func testTheSidebarHeaderShowsTheListsAccessories() {
        let list = Controller()
        list.title = "Contacts"
        let add = button("Add Contact")
        list.headerItems.start = [add]
        let split = SplitController(list: list, detail: Controller())
        let window = Window()
        window.setDefaultSize(width: 900, height: 500)
        window.child = split.view
        show(window)
        let view = split.view as! SplitView
        XCTAssertTrue(isShown(add, in: view.sidebarHeader))
        XCTAssertEqual(view.sidebarTitle.text, "Contacts")
        let find = button("Find")
        list.headerItems.end = [find]
        pump(until: { find.isMapped }, "an accessory added to the list")
        XCTAssertTrue(isShown(find, in: view.sidebarHeader))
    }

    /// A root controller that embeds a navigation controller and makes its header the
    /// window's title bar.
    @MainActor
    private final class Shell: Controller {
        let navigation: NavigationController
        init(page: Controller) {
            navigation = NavigationController(root: page)
            super.init()
            title = "Library"
            addChild(navigation)
        }
        override var windowTitlebar: WindowTitlebar { .header(of: navigation) }
        override func loadView() -> Widget { ShellView(content: navigation.view) }
        override func viewDidLoad() { navigation.didMove(toParent: self) }
    }

    /// A status line above the navigation's pages (the header is in the title bar).
    private final class ShellView: Box {
        let status = Label("3 albums")
        init(content: Widget) {
            super.init(orientation: .vertical)
            content.verticalExpand = true
            append(status)
            append(content)
        }
    }

    func testANavigationHeaderIsTheWindowsTitleBar() {
        let page = Controller()
        page.title = "Albums"
        let shell = Shell(page: page)
        let window = Window()
        window.setDefaultSize(width: 600, height: 400)
        shell.becomeRoot(of: window)
        show(window)
        let header = (shell.navigation.view as! NavigationView).header
        XCTAssertTrue(window.titlebar === header, "the navigation's header is the title bar")
        XCTAssertTrue(window.child === shell.view)
        XCTAssertFalse(isShown(header, in: shell.view), "not a second header inside the window")
        XCTAssertTrue(header.showsTitleButtons, "the title bar holds the window buttons")
        XCTAssertEqual(window.title, "Library")
        XCTAssertEqual((shell.navigation.view as! NavigationView).titleLabel.text, "Albums")

        let summer = Controller()
        summer.title = "Summer"
        shell.navigation.push(summer, animated: false)
        pump(until: { (shell.navigation.view as! NavigationView).backButton.isMapped }, "the back button in the title bar")
        XCTAssertEqual((shell.navigation.view as! NavigationView).titleLabel.text, "Summer")
    }

    func testASplitUnderTheTitleBarLeavesItTheTitleAndTheWindowButtons() {
        let list = Controller()
        list.title = "Photos"
        let split = SplitController(list: list, detail: Controller())
        let navigation = NavigationController(root: split)
        let window = Window()
        window.setDefaultSize(width: 900, height: 500)
        navigation.becomeRoot(of: window)
        show(window)
        let view = split.view as! SplitView
        let detailHeader = (split.detailNavigation.view as! NavigationView).header
        XCTAssertTrue(window.titlebar === (navigation.view as! NavigationView).header)
        XCTAssertFalse(view.sidebarHeader.isVisible, "no second “Photos” header above the list")
        XCTAssertTrue(detailHeader.isMapped, "the detail pane keeps its header (its back button when collapsed)")
        XCTAssertFalse(detailHeader.showsTitleButtons, "one set of window buttons, in the title bar")

        let select = button("Select")
        list.headerItems.end = [select]
        pump(until: { select.isMapped }, "the list's accessory")
        XCTAssertTrue(view.sidebarHeader.isVisible, "the sidebar header shows for the list's accessories")
        XCTAssertFalse(view.sidebarHeader.showsTitleButtons)
    }

    func testASplitAsRootBringsItsOwnHeaders() {
        let list = Controller()
        list.title = "Planets"
        let split = SplitController(list: list, detail: Controller())
        let window = Window()
        window.setDefaultSize(width: 900, height: 500)
        split.becomeRoot(of: window)
        show(window)
        let view = split.view as! SplitView
        XCTAssertEqual(window.titlebar?.isVisible, false, "no title bar of the window's own")
        XCTAssertTrue(view.sidebarHeader.isMapped)
        XCTAssertEqual(view.sidebarTitle.text, "Planets")
        XCTAssertTrue(
            (split.detailNavigation.view as! NavigationView).header.showsTitleButtons,
            "the detail header at the top edge holds the window buttons")
        XCTAssertEqual(window.title, "Planets")
    }

    func testPresentWindowShowsTheRootControllersViewAndTitle() {
        let application = Application(id: "io.github.lightbox.KitHeaderTests", handlesOpen: false, nonUnique: true)
        weak var weakRoot: Controller?
        var checked = false
        application.onActivate {
            let root = Controller()
            weakRoot = root
            let window = root.presentWindow(application: application, title: "Planets", defaultSize: (640, 480))
            pump(until: { root.appearance == .appeared }, "the root to appear")
            XCTAssertEqual(window.title, "Planets")
            XCTAssertEqual(root.title, "Planets")
            XCTAssertTrue(window.child === root.view)
            XCTAssertTrue(window.rootController === root)
            XCTAssertTrue(root.view.isMapped)
            XCTAssertTrue(application.windows.contains { $0 === window })
            XCTAssertEqual(window.defaultSize.width, 640)
            root.title = "Moons"
            XCTAssertEqual(window.title, "Moons", "the window's title follows the root's")
            checked = true
            window.destroy()
        }
        XCTAssertEqual(application.run(arguments: ["kit-tests"]), 0)
        XCTAssertTrue(checked)
        MainLoop.drain()
        XCTAssertNil(weakRoot, "the window kept its root controller, and let go of it when destroyed")
    }
}
