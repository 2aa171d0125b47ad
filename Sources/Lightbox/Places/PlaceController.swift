import Adw
import Foundation
import Gtk
import LightboxKit
import LightboxMedia

/// Coordinates the Place window (`win.set-place`, Ctrl+Shift+L) for a photo or a selection:
/// it says where the photos are now; typing a city's name lists the places of the offline
/// locations database that match (`PlaceSearch`), typing coordinates lists that position with
/// the place nearest it; what can't be read is said and sets nothing. Enter (or Set) takes the
/// first place listed, a click or Enter on a row takes that one: one edit (one undo), said in
/// a toast with Undo. Cancel or Escape changes nothing. One window at a time.
@MainActor
final class PlaceController {
    /// A place the window lists.
    struct Found: Equatable {
        let location: PhotoLocation
        let title: String
        let subtitle: String
    }

    let view = PlaceView()
    private let store: CatalogStore
    private weak var commands: PhotoCommands?
    let photos: [Photo]
    private(set) static var shown: PlaceController?
    /// What the rows show, in their order.
    private(set) var found: [Found] = []

    /// Opens the window for `photos` over `parent`; nil (and nothing opens) when there are none.
    @discardableResult
    static func present(photos: [Photo], store: CatalogStore, commands: PhotoCommands?, over parent: Window) -> PlaceController? {
        shown?.view.close()
        guard !photos.isEmpty else { return nil }
        Adwaita.initialize()
        let controller = PlaceController(photos: photos, store: store, commands: commands)
        controller.view.transientFor = parent
        controller.view.isModal = true
        shown = controller
        controller.view.present()
        controller.view.searchEntry.grabFocus()
        return controller
    }

    private init(photos: [Photo], store: CatalogStore, commands: PhotoCommands?) {
        self.photos = photos
        self.store = store
        self.commands = commands
        view.title = FormattingLocale.current.counted(trn("Place of %d Photo", "Place of %d Photos", photos.count), photos.count)
        view.currentLabel.text = Self.describe(photos.map(PhotoLocation.init))
        view.searchEntry.onTextChanged(owner: self) { [unowned self] in self.search() }
        view.searchEntry.onActivate(owner: self) { [unowned self] in self.choose(0) }
        // A search field takes Escape for itself: here it closes the window.
        view.searchEntry.onStopSearch(owner: self) { [unowned self] in self.view.close() }
        for (index, (_, button)) in view.resultRows.enumerated() {
            button.onClicked(owner: self) { [unowned self] in self.choose(index) }
        }
        view.setButton.onClicked(owner: self) { [unowned self] in self.choose(0) }
        view.cancelButton.onClicked(owner: self) { [unowned self] in self.view.close() }
        view.insertActionGroup(DateTimeController.dialogActions(owner: self) { [unowned self] in self.view.close() }, prefix: "dialog")
        view.add(KeyboardShortcuts.controller(for: .dialog))
        view.onCloseRequest(owner: self) { [unowned self] in
            if Self.shown === self { Self.shown = nil }
            return false
        }
        search()
    }

    /// Where the photos are now: one place, none, or several.
    static func describe(_ locations: [PhotoLocation?]) -> String {
        let distinct = Set(locations.map { $0.map { "\($0.latitude),\($0.longitude)" } ?? "" })
        guard distinct.count == 1, let first = locations.first else {
            // Translators: the Place window, for selected photos with different places (or some with none).
            return tr("The photos are in different places.")
        }
        guard let location = first else {
            // Translators: the Place window, for a photo (or photos) without a place.
            return locations.count == 1 ? tr("The photo has no place.") : tr("The photos have no place.")
        }
        let near = NearestPlace.name(latitude: location.latitude, longitude: location.longitude)
        // Translators: the Place window: where the photos are now; %@ is "48.8566° N, 2.3522° E" or "Near Paris, France (48.8566° N, 2.3522° E)".
        return String(
            format: tr("Now: %@"), near.map { String(format: tr("Near %@"), $0) + " (\(location.readable))" } ?? location.readable)
    }

    // MARK: Searching

    /// The places what is typed names, or what is wrong with it.
    func search() {
        let text = view.searchEntry.text.trimmingCharacters(in: .whitespaces)
        var message: String?
        switch TypedCoordinates(text) {
        case .valid(let latitude, let longitude):
            let location = PhotoLocation(latitude: latitude, longitude: longitude)
            let near = NearestPlace.name(latitude: latitude, longitude: longitude)
            found = [Found(location: location, title: location.readable, subtitle: near.map { String(format: tr("Near %@"), $0) } ?? "")]
        case .invalid(let reason):
            found = []
            message = reason
        case .notCoordinates:
            found = PlaceSearch.search(text, limit: PlaceView.resultCount).map { place in
                let location = PhotoLocation(latitude: place.latitude, longitude: place.longitude)
                return Found(location: location, title: place.title, subtitle: location.readable)
            }
            if found.isEmpty, !text.isEmpty {
                // Translators: the Place window; %@ is what was typed.
                message = String(format: tr("No place called “%@” is known. Coordinates work anywhere."), text)
            }
        }
        view.show(found.map { ($0.title, $0.subtitle) })
        view.showError(message)
        view.setButton.isSensitive = !found.isEmpty
    }

    // MARK: Setting

    /// Sets the place listed at `index` on every photo, as one edit; nothing when there is none
    /// (what was typed is not a place: the window says so and stays).
    func choose(_ index: Int) {
        guard found.indices.contains(index) else { return }
        let place = found[index]
        do {
            let edit = try store.setPlace(
                .at(latitude: place.location.latitude, longitude: place.location.longitude), of: photos.map(\.id))
            commands?.record(edit, saying: CommandMessage(Self.setMessage(count: photos.count, place: place.title), isUndoable: true))
            view.close()
        } catch {
            // Translators: the Place window; %@ is why.
            view.showError(String(format: tr("The place could not be set: %@"), "\(error)"))
        }
    }

    /// "Place of 3 photos set to Bergen, Norway".
    static func setMessage(count: Int, place: String) -> String {
        // Translators: a toast; %d is how many photos, %@ the place ("Bergen, Norway", or coordinates).
        FormattingLocale.current.counted(trn("Place of %d photo set to %@", "Place of %d photos set to %@", count), count)
            .replacingOccurrences(of: "%@", with: place)
    }
}
