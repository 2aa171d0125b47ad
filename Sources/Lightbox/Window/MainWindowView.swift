import Gtk
import LightboxKit

/// The main window's widgets around the pages: header controls (page switcher, search,
/// sort and primary menus), the search bar under the header, and the trash banner
/// floating over the content.
final class MainWindowView: Box {
    let searchButton = ToggleButton(iconName: "system-search-symbolic")
    let searchEntry = SearchEntry(placeholder: "Search by name, camera or lens")
    let searchBar = Revealer(transition: .slideDown)
    let sortButton = MenuButton(iconName: "view-sort-descending-symbolic", menu: MainWindowView.sortMenu())
    let menuButton = MenuButton(iconName: "open-menu-symbolic", menu: MainWindowView.primaryMenu())
    let bannerLabel = Label()
    let undoButton = Button(label: "_Undo")
    let banner = Revealer(transition: .slideDown)
    /// Lasting conditions of the library (`ConditionBar`s), under the search bar.
    let conditionBars = Box(orientation: .vertical)
    private let switcher: StackSwitcher
    private let titleBox = Box(orientation: .horizontal)
    private let navigation: NavigationView
    private let overlay = Overlay()

    init(navigation: NavigationView, pages: Stack) {
        self.navigation = navigation
        switcher = StackSwitcher(stack: pages)
        super.init(orientation: .vertical)
        overlay.child = navigation
        overlay.verticalExpand = true
        append(overlay)

        searchButton.tooltip = "Search (Ctrl+F)"
        searchButton.setAccessibleLabel("Search")
        sortButton.tooltip = "Sort"
        sortButton.setAccessibleLabel("Sort")
        menuButton.tooltip = "Main Menu (F10)"
        menuButton.setAccessibleLabel("Main Menu")
        menuButton.isPrimary = true
        navigation.header.packStart(searchButton)
        navigation.header.packEnd(menuButton)
        navigation.header.packEnd(sortButton)
        navigation.header.titleWidget = titleBox
        switcher.setAccessibleLabel("Pages")
        titleBox.append(switcher)
        titleBox.append(navigation.titleLabel)

        searchEntry.setAccessibleLabel("Search photos")
        searchEntry.horizontalAlignment = .center
        searchEntry.setSizeRequest(width: 360, height: -1)
        searchEntry.setMargins(6)
        let bar = Box(orientation: .vertical)
        bar.addCssClass("toolbar")
        bar.append(searchEntry)
        searchBar.child = bar
        navigation.insert(searchBar, after: navigation.header)
        navigation.insert(conditionBars, after: searchBar)
        Self.installStyle()

        bannerLabel.maxWidthChars = 60
        bannerLabel.ellipsize = .end
        undoButton.setAccessibleLabel("Undo move to trash")
        undoButton.tooltip = "Restore the photo (Ctrl+Z)"
        undoButton.actionName = "win.undo"
        let notification = Box(orientation: .horizontal, spacing: 12)
        notification.addCssClass("app-notification")
        notification.append(bannerLabel)
        notification.append(undoButton)
        banner.child = notification
        banner.horizontalAlignment = .center
        banner.verticalAlignment = .start
        overlay.addOverlay(banner)
        showsRootControls(true)
    }

    /// Replaces the condition bars with one per condition, most serious first.
    func show(_ conditions: [LibraryCondition]) -> [ConditionBar] {
        conditionBars.removeAll()
        let bars = conditions.map(ConditionBar.init)
        bars.forEach(conditionBars.append)
        return bars
    }

    private static var isStyleInstalled = false

    private static func installStyle() {
        guard !isStyleInstalled else { return }
        isStyleInstalled = true
        StyleSheet.apply(ConditionBar.css)
    }

    /// The page switcher, search and sort show on the top-level pages; pushed pages show
    /// their title instead.
    func showsRootControls(_ root: Bool) {
        switcher.isVisible = root
        navigation.titleLabel.isVisible = !root
        searchButton.isVisible = root
        sortButton.isVisible = root
        if !root { searchBar.isRevealed = false }
    }

    private static func sortMenu() -> Menu {
        let keys = Menu()
        keys.append("_Date Taken", action: "win.sort-key", target: Variant(PersistedState.SortKey.dateTaken.rawValue))
        keys.append("_Name", action: "win.sort-key", target: Variant(PersistedState.SortKey.name.rawValue))
        keys.append("_Rating", action: "win.sort-key", target: Variant(PersistedState.SortKey.rating.rawValue))
        keys.append("_Camera", action: "win.sort-key", target: Variant(PersistedState.SortKey.camera.rawValue))
        let direction = Menu()
        direction.append("_Ascending", action: "win.sort-ascending", target: Variant(true))
        direction.append("D_escending", action: "win.sort-ascending", target: Variant(false))
        let menu = Menu()
        menu.appendSection("Sort By", keys)
        menu.appendSection(nil, direction)
        return menu
    }

    private static func primaryMenu() -> Menu {
        let folder = Menu()
        folder.append("_Open Folder…", action: "win.open-folder")
        folder.append("_Rescan", action: "win.rescan")
        let help = Menu()
        help.append("_Keyboard Shortcuts", action: "win.show-help-overlay")
        help.append("_About Lightbox", action: "app.about")
        let menu = Menu()
        menu.appendSection(nil, folder)
        menu.appendSection(nil, help)
        return menu
    }
}
