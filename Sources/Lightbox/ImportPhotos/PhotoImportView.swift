import Adw
import Gtk

/// The import window (see `PhotoImportController`): the source's photos by day on the left, a
/// check on each chosen one; on the right where they go (the library folder, the folder and
/// name templates with an example), whether the card is emptied afterwards, what will be
/// copied and the Import button; while importing, a progress bar, "312 of 1,234 · 1.1 GB of
/// 8.2 GB · about 2 minutes left" and Stop; at the end, what was imported and what failed.
final class PhotoImportView: Window {
    let windowTitle = WindowTitle(title: "", subtitle: "")
    let otherSourceButton = Button(iconName: "folder-open-symbolic")
    let list: ListView
    let scroller = ScrolledWindow()
    let status = StatusPage()
    let spinner = Spinner()
    /// As wide as the photos' list, no height: its resizes tell how many photos fit a line
    /// (a list without horizontal scrolling leaves its horizontal adjustment unset).
    let widthProbe = DrawingArea()
    let readingLabel = Label()
    let folderRow = ActionRow()
    let chooseFolder = Button(mnemonic: tr("_Choose…"))
    let foldersRow = EntryRow(title: tr("Folders"))
    let namesRow = EntryRow(title: tr("File Names"))
    let exampleRow = ActionRow()
    let keywordsRow = EntryRow(title: tr("Keywords"))
    let albumRow = EntryRow(title: tr("Album"))
    let deleteRow = ActionRow()
    let deleteSwitch = Switch()
    let problemLabel = Label()
    let summaryLabel = Label()
    let importButton = Button(mnemonic: tr("_Import"))
    let progressBox = Box(orientation: .vertical, spacing: 8)
    let progressBar = ProgressBar()
    let progressLabel = Label()
    let stopButton = Button(mnemonic: tr("_Stop"))
    let doneLabel = Label()
    let failuresLabel = Label()
    private let settingsBox = Box(orientation: .vertical, spacing: 18)

    init(list: ListView) {
        self.list = list
        super.init()
        ImportStyle.install()
        addCssClass("import-window")
        setDefaultSize(width: 1180, height: 760)
        let header = Adw.HeaderBar()
        header.titleWidget = windowTitle
        otherSourceButton.tooltip = tr("Import From Another Folder…")
        otherSourceButton.setAccessibleLabel(tr("Import From Another Folder…"))
        header.packStart(otherSourceButton)
        titlebar = header

        list.addCssClass("import-list")
        list.setAccessibleLabel(tr("Photos on the source"))
        scroller.setPolicy(horizontal: .never, vertical: .automatic)
        scroller.child = list
        scroller.horizontalExpand = true
        scroller.verticalExpand = true
        status.horizontalExpand = true
        status.verticalExpand = true
        status.isVisible = false
        let reading = Box(orientation: .horizontal, spacing: 8)
        reading.addCssClass("import-reading")
        reading.append(spinner)
        readingLabel.addCssClass("dim-label")
        readingLabel.xalign = 0
        reading.append(readingLabel)
        let left = Box(orientation: .vertical)
        widthProbe.horizontalExpand = true
        [scroller, status, widthProbe, reading].forEach(left.append)

        let into = PreferencesGroup()
        into.title = tr("Import Into")
        folderRow.title = tr("Library Folder")
        chooseFolder.verticalAlignment = .center
        folderRow.addSuffix(chooseFolder)
        folderRow.activatableWidget = chooseFolder
        foldersRow.tooltip = ImportText.tokens
        namesRow.tooltip = ImportText.tokens
        // Translators: the file an import would make first, as the templates name it.
        exampleRow.title = tr("Example")
        exampleRow.addCssClass("property")
        problemLabel.addCssClass("error")
        problemLabel.wraps = true
        problemLabel.xalign = 0
        problemLabel.isVisible = false
        [folderRow, foldersRow, namesRow, exampleRow].forEach(into.add)
        let given = PreferencesGroup()
        given.title = tr("Add to Each Photo")
        keywordsRow.tooltip = tr("Separate keywords with commas")
        albumRow.tooltip = tr("One of your albums, or a new one")
        [keywordsRow, albumRow].forEach(given.add)
        let after = PreferencesGroup()
        deleteRow.title = tr("Delete From the Source")
        deleteRow.subtitle = tr("Only files whose copies were read back and found the same")
        deleteSwitch.verticalAlignment = .center
        deleteRow.addSuffix(deleteSwitch)
        deleteRow.activatableWidget = deleteSwitch
        after.add(deleteRow)
        summaryLabel.wraps = true
        summaryLabel.xalign = 0
        importButton.addCssClass("suggested-action")
        importButton.addCssClass("pill")
        [into, problemLabel, given, after, summaryLabel, importButton].forEach(settingsBox.append)

        progressLabel.xalign = 0
        progressLabel.wraps = true
        progressLabel.addCssClass("numeric")
        stopButton.addCssClass("pill")
        stopButton.horizontalAlignment = .center
        [progressBar, progressLabel, stopButton].forEach(progressBox.append)
        progressBox.isVisible = false
        doneLabel.addCssClass("heading")
        doneLabel.wraps = true
        doneLabel.xalign = 0
        doneLabel.isVisible = false
        failuresLabel.wraps = true
        failuresLabel.xalign = 0
        failuresLabel.isSelectable = true
        failuresLabel.addCssClass("caption")
        failuresLabel.isVisible = false

        let side = Box(orientation: .vertical, spacing: 18)
        side.addCssClass("import-side")
        [settingsBox, progressBox, doneLabel, failuresLabel].forEach(side.append)
        let sideScroller = ScrolledWindow()
        sideScroller.setPolicy(horizontal: .never, vertical: .automatic)
        sideScroller.child = side
        sideScroller.setSizeRequest(width: 380, height: -1)
        // The photos take the window's width beyond the settings' (a switch or an entry in
        // the settings would otherwise share it out between both).
        sideScroller.horizontalExpand = false
        let content = Box(orientation: .horizontal)
        content.append(left)
        content.append(Separator(orientation: .vertical))
        content.append(sideScroller)
        child = content
        defaultWidget = importButton
    }

    /// The source's files being read: a spinner and `text` under the photos.
    func showReading(_ text: String?) {
        spinner.isSpinning = text != nil
        spinner.parent?.isVisible = text != nil
        readingLabel.text = text ?? ""
    }

    /// Nothing to show: no photos on the source, or it can't be read.
    func showEmpty(title: String, description: String) {
        scroller.isVisible = false
        status.isVisible = true
        status.iconName = "camera-photo-symbolic"
        status.title = title
        status.description = description
        importButton.isSensitive = false
    }

    func showPhotos() {
        scroller.isVisible = true
        status.isVisible = false
    }

    /// The choices while nothing runs; the Import button when there is something to copy.
    func showSettings(canImport: Bool) {
        settingsBox.isSensitive = true
        otherSourceButton.isSensitive = true
        importButton.isSensitive = canImport
        importButton.isVisible = true
        progressBox.isVisible = false
    }

    /// Copying: the settings fixed, the progress and Stop.
    func showProgress(fraction: Double, text: String) {
        settingsBox.isSensitive = false
        otherSourceButton.isSensitive = false
        importButton.isVisible = false
        if !progressBox.isVisible {
            progressBox.isVisible = true
            // Escape or Enter stops it, for whoever started it by keys.
            _ = stopButton.grabFocus()
        }
        progressBar.fraction = fraction
        progressLabel.text = text
        stopButton.isSensitive = true
        doneLabel.isVisible = false
        failuresLabel.isVisible = false
    }

    /// The end: what was imported, and every file that was not with why.
    func showDone(_ text: String, failures: String) {
        progressBox.isVisible = false
        doneLabel.text = text
        doneLabel.isVisible = true
        failuresLabel.text = failures
        failuresLabel.isVisible = !failures.isEmpty
    }

    /// A template that can't be used: why, and no import until it can.
    func showProblem(_ problem: String?) {
        problemLabel.text = problem ?? ""
        problemLabel.isVisible = problem != nil
    }
}

/// The look of the import window: photos on the window's background, the chosen ones with a
/// check in the accent colour, the ones the library has dimmed.
@MainActor
enum ImportStyle {
    private static var installed = false

    static func install() {
        guard !installed else { return }
        installed = true
        StyleSheet.apply(css)
    }

    static let css = """
        .import-list { background: none; padding: 6px 18px 18px 18px; }
        .import-list > row, .import-list > row:selected, .import-list > row:hover
            { padding: 0; background: none; color: inherit; }
        .import-list > row:focus-visible { outline: none; }
        .import-day { padding: 18px 6px 6px 6px; }
        .import-cell { padding: 6px; border-radius: 10px; }
        .import-cell:checked { background-color: alpha(@accent_bg_color, 0.14); }
        .import-cell .thumbnail { background-color: alpha(currentColor, 0.06); border-radius: 6px; }
        .import-cell.in-library .thumbnail, .import-cell.in-library label:not(.import-mark) { opacity: 0.5; }
        .import-check { background-color: @accent_bg_color; color: @accent_fg_color; border-radius: 999px;
            padding: 3px; margin: 6px; }
        .import-mark { background-color: rgba(0, 0, 0, 0.65); color: white; border-radius: 999px; padding: 1px 8px;
            margin: 6px; font-size: 0.8em; font-weight: 700; }
        .import-side { padding: 18px; }
        .import-reading { padding: 8px 18px; }
        """
}
