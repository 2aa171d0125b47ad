import Foundation

/// Where a photo's date taken came from.
public enum TakenSource: String, Codable, Sendable {
    /// `Exif.Photo.DateTimeOriginal`: when the shutter fired.
    case dateTimeOriginal = "DateTimeOriginal"
    /// `Exif.Image.DateTime`: when the file was last written by the camera or an editor.
    case dateTime = "DateTime"
    /// The file's modification time: the photo carries no date.
    case fileModified = "mtime"
}

/// One file of the library, as the catalog knows it. A value: the Store hands out
/// copies, and a UI diffs arrays of them by `id` (the file's path).
public struct Photo: Identifiable, Hashable, Codable, Sendable {
    public var id: String { path }
    /// Absolute path (file names that are not UTF-8 are shown with U+FFFD and carry an `error`).
    public var path: String
    public var fileSize: Int64
    /// File modification time, seconds since 1970.
    public var modified: Double
    /// Local date and time taken, `yyyy-MM-ddTHH:mm:ss` (EXIF dates carry no time zone).
    public var taken: String?
    public var takenSource: TakenSource?
    public var make: String?
    public var model: String?
    public var lens: String?
    /// Exposure time as shown to people: "1/250", "2".
    public var exposure: String?
    public var aperture: Double?
    public var iso: Int?
    public var focalLength: Double?
    public var width: Int
    public var height: Int
    /// EXIF orientation 1…8.
    public var orientation: Int
    public var latitude: Double?
    public var longitude: Double?
    public var altitude: Double?
    /// Stars, 0…5: the catalog's own rating (seeded from `Xmp.xmp.Rating` on first scan).
    public var rating: Int
    /// Why the file can't be shown (unreadable, unsupported, corrupt…), nil when fine.
    public var error: String?

    public init(path: String, fileSize: Int64 = 0, modified: Double = 0, error: String? = nil) {
        self.path = path
        self.fileSize = fileSize
        self.modified = modified
        width = 0
        height = 0
        orientation = 1
        rating = 0
        self.error = error
    }

    /// The file name.
    public var name: String { (path as NSString).lastPathComponent }

    /// "Make Model" without repeating the make ("Canon EOS R5", "FUJIFILM X-T3").
    public var camera: String? {
        guard let model else { return make }
        guard let make, let brand = make.split(separator: " ").first,
              !model.lowercased().hasPrefix(brand.lowercased()) else { return model }
        return "\(brand) \(model)"
    }

    /// Width and height as displayed, after the EXIF orientation (5…8 swap them).
    public var displaySize: (width: Int, height: Int) {
        orientation >= 5 ? (height, width) : (width, height)
    }
}

/// What tells a file changed since it was read: its size and modification time.
public struct FileStamp: Hashable, Sendable {
    public var size: Int64
    public var modified: Double
}
