import Foundation
import LightboxMedia

/// A photo as duplicates are looked for: what the catalog knows of its file and its picture.
public struct DuplicateCandidate: Sendable, Equatable {
    public var path: String
    public var fileSize: Int64
    /// `FileEnds.fingerprint` (nil when the file could not be read for it).
    public var fingerprint: Int64?
    public var width: Int
    public var height: Int
    /// EXIF orientation as shown (5…8 swap width and height).
    public var orientation: Int
    /// When the shutter fired as the camera wrote it (`DateTimeOriginal`, with its fraction of a
    /// second when written); nil when the file does not say.
    public var moment: Moment?
    public var isReadable: Bool
    /// Its stars (a rated copy is kept before an unrated one).
    public var rating: Int
    /// The picture's hash, when it is up to date with the file.
    public var hash: PerceptualHash?
    /// The photo's catalog row (what "not duplicates" is remembered by).
    public var row: Int64
    /// The file's device and inode, when known: two paths of one file (hard links) hold the
    /// same bytes without reading them.
    public var file: FileIdentity?

    public init(
        path: String, fileSize: Int64, fingerprint: Int64?, width: Int, height: Int, orientation: Int = 1,
        moment: Moment?, isReadable: Bool = true, rating: Int = 0, hash: PerceptualHash?, row: Int64,
        file: FileIdentity? = nil
    ) {
        self.file = file
        self.path = path
        self.fileSize = fileSize
        self.fingerprint = fingerprint
        self.width = width
        self.height = height
        self.orientation = orientation
        self.moment = moment
        self.isReadable = isReadable
        self.rating = rating
        self.hash = hash
        self.row = row
    }

    /// Width over height as the picture is shown; nil when the size is unknown.
    var shownAspect: Double? {
        guard width > 0, height > 0 else { return nil }
        let aspect = Double(width) / Double(height)
        return (5...8).contains(orientation) ? 1 / aspect : aspect
    }
}

/// When a shutter fired, as a camera writes it: a second and, when written, its fraction. Two
/// numbers, not text: a look goes through 100,000 of them and keeps each group's.
public struct Moment: Sendable, Equatable {
    /// The digits of "2024-05-01T10:00:00" as one number (20240501100000): equal for one second.
    let second: Int64
    /// The fraction of the second ("25" is 0.25), when the camera wrote one.
    let fraction: Double?

    /// The moment of a catalog date ("2024-05-01T10:00:00") and the fraction the camera wrote
    /// ("25"); nil when the date has no digits.
    public init?(taken: String, subsecond: String?) {
        var digits: Int64 = 0
        var count = 0
        for unit in taken.utf8 where unit >= 0x30 && unit <= 0x39 && count < 18 {
            digits = digits * 10 + Int64(unit - 0x30)
            count += 1
        }
        guard count > 0 else { return nil }
        second = digits
        fraction = subsecond.flatMap { Double("0." + $0) }
    }

    /// "2024-05-01T10:00:00.25": the date with its fraction after the dot.
    public init?(_ moment: String) {
        let parts = moment.split(separator: ".", maxSplits: 1)
        guard let taken = parts.first else { return nil }
        self.init(taken: String(taken), subsecond: parts.count > 1 ? String(parts[1]) : nil)
    }

    /// Whether two moments can be one: the same second, and the same fraction when both say
    /// one (a copy may have lost the fraction, never changed it).
    func agrees(with other: Moment) -> Bool {
        guard second == other.second else { return false }
        guard let fraction, let otherFraction = other.fraction else { return true }
        return fraction == otherFraction
    }
}

/// Two photo rows, the smaller first, whatever order they are given in.
public struct DuplicatePair: Hashable, Sendable {
    public let first: Int64
    public let second: Int64

    public init(_ a: Int64, _ b: Int64) {
        (first, second) = a < b ? (a, b) : (b, a)
    }
}

/// Photos that are one picture: the same bytes or pixels (`exact`), or the same picture
/// resized, re-compressed, converted, stripped or slightly cropped (`near`).
public struct DuplicateGroup: Sendable, Equatable, Identifiable {
    public enum Kind: String, Sendable { case exact, near }

    public var kind: Kind
    /// The photos (a RAW+JPEG pair as its RAW file, as the library lists it), the copy
    /// suggested to keep first, then by path.
    public var photos: [Photo.ID]
    /// The bytes the group's photos take (a RAW+JPEG pair's RAW file).
    public var bytes: Int64
    /// The group is known by the first of its paths in order (stable while its photos stay;
    /// kept, not found again each time: a group of copies may hold thousands).
    public let id: Photo.ID

    public init(kind: Kind, photos: [Photo.ID], bytes: Int64 = 0) {
        self.kind = kind
        self.photos = photos
        self.bytes = bytes
        id = photos.min()!
    }

    /// The copy suggested to keep (see `DuplicateFinder.suggestedKeeper`).
    public var suggested: Photo.ID { photos[0] }
}
