import Foundation
import LightboxMedia

/// One line of `lightbox --list`: a JSON object with every key present (null when
/// unknown), on one line. Total: whatever a `Photo` holds, the line is valid JSON;
/// a number that isn't finite is listed as unknown, and a row the encoder still
/// refuses becomes a row with the path and an `error` saying why.
public enum PhotoListing {
    /// Every key of a line, in the order they are printed: the listed stored fields'
    /// (`FieldPlaces.listed`), the camera, whether the pixels decoded, the photo's albums,
    /// its kind ("photo", "video" or "live").
    public static let keys: [String] = {
        (Row.fieldKeys + [Row.camera, Row.decoded, Row.albums, Row.kind]).map(\.stringValue).sorted()
    }()

    /// What a listed photo is: "live" (a still that moves), "video" or "photo".
    static func kind(of photo: Photo.Fields) -> String { photo.isLive ? "live" : photo.isVideo ? "video" : "photo" }

    /// `photos` with each Live Photo as one row: its still's, with its motion's length and
    /// codec; the motion's own row left out (see `LivePhotos`).
    public static func pairingLivePhotos(_ photos: [Photo]) -> [Photo] {
        guard photos.contains(where: { LivePhotos.isMotion($0.id) }) else { return photos }
        var result = photos
        var motions: Set<Int> = []
        for (still, motion) in LivePhotos.pairs(in: photos) {
            result[still].companion = photos[motion].id
            (result[still].duration, result[still].codec) = (photos[motion].duration, photos[motion].codec)
            motions.insert(motion)
        }
        return result.indices.filter { !motions.contains($0) }.map { result[$0] }
    }

    /// The line for `photo` (no newline at the end). `decoded` says whether its pixels
    /// were decoded: nil when that was not checked. `albums` are the names of its albums
    /// (`Catalog.albumNames(in:)`), in name order.
    public static func line(for photo: Photo, decoded: Bool? = nil, albums: [String] = []) -> String {
        line(for: Row(photo, decoded: decoded, albums: albums))
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
            return withFileSystemPath(String(decoding: try encoder.encode(row), as: UTF8.self), path: row.fields.path, encoder: encoder)
        } catch {
            return failureLine(path: row.fields.path, decoded: row.decoded, error: "this file's details can't be listed: \(error)")
        }
    }

    /// A row of only the path, the decode flag and an error, written without an
    /// encoder (nothing in it can fail); every other key is null.
    static func failureLine(path: String, decoded: Bool?, error: String) -> String {
        let fields = keys.map { key -> String in
            let value =
                switch key {
                case "path": pathJSON(path)
                case "error": jsonString(error)
                case Row.decoded.stringValue: decoded.map { $0 ? "true" : "false" } ?? "null"
                case Row.kind.stringValue: jsonString(kind(of: Photo.Fields(path: path)))
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
        struct Key: CodingKey {
            let stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        static let camera = Key(stringValue: "camera")
        static let decoded = Key(stringValue: "decoded")
        static let albums = Key(stringValue: "albums")
        static let kind = Key(stringValue: "kind")

        /// The photo's fields as listed: numbers that aren't finite already unknown.
        var fields: Photo.Fields
        var camera: String?
        var decoded: Bool?
        var albums: [String] = []

        /// `photo` as listed: numbers that aren't finite become unknown here, so they
        /// never reach the encoder (which refuses them).
        init(_ photo: Photo, decoded: Bool?, albums: [String] = []) {
            fields = photo.fields.asShown
            var lister = Lister()
            // The fields move into the visit and back, never copied.
            swap(&fields, &lister.fields)
            Photo.Fields.visitStored(&lister)
            swap(&fields, &lister.fields)
            camera = photo.camera
            self.decoded = decoded
            self.albums = albums
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            var writer = Writer(fields: fields, container: container)
            try Photo.Fields.visitStored(&writer)
            try container.encode(camera, forKey: Row.camera)
            try container.encode(decoded, forKey: Row.decoded)
            try container.encode(albums, forKey: Row.albums)
            try container.encode(PhotoListing.kind(of: fields), forKey: Row.kind)
        }

        /// The listed fields' keys, in the order of `Photo.Fields.visitStored`.
        static let fieldKeys: [Key] = {
            var keys = KeyNames()
            Photo.Fields.visitStored(&keys)
            return keys.names.map(Key.init(stringValue:))
        }()

        struct KeyNames: StoredFieldVisitor {
            var names: [String] = []
            mutating func visit<Value: StoredValue>(_ field: StoredField<Value>) {
                if field.places.contains(.listed) { names.append(field.listKey) }
            }
        }

        private struct Lister: StoredFieldVisitor {
            var fields = Photo.Fields(path: "")
            @inline(__always)
            mutating func visit<Value: StoredValue>(_ field: StoredField<Value>) {
                guard field.places.contains(.listed) else { return }
                let value = fields[keyPath: field.keyPath]
                fields[keyPath: field.keyPath] = value.listed ?? value
            }
        }

        private struct Writer: StoredFieldVisitor {
            let fields: Photo.Fields
            var container: KeyedEncodingContainer<Key>
            /// The next listed field's place in `fieldKeys`.
            var index = 0
            @inline(__always)
            mutating func visit<Value: StoredValue>(_ field: StoredField<Value>) throws {
                guard field.places.contains(.listed) else { return }
                try container.encode(fields[keyPath: field.keyPath], forKey: Row.fieldKeys[index])
                index += 1
            }
        }
    }
}
