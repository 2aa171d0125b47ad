import Adw
import Foundation
import Gtk
import LightboxMedia

/// Coordinates the Export window (`win.export`, Shift+Ctrl+E): shows the last choices
/// (`ExportChoices`), the example name as the template changes, the folder chooser; Export
/// checks the folder first (a missing or read-only one is said at once, nothing starts), then
/// runs the export off the main thread (`ExportRun`), the progress shown as it goes; Cancel
/// stops it (the files finished stay, no partial one). At the end the window's toast says how
/// many (with Show in Files); the window closes, or stays open with what failed and why.
/// One window at a time; it keeps itself alive while open.
@MainActor
final class ExportController {
    let view: ExportView
    let items: [ExportItem]
    private let settings: Settings?
    private let pool: WorkerPool?
    /// Tells the main window how it ended (its toast); the summary of the export.
    private let finished: (ExportRun.Summary) -> Void
    private(set) static var shown: ExportController?
    private(set) var run: ExportRun?
    private(set) var summary: ExportRun.Summary?
    private var options: ExportOptions
    private var chooser: FolderChooser?

    @discardableResult
    static func present(
        items: [ExportItem], settings: Settings?, over parent: Window, pool: WorkerPool? = WorkerPool.shared,
        finished: @escaping (ExportRun.Summary) -> Void
    ) -> ExportController? {
        if let shown {
            shown.view.present()
            return shown
        }
        guard !items.isEmpty else { return nil }
        Adwaita.initialize()
        let controller = ExportController(items: items, settings: settings, parent: parent, pool: pool, finished: finished)
        shown = controller
        controller.view.present()
        return controller
    }

    private init(
        items: [ExportItem], settings: Settings?, parent: Window, pool: WorkerPool?, finished: @escaping (ExportRun.Summary) -> Void
    ) {
        self.items = items
        self.settings = settings
        self.pool = pool
        self.finished = finished
        options = ExportChoices.read(from: settings)
        view = ExportView(count: items.count)
        view.transientFor = parent
        view.isModal = true
        view.show(options)
        showExample()
        view.onCloseRequest(owner: self) { [unowned self] in
            self.run?.cancel()
            if Self.shown === self { Self.shown = nil }
            return false
        }
        view.formatRow.changed = { [unowned self] in
            self.options.format = self.view.formatRow.value
            self.view.jpegGroup.isSensitive = self.options.format == .jpeg
            self.showExample()
        }
        view.sizeRow.changed = { [unowned self] in
            let side = self.view.sizeRow.value
            self.options.jpeg.longestSide = side > 0 ? side : nil
        }
        view.metadataRow.changed = { [unowned self] in self.options.jpeg.metadata = self.view.metadataRow.value }
        view.colourRow.changed = { [unowned self] in self.options.jpeg.colour = self.view.colourRow.value }
        view.lessQuality.onClicked(owner: self) { [unowned self] in self.stepQuality(-5) }
        view.moreQuality.onClicked(owner: self) { [unowned self] in self.stepQuality(5) }
        view.templateRow.onTextChanged(owner: self) { [unowned self] in
            self.options.template = self.view.templateRow.text
            self.showExample()
        }
        view.chooseFolder.onClicked(owner: self) { [unowned self] in self.chooseFolder() }
        view.exportButton.onClicked(owner: self) { [unowned self] in self.start() }
        view.cancelButton.onClicked(owner: self) { [unowned self] in
            if self.summary != nil { self.view.close() } else { self.run?.cancel() }
        }
    }

    /// The first file's name as the template makes it.
    private func showExample() {
        view.exampleRow.subtitle = PathBytes.displayName(ExportRun.names(for: items, options: options)[0])
    }

    private func stepQuality(_ step: Int) {
        options.jpeg.quality = min(100, max(5, (options.jpeg.quality + step) / 5 * 5))
        view.qualityLabel.text = String(options.jpeg.quality)
    }

    private func chooseFolder() {
        chooser = FolderChooser.choose(title: tr("Export Into"), parent: view, accept: tr("_Select")) { [weak self] folder in
            guard let self else { return }
            self.chooser = nil
            guard let folder else { return }
            self.options.folder = folder
            self.view.showFolder(folder)
        }
    }

    /// Export: the folder checked (made when it is the default one), the choices kept, then the run.
    func start() {
        guard run == nil else { return }
        if options.folder == ExportChoices.defaultFolder {
            try? FileManager.default.createDirectory(atPath: options.folder, withIntermediateDirectories: true)
        }
        do {
            _ = try ExportFolder(checking: options.folder)
        } catch {
            view.showProblem(error.message)
            return
        }
        ExportChoices.save(options, to: settings)
        let run = ExportRun(items: items, options: options, pool: pool)
        self.run = run
        view.showProgress(ExportRun.Progress(done: 0, total: items.count))
        // The controller lives until the run ends (its window may close first: the toast still says how it ended).
        DispatchQueue.global(qos: .userInitiated).async {
            let summary = run.run { progress in
                DispatchQueue.main.async { MainActor.assumeIsolated { self.view.showProgress(progress) } }
            }
            DispatchQueue.main.async { MainActor.assumeIsolated { self.finish(summary) } }
        }
    }

    private func finish(_ summary: ExportRun.Summary) {
        self.summary = summary
        finished(summary)
        guard Self.shown === self else { return }
        if summary.failures.isEmpty, summary.stopped == nil {
            view.close()
        } else {
            view.showDone(summary)
        }
    }
}
