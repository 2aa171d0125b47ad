import Foundation
import Gtk

/// Where a photo's date taken came from.
public enum TakenSource: String, Sendable {
    /// `Exif.Photo.DateTimeOriginal`: when the shutter fired.
    case dateTimeOriginal = "DateTimeOriginal"
    /// `Exif.Image.DateTime`: when the file was last written by the camera or an editor.
    case dateTime = "DateTime"
    /// A video container's creation date (QuickTime's, Apple's with its time zone, Matroska's).
    case videoCreated = "CreationDate"
    /// The file's modification time: the photo carries no date.
    case fileModified = "mtime"
    /// Set by the person (never stored as the file's source: see `Photo.Fields.correctedTaken`).
    case corrected = "set"
}

/// One file of the library, as the catalog knows it. A value: the Store hands out
/// copies, and a UI diffs arrays of them by `id` (the file's path).
///
/// A small record: its `Fields` live in one shared, copy-on-write block, so that an array
/// of 100,000 photos is 800 KB of references that the Store, its sorted view and the
/// list share, and copying that array (a rating, a re-sort) copies no fields. Each field
/// reads and writes as a property of the photo (`photo.rating`, through `Fields`); the
/// fields the catalog, the workers and `--list` keep are listed once, in
/// `Photo.Fields.visitStored` (PhotoFields.swift).
@dynamicMemberLookup
public struct Photo: Identifiable, Hashable, Sendable {
    /// Everything a photo holds.
    public struct Fields: Hashable, Sendable {
        /// Absolute path (file names that are not UTF-8 are shown with U+FFFD and carry an `error`).
        public var path: String
        public var fileSize: Int64
        /// File modification time, seconds since 1970.
        public var modified: Double
        /// Local date and time taken as the file says, `yyyy-MM-ddTHH:mm:ss` (EXIF dates carry
        /// no time zone); `taken` is what is shown, the person's correction first.
        public var fileTaken: String?
        public var fileTakenSource: TakenSource?
        /// The time zone of `fileTaken` ("+09:00"), when the camera wrote it.
        public var fileTakenOffset: String?
        /// The fraction of the second of `fileTaken` as the camera wrote it ("25", "004"): the
        /// frames of a burst share their second, not their fraction (`DuplicateFinder`).
        public var fileTakenSubsecond: String?
        public var make: String?
        public var model: String?
        public var lens: String?
        /// Exposure time as shown to people: "1/250", "2".
        public var exposure: String?
        public var aperture: Double?
        public var iso: Int?
        public var focalLength: Double?
        public var width = 0
        public var height = 0
        /// EXIF orientation 1…8 as the file says; `orientation` is how the photo is shown.
        public var fileOrientation = 1
        /// Where the file says it was taken; `latitude`, `longitude` and `altitude` are what is shown.
        public var fileLatitude: Double?
        public var fileLongitude: Double?
        public var fileAltitude: Double?
        /// Stars, 0…5: the catalog's own rating (seeded on first scan from what other apps
        /// wrote in the file or its XMP sidecar, in Shotwell's order of tags).
        public var rating = 0
        /// Rejected while culling (seeded on first scan from a rating of -1 another app wrote).
        public var isRejected = false
        /// Keywords from the file or its sidecar; hierarchical ones as `Parent|Child`.
        public var keywords: [String] = []
        /// A title and a caption (one line; paragraphs), seeded from what other apps wrote.
        public var title: String?
        public var caption: String?
        /// The person's corrections of what the camera got wrong (see `PhotoCorrections`):
        /// nil for the many photos with none, one reference for those with some (a
        /// library's 100,000 photos keep 8 bytes each for them, not 80).
        var correctionBox: SharedValue<PhotoCorrections>?
        /// A video's length, codec and frame rate (see `VideoTrack`): nil for a photo.
        var videoBox: SharedValue<VideoTrack>?
        /// Why the file can't be shown (unreadable, unsupported, corrupt…), nil when fine.
        public var error: String?
        /// The JPEG the camera saved beside this RAW file (same folder and name), which the list
        /// shows as part of this photo (see `RawJpegPairs`); nil for any other photo.
        public var companion: String?
        /// The file's device, inode and content fingerprint, when read from the disk (see
        /// `FileIdentity`): what finds this photo again when its file moves.
        public var identity: FileIdentity?

        public init(path: String, fileSize: Int64 = 0, modified: Double = 0, error: String? = nil) {
            self.path = path
            self.fileSize = fileSize
            self.modified = modified
            self.error = error
        }
    }

    /// The block photos share. Never changed once shared: a setter copies first.
    private final class Storage: @unchecked Sendable {
        /// Unchecked: a block is written only while one photo holds it, so no two accesses
        /// ever overlap, and the run-time check would cost every read (a sort reads
        /// millions).
        @exclusivity(unchecked) var fields: Fields
        init(_ fields: consuming Fields) { self.fields = fields }
    }

    private var storage: Storage

    public init(path: String, fileSize: Int64 = 0, modified: Double = 0, error: String? = nil) {
        storage = Storage(Fields(path: path, fileSize: fileSize, modified: modified, error: error))
    }

    public init(_ fields: consuming Fields) {
        storage = Storage(fields)
    }

    /// All the fields at once.
    public var fields: Fields {
        get { storage.fields }
        set {
            if isKnownUniquelyReferenced(&storage) { storage.fields = newValue } else { storage = Storage(newValue) }
        }
    }

    /// A field, or what is shown of one, as `photo.taken`.
    public subscript<Value>(dynamicMember field: KeyPath<Fields, Value>) -> Value {
        storage.fields[keyPath: field]
    }

    /// A field, as `photo.rating`.
    public subscript<Value>(dynamicMember field: WritableKeyPath<Fields, Value>) -> Value {
        get { storage.fields[keyPath: field] }
        set {
            if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
            storage.fields[keyPath: field] = newValue
        }
    }

    public var id: String { storage.fields.path }

    public static func == (lhs: Photo, rhs: Photo) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    /// Equal photos share these; hashing every field would cost more and spread no better.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.fields.path)
        hasher.combine(storage.fields.modified)
        hasher.combine(storage.fields.rating)
    }

    /// The file name as people see it (`PathBytes.displayName`: bytes that are not text show as U+FFFD).
    public var name: String {
        let path = storage.fields.path
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return PathBytes.displayName(path) }
        return PathBytes.displayName(String(path[path.utf8.index(after: slash)...]))
    }

    /// "Make Model" without repeating the make ("Canon EOS R5", "FUJIFILM X-T3").
    public var camera: String? {
        let (make, model) = (storage.fields.make, storage.fields.model)
        guard let model else { return make }
        guard let make, let brand = make.split(separator: " ").first,
            !model.lowercased().hasPrefix(brand.lowercased())
        else { return model }
        return "\(brand) \(model)"
    }

    /// Width and height as displayed, after the EXIF orientation (5…8 swap them).
    public var displaySize: (width: Int, height: Int) {
        let fields = storage.fields
        return fields.orientation >= 5 ? (fields.height, fields.width) : (fields.width, fields.height)
    }
}

/// What tells a file changed since it was read: its size and modification time.
public struct FileStamp: Hashable, Sendable {
    public var size: Int64
    public var modified: Double
}
