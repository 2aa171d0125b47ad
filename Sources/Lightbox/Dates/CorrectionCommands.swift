import Gtk
import LightboxKit

/// The window's commands correcting what the camera got wrong, on the selected photos of the
/// page in front: their date and time (`win.adjust-date`, Ctrl+Shift+T: the Date and Time
/// window). Each change is one step of the window's history (`PhotoCommands`), said in a
/// toast with Undo.
@MainActor
final class CorrectionCommands {
    private let store: CatalogStore
    private let commands: PhotoCommands
    private let page: @MainActor () -> Controller?
    /// The window dialogs open over.
    private let window: @MainActor () -> Window?

    init(
        store: CatalogStore, commands: PhotoCommands, page: @escaping @MainActor () -> Controller?,
        window: @escaping @MainActor () -> Window?
    ) {
        self.store = store
        self.commands = commands
        self.page = page
        self.window = window
    }

    func install<Actions: Object & ActionMap>(in actions: Actions) {
        actions.addAction("adjust-date", owner: self) { [weak self] in self?.adjustDate() }
    }

    /// The selected photos of the page in front (none on a page without photos).
    private var selection: [Photo] { (page() as? PhotoSelecting)?.selectedPhotos ?? [] }

    /// Ctrl+Shift+T: the Date and Time window for the selected photos.
    @discardableResult
    func adjustDate() -> DateTimeController? {
        guard let window = window() else { return nil }
        return DateTimeController.present(photos: selection, store: store, commands: commands, over: window)
    }
}
