/// One photo to export, as the catalog knows it: its file and the values the catalog holds,
/// which win over what the file says (a corrected date, orientation or place).
public struct ExportItem: Sendable, Equatable {
    public var path: String
    /// EXIF orientation 1…8: how to turn the pixels upright (the output says 1).
    public var orientation: Int
    /// Local date and time taken, `yyyy-MM-ddTHH:mm:ss`; nil when unknown.
    public var taken: String?
    /// The date's offset from UTC, `+09:00`; nil when unknown.
    public var takenOffset: String?
    /// Where the photo was taken; nil when it has no place (or it was removed).
    public var place: Place?
    public var title: String?
    public var caption: String?
    /// Stars 0…5; -1 for a rejected photo.
    public var rating: Int
    /// Keywords; hierarchical ones as `Parent|Child`.
    public var keywords: [String]
    /// The second file of a photo of two (a RAW's JPEG, a Live Photo's motion): copied beside
    /// it when originals are exported, named like it.
    public var companion: String?

    /// Whether the file is a video (exported as it is, never as a JPEG).
    public var isVideo: Bool { ImageFamily(path: path) == .video }

    public struct Place: Sendable, Equatable {
        public var latitude: Double
        public var longitude: Double
        public init(latitude: Double, longitude: Double) {
            self.latitude = latitude
            self.longitude = longitude
        }
    }

    public init(
        path: String, orientation: Int = 1, taken: String? = nil, takenOffset: String? = nil, place: Place? = nil,
        title: String? = nil, caption: String? = nil, rating: Int = 0, keywords: [String] = [], companion: String? = nil
    ) {
        self.path = path
        self.orientation = orientation
        self.taken = taken
        self.takenOffset = takenOffset
        self.place = place
        self.title = title
        self.caption = caption
        self.rating = rating
        self.keywords = keywords
        self.companion = companion
    }

    /// The file's name without its folder.
    public var fileName: String { path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path }
}

/// How an exported JPEG is made.
public struct JPEGSettings: Sendable, Equatable {
    /// Which of the source's tags go along.
    public enum Metadata: String, Sendable, CaseIterable {
        case all
        /// Everything but the place (GPS tags, XMP's GPS properties, the place's names).
        case withoutPlace = "without-place"
        case none
    }

    /// What happens to the pixels' colours.
    public enum Colour: String, Sendable, CaseIterable {
        /// The source's colour profile goes along unchanged.
        case keep
        /// Pixels converted from the source's profile to sRGB, tagged sRGB.
        case sRGB = "srgb"
    }

    /// The longest side in pixels; nil keeps the full size (never scaled up either way).
    public var longestSide: Int?
    /// JPEG quality, 1…100.
    public var quality: Int
    public var metadata: Metadata
    public var colour: Colour

    public init(longestSide: Int? = 2048, quality: Int = 90, metadata: Metadata = .all, colour: Colour = .keep) {
        self.longestSide = longestSide
        self.quality = quality
        self.metadata = metadata
        self.colour = colour
    }
}
