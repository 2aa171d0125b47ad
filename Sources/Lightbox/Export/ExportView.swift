import Adw
import Gtk
import LightboxMedia

/// The Export window (see `ExportController`): what to make and how, the file names with an
/// example, the folder, the Export button; while exporting, a progress bar, "3 of 20 · about
/// 1 minute left" and Cancel; at the end, what failed and why.
final class ExportView: PreferencesWindow {
    let page = PreferencesPage()
    let formatRow = ChoiceRow<ExportOptions.Format>(
        title: tr("Export As"), choices: [(.jpeg, tr("_JPEG")), (.originals, tr("_Originals"))])
    let sizeRow = ChoiceRow<Int>(
        // Translators: the longest side of exported photos; "Full Size" keeps it as it is.
        title: tr("Longest Side"), choices: [(1024, "1024"), (2048, "2048"), (3840, "3840"), (0, tr("Full Size"))])
    let qualityRow = ActionRow()
    let qualityLabel = Label()
    let lessQuality = Button(iconName: "list-remove-symbolic")
    let moreQuality = Button(iconName: "list-add-symbolic")
    let metadataRow = ChoiceRow<JPEGSettings.Metadata>(
        title: tr("Metadata"),
        choices: [(.all, tr("_All")), (.withoutPlace, tr("Without _Place")), (.none, tr("_None"))])
    let colourRow = ChoiceRow<JPEGSettings.Colour>(
        title: tr("Colours"), choices: [(.keep, tr("_Keep Profile")), (.sRGB, tr("Convert to _sRGB"))])
    let jpegGroup = PreferencesGroup()
    let templateRow = EntryRow(title: tr("File Name"))
    let exampleRow = ActionRow()
    let folderRow = ActionRow()
    let chooseFolder = Button(mnemonic: tr("Choose _Folder…"))
    let folderProblem = Label()
    let exportButton = Button(mnemonic: tr("_Export"))
    let progressGroup = PreferencesGroup()
    let progressBar = ProgressBar()
    let progressLabel = Label()
    let cancelButton = Button(mnemonic: tr("_Cancel"))
    let failuresLabel = Label()
    private let settingsGroups: [PreferencesGroup]

    init(count: Int) {
        let what = PreferencesGroup()
        let names = PreferencesGroup()
        let destination = PreferencesGroup()
        settingsGroups = [what, jpegGroup, names, destination]
        super.init()
        // Translators: the Export window's title; %d photos are exported.
        title = String(format: trn("Export %d Photo", "Export %d Photos", count), count)
        searchEnabled = false
        setDefaultSize(width: 640, height: 720)
        what.add(formatRow.row)
        jpegGroup.title = tr("JPEG")
        jpegGroup.add(sizeRow.row)
        qualityRow.title = tr("Quality")
        let stepper = Box(orientation: .horizontal, spacing: 6)
        stepper.verticalAlignment = .center
        lessQuality.setAccessibleLabel(tr("Lower quality"))
        moreQuality.setAccessibleLabel(tr("Higher quality"))
        qualityLabel.widthChars = 3
        [lessQuality, qualityLabel, moreQuality].forEach(stepper.append)
        qualityRow.addSuffix(stepper)
        jpegGroup.add(qualityRow)
        jpegGroup.add(metadataRow.row)
        jpegGroup.add(colourRow.row)
        names.title = tr("Names")
        names.description = ExportText.tokens
        templateRow.setTextAccessibleLabel(tr("File name"))
        names.add(templateRow)
        exampleRow.title = tr("Example")
        names.add(exampleRow)
        destination.title = tr("Folder")
        chooseFolder.verticalAlignment = .center
        folderRow.addSuffix(chooseFolder)
        folderRow.title = tr("Export Into")
        destination.add(folderRow)
        folderProblem.wraps = true
        folderProblem.xalign = 0
        folderProblem.addCssClass("error")
        folderProblem.isVisible = false
        folderProblem.setMargins(top: 6, bottom: 0, start: 0, end: 0)
        destination.add(folderProblem)
        exportButton.addCssClass("suggested-action")
        exportButton.addCssClass("pill")
        exportButton.horizontalAlignment = .center
        exportButton.setMargins(top: 18, bottom: 0, start: 0, end: 0)
        destination.add(exportButton)
        settingsGroups.forEach(page.add)

        progressGroup.title = tr("Exporting")
        let progress = Box(orientation: .vertical, spacing: 12)
        progressBar.setAccessibleLabel(tr("Export progress"))
        progressLabel.xalign = 0
        failuresLabel.wraps = true
        failuresLabel.xalign = 0
        failuresLabel.isSelectable = true
        failuresLabel.isVisible = false
        cancelButton.horizontalAlignment = .center
        cancelButton.addCssClass("pill")
        [progressBar, progressLabel, failuresLabel, cancelButton].forEach(progress.append)
        progressGroup.add(progress)
        progressGroup.isVisible = false
        page.add(progressGroup)
        add(page)
    }

    /// The choices shown.
    func show(_ options: ExportOptions) {
        formatRow.value = options.format
        sizeRow.value = options.jpeg.longestSide ?? 0
        qualityLabel.text = String(options.jpeg.quality)
        metadataRow.value = options.jpeg.metadata
        colourRow.value = options.jpeg.colour
        templateRow.text = options.template
        showFolder(options.folder)
        jpegGroup.isSensitive = options.format == .jpeg
    }

    func showFolder(_ folder: String) {
        folderRow.subtitle = PathBytes.displayName(folder)
        folderProblem.isVisible = false
    }

    /// Why the export can't start (the folder), under the folder.
    func showProblem(_ message: String) {
        folderProblem.text = message
        folderProblem.isVisible = true
    }

    /// Exporting: the settings hidden, the progress shown.
    func showProgress(_ progress: ExportRun.Progress) {
        settingsGroups.forEach { $0.isVisible = false }
        progressGroup.isVisible = true
        progressBar.fraction = progress.total > 0 ? Double(progress.done) / Double(progress.total) : 0
        progressLabel.text = ExportText.progress(progress)
    }

    /// Done, with what failed and why.
    func showDone(_ summary: ExportRun.Summary) {
        progressGroup.title = tr("Done")
        progressLabel.text = ExportText.toast(summary)
        failuresLabel.text = ExportText.failures(summary)
        failuresLabel.isVisible = !summary.failures.isEmpty
        cancelButton.label = tr("_Close")
    }
}
