import Adw
import Foundation
import Gtk
import LightboxKit

/// Coordinates the Bring a Library Along window (main menu, or the bar offering it at the
/// first launch): where Shotwell's and darktable's libraries are; Look… reads one (off the
/// main thread, read-only) and says what would come across; Bring Along brings it
/// (`LibraryImport`), optionally adding the folders of its photos outside the library first,
/// and says what came across. The import is one step of the window's history. One window at a
/// time: it keeps itself alive while it is open.
@MainActor
final class ImportController {
    let store: CatalogStore
    let view: ImportView
    private weak var commands: PhotoCommands?
    private(set) static var shown: ImportController?
    /// The library looked at, ready to bring.
    private(set) var pending: LibraryImport?
    private(set) var isWorking = false
    private let environment: [String: String]
    private let home: String

    /// Shows the window over `parent`, or brings the open one to the front.
    @discardableResult
    static func present(
        store: CatalogStore, commands: PhotoCommands?, over parent: Window,
        environment: [String: String] = ProcessInfo.processInfo.environment, home: String = NSHomeDirectory()
    ) -> ImportController {
        if let shown {
            shown.view.present()
            return shown
        }
        Adwaita.initialize()
        let controller = ImportController(store: store, commands: commands, parent: parent, environment: environment, home: home)
        shown = controller
        controller.view.present()
        return controller
    }

    private init(store: CatalogStore, commands: PhotoCommands?, parent: Window, environment: [String: String], home: String) {
        self.store = store
        self.commands = commands
        self.environment = environment
        self.home = home
        view = ImportView()
        view.transientFor = parent
        view.isModal = true
        view.onCloseRequest(owner: self) { [unowned self] in
            if Self.shown === self { Self.shown = nil }
            return false
        }
        for app in OtherPhotoApp.allCases {
            let path = databasePath(of: app)
            let found = FileManager.default.fileExists(atPath: path)
            view.show(
                app, found: found,
                subtitle: found
                    ? LibraryFolderList.displayName(path)
                    // Translators: %@ is where the app keeps its library (~/.local/share/shotwell/data/photo.db).
                    : String(format: tr("No library at %@"), LibraryFolderList.displayName(path)))
            view.appRows[app]?.button.onClicked(owner: self) { [unowned self] in self.look(at: app) }
        }
        view.bringButton.onClicked(owner: self) { [unowned self] in self.bring() }
    }

    func databasePath(of app: OtherPhotoApp) -> String {
        app.defaultDatabasePath(environment: environment, home: home)
    }

    /// Look…: reads the app's library and says what would come across.
    func look(at app: OtherPhotoApp) {
        guard !isWorking else { return }
        isWorking = true
        pending = nil
        view.showWorking()
        let path = databasePath(of: app)
        Task { [weak self] in
            do {
                let library = try await LibraryImport.read(app, at: path)
                guard let self else { return }
                let importer = LibraryImport(library, into: self.store)
                importer.home = self.home
                let preview = await importer.preview()
                self.isWorking = false
                self.pending = importer
                self.view.showReport(
                    Self.previewText(preview, photosKnown: library.photos.count), offeringFolders: preview.foldersToOffer.count,
                    canBring: preview.photos > 0 || !preview.foldersToOffer.isEmpty)
            } catch {
                self?.isWorking = false
                self?.view.showReport("\(error)", canBring: false)
            }
        }
    }

    /// Bring Along: the library looked at comes across, as one undoable step.
    func bring() {
        guard let importer = pending, !isWorking else { return }
        isWorking = true
        pending = nil
        let addingFolders = view.foldersRow.isVisible && view.foldersSwitch.isActive
        view.showWorking()
        Task { [weak self] in
            do {
                let result = try await importer.run(addingFolders: addingFolders)
                guard let self else { return }
                self.isWorking = false
                self.commands?.record(
                    result,
                    // Translators: a toast; %@ is the app (Shotwell, darktable).
                    saying: CommandMessage(
                        String(format: tr("The %@ library came along"), importer.library.app.displayName), isUndoable: true))
                self.view.showReport(result.report.description, canBring: false)
            } catch {
                self?.isWorking = false
                self?.view.showReport("\(error)", canBring: false)
            }
        }
    }

    /// What would come across: how many photos the library knows and of those the library
    /// has, what they would get, the albums, and what stays behind.
    static func previewText(_ report: LibraryImportReport, photosKnown: Int) -> String {
        var lines = [
            // Translators: %1$@ is the app (Shotwell, darktable), %2$d how many photos it knows.
            String(format: trn("%1$@ knows %2$d photo.", "%1$@ knows %2$d photos.", photosKnown), report.app.displayName, photosKnown),
            // Translators: %d photos of the other app's library are photos of Lightbox's library.
            String(format: trn("%d of them is in the library:", "%d of them are in the library:", report.photos), report.photos),
        ]
        let changes = report.changes
        for (count, format) in [
            (changes.ratings, trn("%d photo gets its stars", "%d photos get their stars", changes.ratings)),
            (changes.rejects, trn("%d photo is rejected", "%d photos are rejected", changes.rejects)),
            (changes.keywords, trn("%d photo gets keywords", "%d photos get keywords", changes.keywords)),
            (changes.titles, trn("%d photo gets a title", "%d photos get titles", changes.titles)),
            (changes.captions, trn("%d photo gets a caption", "%d photos get captions", changes.captions)),
        ] where count > 0 {
            lines.append("  • " + String(format: format, count))
        }
        let albums = report.albumsMade.count + report.albumsAddedTo.count
        if albums > 0 {
            lines.append(String(format: trn("%d album comes from its events.", "%d albums come from its events.", albums), albums))
        }
        if !report.missing.isEmpty {
            lines.append(
                String(
                    format: trn(
                        "%d photo stays behind: its file is gone.", "%d photos stay behind: their files are gone.", report.missing.count),
                    report.missing.count))
        }
        return lines.joined(separator: "\n")
    }
}
