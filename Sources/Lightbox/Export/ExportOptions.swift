import LightboxMedia

/// What an export makes and where: the choices of the Export dialog.
public struct ExportOptions: Sendable, Equatable {
    public enum Format: String, Sendable, CaseIterable {
        /// The files as they are, byte for byte, with their XMP sidecars.
        case originals
        /// New JPEGs (`JPEGSettings`).
        case jpeg
    }

    public var format: Format
    public var jpeg: JPEGSettings
    /// The file names (`FileNameTemplate`), without the extension.
    public var template: String
    /// The folder the files go into.
    public var folder: String

    public init(
        format: Format = .jpeg, jpeg: JPEGSettings = JPEGSettings(), template: String = FileNameTemplate.defaultTemplate, folder: String
    ) {
        self.format = format
        self.jpeg = jpeg
        self.template = template
        self.folder = folder
    }
}

extension ExportItem {
    /// The catalog's values of `photo`: its orientation, date and place as shown (corrected
    /// ones first; a place removed is none).
    public init(_ photo: Photo) {
        self.init(
            path: photo.path, orientation: photo.orientation, taken: photo.taken, takenOffset: photo.takenOffset,
            place: photo.latitude.flatMap { latitude in photo.longitude.map { Place(latitude: latitude, longitude: $0) } },
            title: photo.title, caption: photo.caption, rating: photo.isRejected ? -1 : photo.rating, keywords: photo.keywords,
            companion: photo.companion)
    }
}
