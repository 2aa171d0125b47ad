import Foundation
import Gtk
import LightboxKit
import LightboxMedia

/// Turning the selected photos of the page in front a quarter right (`win.rotate-right`:
/// Ctrl+R, `]`) or left (`win.rotate-left`: Shift+Ctrl+R, `[`), the keys of Shotwell and
/// GNOME's image viewer. A correction of each file's orientation, kept in the catalog (and
/// written into the file with write-back on: `MetadataWriteBack`), shown at once wherever
/// the photos are; one step of the window's history, however many photos.
@MainActor
final class RotateCommands {
    private let store: CatalogStore
    private let commands: PhotoCommands
    private let page: @MainActor () -> Controller?
    /// Says why a rotation could not be saved.
    private let say: @MainActor (CommandMessage) -> Void

    init(
        store: CatalogStore, commands: PhotoCommands, page: @escaping @MainActor () -> Controller?,
        say: @escaping @MainActor (CommandMessage) -> Void
    ) {
        self.store = store
        self.commands = commands
        self.page = page
        self.say = say
    }

    func install<Actions: Object & ActionMap>(in actions: Actions) {
        actions.addAction("rotate-right", owner: self) { [weak self] in self?.rotate(clockwise: true) }
        actions.addAction("rotate-left", owner: self) { [weak self] in self?.rotate(clockwise: false) }
    }

    /// Turns the selected photos a quarter clockwise (or counterclockwise), each from how it
    /// is shown now.
    func rotate(clockwise: Bool) {
        guard let photos = (page() as? PhotoSelecting)?.selectedPhotos, !photos.isEmpty else { return }
        var turned: [Photo.ID: Int] = [:]
        for photo in photos {
            let now = ExifOrientation(photo.orientation)
            turned[photo.id] = (clockwise ? now.turnedClockwise : now.turnedCounterclockwise).value
        }
        do {
            let edit = try store.edit(photos.map(\.id)) { id, metadata in metadata.corrections.orientation = turned[id] }
            commands.record(edit, saying: photos.count > 1 ? CommandMessage(Self.rotated(photos.count), isUndoable: true) : nil)
        } catch {
            // Translators: %@ is the reason (from the system or SQLite).
            say(CommandMessage(String(format: tr("The rotation could not be saved: %@"), "\(error)")))
        }
    }

    /// "3 photos rotated".
    static func rotated(_ count: Int) -> String {
        // Translators: a toast; %d is how many photos (2 or more) were turned a quarter.
        String(format: trn("%d photo rotated", "%d photos rotated", count), count)
    }
}
