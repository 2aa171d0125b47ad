import Adw
import Foundation
import Gtk
import LightboxKit
import LightboxMedia

/// Coordinates the import window for a source (a card, a camera, a phone, a folder): first the
/// source's files listed in a moment (`ImportSurvey.list`), shown by day with thumbnails, then read
/// and looked up in the library (`ImportSurvey.read`): the ones it has are marked and can't be
/// chosen, the new ones are chosen. Import copies the chosen ones behind the window (`ImportRun`),
/// the progress shown as it goes; Stop ends it with what was copied in place. At the end the page
/// says what was imported and what failed, the main window's toast says it too, and the source is
/// looked at again (what was imported is in the library now). Closing the window while it imports
/// lets the import finish. One window at a time; it keeps itself alive while open or importing.
@MainActor
package final class PhotoImportController {
    let view: PhotoImportView
    let grid: ImportGrid
    let sourceName: String
    let sourcePath: String
    private let store: CatalogStore
    private let settings: Settings?
    /// Adds a folder to the library (the main window's folder policy, with its message).
    private let addToLibrary: (String) -> Void
    /// Tells the main window how an import ended (its toast).
    private let finished: (PhotoImportReport) -> Void
    package private(set) static var shown: PhotoImportController?
    private(set) var choice = ImportChoice() {
        didSet { grid.choice = choice }
    }
    private(set) var folder: String
    private(set) var template = ImportTemplate()
    package private(set) var report: PhotoImportReport?
    private var reading: CancelFlag?
    private var importing: ImportRun?
    private var chooser: FolderChooser?

    enum SettingsKey {
        static let folder = "import-folder"
        static let folderTemplate = "import-folder-template"
        static let nameTemplate = "import-name-template"
    }

    @discardableResult
    static func present(
        sourceNamed name: String, at path: String, store: CatalogStore, settings: Settings?, over parent: Window?,
        addToLibrary: @escaping (String) -> Void, chooseOther: @escaping () -> Void = {},
        finished: @escaping (PhotoImportReport) -> Void
    ) -> PhotoImportController {
        if let shown, shown.sourcePath == path || shown.importing != nil {
            shown.view.present()
            return shown
        }
        shown?.view.close()
        Adwaita.initialize()
        let controller = PhotoImportController(
            name: name, path: path, store: store, settings: settings, addToLibrary: addToLibrary, chooseOther: chooseOther,
            finished: finished)
        controller.view.transientFor = parent
        shown = controller
        controller.view.present()
        controller.look()
        return controller
    }

    private init(
        name: String, path: String, store: CatalogStore, settings: Settings?, addToLibrary: @escaping (String) -> Void,
        chooseOther: @escaping () -> Void, finished: @escaping (PhotoImportReport) -> Void
    ) {
        sourceName = name
        sourcePath = path
        self.store = store
        self.settings = settings
        self.addToLibrary = addToLibrary
        self.finished = finished
        folder = store.folders.first ?? (FileNames.picturesDirectory ?? FileNames.homeDirectory + "/Pictures")
        if let saved = settings?.string(SettingsKey.folder), !saved.isEmpty { folder = saved }
        template.folders = settings?.string(SettingsKey.folderTemplate) ?? ImportTemplate.folderChoices[0]
        template.names = settings?.string(SettingsKey.nameTemplate).flatMap { $0.isEmpty ? nil : $0 }
        grid = ImportGrid(images: store.images)
        view = PhotoImportView(list: grid.list)
        grid.attach(to: view)
        // Translators: the import window's title; %@ is the card, camera, phone or folder.
        view.title = String(format: tr("Import From %@"), name)
        view.windowTitle.title = view.title ?? ""
        view.windowTitle.subtitle = PathBytes.displayName(path)
        grid.setChosen = { [unowned self] chosen, positions in self.setChosen(chosen, positions) }
        view.foldersRow.text = template.folders
        view.namesRow.text = template.names ?? ""
        showFolder()
        showExample()
        view.foldersRow.onTextChanged(owner: self) { [unowned self] in
            self.template.folders = self.view.foldersRow.text
            self.showExample()
        }
        view.namesRow.onTextChanged(owner: self) { [unowned self] in
            let names = self.view.namesRow.text
            self.template.names = names.isEmpty ? nil : names
            self.showExample()
        }
        view.chooseFolder.onClicked(owner: self) { [unowned self] in self.chooseFolder() }
        view.importButton.onClicked(owner: self) { [unowned self] in self.startImport() }
        view.otherSourceButton.onClicked(owner: self) { chooseOther() }
        view.stopButton.onClicked(owner: self) { [unowned self] in
            self.importing?.stop()
            self.view.stopButton.isSensitive = false
        }
        view.onCloseRequest(owner: self) { [unowned self] in
            self.reading?.set()
            // An import goes on to its end behind the closed window (the main window says how it ended).
            if self.importing != nil {
                self.view.isVisible = false
                return true
            }
            if Self.shown === self { Self.shown = nil }
            return false
        }
    }

    // MARK: Looking at the source

    /// Lists the source (a moment), then reads it (dates, fingerprints, the library's copies);
    /// after an import only reads it (what is shown stays until then).
    func look(listingFirst: Bool = true) {
        reading?.set()
        let cancelled = CancelFlag()
        reading = cancelled
        let path = sourcePath
        let catalog = store.catalog
        view.showReading(tr("Looking at the source…"))
        view.showSettings(canImport: false)
        let shownCount = choice.mediaCount
        Task.detached(priority: .userInitiated) {
            var total = shownCount
            if listingFirst {
                let listed = Result { try ImportSurvey.list(path, isCancelled: { cancelled.isSet }) }
                await MainActor.run { self.show(listed, isCancelled: cancelled) }
                guard case .success(let first) = listed, !first.groups.isEmpty else { return }
                total = first.mediaCount
            }
            let count = total
            let reported = ReadCount()
            let read = Result {
                try ImportSurvey.read(path, catalog: catalog, isCancelled: { cancelled.isSet }) { read in
                    guard reported.shouldTell(read, of: count) else { return }
                    Task { @MainActor in
                        guard !cancelled.isSet, self.reading === cancelled else { return }
                        self.view.showReading(ImportText.reading(read, of: count))
                    }
                }
            }
            await MainActor.run { self.show(read, isCancelled: cancelled) }
        }
    }

    private func show(_ result: Result<ImportSurvey, any Error>, isCancelled cancelled: CancelFlag) {
        guard !cancelled.isSet, reading === cancelled else { return }
        switch result {
        case .failure(let error):
            reading = nil
            view.showReading(nil)
            view.showEmpty(title: tr("The Source Can’t Be Read"), description: "\(error)")
        case .success(let survey):
            if survey.isRead {
                reading = nil
                view.showReading(nil)
            }
            guard !survey.groups.isEmpty else {
                view.showEmpty(
                    title: tr("No Photos or Videos"), description: tr("The source holds no photo or video Lightbox can import."))
                return
            }
            let first = choice.groups.isEmpty
            choice = ImportChoice(survey, keeping: choice)
            view.showPhotos()
            grid.showLines()
            showExample()
            if first { grid.focusFirstPhoto() }
        }
    }

    // MARK: The photos

    func setChosen(_ chosen: Bool, _ positions: [Int]) {
        guard importing == nil else { return }
        choice.setChosen(chosen, positions)
        grid.refreshRows()
        showSummary()
    }

    private func showSummary() {
        view.summaryLabel.text = ImportText.summary(choice)
        view.showSettings(canImport: canImport)
    }

    private var canImport: Bool { choice.isRead && choice.toCopy.files > 0 && template.problem == nil && importing == nil }

    /// Whether the lines filling the list's height show every thumbnail (the first screen).
    package var isFirstScreenShown: Bool { grid.isFirstScreenShown }

    /// Whether the source was read (the library's photos marked): Import can start.
    package var isRead: Bool { choice.isRead }

    /// The window (for the benchmark, which waits for its frames).
    package var window: Window { view }

    // MARK: Where the photos go

    private func showFolder() {
        view.folderRow.subtitle = LibraryFolderList.displayName(folder)
    }

    /// The first new file's place as the templates make it, or why a template can't be used.
    private func showExample() {
        view.showProblem(template.problem)
        if template.problem == nil {
            let group = choice.groups.first { $0.hasNew }
            let moment = group?.moment ?? ImportTemplate.Moment(modified: Date().timeIntervalSince1970)
            let item = group.map(ImportCell.shownItem(of:))
            let name = item.map { ($0.source as NSString).lastPathComponent } ?? "IMG_0001.JPG"
            let ext = (name as NSString).pathExtension
            let stem = template.name(for: moment, cameraName: (name as NSString).deletingPathExtension)
            let folders = template.folder(for: moment)
            view.exampleRow.subtitle = [folders, ext.isEmpty ? stem : stem + "." + ext].filter { !$0.isEmpty }.joined(separator: "/")
        } else {
            view.exampleRow.subtitle = ""
        }
        showSummary()
    }

    private func chooseFolder() {
        chooser = FolderChooser.choose(title: tr("Import Into"), parent: view, accept: tr("_Select")) { [weak self] chosen in
            guard let self else { return }
            self.chooser = nil
            guard let chosen else { return }
            self.folder = chosen
            self.showFolder()
        }
    }

    // MARK: Importing

    /// Import: the folder made and in the library, the choices kept, then the copy off the main thread.
    package func startImport() {
        guard canImport else { return }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            // Translators: %1$@ is a folder, %2$@ why it can't be made.
            view.showProblem(String(format: tr("“%1$@” can’t be made: %2$@"), folder, error.localizedDescription))
            return
        }
        if !store.folders.contains(where: { LibraryFolderList.contains($0, folder) }) { addToLibrary(folder) }
        _ = settings?.set(SettingsKey.folder, folder == store.folders.first ? "" : folder)
        _ = settings?.set(SettingsKey.folderTemplate, template.folders)
        _ = settings?.set(SettingsKey.nameTemplate, template.names ?? "")
        report = nil
        view.showProgress(fraction: 0, text: "")
        importing = ImportRun(
            PhotoImport(template: template, deletesFromSource: view.deleteSwitch.isActive), choice.chosenGroups, into: folder,
            extras: ImportExtras(keywords: view.keywordsRow.text, album: view.albumRow.text), store: store,
            // Held until the import ends, the window closed or not.
            progress: { self.showProgress($0, secondsLeft: $1) }, finished: { self.finish($0, extrasProblem: $1) })
        grid.refreshRows()
    }

    private func showProgress(_ progress: PhotoImport.Progress, secondsLeft: Double?) {
        guard importing != nil else { return }
        let fraction = progress.totalBytes > 0 ? Double(progress.bytes) / Double(progress.totalBytes) : 0
        view.showProgress(fraction: fraction, text: ImportText.progress(progress, secondsLeft: secondsLeft))
    }

    private func finish(_ report: PhotoImportReport, extrasProblem: String?) {
        importing = nil
        self.report = report
        finished(report)
        view.showDone(
            ImportText.done(report),
            failures: [extrasProblem, ImportText.failures(report)].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "\n"))
        guard view.isVisible else {
            if Self.shown === self { Self.shown = nil }
            view.close()
            return
        }
        grid.focusFirstPhoto()
        look(listingFirst: false)
    }
}

/// How often the reading's progress is told: every 1 % of the files (at least every 50).
private final class ReadCount: @unchecked Sendable {
    private let lock = NSLock()
    private var told = 0

    func shouldTell(_ count: Int, of total: Int) -> Bool {
        lock.withLock {
            guard count - told >= max(1, min(50, total / 100)) || count == total else { return false }
            told = count
            return true
        }
    }
}
