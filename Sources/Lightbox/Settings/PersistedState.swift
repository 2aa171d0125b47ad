import Foundation
import Gtk

/// What Lightbox remembers between launches (schema `io.github.lightbox.Lightbox`,
/// `data/io.github.lightbox.Lightbox.gschema.xml`).
public struct PersistedState: Equatable, Sendable {
    public enum Page: String, Sendable, CaseIterable {
        case photos, albums, months, keywords, duplicates
    }

    public enum SortKey: String, Sendable, CaseIterable {
        case dateTaken = "date-taken"
        case name, rating, camera
    }

    /// How the Photos page shows the photos.
    public enum PhotosView: String, Sendable, CaseIterable {
        case list, grid
    }

    public var windowWidth: Int
    public var windowHeight: Int
    public var isMaximized: Bool
    public var panePosition: Int
    public var page: Page
    public var sortKey: SortKey
    public var sortAscending: Bool
    /// Whether rejected photos are listed (hidden by default).
    public var showsRejected: Bool
    /// The fewest stars a listed photo has, 0…5.
    public var minimumRating: Int
    /// The folder opened last; nil before the first one is opened.
    public var lastFolder: String?
    /// The Photos page as a list or a grid.
    public var photosView: PhotosView = .list
    /// The grid's thumbnail side in pixels, 96…320.
    public var gridThumbnailSize: Int = 160
    /// The library folder the photo list is narrowed to; nil for all folders.
    public var folderFilter: String?

    public init(
        windowWidth: Int = 1000, windowHeight: Int = 700, isMaximized: Bool = false,
        panePosition: Int = 560, page: Page = .photos, sortKey: SortKey = .dateTaken,
        sortAscending: Bool = false, showsRejected: Bool = false, minimumRating: Int = 0,
        lastFolder: String? = nil
    ) {
        self.windowWidth = windowWidth
        self.windowHeight = windowHeight
        self.isMaximized = isMaximized
        self.panePosition = panePosition
        self.page = page
        self.sortKey = sortKey
        self.sortAscending = sortAscending
        self.showsRejected = showsRejected
        self.minimumRating = minimumRating
        self.lastFolder = lastFolder
    }

    /// Reads the state; a key the schema lacks keeps the default above.
    @MainActor
    public init(from settings: Settings) {
        let defaults = PersistedState()
        windowWidth = settings.int(Key.windowWidth) ?? defaults.windowWidth
        windowHeight = settings.int(Key.windowHeight) ?? defaults.windowHeight
        isMaximized = settings.bool(Key.windowMaximized) ?? defaults.isMaximized
        panePosition = settings.int(Key.panePosition) ?? defaults.panePosition
        page = settings.string(Key.currentPage).flatMap(Page.init(rawValue:)) ?? defaults.page
        sortKey = settings.string(Key.sortKey).flatMap(SortKey.init(rawValue:)) ?? defaults.sortKey
        sortAscending = settings.bool(Key.sortAscending) ?? defaults.sortAscending
        showsRejected = settings.bool(Key.showRejected) ?? defaults.showsRejected
        minimumRating = settings.int(Key.minimumRating) ?? defaults.minimumRating
        let folder = settings.string(Key.lastFolder) ?? ""
        lastFolder = folder.isEmpty ? nil : folder
        photosView = settings.string(Key.photosView).flatMap(PhotosView.init(rawValue:)) ?? defaults.photosView
        gridThumbnailSize = settings.int(Key.gridThumbnailSize) ?? defaults.gridThumbnailSize
        let filter = settings.string(Key.folderFilter) ?? ""
        folderFilter = filter.isEmpty ? nil : filter
    }

    /// Writes every key. Returns the keys the settings refused (a size outside the
    /// schema's range, say); those keep their previous value.
    @MainActor @discardableResult
    public func save(to settings: Settings) -> [String] {
        let writes: [(String, Bool)] = [
            (Key.windowWidth, settings.set(Key.windowWidth, windowWidth)),
            (Key.windowHeight, settings.set(Key.windowHeight, windowHeight)),
            (Key.windowMaximized, settings.set(Key.windowMaximized, isMaximized)),
            (Key.panePosition, settings.set(Key.panePosition, panePosition)),
            (Key.currentPage, settings.set(Key.currentPage, page.rawValue)),
            (Key.sortKey, settings.set(Key.sortKey, sortKey.rawValue)),
            (Key.sortAscending, settings.set(Key.sortAscending, sortAscending)),
            (Key.showRejected, settings.set(Key.showRejected, showsRejected)),
            (Key.minimumRating, settings.set(Key.minimumRating, minimumRating)),
            (Key.lastFolder, settings.set(Key.lastFolder, lastFolder ?? "")),
            (Key.photosView, settings.set(Key.photosView, photosView.rawValue)),
            (Key.gridThumbnailSize, settings.set(Key.gridThumbnailSize, gridThumbnailSize)),
            (Key.folderFilter, settings.set(Key.folderFilter, folderFilter ?? "")),
        ]
        return writes.filter { !$0.1 }.map(\.0)
    }

    /// The schema's key names.
    public enum Key {
        public static let windowWidth = "window-width"
        public static let windowHeight = "window-height"
        public static let windowMaximized = "window-maximized"
        public static let panePosition = "pane-position"
        public static let currentPage = "current-page"
        public static let sortKey = "sort-key"
        public static let sortAscending = "sort-ascending"
        public static let showRejected = "show-rejected"
        public static let minimumRating = "minimum-rating"
        public static let lastFolder = "last-folder"
        public static let photosView = "photos-view"
        public static let gridThumbnailSize = "grid-thumbnail-size"
        public static let folderFilter = "folder-filter"
        /// Not part of the state: the write-back setting (`CatalogStore.savesMetadataInFiles`).
        public static let saveMetadataInFiles = "save-metadata-in-files"
    }
}

extension Settings {
    /// Lightbox's settings: installed, or from the source tree's `data` folder when run
    /// from a build tree (compiled into `<binary's folder>/schemas`).
    @MainActor
    public static func lightbox() throws -> Settings {
        try forApplication(
            id: AppInfo.id,
            executableDirectory: URL(fileURLWithPath: SourceTree.executable).deletingLastPathComponent().path,
            sourceDataDirectory: SourceTree.data)
    }
}
