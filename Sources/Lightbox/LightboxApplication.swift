import Adw
import Foundation
import Gtk
import LightboxKit

/// Lightbox's identity, shared by the application, the desktop files and the catalog.
public enum AppInfo {
    public static let id = "io.github.lightbox.Lightbox"
    public static let name = "Lightbox"
    public static let version = "0.1.0"
    /// The log domain of the app's own criticals and warnings.
    public static let logDomain = "Lightbox"
}

/// The running application: one main window per process, single instance. A second
/// launch (with or without a folder) is forwarded here by GApplication.
@MainActor
public final class LightboxApplication {
    let application: Adw.Application
    private var window: Gtk.ApplicationWindow?
    private var root: MainWindowController?
    /// The library the window shows (nil until the window is made).
    public var store: CatalogStore? { root?.store }
    private var photos: PhotosController?
    /// The Photos page (for the benchmark, which selects photos in it).
    package var photosPage: PhotosController? { photos }
    /// Opens an album as the window does when one is activated on the Albums page (for the benchmark).
    package func openAlbum(_ id: Album.ID) { root?.open(id) }
    /// Opens the photo page on `photo` of the Photos page's list, as Return on its row does.
    package func openPhotoPage(on photo: Photo) {
        guard let root, let photos else { return }
        root.open(photo, in: root.store.photos, from: photos)
    }
    /// Back from the photo page to the Photos page.
    package func leavePhotoPage() { root?.show(.photos) }
    /// The import window for `source` (as `lightbox --import SOURCE` opens it; for the benchmark).
    package func openImport(from source: String) -> PhotoImportController? {
        root?.imports.importPhotos(from: source)
        return PhotoImportController.shown
    }
    /// The photo page, while one is open.
    package var photoPage: PhotoPageController? { root?.currentPage as? PhotoPageController }
    private let settings: Settings?
    private var state: PersistedState
    /// The catalog, opened while GTK starts (its integrity check reads every page).
    private let catalog = InBackground { try Catalog() }
    /// The window's first photos, read while GTK starts.
    private var firstScreenfulRead: InBackground<FirstScreenful?>?
    /// A source (a card, a camera's or phone's folder) to show the import window for, once
    /// the window is up (`lightbox --import SOURCE` without `--into`).
    public var importSource: String?
    /// `app.color-scheme`, made at startup (libadwaita's style manager needs the display).
    private(set) var colorScheme: ColorSchemeSetting?

    public init() {
        // A long-running app that now and then goes through its whole library off the main thread.
        ProcessMemory.giveLargeBlocksTheirOwnMemory()
        application = Adw.Application(id: AppInfo.id)
        do {
            let settings = try Settings.lightbox()
            self.settings = settings
            state = PersistedState(from: settings)
        } catch {
            GLibLog.warning(
                "Settings are not available, nothing will be remembered: \(error)",
                domain: AppInfo.logDomain)
            settings = nil
            state = PersistedState()
        }
        let spec = PhotoViewSpec(
            order: PhotoSort(state.sortKey), ascending: state.sortAscending, minimumRating: state.minimumRating,
            folder: state.folderFilter)
        firstScreenfulRead = FirstScreenful.readAhead(from: catalog, spec: spec, limit: firstScreenfulCount)
        application.onStartup(owner: self) { [unowned self] in
            // Before any window shows: the remembered light, dark or system style.
            let setting = ColorSchemeSetting(settings: self.settings, styleManager: self.application.styleManager)
            self.application.add(setting.action)
            self.colorScheme = setting
            // Run from a build tree: the window and the about window show the source tree's
            // icon (added before the icon theme's first load, which a lookup would start).
            if !IconTheme.isAppIconInstalled(AppInfo.id), let data = SourceTree.data {
                IconTheme.addSearchPath(data + "/icons")
            }
        }
        application.onActivate(owner: self) { [unowned self] in self.present(OpenedPaths([])) }
        application.onOpen(owner: self) { [unowned self] paths in self.present(OpenedPaths(paths)) }
        application.addAction("quit", owner: self) { [unowned self] in
            self.saveState()
            self.application.quit()
        }
        application.addAction("about", owner: self) { [unowned self] in self.showAbout() }
        KeyboardShortcuts.register(in: application)
    }

    /// Shows the window (creating it on first use) over the library's folders. A folder
    /// given (the command line, a file manager, a second launch) is added to the library and
    /// shown; photo files given are shown without adding their folders (see `open(files:)`).
    private func present(_ opened: OpenedPaths) {
        let folder = opened.folders.first
        if let root {
            if let folder { root.addToLibrary(folder) }
        } else {
            guard makeWindow(adding: folder) != nil else { return }
        }
        if opened.hasFiles { root?.open(files: opened) }
        window?.present()
        if let source = importSource {
            importSource = nil
            root?.imports.importPhotos(from: source)
        }
    }

    /// The window over the catalog's library folders (the first launch's library is
    /// `folder`, else the last folder if it still exists, else the default one), showing
    /// `folder` when given. A catalog that can't be written still opens (in memory, the
    /// window says ratings can't be saved); nil only when SQLite can't run at all.
    private func makeWindow(adding folder: String?) -> MainWindowController? {
        let store: CatalogStore
        do {
            store = try CatalogStore(catalog: catalog.value())
        } catch {
            FileHandle.standardError.write(Data("lightbox: the photo catalog can't be opened: \(error)\n".utf8))
            application.quit()
            return nil
        }
        store.sortOrder = PhotoSort(state.sortKey)
        store.sortAscending = state.sortAscending
        store.showsRejected = state.showsRejected
        store.minimumRating = state.minimumRating
        PhotosStyle.install()
        MonthsStyle.install()
        let (root, photos) = MainWindowController.lightbox(store: store)
        photos.panePosition = state.panePosition
        photos.photoList.viewMode = state.photosView
        photos.photoList.gridThumbnailSize = state.gridThumbnailSize
        store.firstScreenful = firstScreenfulCount
        store.firstScreenfulReadAhead = firstScreenfulRead
        firstScreenfulRead = nil
        root.openLibrary(seedingWith: { folder ?? self.startFolder() }, showing: state.folderFilter)
        if let folder { root.addToLibrary(folder) }

        let window = ControllerWindow(application: application, root: root)
        window.setDefaultSize(width: state.windowWidth, height: state.windowHeight)
        if state.isMaximized { window.maximize() }
        root.installActions(in: window, window: window)
        installWriteBackSetting(in: window, store: store)
        root.otherLibraryOffer = OtherLibraryOffer(store: store, settings: settings)
        root.exports.settings = settings
        root.imports.settings = settings
        root.imports.startOffering()
        root.otherLibraryOffer.offerIfFound()
        root.show(state.page)
        // In the window's first frame.
        store.showFirstScreenful(waitingAtMost: 0.25)
        window.onCloseRequest(owner: self) { [unowned self] in
            self.saveState()
            return false
        }
        self.window = window
        self.root = root
        self.photos = photos
        return root
    }

    /// The library's first screenful, read before the rest: as many photos as the window
    /// shows (a maximized window: as a large screen shows).
    private var firstScreenfulCount: Int {
        let height = state.isMaximized ? max(state.windowHeight, Self.largeScreenHeight) : state.windowHeight
        return PhotoListController.photosFitting(
            width: state.windowWidth, height: height, viewMode: state.photosView, gridThumbnailSize: state.gridThumbnailSize)
    }

    /// `win.save-metadata-in-files` (see `WriteBackSetting`).
    private func installWriteBackSetting(in window: ControllerWindow, store: CatalogStore) {
        window.add(WriteBackSetting.action(store: store, settings: settings))
    }

    /// The height of a large screen, in pixels (a maximized window's, before it shows).
    static let largeScreenHeight = 1600

    private func startFolder() -> String {
        if let last = state.lastFolder, FileInfo(path: last) != nil { return last }
        return LibraryLocation.defaultFolder(sampleLibrary: Self.sampleLibrary)
    }

    /// The installed sample library (`<prefix>/share/lightbox/samples`), or the source
    /// tree's `data/samples` when run from a build tree.
    nonisolated public static var sampleLibrary: String {
        let installed = URL(fileURLWithPath: SourceTree.executable).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("share/lightbox/samples").path
        if FileManager.default.fileExists(atPath: installed) { return installed }
        return SourceTree.data.map { $0 + "/samples" } ?? installed
    }

    private func showAbout() {
        AboutLightbox.window(over: window).present()
    }

    private func saveState() {
        root?.store.prepareToQuit()
        guard let window, let settings, let root else { return }
        state.isMaximized = window.isMaximized
        if !state.isMaximized {
            (state.windowWidth, state.windowHeight) = window.defaultSize
        }
        state.panePosition = photos?.panePosition ?? state.panePosition
        state.page = root.pages.current?.kind ?? state.page
        state.sortKey = PersistedState.SortKey(rawValue: root.actions.sortKeyName) ?? state.sortKey
        state.sortAscending = root.store.sortAscending
        state.showsRejected = root.store.showsRejected
        state.minimumRating = root.store.minimumRating
        state.lastFolder = root.store.folder.flatMap { root.store.browsedFolders.contains($0) ? nil : $0 } ?? state.lastFolder
        state.photosView = photos?.photoList.viewMode ?? state.photosView
        state.gridThumbnailSize = photos?.photoList.gridThumbnailSize ?? state.gridThumbnailSize
        // (A browsed folder is shown for this session only.)
        state.folderFilter = root.store.folderFilter.flatMap { root.store.browsedFolders.contains($0) ? nil : $0 }
        state.save(to: settings)
        Settings.sync()
    }

    public func run(arguments: [String]) -> Int32 {
        application.run(arguments: arguments)
    }
}
