import Adw
import Gtk
import LightboxKit

/// The main window's widgets around the pages: the header's controls (search, sort and
/// primary menus, which the controller puts in the navigation header), the search bar and
/// the condition bars under the header, and libadwaita's toasts over the content.
final class MainWindowView: Box {
    let searchButton = ToggleButton(iconName: "system-search-symbolic")
    let searchEntry = SearchEntry(placeholder: tr("Search by name, camera or lens"))
    let searchBar = Revealer(transition: .slideDown)
    /// Keeps the search as a saved search (`win.save-search`, Ctrl+S), shown beside the albums.
    let saveSearchButton = Button(label: tr("Save Search"))
    /// The sort menu's folder filter (see `showFolders`).
    private let folderSection = Menu()
    lazy var sortButton = MenuButton(iconName: "view-sort-descending-symbolic", menu: MainWindowView.sortMenu(folders: folderSection))
    /// The primary menu's write-back items (see `showPendingWrites`).
    private let writeBackSection = Menu()
    let menuButton = MenuButton(iconName: "open-menu-symbolic")
    /// Lasting conditions of the library (`ConditionBar`s), under the search bar.
    let conditionBars = Box(orientation: .vertical)
    /// Transient messages ("Moved to trash", with Undo) over the content.
    private let toasts = ToastOverlay()
    /// One message at a time in `toasts` (`show(toast:)`).
    private(set) var toastPresenter: ToastPresenter!

    /// - Parameter navigation: the pages' view, under the bars (its header is the window's title bar).
    init(navigation: Widget) {
        Adwaita.initialize()
        super.init(orientation: .vertical)
        searchButton.tooltip = tr("Search (Ctrl+F)")
        searchButton.setAccessibleLabel(tr("Search"))
        sortButton.tooltip = tr("Sort and Filter")
        sortButton.setAccessibleLabel(tr("Sort and Filter"))
        menuButton.tooltip = tr("Main Menu (F10)")
        menuButton.setAccessibleLabel(tr("Main Menu"))
        menuButton.isPrimary = true
        menuButton.menuModel = Self.primaryMenu(writeBack: writeBackSection)
        menuButton.returnsFocusWhenClosed()
        sortButton.returnsFocusWhenClosed()
        showPendingWrites(0)

        searchEntry.setAccessibleLabel(tr("Search photos"))
        searchEntry.tooltip = tr("Words, and terms such as stars:4 camera:canon taken:2023 keyword:Norway rejected:no")
        searchEntry.setSizeRequest(width: 360, height: -1)
        saveSearchButton.actionName = "win.save-search"
        saveSearchButton.tooltip = tr("Save Search (Ctrl+S)")
        saveSearchButton.hasFrame = false
        let bar = Box(orientation: .horizontal, spacing: 6)
        bar.addCssClass("toolbar")
        bar.horizontalAlignment = .center
        bar.setMargins(6)
        bar.append(searchEntry)
        bar.append(saveSearchButton)
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
        toastPresenter = ToastPresenter(overlay: toasts)
    }

    /// Shows `message` as a toast, with Undo (`win.undo`) when `undoable`. A new message
    /// takes the place of the one shown (libadwaita would queue it behind).
    func show(toast message: String, undoable: Bool) {
        // Long enough to reach for Undo.
        toastPresenter.show(message, button: undoable ? (tr("Undo"), "win.undo") : nil, seconds: undoable ? 10 : 5)
    }

    /// `message` with a button running `action` (Show in Files after an export).
    func show(toast message: String, button: (label: String, action: String)?) {
        toastPresenter.show(message, button: button, seconds: 10)
    }

    func dismissToast() {
        toastPresenter.dismiss()
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
        StyleSheet.apply(".pages-switcher > button { min-width: 0; padding-left: 12px; padding-right: 12px; }")
    }

    private static func sortMenu(folders: Menu) -> Menu {
        let keys = Menu()
        keys.append(tr("_Date Taken"), action: "win.sort-key", target: Variant(PersistedState.SortKey.dateTaken.rawValue))
        keys.append(tr("_Name"), action: "win.sort-key", target: Variant(PersistedState.SortKey.name.rawValue))
        // Translators: the sort key (sort by rating), in the sort menu.
        keys.append(trc("sort key", "_Rating"), action: "win.sort-key", target: Variant(PersistedState.SortKey.rating.rawValue))
        keys.append(tr("_Camera"), action: "win.sort-key", target: Variant(PersistedState.SortKey.camera.rawValue))
        let direction = Menu()
        direction.append(tr("_Ascending"), action: "win.sort-ascending", target: Variant(true))
        direction.append(tr("D_escending"), action: "win.sort-ascending", target: Variant(false))
        let menu = Menu()
        menu.appendSection(tr("Sort By"), keys)
        menu.appendSection(nil, direction)
        // Translators: the sort menu's section of rating filters ("All Photos", "★ 3 or More").
        menu.appendSection(trc("sort menu section", "Show"), ratingFilterMenu())
        menu.appendSection(tr("Folders"), folders)
        return menu
    }

    /// The minimum rating (`win.minimum-rating`): "All Photos", "★ 1 or More" … "★ 5".
    private static func ratingFilterMenu() -> Menu {
        let menu = Menu()
        menu.append(tr("_All Photos"), action: "win.minimum-rating", target: Variant(Int32(0)))
        for stars in 1...5 {
            let label =
                stars == 5
                // Translators: the highest minimum rating in the sort menu: only photos with 5 stars; _ marks the access key.
                ? tr("★ _5 Only")
                // Translators: a minimum rating in the sort menu; %d is 1 to 4 stars, _ marks the access key.
                : String(format: tr("★ _%d or More"), stars)
            menu.append(label, action: "win.minimum-rating", target: Variant(Int32(stars)))
        }
        return menu
    }

    private static func primaryMenu(writeBack: Menu) -> Menu {
        let folder = Menu()
        folder.append(tr("_Open Folder…"), action: "win.open-folder")
        folder.append(tr("_Rescan"), action: "win.rescan")
        folder.append(tr("_Import Photos…"), action: "win.import-photos")
        folder.append(tr("_Bring a Library Along…"), action: "win.import-library")
        let photos = Menu()
        photos.append(tr("_Date and Time…"), action: "win.adjust-date")
        photos.append(tr("_Place…"), action: "win.set-place")
        photos.append(tr("_Export Selected Photos…"), action: "win.export")
        let view = Menu()
        view.append(tr("Show Re_jected Photos"), action: "win.show-rejected")
        let style = Menu()
        style.append(tr("Follow _System"), action: "app.color-scheme", target: Variant(AppColorScheme.followSystem.rawValue))
        style.append(tr("_Light"), action: "app.color-scheme", target: Variant(AppColorScheme.light.rawValue))
        style.append(tr("_Dark"), action: "app.color-scheme", target: Variant(AppColorScheme.dark.rawValue))
        let help = Menu()
        help.append(tr("_Preferences"), action: "win.preferences")
        help.append(tr("_Keyboard Shortcuts"), action: "win.show-help-overlay")
        help.append(tr("_About Lightbox"), action: "app.about")
        let menu = Menu()
        menu.appendSection(nil, folder)
        menu.appendSection(nil, photos)
        menu.appendSection(nil, view)
        menu.appendSection(tr("Style"), style)
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
        folderSection.append(tr("All _Folders"), action: "win.folder-filter", target: Variant(""))
        for folder in folders {
            // Underscores in a name are not mnemonics.
            folderSection.append(
                folder.name.replacingOccurrences(of: "_", with: "__"), action: "win.folder-filter",
                target: Variant(folder.path))
        }
    }

    /// The write-back items, the pending item saying how many files wait (a menu item's
    /// label can't change: the section is made again).
    func showPendingWrites(_ count: Int) {
        writeBackSection.removeAll()
        writeBackSection.append(tr("_Save Ratings and Keywords in Files"), action: "win.save-metadata-in-files")
        // Translators: a menu item; %d is how many files wait for their ratings and keywords.
        writeBackSection.append(
            String(format: trn("_Write Pending Changes (%d)", "_Write Pending Changes (%d)", count), count),
            action: "win.write-pending")
    }
}
