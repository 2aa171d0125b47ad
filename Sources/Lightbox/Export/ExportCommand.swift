import Gtk
import LightboxMedia

/// Export… (`win.export`, Shift+Ctrl+E: the current page's selected photos, through the
/// hand-offs' enabling) and `win.show-exported`, the end toast's Show in Files, which shows
/// the files the last export made (the hand-offs' Show in Files, given paths).
@MainActor
final class ExportCommand {
    private unowned let window: MainWindowController
    /// Where the Export window keeps its last choices (nil: nothing kept).
    var settings: Settings?
    /// The worker processes the JPEGs are made in (nil: in this process).
    var pool: WorkerPool? = WorkerPool.shared
    /// The files the last export made.
    private(set) var lastExported: [String] = []

    init(window: MainWindowController) { self.window = window }

    func install<Actions: Object & ActionMap>(in actions: Actions) {
        actions.addAction("show-exported", owner: self) { [unowned self] in
            self.window.handoffs.showInFiles(paths: self.lastExported)
        }
    }

    /// The Export window for `photos`, over the main window.
    func export(_ photos: [Photo]) {
        guard !photos.isEmpty, let parent = window.view.rootWindow else { return }
        ExportController.present(items: photos.map(ExportItem.init), settings: settings, over: parent, pool: pool) { [weak self] summary in
            guard let self else { return }
            self.lastExported = summary.exported
            guard self.window.isViewLoaded else { return }
            self.window.windowView.show(
                toast: ExportText.toast(summary), button: summary.exported.isEmpty ? nil : (tr("Show in Files"), "win.show-exported"))
        }
    }
}
