import Foundation

/// What an import of another app's library brought across, and what it could not: for the
/// person (`description`), for scripts (`isComplete`, `lightbox --import-from`'s exit
/// status) and for the window that offers to add folders (`foldersToOffer`).
public struct LibraryImportReport: Sendable, Equatable {
    /// How many photos got each value from the other app.
    public struct Changes: Sendable, Equatable {
        /// Photos whose stars, reject, keywords, title, caption, turn or place changed.
        public var photos = 0
        public var ratings = 0
        public var rejects = 0
        /// Photos that got at least one keyword (colour labels included).
        public var keywords = 0
        public var titles = 0
        public var captions = 0
        /// Photos turned as the person turned them in the other app.
        public var rotations = 0
        /// Photos placed where the other app places them.
        public var places = 0

        public init(
            photos: Int = 0, ratings: Int = 0, rejects: Int = 0, keywords: Int = 0, titles: Int = 0, captions: Int = 0,
            rotations: Int = 0, places: Int = 0
        ) {
            self.photos = photos
            self.ratings = ratings
            self.rejects = rejects
            self.keywords = keywords
            self.titles = titles
            self.captions = captions
            self.rotations = rotations
            self.places = places
        }

        /// What `edit` changed, photo by photo (a RAW+JPEG pair counts as its two files).
        init(_ edit: MetadataEdit) {
            for (id, after) in edit.after {
                guard let before = edit.before[id] else { continue }
                photos += 1
                if before.rating != after.rating { ratings += 1 }
                if before.isRejected != after.isRejected { rejects += 1 }
                if before.keywords != after.keywords { keywords += 1 }
                if before.title != after.title { titles += 1 }
                if before.caption != after.caption { captions += 1 }
                if before.corrections.orientation != after.corrections.orientation { rotations += 1 }
                if before.corrections.place != after.corrections.place { places += 1 }
            }
        }
    }

    /// Photos whose files exist outside the library's folders, under `folder`: the folder
    /// to offer as a new library folder.
    public struct Folder: Sendable, Equatable {
        public var folder: String
        /// In path order.
        public var paths: [String]

        public init(folder: String, paths: [String]) {
            self.folder = folder
            self.paths = paths
        }
    }

    public var app: OtherPhotoApp
    public var databasePath: String
    /// The other app's photos that are photos of the library (their values brought across,
    /// or already Lightbox's).
    public var photos: Int
    public var changes: Changes
    /// Albums made, and albums of the same name that photos were added to, by name.
    public var albumsMade: [String]
    public var albumsAddedTo: [String]
    /// Folders added to the library first, at the person's word.
    public var foldersAdded: [String]
    /// Photos the other app knows whose files are gone, in path order.
    public var missing: [String]
    /// Photos whose files exist outside the library's folders, by folder.
    public var outsideLibrary: [Folder]
    /// Photo files in the library's folders that Lightbox has not listed: in a hidden folder,
    /// or in a folder that is offline.
    public var notListed: [String]
    /// Videos, which Lightbox does not show, and other files that are not photos.
    public var videos: [String]
    public var otherFiles: [String]
    /// Rows of the other app's database that were not brought along, with why.
    public var skipped: [OtherLibrary.Skipped]

    public init(
        app: OtherPhotoApp, databasePath: String, photos: Int = 0, changes: Changes = Changes(), albumsMade: [String] = [],
        albumsAddedTo: [String] = [], foldersAdded: [String] = [], missing: [String] = [], outsideLibrary: [Folder] = [],
        notListed: [String] = [], videos: [String] = [], otherFiles: [String] = [], skipped: [OtherLibrary.Skipped] = []
    ) {
        self.app = app
        self.databasePath = databasePath
        self.photos = photos
        self.changes = changes
        self.albumsMade = albumsMade
        self.albumsAddedTo = albumsAddedTo
        self.foldersAdded = foldersAdded
        self.missing = missing
        self.outsideLibrary = outsideLibrary
        self.notListed = notListed
        self.videos = videos
        self.otherFiles = otherFiles
        self.skipped = skipped
    }

    /// Whether every photo came across: none missing, outside the library or unlisted, and
    /// no row skipped (videos and other files aside: Lightbox shows photos only).
    public var isComplete: Bool { missing.isEmpty && outsideLibrary.isEmpty && notListed.isEmpty && skipped.isEmpty }

    /// The folders to offer as library folders, so that their photos come across too.
    public var foldersToOffer: [String] { outsideLibrary.map(\.folder) }
}
