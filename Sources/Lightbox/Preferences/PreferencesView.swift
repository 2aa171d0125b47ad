import Adw
import Gtk

/// The Preferences window's widgets (libadwaita's preferences window): a "Library" page
/// with the library's folders (a row each, with its remove button, and "Add Folder…")
/// and the "Files" group (the write-back switch, bound to `win.save-metadata-in-files`).
final class PreferencesView: PreferencesWindow {
    /// A folder as its row shows it.
    struct FolderRow: Equatable {
        let path: String
        /// The path as people read it (`~` for home).
        let title: String
        let photoCount: Int?
        /// Why the folder can't be read now; nil when it can.
        let offlineReason: FolderOfflineReason?

        var subtitle: String {
            let count = photoCount.map { String(format: trn("%d photo", "%d photos", $0), $0) }
            guard let offlineReason else { return count ?? "" }
            let offline = offlineReason.rowSubtitle
            guard let count else { return offline }
            // Translators: a library folder's subtitle: %1$@ why it is offline, %2$@ how many photos it has.
            return String(format: tr("%1$@ · %2$@"), offline, count)
        }
    }

    let page = PreferencesPage()
    let foldersGroup = PreferencesGroup()
    let addFolderButton = Button(mnemonic: tr("_Add Folder…"))
    let filesGroup = PreferencesGroup()
    let writeBackSwitch = Switch()
    /// The folder rows, in the order shown, with their remove buttons.
    private(set) var rows: [(folder: FolderRow, row: ActionRow, removeButton: Button)] = []
    private let emptyRow = ActionRow()
    private var isEmptyRowShown = false
    /// One message at a time ("“Day 1” is in the library already"), a new one in its place.
    private(set) lazy var toasts = ToastPresenter(preferences: self)

    override init() {
        super.init()
        title = tr("Preferences")
        searchEnabled = false  // two groups: nothing to search
        setDefaultSize(width: 640, height: 560)
        page.title = tr("Library")
        page.iconName = "folder-pictures-symbolic"

        foldersGroup.title = tr("Library Folders")
        foldersGroup.description = tr(
            "Photos of every folder are shown together. Removing a folder only takes it out of Lightbox: its files stay where they are, and its ratings come back if it is added again within 30 days."
        )
        addFolderButton.addCssClass("flat")
        addFolderButton.verticalAlignment = .center  // not as tall as the group's description
        addFolderButton.tooltip = tr("Add a folder to the library")
        foldersGroup.headerSuffix = addFolderButton
        emptyRow.title = tr("No folders")
        emptyRow.subtitle = tr("Add a folder of photos to start browsing.")
        page.add(foldersGroup)

        filesGroup.title = tr("Files")
        let writeBack = ActionRow()
        writeBack.title = tr("Save Ratings and Keywords in Files")
        writeBack.subtitle = tr(
            "Stars, rejects and keywords are also written into the photo files (XMP), where other photo apps read them.")
        writeBackSwitch.verticalAlignment = .center
        writeBackSwitch.actionName = "win.save-metadata-in-files"
        writeBack.addSuffix(writeBackSwitch)
        writeBack.activatableWidget = writeBackSwitch
        filesGroup.add(writeBack)
        page.add(filesGroup)
        add(page)
    }

    /// Shows `folders`, one row each (or a row saying there are none). Returns whether
    /// the rows were made again (their buttons are new).
    @discardableResult
    func show(_ folders: [FolderRow]) -> Bool {
        guard folders != rows.map(\.folder) || (folders.isEmpty && !isEmptyRowShown) else { return false }
        for shown in rows { foldersGroup.remove(shown.row) }
        if isEmptyRowShown { foldersGroup.remove(emptyRow) }
        rows = folders.map { folder in
            let row = ActionRow()
            row.title = folder.title
            row.subtitle = folder.subtitle
            row.iconName = folder.offlineReason == nil ? "folder-symbolic" : "drive-harddisk-symbolic"
            let remove = Button(iconName: "list-remove-symbolic")
            remove.addCssClass("flat")
            remove.verticalAlignment = .center
            remove.tooltip = tr("Remove from Library")
            // Translators: a button's accessible name; %@ is the folder.
            remove.setAccessibleLabel(String(format: tr("Remove “%@” from Library"), folder.title))
            row.addSuffix(remove)
            foldersGroup.add(row)
            return (folder, row, remove)
        }
        isEmptyRowShown = folders.isEmpty
        if isEmptyRowShown { foldersGroup.add(emptyRow) }
        return true
    }
}
