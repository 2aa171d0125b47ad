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
    /// Set to leave out the files' fingerprints (`FileIdentity`), to measure what they cost.
    var withoutFingerprints: Bool?
}

/// A worker's answer, in a compact binary form (`WireWriter`): one goes back per file
/// read, and Codable JSON cost more per file than reading its metadata.
enum WorkerReply: Equatable {
    /// The first message of a new worker.
    case ready
    /// The photos read, one per file asked for, in order.
    case photos([PhotoRecord])
    /// Decoded pixels, in the memfd that comes with the message.
    case image(PixelLayout)
    case error(String)

    func encoded() -> Data {
        var writer = WireWriter()
        switch self {
        case .ready: writer.byte(0)
        case .photos(let records):
            writer.byte(1)
            writer.int(records.count)
            for record in records { record.write(to: &writer) }
        case .image(let layout):
            writer.byte(2)
            for value in [layout.width, layout.height, layout.rowStride] { writer.int(value) }
            writer.bool(layout.hasAlpha)
        case .error(let message):
            writer.byte(3)
            writer.string(message)
        }
        return Data(writer.bytes)
    }

    /// Throws on anything malformed (a worker's bytes are untrusted).
    init(decoding data: Data) throws(WireError) {
        var reader = WireReader([UInt8](data))
        switch try reader.byte() {
        case 0: self = .ready
        case 1:
            let count = try reader.int()
            guard (0...100_000).contains(count) else { throw WireError() }
            var records: [PhotoRecord] = []
            for _ in 0..<count { records.append(try PhotoRecord(from: &reader)) }
            self = .photos(records)
        case 2:
            self = .image(
                PixelLayout(
                    width: try reader.int(), height: try reader.int(), rowStride: try reader.int(),
                    hasAlpha: try reader.bool()))
        case 3: self = .error(try reader.string())
        default: throw WireError()
        }
        guard reader.isAtEnd else { throw WireError() }
    }
}

/// Bytes that are not a well-formed reply.
struct WireError: Error {}

/// Little-endian integers, IEEE doubles, length-prefixed UTF-8 strings, presence bytes for optionals.
struct WireWriter {
    private(set) var bytes: [UInt8] = []

    mutating func byte(_ value: UInt8) { bytes.append(value) }
    mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }
    mutating func int(_ value: Int) { uint64(UInt64(bitPattern: Int64(value))) }
    mutating func double(_ value: Double) { uint64(value.bitPattern) }
    mutating func string(_ value: String) {
        int(value.utf8.count)
        bytes.append(contentsOf: value.utf8)
    }
    mutating func optional<T>(_ value: T?, _ write: (inout WireWriter, T) -> Void) {
        bool(value != nil)
        if let value { write(&self, value) }
    }

    private mutating func uint64(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }
}

/// Reads what `WireWriter` wrote, checking every length against what is there.
struct WireReader {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { index == bytes.count }

    mutating func byte() throws(WireError) -> UInt8 {
        guard index < bytes.count else { throw WireError() }
        defer { index += 1 }
        return bytes[index]
    }
    mutating func bool() throws(WireError) -> Bool { try byte() != 0 }
    mutating func int() throws(WireError) -> Int { Int(truncatingIfNeeded: Int64(bitPattern: try uint64())) }
    mutating func double() throws(WireError) -> Double { Double(bitPattern: try uint64()) }
    mutating func string() throws(WireError) -> String {
        let count = try int()
        guard count >= 0, count <= bytes.count - index else { throw WireError() }
        defer { index += count }
        return String(decoding: bytes[index..<index + count], as: UTF8.self)
    }
    mutating func optional<T>(_ read: (inout WireReader) throws(WireError) -> T) throws(WireError) -> T? {
        try bool() ? try read(&self) : nil
    }

    private mutating func uint64() throws(WireError) -> UInt64 {
        guard bytes.count - index >= 8 else { throw WireError() }
        var value: UInt64 = 0
        for offset in 0..<8 { value |= UInt64(bytes[index + offset]) << UInt64(8 * offset) }
        index += 8
        return value
    }
}

/// The fields of a `Photo` a worker read from a file (the path, size and modification
/// time are the app's own: it asked for them).
struct PhotoRecord: Equatable, Sendable {
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
    var fingerprint: Int64?

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
        fingerprint = photo.identity?.fingerprint
    }

    func write(to writer: inout WireWriter) {
        for text in [taken, takenSource, make, model, lens, exposure] { writer.optional(text) { $0.string($1) } }
        for number in [aperture, focalLength, latitude, longitude, altitude] { writer.optional(number) { $0.double($1) } }
        writer.optional(iso) { $0.int($1) }
        for value in [width, height, orientation, rating] { writer.int(value) }
        writer.bool(isRejected)
        writer.int(keywords.count)
        for keyword in keywords { writer.string(keyword) }
        writer.optional(error) { $0.string($1) }
        writer.optional(fingerprint) { $0.int(Int($1)) }
    }

    init(from reader: inout WireReader) throws(WireError) {
        func text() throws(WireError) -> String? { try reader.optional { (r: inout WireReader) throws(WireError) in try r.string() } }
        func number() throws(WireError) -> Double? { try reader.optional { (r: inout WireReader) throws(WireError) in try r.double() } }
        taken = try text()
        takenSource = try text()
        make = try text()
        model = try text()
        lens = try text()
        exposure = try text()
        aperture = try number()
        focalLength = try number()
        latitude = try number()
        longitude = try number()
        altitude = try number()
        iso = try reader.optional { (r: inout WireReader) throws(WireError) in try r.int() }
        width = try reader.int()
        height = try reader.int()
        orientation = try reader.int()
        rating = try reader.int()
        isRejected = try reader.bool()
        let count = try reader.int()
        guard (0...100_000).contains(count) else { throw WireError() }
        keywords = []
        for _ in 0..<count { keywords.append(try reader.string()) }
        error = try text()
        fingerprint = try reader.optional { (r: inout WireReader) throws(WireError) in Int64(try r.int()) }
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
        photo.identity = fingerprint.map { FileIdentity(device: 0, inode: 0, fingerprint: $0) }
        return photo.validated()
    }
}
