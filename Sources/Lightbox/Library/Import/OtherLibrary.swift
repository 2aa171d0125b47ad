import Foundation

/// A photo app whose library Lightbox can bring along.
public enum OtherPhotoApp: String, Sendable, CaseIterable {
    case shotwell, darktable

    /// The name a person knows the app by.
    public var displayName: String {
        switch self {
        case .shotwell: "Shotwell"
        case .darktable: "darktable"
        }
    }

    /// Where the app keeps its database when it was not told otherwise: Shotwell 0.30 under
    /// `$XDG_DATA_HOME`, darktable 4.2 under `$XDG_CONFIG_HOME` (XDG's defaults when unset or relative).
    public func defaultDatabasePath(environment: [String: String], home: String) -> String {
        func base(_ variable: String, _ fallback: String) -> String {
            if let value = environment[variable], value.hasPrefix("/") { return value }
            return (home as NSString).appendingPathComponent(fallback)
        }
        switch self {
        case .shotwell: return base("XDG_DATA_HOME", ".local/share") + "/shotwell/data/photo.db"
        case .darktable: return base("XDG_CONFIG_HOME", ".config") + "/darktable/library.db"
        }
    }
}

/// darktable's colour labels, in the order of its `color_labels.color` numbers.
public enum ColorLabel: String, Sendable, CaseIterable {
    case red, yellow, green, blue, purple
}

/// What another app knows about one photo or video, in Lightbox's terms.
public struct OtherPhoto: Sendable, Equatable {
    /// The file's absolute path, as the app stored it.
    public var path: String
    public var isVideo: Bool
    /// 0...5 stars.
    public var rating: Int
    public var rejected: Bool
    /// Lightbox's form: hierarchy levels joined by "|", only the deepest of each branch, sorted.
    public var keywords: [String]
    public var title: String?
    public var caption: String?
    public var colorLabels: [ColorLabel]
    /// When the photo was taken as the app has it, which may be a date the person corrected
    /// there and never wrote into the file.
    public var dateTaken: Date?
    /// The EXIF orientation the person turned the photo to in the app (Shotwell keeps it apart
    /// from the file's); nil when it was not turned there.
    public var orientation: Int?
    /// Where the app places the photo (darktable's map), nil when nowhere.
    public var place: PlaceCorrection?

    public init(
        path: String, isVideo: Bool = false, rating: Int = 0, rejected: Bool = false, keywords: [String] = [],
        title: String? = nil, caption: String? = nil, colorLabels: [ColorLabel] = [], dateTaken: Date? = nil,
        orientation: Int? = nil, place: PlaceCorrection? = nil
    ) {
        self.path = path
        self.isVideo = isVideo
        self.rating = rating
        self.rejected = rejected
        self.keywords = keywords
        self.title = title
        self.caption = caption
        self.colorLabels = colorLabels
        self.dateTaken = dateTaken
        self.orientation = orientation
        self.place = place
    }
}

/// A group of photos the other app keeps: a Shotwell event or a darktable film roll.
public struct OtherAlbum: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case event, filmRoll
    }

    public var name: String
    public var kind: Kind
    /// Paths of its photos, in the order of `OtherLibrary.photos`.
    public var paths: [String]
    public var cover: String?
    public var comment: String?

    public init(name: String, kind: Kind, paths: [String], cover: String? = nil, comment: String? = nil) {
        self.name = name
        self.kind = kind
        self.paths = paths
        self.cover = cover
        self.comment = comment
    }
}

/// Everything read from another app's database, and what was left out.
public struct OtherLibrary: Sendable {
    /// A row that is not brought along, and why.
    public struct Skipped: Sendable, Equatable {
        public var item: String
        public var reason: String

        public init(item: String, reason: String) {
            self.item = item
            self.reason = reason
        }
    }

    public var app: OtherPhotoApp
    public var databasePath: String
    public var photos: [OtherPhoto]
    public var albums: [OtherAlbum]
    public var skipped: [Skipped]
}

extension OtherLibrary {
    /// Keywords in Lightbox's form, without a branch's ancestors when a deeper level of it is there
    /// too (both apps may list `Places` and `Places|Norway` for a photo tagged `Places|Norway`).
    static func deepest(_ keywords: some Collection<String>) -> [String] {
        let unique = Set(keywords.filter { !$0.isEmpty })
        return unique.filter { keyword in
            !unique.contains { $0.count > keyword.count && $0.hasPrefix(keyword + "|") }
        }.sorted()
    }
}
