import Adw
import Gtk

/// The Bring a Library Along window (see `ImportController`): a row for Shotwell and one for
/// darktable, each with where its library is and a button; then what would come across, the
/// switch that adds the folders outside the library, and the button that brings it; then what
/// came across.
final class ImportView: PreferencesWindow {
    let page = PreferencesPage()
    let librariesGroup = PreferencesGroup()
    let reportGroup = PreferencesGroup()
    /// One row per app, with its button.
    private(set) var appRows: [OtherPhotoApp: (row: ActionRow, button: Button)] = [:]
    let reportLabel = Label()
    let spinner = Spinner()
    let foldersRow = ActionRow()
    let foldersSwitch = Switch()
    let bringButton = Button(mnemonic: tr("_Bring Along"))

    override init() {
        super.init()
        title = tr("Bring a Library Along")
        searchEnabled = false
        setDefaultSize(width: 640, height: 620)
        page.title = tr("Libraries")
        page.iconName = "folder-pictures-symbolic"
        librariesGroup.title = tr("Other Photo Apps")
        librariesGroup.description = tr(
            "Their stars, rejects, keywords, titles and captions come to the photos Lightbox has, and their events become albums. Their files are only read, never changed."
        )
        for app in OtherPhotoApp.allCases {
            let row = ActionRow()
            row.title = app.displayName
            let button = Button(mnemonic: tr("_Look…"))
            button.verticalAlignment = .center
            button.setAccessibleLabel(String(format: tr("Look at the %@ library"), app.displayName))
            row.addSuffix(button)
            librariesGroup.add(row)
            appRows[app] = (row, button)
        }
        page.add(librariesGroup)

        reportGroup.title = tr("What Comes Along")
        spinner.setSizeRequest(width: 32, height: 32)
        spinner.isVisible = false
        reportLabel.wraps = true
        reportLabel.wrapMode = .wordChar
        reportLabel.xalign = 0
        reportLabel.isSelectable = true
        reportLabel.setAccessibleLabel(tr("What comes along"))
        foldersSwitch.verticalAlignment = .center
        foldersRow.addSuffix(foldersSwitch)
        foldersRow.activatableWidget = foldersSwitch
        foldersRow.isVisible = false
        bringButton.addCssClass("suggested-action")
        bringButton.addCssClass("pill")
        bringButton.horizontalAlignment = .center
        bringButton.setMargins(top: 12, bottom: 0, start: 0, end: 0)
        bringButton.isVisible = false
        let report = Box(orientation: .vertical, spacing: 6)
        report.addCssClass("card")
        reportLabel.setMargins(top: 12, bottom: 12, start: 12, end: 12)
        [spinner, reportLabel].forEach(report.append)
        reportGroup.add(report)
        reportGroup.add(foldersRow)
        reportGroup.add(bringButton)
        reportGroup.isVisible = false
        page.add(reportGroup)
        add(page)
    }

    /// Where `app`'s library is and how large, or that none was found (its button off).
    func show(_ app: OtherPhotoApp, found: Bool, subtitle: String) {
        guard let (row, button) = appRows[app] else { return }
        row.subtitle = subtitle
        button.isSensitive = found
    }

    /// Working: a spinner in place of the report.
    func showWorking() {
        reportGroup.isVisible = true
        spinner.isVisible = true
        spinner.isSpinning = true
        reportLabel.text = ""
        foldersRow.isVisible = false
        bringButton.isVisible = false
    }

    /// `text` in the report; with `folders` offered (a switch, on), and the button when it can be brought.
    func showReport(_ text: String, offeringFolders folders: Int = 0, canBring: Bool) {
        reportGroup.isVisible = true
        spinner.isSpinning = false
        spinner.isVisible = false
        reportLabel.text = text
        foldersRow.isVisible = canBring && folders > 0
        foldersRow.title = String(
            format: trn("Also add the folder outside the library", "Also add the %d folders outside the library", folders), folders)
        foldersSwitch.isActive = true
        bringButton.isVisible = canBring
    }
}
