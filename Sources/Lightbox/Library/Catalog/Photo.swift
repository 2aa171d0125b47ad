import Foundation
import Gtk

/// Where a photo's date taken came from.
public enum TakenSource: String, Sendable {
    /// `Exif.Photo.DateTimeOriginal`: when the shutter fired.
    case dateTimeOriginal = "DateTimeOriginal"
    /// `Exif.Image.DateTime`: when the file was last written by the camera or an editor.
    case dateTime = "DateTime"
    /// The file's modification time: the photo carries no date.
    case fileModified = "mtime"
}

/// One file of the library, as the catalog knows it. A value: the Store hands out
/// copies, and a UI diffs arrays of them by `id` (the file's path).
///
/// A small record: its fields live in one shared, copy-on-write block, so that an array
/// of 100,000 photos is 800 KB of references that the Store, its sorted view and the
/// list share, and copying that array (a rating, a re-sort) copies no fields.
public struct Photo: Identifiable, Hashable, Sendable {
    /// The fields. Never changed once shared: a setter copies first (see `fields`).
    private final class Fields: @unchecked Sendable {
        var path: String
        var fileSize: Int64
        var modified: Double
        var taken: String?
        var takenSource: TakenSource?
        var make: String?
        var model: String?
        var lens: String?
        var exposure: String?
        var aperture: Double?
        var iso: Int?
        var focalLength: Double?
        var width: Int
        var height: Int
        var orientation: Int
        var latitude: Double?
        var longitude: Double?
        var altitude: Double?
        var rating: Int
        var isRejected = false
        var keywords: [String] = []
        var error: String?
        var companion: String?
        var identity: FileIdentity?

        init(path: String, fileSize: Int64, modified: Double, error: String?) {
            self.path = path
            self.fileSize = fileSize
            self.modified = modified
            self.error = error
            width = 0
            height = 0
            orientation = 1
            rating = 0
        }

        func copy() -> Fields {
            let copy = Fields(path: path, fileSize: fileSize, modified: modified, error: error)
            copy.taken = taken
            copy.takenSource = takenSource
            copy.make = make
            copy.model = model
            copy.lens = lens
            copy.exposure = exposure
            copy.aperture = aperture
            copy.iso = iso
            copy.focalLength = focalLength
            copy.width = width
            copy.height = height
            copy.orientation = orientation
            copy.latitude = latitude
            copy.longitude = longitude
            copy.altitude = altitude
            copy.rating = rating
            copy.isRejected = isRejected
            copy.keywords = keywords
            copy.companion = companion
            copy.identity = identity
            return copy
        }
    }

    private var storage: Fields

    /// The fields for writing: a copy of its own first when another photo shares them.
    private var fields: Fields {
        mutating get {
            if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
            return storage
        }
    }

    public var id: String { storage.path }
    /// Absolute path (file names that are not UTF-8 are shown with U+FFFD and carry an `error`).
    public var path: String {
        get { storage.path }
        set { fields.path = newValue }
    }
    public var fileSize: Int64 {
        get { storage.fileSize }
        set { fields.fileSize = newValue }
    }
    /// File modification time, seconds since 1970.
    public var modified: Double {
        get { storage.modified }
        set { fields.modified = newValue }
    }
    /// Local date and time taken, `yyyy-MM-ddTHH:mm:ss` (EXIF dates carry no time zone).
    public var taken: String? {
        get { storage.taken }
        set { fields.taken = newValue }
    }
    public var takenSource: TakenSource? {
        get { storage.takenSource }
        set { fields.takenSource = newValue }
    }
    public var make: String? {
        get { storage.make }
        set { fields.make = newValue }
    }
    public var model: String? {
        get { storage.model }
        set { fields.model = newValue }
    }
    public var lens: String? {
        get { storage.lens }
        set { fields.lens = newValue }
    }
    /// Exposure time as shown to people: "1/250", "2".
    public var exposure: String? {
        get { storage.exposure }
        set { fields.exposure = newValue }
    }
    public var aperture: Double? {
        get { storage.aperture }
        set { fields.aperture = newValue }
    }
    public var iso: Int? {
        get { storage.iso }
        set { fields.iso = newValue }
    }
    public var focalLength: Double? {
        get { storage.focalLength }
        set { fields.focalLength = newValue }
    }
    public var width: Int {
        get { storage.width }
        set { fields.width = newValue }
    }
    public var height: Int {
        get { storage.height }
        set { fields.height = newValue }
    }
    /// EXIF orientation 1…8.
    public var orientation: Int {
        get { storage.orientation }
        set { fields.orientation = newValue }
    }
    public var latitude: Double? {
        get { storage.latitude }
        set { fields.latitude = newValue }
    }
    public var longitude: Double? {
        get { storage.longitude }
        set { fields.longitude = newValue }
    }
    public var altitude: Double? {
        get { storage.altitude }
        set { fields.altitude = newValue }
    }
    /// Stars, 0…5: the catalog's own rating (seeded on first scan from what other apps
    /// wrote in the file or its XMP sidecar, in Shotwell's order of tags).
    public var rating: Int {
        get { storage.rating }
        set { fields.rating = newValue }
    }
    /// Rejected while culling (seeded on first scan from a rating of -1 another app wrote).
    public var isRejected: Bool {
        get { storage.isRejected }
        set { fields.isRejected = newValue }
    }
    /// Keywords from the file or its sidecar; hierarchical ones as `Parent|Child`.
    public var keywords: [String] {
        get { storage.keywords }
        set { fields.keywords = newValue }
    }
    /// Why the file can't be shown (unreadable, unsupported, corrupt…), nil when fine.
    public var error: String? {
        get { storage.error }
        set { fields.error = newValue }
    }
    /// The JPEG the camera saved beside this RAW file (same folder and name), which the list
    /// shows as part of this photo (see `RawJpegPairs`); nil for any other photo.
    public var companion: String? {
        get { storage.companion }
        set { fields.companion = newValue }
    }

    /// The file's device, inode and content fingerprint, when read from the disk (see
    /// `FileIdentity`): what finds this photo again when its file moves.
    public var identity: FileIdentity? {
        get { storage.identity }
        set { fields.identity = newValue }
    }

    public init(path: String, fileSize: Int64 = 0, modified: Double = 0, error: String? = nil) {
        storage = Fields(path: path, fileSize: fileSize, modified: modified, error: error)
    }

    public static func == (lhs: Photo, rhs: Photo) -> Bool {
        if lhs.storage === rhs.storage { return true }
        let a = lhs.storage
        let b = rhs.storage
        return a.path == b.path && a.fileSize == b.fileSize && a.modified == b.modified && a.taken == b.taken
            && a.takenSource == b.takenSource && a.make == b.make && a.model == b.model
            && a.lens == b.lens && a.exposure == b.exposure && a.aperture == b.aperture
            && a.iso == b.iso && a.focalLength == b.focalLength && a.width == b.width
            && a.height == b.height && a.orientation == b.orientation && a.latitude == b.latitude
            && a.longitude == b.longitude && a.altitude == b.altitude && a.rating == b.rating
            && a.isRejected == b.isRejected && a.keywords == b.keywords && a.error == b.error
            && a.companion == b.companion && a.identity == b.identity
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.path)
        hasher.combine(storage.modified)
        hasher.combine(storage.rating)
    }

    /// The file name as people see it (`PathBytes.displayName`: bytes that are not text show as U+FFFD).
    public var name: String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return PathBytes.displayName(path) }
        return PathBytes.displayName(String(path[path.utf8.index(after: slash)...]))
    }

    /// "Make Model" without repeating the make ("Canon EOS R5", "FUJIFILM X-T3").
    public var camera: String? {
        guard let model else { return make }
        guard let make, let brand = make.split(separator: " ").first,
            !model.lowercased().hasPrefix(brand.lowercased())
        else { return model }
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
