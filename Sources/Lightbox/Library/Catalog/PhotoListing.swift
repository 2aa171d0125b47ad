import Foundation
import LightboxMedia

/// One line of `lightbox --list`: a JSON object with every key present (null when
/// unknown), on one line. Total: whatever a `Photo` holds, the line is valid JSON;
/// a number that isn't finite is listed as unknown, and a row the encoder still
/// refuses becomes a row with the path and an `error` saying why.
public enum PhotoListing {
    /// Every key of a line, in the order they are printed.
    public static let keys = Row.Key.allCases.map(\.rawValue).sorted()

    /// The line for `photo` (no newline at the end). `decoded` says whether its pixels
    /// were decoded: nil when that was not checked.
    public static func line(for photo: Photo, decoded: Bool? = nil) -> String {
        line(for: Row(photo, decoded: decoded))
    }

    /// Decodes the pixels of the file at `path` (at a thumbnail's size, the way the
    /// thumbnails are made), in `workers` when given: nil when the image decodes, else the decoder's message.
    public static func decodingProblem(path: String, workers: WorkerPool? = nil) -> String? {
        let size = ThumbnailCache.Size.normal.rawValue
        do {
            if let workers {
                _ = try workers.decode(
                    path: path, fitting: size, maxPixels: PhotoReader.maxPixels,
                    timeout: ImageSource.decodeTimeout, urgent: false)
            } else {
                _ = try PixelImage.decode(path: path, fitting: size, maxPixels: PhotoReader.maxPixels)
            }
            return nil
        } catch {
            return "the image can't be decoded: \(error.message)"
        }
    }

    static func line(for row: Row) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return withFileSystemPath(String(decoding: try encoder.encode(row), as: UTF8.self), path: row.path, encoder: encoder)
        } catch {
            return failureLine(path: row.path, decoded: row.decoded, error: "this file's details can't be listed: \(error)")
        }
    }

    /// A row of only the path, the decode flag and an error, written without an
    /// encoder (nothing in it can fail); every other key is null.
    static func failureLine(path: String, decoded: Bool?, error: String) -> String {
        let fields = keys.map { key -> String in
            let value =
                switch key {
                case Row.Key.path.rawValue: pathJSON(path)
                case Row.Key.error.rawValue: jsonString(error)
                case Row.Key.decoded.rawValue: decoded.map { $0 ? "true" : "false" } ?? "null"
                default: "null"
                }
            return "\"\(key)\":\(value)"
        }
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// `text` as a JSON string: quotes, backslashes and control characters escaped.
    static func jsonString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// The JSON shape of one listed file.
    struct Row: Encodable {
        enum Key: String, CodingKey, CaseIterable {
            case path, taken, taken_source, camera, make, model, lens, exposure, aperture, iso, focal_length
            case width, height, orientation, latitude, longitude, altitude, rating, rejected, keywords, file_size, error
            case decoded
        }

        var path: String
        var taken: String?
        var takenSource: String?
        var camera: String?
        var make: String?
        var model: String?
        var lens: String?
        var exposure: String?
        var aperture: Double?
        var iso: Int?
        var focalLength: Double?
        var width: Int?
        var height: Int?
        var orientation: Int?
        var latitude: Double?
        var longitude: Double?
        var altitude: Double?
        var rating: Int?
        var rejected: Bool?
        var keywords: [String]?
        var fileSize: Int64?
        var error: String?
        var decoded: Bool?

        /// A row with only a path, a decode flag and an error.
        init(path: String, decoded: Bool?, error: String?) {
            self.path = path
            self.decoded = decoded
            self.error = error
        }

        /// `photo` as listed: numbers that aren't finite become unknown here, so they
        /// never reach the encoder (which refuses them).
        init(_ photo: Photo, decoded: Bool?) {
            self.init(path: photo.path, decoded: decoded, error: photo.error)
            taken = photo.taken
            takenSource = photo.takenSource?.rawValue
            camera = photo.camera
            make = photo.make
            model = photo.model
            lens = photo.lens
            exposure = photo.exposure
            aperture = Self.finite(photo.aperture)
            iso = photo.iso
            focalLength = Self.finite(photo.focalLength)
            width = photo.width
            height = photo.height
            orientation = photo.orientation
            latitude = Self.finite(photo.latitude)
            longitude = Self.finite(photo.longitude)
            altitude = Self.finite(photo.altitude)
            rating = photo.rating
            rejected = photo.isRejected
            keywords = photo.keywords
            fileSize = photo.fileSize
        }

        private static func finite(_ value: Double?) -> Double? {
            guard let value, value.isFinite else { return nil }
            return value
        }

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(path, forKey: .path)
            try c.encode(taken, forKey: .taken)
            try c.encode(takenSource, forKey: .taken_source)
            try c.encode(camera, forKey: .camera)
            try c.encode(make, forKey: .make)
            try c.encode(model, forKey: .model)
            try c.encode(lens, forKey: .lens)
            try c.encode(exposure, forKey: .exposure)
            try c.encode(aperture, forKey: .aperture)
            try c.encode(iso, forKey: .iso)
            try c.encode(focalLength, forKey: .focal_length)
            try c.encode(width, forKey: .width)
            try c.encode(height, forKey: .height)
            try c.encode(orientation, forKey: .orientation)
            try c.encode(latitude, forKey: .latitude)
            try c.encode(longitude, forKey: .longitude)
            try c.encode(altitude, forKey: .altitude)
            try c.encode(rating, forKey: .rating)
            try c.encode(rejected, forKey: .rejected)
            try c.encode(keywords, forKey: .keywords)
            try c.encode(fileSize, forKey: .file_size)
            try c.encode(error, forKey: .error)
            try c.encode(decoded, forKey: .decoded)
        }
    }
}
