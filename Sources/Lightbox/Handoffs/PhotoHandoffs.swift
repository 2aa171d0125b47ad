import Foundation
import Gtk
import LightboxKit
import LightboxMedia

/// A page that tells the window when its selection changed, so the window's hand-off
/// actions are enabled only while there is something to hand off. Pages call
/// `Controller.photoSelectionDidChange()`, which goes up the controller hierarchy to the first
/// parent that observes (as UIKit's responder chain finds a target).
@MainActor
public protocol PhotoSelectionObserving: AnyObject {
    func pageSelectionDidChange()
}

extension Controller {
    /// Tells the nearest `PhotoSelectionObserving` parent that this page's selection changed.
    public func photoSelectionDidChange() {
        var ancestor = parent
        while let controller = ancestor {
            if let observer = controller as? PhotoSelectionObserving { return observer.pageSelectionDidChange() }
            ancestor = controller.parent
        }
    }
}

/// Hands the selected photos of the page in front to the rest of the desktop: Open With…
/// (`win.open-with`), Show in Files (`win.show-in-files`), Copy (`win.copy`, Ctrl+C), Set as
/// Background (`win.set-background`), Export… (`win.export`); and a photo's position: Copy Coordinates
/// (`win.copy-coordinates`) and Open in Maps (`win.open-in-maps`), both taking
/// "latitude,longitude". What went wrong, or what to do instead, goes to `say`.
@MainActor
public final class PhotoHandoffs {
    let store: CatalogStore
    let page: @MainActor () -> Controller?
    /// The page whose selection enables the actions (typing in search does not disable them).
    let selectionPage: @MainActor () -> Controller?
    let say: @MainActor (CommandMessage?) -> Void
    /// The session bus (a test's private bus); nil when there is none.
    let bus: @MainActor () -> BusConnection?
    /// The window dialogs open over.
    let window: @MainActor () -> Window?
    private var actions: [String: Action] = [:]
    /// Counts copies: a texture decoded for an older copy is not offered any more.
    private var copyTicket = 0
    private var decode: Task<Void, Never>?
    /// Opens a URI in another app (`DesktopLauncher.open`); replaced in tests.
    var openURI: @MainActor (String) throws -> Void = { try DesktopLauncher.open(uri: $0) }
    /// Whether the app runs in a Flatpak sandbox, where Open With… goes through the portal.
    var isSandboxed = DesktopLauncher.isSandboxed
    /// The app chooser open now (GTK's dialog outside a sandbox).
    private(set) var chooser: AppChooser?
    /// Export… (`win.export`): the selected photos into a folder (`ExportCommand`).
    var exportSelection: (@MainActor ([Photo]) -> Void)?

    /// Long side of the image Copy puts on the clipboard (a full decode of a 45 MP photo
    /// would be 180 MB of pixels; editors and chats get a screen-sized picture).
    static let copiedImageSize = 4096

    /// - Parameters:
    ///   - page: the page whose selected photos the actions hand off; nil hands off nothing
    ///     (while typing in search).
    ///   - selectionPage: the page whose selection enables the actions (`page` by default).
    public init(
        store: CatalogStore, page: @escaping @MainActor () -> Controller?,
        selectionPage: (@MainActor () -> Controller?)? = nil,
        say: @escaping @MainActor (CommandMessage?) -> Void,
        bus: @escaping @MainActor () -> BusConnection? = { try? BusConnection.session() },
        window: @escaping @MainActor () -> Window? = { nil }
    ) {
        self.store = store
        self.page = page
        self.selectionPage = selectionPage ?? page
        self.say = say
        self.bus = bus
        self.window = window
    }

    isolated deinit { decode?.cancel() }

    /// Adds the hand-off actions to `actions` (the window's); they keep this object.
    public func install<Actions: Object & ActionMap>(in actions: Actions) {
        let commands: [(String, @MainActor () -> Void)] = [
            ("open-with", { self.openWith() }), ("show-in-files", { self.showInFiles() }),
            ("copy", { self.copy() }), ("set-background", { self.setBackground() }),
            ("export", { self.exportSelection?(self.selectedPhotos) }),
        ]
        for (name, command) in commands {
            self.actions[name] = actions.addAction(name) { command() }
        }
        for (name, command) in [("copy-coordinates", copyCoordinates), ("open-in-maps", openInMaps)]
            as [(String, @MainActor (PhotoLocation) -> Void)]
        {
            let action = Action(name: name, parameterType: "s")
            action.onActivate { parameter in
                if let location = parameter?.string.flatMap(PhotoLocation.init(parameter:)) { command(location) }
            }
            actions.add(action)
        }
        refresh()
    }

    /// The selected photos of the page in front (none while typing in search).
    public var selectedPhotos: [Photo] { (page() as? PhotoSelecting)?.selectedPhotos ?? [] }

    /// Enables the actions when something is selected (Set as Background: one photo).
    public func refresh() {
        let photos = (selectionPage() as? PhotoSelecting)?.selectedPhotos ?? []
        for (name, action) in actions {
            action.isEnabled = name == "set-background" ? photos.count == 1 : !photos.isEmpty
        }
    }

    // MARK: Copy

    /// Ctrl+C: the selected photos' files on the clipboard at once (a file manager pastes
    /// them), and for one photo its picture too, decoded off the main thread (an editor or a
    /// chat pastes the image); the files stay the preferred format.
    public func copy() {
        let photos = selectedPhotos
        guard !photos.isEmpty else { return }
        copyTicket += 1
        let ticket = copyTicket
        let files = ContentProvider(filePaths: photos.filePaths)
        Clipboard.default.set(files)
        // Translators: a toast; %@ is the photo's file name.
        say(
            CommandMessage(
                photos.count == 1
                    ? String(format: tr("“%@” copied"), photos[0].name)
                    : String(format: trn("%d photo copied", "%d photos copied", photos.count), photos.count)))
        decode?.cancel()
        guard photos.count == 1, photos[0].error == nil else { return }
        let images = store.images
        decode = Task { [weak self] in
            guard let image = try? await images.image(for: photos[0], size: Self.copiedImageSize) else { return }
            // Only while the clipboard still holds this copy's files (nothing copied since).
            guard let self, self.copyTicket == ticket, Clipboard.default.holds(files) else { return }
            Clipboard.default.set(ContentProvider(union: [files, ContentProvider(image: image)]))
        }
    }

    // MARK: Show in Files

    /// Asks the file manager to show the selected photos' files, selected in their folder.
    public func showInFiles() {
        let photos = selectedPhotos
        guard !photos.isEmpty else { return }
        showInFiles(paths: photos.filePaths)
    }

    /// Asks the file manager to show the files at `paths`, selected in their folder
    /// (`org.freedesktop.FileManager1.ShowItems`, which GNOME Files and others answer; from
    /// a sandbox, the OpenURI portal's OpenDirectory for the first file): the selection's
    /// photos, or the files an export made.
    public func showInFiles(paths: [String]) {
        guard let first = paths.first else { return }
        if isSandboxed { return showInFilesFromSandbox(first) }
        let uris = paths.compactMap(FileNames.uri(forPath:))
        let name = PathBytes.displayName((first as NSString).lastPathComponent)
        let folder = PathBytes.displayName((first as NSString).deletingLastPathComponent)
        let nobody = CommandMessage(
            paths.count == 1
                // Translators: a toast; %1$@ is the photo's file name, %2$@ the folder it is in.
                ? String(format: tr("No file manager answered: “%1$@” is in %2$@"), name, folder)
                // Translators: a toast; %@ is the folder the photos are in.
                : String(format: tr("No file manager answered: the photos are in %@"), folder))
        guard let bus = bus() else { return say(nobody) }
        bus.call(
            "org.freedesktop.FileManager1", path: "/org/freedesktop/FileManager1",
            interface: "org.freedesktop.FileManager1", method: "ShowItems",
            arguments: .tuple([.strings(uris), .string("")]), timeout: .seconds(10)
        ) { [weak self] result in
            if case .failure = result { self?.say(nobody) }
        }
    }

    private func showInFilesFromSandbox(_ path: String) {
        let name = PathBytes.displayName((path as NSString).lastPathComponent)
        let folder = PathBytes.displayName((path as NSString).deletingLastPathComponent)
        // Translators: a toast; %1$@ is the photo's file name, %2$@ the folder it is in.
        let nobody = CommandMessage(String(format: tr("No desktop portal answered: “%1$@” is in %2$@"), name, folder))
        guard let bus = bus() else { return say(nobody) }
        bus.call(
            "org.freedesktop.portal.Desktop", path: "/org/freedesktop/portal/desktop",
            interface: "org.freedesktop.portal.OpenURI", method: "OpenDirectory",
            arguments: .tuple([.string(""), .file(path: path), .options([:])])
        ) { [weak self] result in
            if case .failure = result { self?.say(nobody) }
        }
    }

    // MARK: Open With

    /// Asks which application opens the selected photos: GTK's app chooser for the file's
    /// type, or in a Flatpak sandbox the desktop's own chooser through the OpenURI portal.
    public func openWith() {
        let photos = selectedPhotos
        guard let first = photos.first else { return }
        guard isSandboxed else {
            chooser = AppChooser.choose(for: photos.map(\.path), parent: window()) { [weak self] result in
                self?.chooser = nil
                if case .failure(let error) = result {
                    // Translators: a toast; %1$@ is the photo's file name, %2$@ the reason (from the system).
                    self?.say(CommandMessage(String(format: tr("“%1$@” could not be opened: %2$@"), first.name, "\(error)")))
                }
            }
            return
        }
        // In a sandbox the desktop's own chooser asks (the OpenURI portal's OpenFile with
        // `ask`), for the first photo: the portal takes one file, as an open descriptor.
        // Translators: a toast; %@ is the photo's file name.
        let unanswered = CommandMessage(
            String(
                format: tr("No desktop portal answered: “%@” can’t be opened from the sandbox"),
                first.name))
        guard let bus = bus() else { return say(unanswered) }
        bus.call(
            "org.freedesktop.portal.Desktop", path: "/org/freedesktop/portal/desktop",
            interface: "org.freedesktop.portal.OpenURI", method: "OpenFile",
            arguments: .tuple([.string(""), .file(path: first.path), .options(["ask": .boolean(true)])])
        ) { [weak self] result in
            switch result {
            case .success: break
            case .failure(let error) where error.isUnanswered: self?.say(unanswered)
            case .failure(let error):
                self?.say(CommandMessage(String(format: tr("“%1$@” could not be opened: %2$@"), first.name, "\(error)")))
            }
        }
    }

    // MARK: Set as Background

    /// Sets the photo as the desktop background through the Wallpaper portal, which asks
    /// the person first with a preview; without a portal that sets wallpapers, says where
    /// to do it instead.
    public func setBackground() {
        let photos = selectedPhotos
        guard photos.count == 1, let uri = FileNames.uri(forPath: photos[0].path) else { return }
        let none = CommandMessage(tr("No wallpaper service is running; set the background in Settings"))
        guard let bus = bus() else { return say(none) }
        bus.callPortal(
            "org.freedesktop.portal.Wallpaper", method: "SetWallpaperURI", arguments: [.string(""), .string(uri)],
            options: ["show-preview": .boolean(true), "set-on": .string("background")]
        ) { [weak self] result in
            switch result {
            // Translators: a toast; %@ is the photo's file name.
            case .success(0): self?.say(CommandMessage(String(format: tr("“%@” is the background now"), photos[0].name)))
            case .success(1): break  // the person said no in the portal's preview
            case .success: self?.say(CommandMessage(tr("The background could not be set")))
            case .failure(let error) where error.isUnanswered: self?.say(none)
            // Translators: a toast; %@ is the reason (from the system).
            case .failure(let error): self?.say(CommandMessage(String(format: tr("The background could not be set: %@"), "\(error)")))
            }
        }
    }

    // MARK: Location

    /// Puts "48.8566, 2.3522" on the clipboard.
    public func copyCoordinates(_ location: PhotoLocation) {
        Clipboard.default.set(text: location.decimal)
        say(CommandMessage(tr("Coordinates copied")))
    }

    /// Opens the position in the maps app (the `geo:` URI's default handler).
    public func openInMaps(_ location: PhotoLocation) {
        do {
            try openURI(location.geoURI)
        } catch {
            // Translators: a toast; %1$@ is a geo: address, %2$@ the reason (from the system).
            say(CommandMessage(String(format: tr("No maps application opens %1$@: %2$@"), location.geoURI, "\(error)")))
        }
    }
}

extension PhotoLocation {
    /// The action parameter "latitude,longitude".
    public var parameter: String { "\(latitude),\(longitude)" }

    init?(parameter: String) {
        let parts = parameter.split(separator: ",").compactMap { Double($0) }
        guard parts.count == 2 else { return nil }
        self.init(latitude: parts[0], longitude: parts[1])
    }
}
