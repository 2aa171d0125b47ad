import Adw
import Gtk
import LightboxKit

/// The main window's widgets around the pages: the header's controls (search, sort and
/// primary menus, which the controller puts in the navigation header), the search bar and
/// the condition bars under the header, and libadwaita's toasts over the content.
final class MainWindowView: Box {
    let searchButton = ToggleButton(iconName: "system-search-symbolic")
    let searchEntry = SearchEntry(placeholder: "Search by name, camera or lens")
    let searchBar = Revealer(transition: .slideDown)
    /// The sort menu's folder filter (see `showFolders`).
    private let folderSection = Menu()
    lazy var sortButton = MenuButton(iconName: "view-sort-descending-symbolic", menu: MainWindowView.sortMenu(folders: folderSection))
    /// The primary menu's write-back items (see `showPendingWrites`).
    private let writeBackSection = Menu()
    let menuButton = MenuButton(iconName: "open-menu-symbolic")
    /// Lasting conditions of the library (`ConditionBar`s), under the search bar.
    let conditionBars = Box(orientation: .vertical)
    /// Transient messages ("Moved to trash", with Undo): one at a time (`show(toast:)`).
    private let toasts = ToastOverlay()
    /// The toast on screen, until it is dismissed (by its timeout, by the person, or replaced).
    private(set) var toast: Toast?

    /// - Parameter navigation: the pages' view, under the bars (its header is the window's title bar).
    init(navigation: Widget) {
        Adwaita.initialize()
        super.init(orientation: .vertical)
        searchButton.tooltip = "Search (Ctrl+F)"
        searchButton.setAccessibleLabel("Search")
        sortButton.tooltip = "Sort and Filter"
        sortButton.setAccessibleLabel("Sort and Filter")
        menuButton.tooltip = "Main Menu (F10)"
        menuButton.setAccessibleLabel("Main Menu")
        menuButton.isPrimary = true
        menuButton.menuModel = Self.primaryMenu(writeBack: writeBackSection)
        showPendingWrites(0)

        searchEntry.setAccessibleLabel("Search photos")
        searchEntry.horizontalAlignment = .center
        searchEntry.setSizeRequest(width: 360, height: -1)
        searchEntry.setMargins(6)
        let bar = Box(orientation: .vertical)
        bar.addCssClass("toolbar")
        bar.append(searchEntry)
        searchBar.child = bar
        Self.installStyle()

        let content = Box(orientation: .vertical)
        navigation.verticalExpand = true
        content.append(searchBar)
        content.append(conditionBars)
        content.append(navigation)
        toasts.child = content
        toasts.verticalExpand = true
        append(toasts)
    }

    /// Shows `message` as a toast, with Undo (`win.undo`) when `undoable`. A new message
    /// replaces the one shown (libadwaita would queue it behind).
    func show(toast message: String, undoable: Bool) {
        dismissToast()
        let toast = Toast(message)
        if undoable {
            toast.buttonLabel = "Undo"
            toast.actionName = "win.undo"
        }
        // Long enough to reach for Undo.
        toast.timeout = undoable ? 10 : 5
        toast.onDismissed(owner: self) { [weak self, unowned toast] in
            if self?.toast === toast { self?.toast = nil }
        }
        self.toast = toast
        toasts.addToast(toast)
    }

    func dismissToast() {
        guard let toast else { return }
        self.toast = nil
        toast.dismiss()
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

    private static func sortMenu(folders: Menu) -> Menu {
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
        menu.appendSection("Show", ratingFilterMenu())
        menu.appendSection("Folders", folders)
        return menu
    }

    /// The minimum rating (`win.minimum-rating`): "All Photos", "★ 1 or More" … "★ 5".
    private static func ratingFilterMenu() -> Menu {
        let menu = Menu()
        menu.append("_All Photos", action: "win.minimum-rating", target: Variant(Int32(0)))
        for stars in 1...5 {
            let label = stars == 5 ? "★ _5 Only" : "★ _\(stars) or More"
            menu.append(label, action: "win.minimum-rating", target: Variant(Int32(stars)))
        }
        return menu
    }

    private static func primaryMenu(writeBack: Menu) -> Menu {
        let folder = Menu()
        folder.append("_Open Folder…", action: "win.open-folder")
        folder.append("_Rescan", action: "win.rescan")
        let view = Menu()
        view.append("Show Re_jected Photos", action: "win.show-rejected")
        let style = Menu()
        style.append("Follow _System", action: "app.color-scheme", target: Variant(AppColorScheme.followSystem.rawValue))
        style.append("_Light", action: "app.color-scheme", target: Variant(AppColorScheme.light.rawValue))
        style.append("_Dark", action: "app.color-scheme", target: Variant(AppColorScheme.dark.rawValue))
        let help = Menu()
        help.append("_Preferences", action: "win.preferences")
        help.append("_Keyboard Shortcuts", action: "win.show-help-overlay")
        help.append("_About Lightbox", action: "app.about")
        let menu = Menu()
        menu.appendSection(nil, folder)
        menu.appendSection(nil, view)
        menu.appendSection("Style", style)
        menu.appendSection(nil, writeBack)
        menu.appendSection(nil, help)
        return menu
    }

    /// The folder filter (`win.folder-filter`): "All Folders" and each library folder by
    /// name, when the library has more than one (a menu item's label can't change: the
    /// section is made again).
    func showFolders(_ folders: [(path: String, name: String)]) {
        folderSection.removeAll()
        guard folders.count > 1 else { return }
        folderSection.append("All _Folders", action: "win.folder-filter", target: Variant(""))
        for folder in folders {
            // Underscores in a name are not mnemonics.
            folderSection.append(folder.name.replacingOccurrences(of: "_", with: "__"), action: "win.folder-filter",
                                 target: Variant(folder.path))
        }
    }

    /// The write-back items, the pending item saying how many files wait (a menu item's
    /// label can't change: the section is made again).
    func showPendingWrites(_ count: Int) {
        writeBackSection.removeAll()
        writeBackSection.append("_Save Ratings and Keywords in Files", action: "win.save-metadata-in-files")
        writeBackSection.append("_Write Pending Changes (\(count))", action: "win.write-pending")
    }
}
