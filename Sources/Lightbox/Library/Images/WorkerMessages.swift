import Foundation
import LightboxMedia

/// What the app asks a worker, one per message, in the same binary form as its answer
/// (`WireWriter`): decoding a request of 32 files as JSON cost a worker a tenth of its time.
struct WorkerRequest: Equatable, Sendable {
    enum Kind: UInt8, Sendable {
        /// Read `files`' metadata into `Photo`s (`PhotoReader.read`), one reply per file, in order.
        case read
        /// Decode `path`'s pixels at most `fitting` px a side; the pixels come back in a memfd.
        case decode
        /// Make `export`'s JPEG (`JPEGExport.render`); the file's bytes come back in a memfd.
        case export
    }

    struct File: Equatable, Sendable {
        var path: String
        var fileSize: Int64
        var modified: Double
        /// False when the file's folder holds no `.xmp` file (`PhotoReader.read`).
        var lookingForSidecar = true

        var stamp: FileStamp { FileStamp(size: fileSize, modified: modified) }

        init(path: String, fileSize: Int64, modified: Double, lookingForSidecar: Bool = true) {
            self.path = path
            self.fileSize = fileSize
            self.modified = modified
            self.lookingForSidecar = lookingForSidecar
        }

        init(path: String, stamp: FileStamp, lookingForSidecar: Bool = true) {
            self.init(path: path, fileSize: stamp.size, modified: stamp.modified, lookingForSidecar: lookingForSidecar)
        }
    }

    var kind: Kind
    var files: [File] = []
    var path: String = ""
    var fitting: Int = 0
    var maxPixels: Int = 0
    /// Off to leave out the files' fingerprints (`FileIdentity`), to measure what they cost.
    var fingerprinting = true
    /// Off to leave out a thumbnail decode's hash (`PerceptualHash`), to measure what it costs.
    var hashing = true
    /// The photo and settings of an `.export`.
    var export: ExportJob?

    func encoded() -> Data {
        var writer = WireWriter()
        writer.byte(kind.rawValue)
        writer.int(files.count)
        for file in files {
            writer.string(file.path)
            writer.int(Int(file.fileSize))
            writer.double(file.modified)
            writer.bool(file.lookingForSidecar)
        }
        writer.string(path)
        writer.int(fitting)
        writer.int(maxPixels)
        writer.bool(fingerprinting)
        writer.bool(hashing)
        writer.optional(export) { $1.write(to: &$0) }
        return Data(writer.bytes)
    }

    /// Throws on anything malformed.
    init(decoding data: Data) throws(WireError) {
        var reader = WireReader([UInt8](data))
        guard let kind = Kind(rawValue: try reader.byte()) else { throw WireError() }
        self.kind = kind
        let count = try reader.int()
        guard (0...100_000).contains(count) else { throw WireError() }
        for _ in 0..<count {
            files.append(
                File(
                    path: try reader.string(), fileSize: Int64(try reader.int()), modified: try reader.double(),
                    lookingForSidecar: try reader.bool()))
        }
        path = try reader.string()
        fitting = try reader.int()
        maxPixels = try reader.int()
        fingerprinting = try reader.bool()
        hashing = try reader.bool()
        export = try reader.optional { (r: inout WireReader) throws(WireError) in try ExportJob(from: &r) }
        guard reader.isAtEnd else { throw WireError() }
    }

    init(kind: Kind, files: [File] = [], path: String = "", fitting: Int = 0, maxPixels: Int = 0) {
        self.kind = kind
        self.files = files
        self.path = path
        self.fitting = fitting
        self.maxPixels = maxPixels
    }
}

/// A worker's answer, in a compact binary form (`WireWriter`): one goes back per file
/// read, and Codable JSON cost more per file than reading its metadata.
enum WorkerReply: Equatable {
    /// The first message of a new worker.
    case ready
    /// The photos read, one per file asked for, in order.
    case photos([PhotoRecord])
    /// Decoded pixels, in the memfd that comes with the message, and the picture's hash
    /// when they are a thumbnail's (`PerceptualHash.thumbnailSide`).
    case image(PixelLayout, PerceptualHash?)
    case error(String)
    /// A finished file of this many bytes, in the memfd that comes with the message.
    case file(Int)

    func encoded() -> Data {
        var writer = WireWriter()
        switch self {
        case .ready: writer.byte(0)
        case .photos(let records):
            writer.byte(1)
            writer.int(records.count)
            for record in records { record.write(to: &writer) }
        case .image(let layout, let hash):
            writer.byte(2)
            for value in [layout.width, layout.height, layout.rowStride] { writer.int(value) }
            writer.bool(layout.hasAlpha)
            writer.optional(hash) { writer, hash in
                writer.int(Int(bitPattern: UInt(hash.bits)))
                writer.int(hash.detail)
            }
        case .error(let message):
            writer.byte(3)
            writer.string(message)
        case .file(let count):
            writer.byte(4)
            writer.int(count)
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
                    hasAlpha: try reader.bool()),
                try reader.optional { (r: inout WireReader) throws(WireError) in
                    PerceptualHash(bits: UInt64(UInt(bitPattern: try r.int())), detail: try r.int())
                })
        case 3: self = .error(try reader.string())
        case 4: self = .file(try reader.int())
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

/// The fields of a `Photo` a worker read from a file (`FieldPlaces.file`), and its
/// content fingerprint; the path, size and modification time are the app's own: it asked
/// for them.
struct PhotoRecord: Equatable, Sendable {
    /// Only the fields read from the file; the others as a new photo has them.
    private(set) var fields = Photo.Fields(path: "")
    private(set) var fingerprint: Int64?

    init(_ photo: Photo) {
        var copier = FileFieldCopier(from: photo.fields)
        Photo.Fields.visitStored(&copier)
        fields = copier.fields
        fingerprint = photo.identity?.fingerprint
    }

    func write(to writer: inout WireWriter) {
        // The bytes move into the visit and back, never shared (a copy would be made on the first write).
        var fieldWriter = FileFieldWriter(fields: fields, writer: WireWriter())
        swap(&fieldWriter.writer, &writer)
        Photo.Fields.visitStored(&fieldWriter)
        swap(&fieldWriter.writer, &writer)
        writer.optional(fingerprint) { $0.int(Int($1)) }
    }

    init(from reader: inout WireReader) throws(WireError) {
        var fieldReader = FileFieldReader(reader: reader)
        try Photo.Fields.visitStored(&fieldReader)
        reader = fieldReader.reader
        fields = fieldReader.fields
        fingerprint = try reader.optional { (r: inout WireReader) throws(WireError) in Int64(try r.int()) }
    }

    /// The photo at `path` with these fields; checked again here, as anything a worker says is untrusted.
    func photo(path: String, stamp: FileStamp) -> Photo {
        var photo = Photo(fields)
        photo.path = path
        photo.fileSize = stamp.size
        photo.modified = stamp.modified
        photo.identity = fingerprint.map { FileIdentity(device: 0, inode: 0, fingerprint: $0) }
        return photo.validated()
    }

    private struct FileFieldCopier: StoredFieldVisitor {
        let from: Photo.Fields
        var fields = Photo.Fields(path: "")

        @inline(__always)
        mutating func visit<Value: StoredValue>(_ field: StoredField<Value>) {
            if field.places.contains(.file) { fields[keyPath: field.keyPath] = from[keyPath: field.keyPath] }
        }
    }

    private struct FileFieldWriter: StoredFieldVisitor {
        let fields: Photo.Fields
        var writer: WireWriter

        @inline(__always)
        mutating func visit<Value: StoredValue>(_ field: StoredField<Value>) {
            if field.places.contains(.file) { fields[keyPath: field.keyPath].write(to: &writer) }
        }
    }

    private struct FileFieldReader: StoredFieldVisitor {
        var reader: WireReader
        var fields = Photo.Fields(path: "")

        @inline(__always)
        mutating func visit<Value: StoredValue>(_ field: StoredField<Value>) throws(WireError) {
            if field.places.contains(.file) { fields[keyPath: field.keyPath] = try Value.read(from: &reader) }
        }
    }
}
