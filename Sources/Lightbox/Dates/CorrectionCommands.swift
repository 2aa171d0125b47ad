import Gtk
import LightboxKit
import LightboxMedia

/// The window's commands correcting what the camera got wrong, on the selected photos of the
/// page in front: their date and time (`win.adjust-date`, Ctrl+Shift+T: the Date and Time
/// window) and their place (`win.set-place`, Ctrl+Shift+L: the Place window; `win.copy-place`,
/// Ctrl+Shift+C, keeps the selected photo's place, `win.paste-place`, Ctrl+Shift+V, gives it to
/// the selection; `win.remove-place` takes it away, before sharing). Each change is one step of
/// the window's history (`PhotoCommands`), said in a toast with Undo.
@MainActor
final class CorrectionCommands {
    private let store: CatalogStore
    private let commands: PhotoCommands
    private let page: @MainActor () -> Controller?
    /// The window dialogs open over.
    private let window: @MainActor () -> Window?
    private let pasteAction = Action(name: "paste-place")
    /// The place Copy Place kept, and how the toast names it.
    private(set) var copiedPlace: (location: PhotoLocation, name: String)?

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
        actions.addAction("set-place", owner: self) { [weak self] in self?.setPlace() }
        actions.addAction("copy-place", owner: self) { [weak self] in self?.copyPlace() }
        actions.addAction("remove-place", owner: self) { [weak self] in self?.removePlace() }
        pasteAction.onActivate(owner: self) { [weak self] _ in self?.pastePlace() }
        pasteAction.isEnabled = false
        actions.add(pasteAction)
    }

    /// The selected photos of the page in front (none on a page without photos).
    private var selection: [Photo] { (page() as? PhotoSelecting)?.selectedPhotos ?? [] }

    /// Ctrl+Shift+T: the Date and Time window for the selected photos.
    @discardableResult
    func adjustDate() -> DateTimeController? {
        guard let window = window() else { return nil }
        return DateTimeController.present(photos: selection, store: store, commands: commands, over: window)
    }

    /// Ctrl+Shift+L: the Place window for the selected photos.
    @discardableResult
    func setPlace() -> PlaceController? {
        guard let window = window() else { return nil }
        return PlaceController.present(photos: selection, store: store, commands: commands, over: window)
    }

    /// Ctrl+Shift+C: keeps the place of the selected photo (the first of a selection).
    func copyPlace() {
        guard let photo = selection.first else { return }
        guard let location = PhotoLocation(photo) else {
            // Translators: a toast; %@ is a photo's file name.
            commands.say(CommandMessage(String(format: tr("“%@” has no place to copy"), photo.name)))
            return
        }
        let name = NearestPlace.name(latitude: location.latitude, longitude: location.longitude) ?? location.readable
        copiedPlace = (location, name)
        pasteAction.isEnabled = true
        // Translators: a toast; %@ is the place copied ("Paris, France", or coordinates).
        commands.say(CommandMessage(String(format: tr("Place copied: %@"), name)))
    }

    /// Ctrl+Shift+V: gives the selected photos the place copied.
    func pastePlace() {
        let photos = selection
        guard let copiedPlace, !photos.isEmpty else { return }
        let place = PlaceCorrection.at(latitude: copiedPlace.location.latitude, longitude: copiedPlace.location.longitude)
        record(
            { try store.setPlace(place, of: photos.map(\.id)) },
            saying: PlaceController.setMessage(count: photos.count, place: copiedPlace.name))
    }

    /// Takes the place away from the selected photos that have one (before sharing them).
    func removePlace() {
        let placed = selection.filter { $0.latitude != nil }
        guard !placed.isEmpty else {
            // Translators: a toast.
            commands.say(CommandMessage(tr("No selected photo has a place")))
            return
        }
        record(
            { try store.setPlace(.removed, of: placed.map(\.id)) },
            // Translators: a toast.
            saying: FormattingLocale.current.counted(
                trn("Place of %d photo removed", "Place of %d photos removed", placed.count), placed.count))
    }

    private func record(_ edit: () throws -> MetadataEdit, saying message: String) {
        do {
            commands.record(try edit(), saying: CommandMessage(message, isUndoable: true))
        } catch {
            // Translators: a toast; %@ is why.
            commands.say(CommandMessage(String(format: tr("The place could not be changed: %@"), "\(error)")))
        }
    }
}
