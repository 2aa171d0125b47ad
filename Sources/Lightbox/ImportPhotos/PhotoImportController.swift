import Adw
import Foundation
import Gtk
import LightboxKit
import LightboxMedia

/// Coordinates the import window for a source (a card, a camera, a phone, a folder): first
/// the source's files listed in a moment (`ImportSurvey.list`), shown by day with thumbnails,
/// then read and looked up in the library (`ImportSurvey.read`): the ones it has are marked
/// and can't be chosen, the new ones are chosen. Import copies the chosen ones off the main
/// thread (`PhotoImport`: copied, flushed, checked, named, recorded), the progress shown as it
/// goes; Stop ends it with what was copied in place. At the end the page says what was
/// imported and what failed, the main window's toast says it too, and the source is looked at
/// again (what was imported is in the library now). Closing the window while it imports lets
/// the import finish. One window at a time; it keeps itself alive while open or importing.
@MainActor
package final class PhotoImportController {
    let view: PhotoImportView
    let source = ArrayDataSource<ImportLine>()
    let sourceName: String
    let sourcePath: String
    private let store: CatalogStore
    private let settings: Settings?
    /// Adds a folder to the library (the main window's folder policy, with its message).
    private let addToLibrary: (String) -> Void
    /// Tells the main window how an import ended (its toast).
    private let finished: (PhotoImportReport) -> Void
    package private(set) static var shown: PhotoImportController?
    private(set) var choice = ImportChoice()
    private(set) var folder: String
    private(set) var template = ImportTemplate()
    package private(set) var report: PhotoImportReport?
    private var columns = 0
    private var rows: [ObjectIdentifier: ImportCellsRow] = [:]
    /// The photo to focus once its line is bound (it may be off screen).
    private var pendingFocus: Int?
    private var focusFirstPhoto = false
    private var pendingFit: MainLoopTimer?
    private var reading: CancelFlag?
    private var importing: CancelFlag?
    private var chooser: FolderChooser?
    private var keys: EventControllerKey?

    enum SettingsKey {
        static let folder = "import-folder"
        static let folderTemplate = "import-folder-template"
        static let nameTemplate = "import-name-template"
    }

    /// Width of a photo's cell with the space beside it, until one is laid out (then as the theme makes it).
    static let cellWidth = ImportCell.thumbnailSize + 24

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
        let list = source.makeListView(selection: .none)
        view = PhotoImportView(list: list)
        // Translators: the import window's title; %@ is the card, camera, phone or folder.
        view.title = String(format: tr("Import From %@"), name)
        view.windowTitle.title = view.title ?? ""
        view.windowTitle.subtitle = PathBytes.displayName(path)
        source.kindOfItem = { $0.isHeading ? "day" : .standard }
        let images = store.images
        source.register(ImportCellsRow.self) { [unowned self] row, line in
            self.rows[ObjectIdentifier(row)] = row
            row.onToggle = { [weak self] position, chosen in self?.setChosen(chosen, [position]) }
            row.configure(line, choice: self.choice, images: images)
            self.focusPending(in: row)
        }
        source.register(ImportDayRow.self, kind: "day") { [unowned self] row, line in
            row.onChooseDay = { [weak self] day, chosen in
                guard let self else { return }
                self.setChosen(chosen, self.choice.days[day].groups)
            }
            row.configure(line, choice: self.choice)
        }
        view.foldersRow.text = template.folders
        view.namesRow.text = template.names ?? ""
        showFolder()
        showExample()
        // Told during the window's allocation: the lines change after it, once the loop is idle.
        view.widthProbe.onResize(owner: self) { [weak self] _, _ in
            guard let self, self.pendingFit == nil else { return }
            self.pendingFit = MainLoopTimer.whenIdle { [weak self] in
                self?.pendingFit = nil
                self?.fitColumns()
            }
        }
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
            self.importing?.set()
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
        installKeys()
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
        let shownCount = choice.groups.reduce(0) { $0 + $1.items.filter { $0.record != nil }.count }
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
            showLines()
            showExample()
            if first { focusFirstPhoto = true }
            focusFirstPhotoOnce()
        }
    }

    // MARK: The photos

    /// The lines for the width the list has now.
    private func fitColumns() {
        // The list's padding on both sides.
        let width = view.widthProbe.width - 36
        let laidOut = rows.values.lazy.compactMap { $0.cells.first { $0.isVisible && $0.width > 0 } }.first
        let cellWidth = laidOut.map { $0.width + ImportCellsRow.spacing } ?? Self.cellWidth
        let fitting = max(1, width / cellWidth)
        guard fitting != columns, width > 0 else { return }
        let focused = focusedPosition
        columns = fitting
        showLines()
        if let focused { focus(focused) }
        focusFirstPhotoOnce()
    }

    /// The keyboard starts on the first photo, once there are lines to show it.
    private func focusFirstPhotoOnce() {
        guard focusFirstPhoto, !choice.groups.isEmpty, columns > 0 else { return }
        focusFirstPhoto = false
        focus(0)
    }

    /// The lines once the list's width is known (lines for another width would be made again
    /// at once, and GTK 4.8's list can keep a scroll offset past their end).
    private func showLines() {
        guard columns > 0 else { return }
        let lines = choice.lines(columns: columns)
        if lines != source.items { source.setItems(lines) } else { refreshRows() }
        // Lines made for the estimated width of a cell: again once one is laid out.
        if !isCellMeasured, !lines.isEmpty { view.onNextPaint { [weak self] in self?.fitColumns() } }
    }

    private var isCellMeasured: Bool { rows.values.contains { $0.cells.contains { $0.isVisible && $0.width > 0 } } }

    /// The bound lines show the choices as they are now.
    private func refreshRows() {
        let images = store.images
        for row in rows.values {
            guard let position = source.position(of: row) else { continue }
            row.configure(source.item(at: position), choice: choice, images: images)
        }
        for position in 0..<source.count where source.item(at: position).isHeading {
            (source.boundRow(at: position) as? ImportDayRow)?.configure(source.item(at: position), choice: choice)
        }
    }

    func setChosen(_ chosen: Bool, _ positions: some Sequence<Int>) {
        guard importing == nil else { return }
        choice.setChosen(chosen, positions)
        refreshRows()
        showSummary()
    }

    private func showSummary() {
        view.summaryLabel.text = ImportText.summary(choice)
        view.showSettings(canImport: canImport)
    }

    private var canImport: Bool { choice.isRead && choice.toCopy.files > 0 && template.problem == nil && importing == nil }

    // MARK: Keys

    /// Arrows move between the photos (Up and Down keep the column), Space turns one on or
    /// off (the button's own key), Ctrl+A chooses every new one, Shift+Ctrl+A none.
    private func installKeys() {
        let keys = EventControllerKey()
        keys.useCapturePhase()
        keys.onKey(owner: self) { [weak self] key, modifiers in self?.handle(key, modifiers) ?? false }
        view.list.add(keys)
        self.keys = keys
    }

    private func handle(_ key: Key, _ modifiers: ModifierType) -> Bool {
        let name = key.name ?? ""
        if modifiers.contains(.controlMask), name == "a" || name == "A" {
            setChosen(!modifiers.contains(.shiftMask), choice.groups.indices)
            return true
        }
        guard modifiers.subtracting(.shiftMask).isEmpty, let current = focusedPosition else { return false }
        let target: Int?
        switch name {
        case "Left", "KP_Left": target = current - 1
        case "Right", "KP_Right": target = current + 1
        case "Up", "KP_Up": target = positionInLine(from: current, step: -1)
        case "Down", "KP_Down": target = positionInLine(from: current, step: 1)
        case "Home", "KP_Home": target = 0
        case "End", "KP_End": target = choice.groups.count - 1
        default: return false
        }
        if let target, choice.groups.indices.contains(target) { focus(target) }
        return true
    }

    /// The photo focused (a cell has the keyboard).
    private var focusedPosition: Int? {
        rows.values.lazy.compactMap { row in row.cells.first { $0.hasFocus }?.position }.first
    }

    /// The photo in the line before or after the one showing `position`, in its column (or the line's last).
    private func positionInLine(from position: Int, step: Int) -> Int? {
        let cells = source.items.enumerated().filter { !$0.element.isHeading }
        guard let index = cells.firstIndex(where: { $0.element.groups.contains(position) }) else { return nil }
        let target = index + step
        guard cells.indices.contains(target) else { return nil }
        let column = position - cells[index].element.groups.lowerBound
        let groups = cells[target].element.groups
        return min(groups.lowerBound + column, groups.upperBound - 1)
    }

    /// Moves the keyboard to the photo at `position`, scrolling its line into view.
    func focus(_ position: Int) {
        guard let line = source.items.firstIndex(where: { $0.groups.contains(position) }) else { return }
        pendingFocus = position
        if let row = source.boundRow(at: line) as? ImportCellsRow, row.cell(showing: position) != nil {
            focusPending(in: row)
        }
        // A day's first line brings its heading along.
        source.scroll(to: line > 0 && source.items[line - 1].isHeading ? line - 1 : line)
    }

    private func focusPending(in row: ImportCellsRow) {
        guard let position = pendingFocus, let cell = row.cell(showing: position), view.isVisible else { return }
        pendingFocus = nil
        _ = cell.grabFocus()
    }

    /// Whether the lines filling the list's height show every thumbnail (the first screen).
    package var isFirstScreenShown: Bool {
        guard choice.days.count > 0, columns > 0 else { return false }
        var height = 0
        for position in 0..<source.count {
            guard height < view.scroller.height else { break }
            guard let row = source.boundRow(at: position), row.height > 0 else { return false }
            if let cells = row as? ImportCellsRow, !cells.cells.filter(\.isVisible).allSatisfy(\.thumbnail.isLoaded) { return false }
            height += row.height
        }
        return height > 0
    }

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
        let importer = PhotoImport(template: template, deletesFromSource: view.deleteSwitch.isActive)
        let groups = choice.chosenGroups
        let catalog = store.catalog
        let into = folder
        let cancelled = CancelFlag()
        importing = cancelled
        report = nil
        view.showProgress(fraction: 0, text: "")
        refreshRows()
        Thread.detachNewThread {
            var shown = Date.distantPast
            let started = Date()
            let report = importer.run(
                groups, into: into, record: { _ = try catalog.save($0) },
                progress: { progress in
                    guard Date().timeIntervalSince(shown) >= 0.1 else { return }
                    shown = Date()
                    let elapsed = Date().timeIntervalSince(started)
                    let left: Double? =
                        elapsed > 2 && progress.bytes > 0
                        ? elapsed * Double(progress.totalBytes - progress.bytes) / Double(progress.bytes) : nil
                    Task { @MainActor in self.showProgress(progress, secondsLeft: left) }
                }, isCancelled: { cancelled.isSet })
            Task { @MainActor in self.finish(report) }
        }
    }

    private func showProgress(_ progress: PhotoImport.Progress, secondsLeft: Double?) {
        guard importing != nil else { return }
        let fraction = progress.totalBytes > 0 ? Double(progress.bytes) / Double(progress.totalBytes) : 0
        view.showProgress(fraction: fraction, text: ImportText.progress(progress, secondsLeft: secondsLeft))
    }

    private func finish(_ report: PhotoImportReport) {
        importing = nil
        self.report = report
        finished(report)
        view.showDone(ImportText.done(report), failures: ImportText.failures(report))
        guard view.isVisible else {
            if Self.shown === self { Self.shown = nil }
            view.close()
            return
        }
        focusFirstPhoto = true
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
