import Foundation
import LightboxMedia

/// What the app asks a worker (JSON, one per message).
struct WorkerRequest: Codable, Sendable {
    enum Kind: String, Codable, Sendable {
        /// Read `files`' metadata into `Photo`s (`PhotoReader.read`), one reply per file, in order.
        case read
        /// Decode `path`'s pixels at most `fitting` px a side; the pixels come back in a memfd.
        case decode
    }

    struct File: Codable, Sendable {
        var path: String
        var fileSize: Int64
        var modified: Double
    }

    var kind: Kind
    var files: [File] = []
    var path: String = ""
    var fitting: Int = 0
    var maxPixels: Int = 0
}

/// A worker's answer: the first message of a new worker has `ready` set.
struct WorkerReply: Codable, Sendable {
    var ready: Bool?
    var photo: PhotoRecord?
    var layout: PixelLayout?
    var error: String?
}

/// The fields of a `Photo` a worker read from a file (the path, size and modification
/// time are the app's own: it asked for them).
struct PhotoRecord: Codable, Sendable {
    var taken: String?
    var takenSource: String?
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
    var isRejected: Bool
    var keywords: [String]
    var error: String?

    init(_ photo: Photo) {
        taken = photo.taken
        takenSource = photo.takenSource?.rawValue
        make = photo.make
        model = photo.model
        lens = photo.lens
        exposure = photo.exposure
        aperture = photo.aperture
        iso = photo.iso
        focalLength = photo.focalLength
        width = photo.width
        height = photo.height
        orientation = photo.orientation
        latitude = photo.latitude
        longitude = photo.longitude
        altitude = photo.altitude
        rating = photo.rating
        isRejected = photo.isRejected
        keywords = photo.keywords
        error = photo.error
    }

    /// The photo at `path` with these fields; checked again here, as anything a worker says is untrusted.
    func photo(path: String, stamp: FileStamp) -> Photo {
        var photo = Photo(path: path, fileSize: stamp.size, modified: stamp.modified, error: error)
        photo.taken = taken
        photo.takenSource = takenSource.flatMap(TakenSource.init(rawValue:))
        photo.make = make
        photo.model = model
        photo.lens = lens
        photo.exposure = exposure
        photo.aperture = aperture
        photo.iso = iso
        photo.focalLength = focalLength
        photo.width = width
        photo.height = height
        photo.orientation = orientation
        photo.latitude = latitude
        photo.longitude = longitude
        photo.altitude = altitude
        photo.rating = rating
        photo.isRejected = isRejected
        photo.keywords = keywords
        return photo.validated()
    }
}
