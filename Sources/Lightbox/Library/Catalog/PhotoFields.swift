import Foundation
import GRDB

extension Photo.Fields {
    /// Every stored field of a photo, once: where it is in `Photo.Fields`, its name (the
    /// catalog's column, and in snake case its `--list` key: `focalLength` is
    /// `focal_length`) and where it goes. The catalog's `photo` columns and rows
    /// (`Catalog.photoColumns`, `Photo.Fields(row:)`), a worker's reply (`PhotoRecord`)
    /// and the `--list` line (`PhotoListing`) are all made from this list, in its order.
    ///
    /// A new field is its property in `Photo.Fields` and one line here; then where it
    /// comes from in the file (`Photo.Fields.apply(_:)`, checked in `validated()`), how
    /// the details pane shows it (`DetailItem`) and a migration adding its column, of the
    /// type its `StoredValue` gives (`PhotoFieldsTests` checks that the two agree).
    ///
    /// A visit rather than an array of fields: each `visit` is specialized for its value's
    /// type and sees its key path as a literal, so the optimizer turns reading a catalog
    /// row through it into the same direct stores a decoder written field by field makes
    /// (reading 100,000 rows is on the app's start path). The file's identity (device,
    /// inode, fingerprint) spans three columns, of which a worker sends back only the
    /// fingerprint: `Photo.Fields(row:)` and `PhotoRecord` handle it beside this list.
    static func visitStored<Visitor: StoredFieldVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) {
        // The app's own: it asks a worker for a file it found, with its size and time.
        try visitor.visit(StoredField("path", \.path, [.column, .listed]))
        try visitor.visit(StoredField("fileSize", \.fileSize, [.column, .listed]))
        try visitor.visit(StoredField("modified", \.modified, [.column]))
        try visitor.visit(StoredField("taken", \.fileTaken))
        try visitor.visit(StoredField("takenSource", \.fileTakenSource))
        try visitor.visit(StoredField("make", \.make))
        try visitor.visit(StoredField("model", \.model))
        try visitor.visit(StoredField("lens", \.lens))
        try visitor.visit(StoredField("exposure", \.exposure))
        try visitor.visit(StoredField("aperture", \.aperture))
        try visitor.visit(StoredField("iso", \.iso))
        try visitor.visit(StoredField("focalLength", \.focalLength))
        try visitor.visit(StoredField("width", \.width))
        try visitor.visit(StoredField("height", \.height))
        try visitor.visit(StoredField("orientation", \.fileOrientation))
        try visitor.visit(StoredField("latitude", \.fileLatitude))
        try visitor.visit(StoredField("longitude", \.fileLongitude))
        try visitor.visit(StoredField("altitude", \.fileAltitude))
        try visitor.visit(StoredField("rating", \.rating, [.column, .file, .listed, .person]))
        try visitor.visit(StoredField("error", \.error))
        try visitor.visit(StoredField("rejected", \.isRejected, [.column, .file, .listed, .person]))
        try visitor.visit(StoredField("title", \.title, [.column, .file, .listed, .person]))
        try visitor.visit(StoredField("caption", \.caption, [.column, .file, .listed, .person]))
        try visitor.visit(StoredField("takenOffset", \.fileTakenOffset))
        try visitor.visit(StoredField("takenSubsecond", \.fileTakenSubsecond, [.column, .file]))
        try visitor.visit(StoredField("duration", \.duration))
        try visitor.visit(StoredField("codec", \.codec))
        try visitor.visit(StoredField("frameRate", \.frameRate))
        try visitor.visit(StoredField("contentIdentifier", \.contentIdentifier, [.column, .file]))
        try visitor.visit(StoredField("motionLength", \.motionLength, [.column, .file]))
        // What the person corrected: kept in the catalog, listed as what is shown (`asShown`).
        try visitor.visit(StoredField("correctedOrientation", \.correctedOrientation, [.column, .person]))
        try visitor.visit(StoredField("correctedTaken", \.correctedTaken, [.column, .person]))
        try visitor.visit(StoredField("correctedTakenOffset", \.correctedTakenOffset, [.column, .person]))
        try visitor.visit(StoredField("correctedPlace", \.correctedPlace, [.column, .person]))
        // In the catalog's keyword tables (Catalog+Keywords.swift), not a column.
        try visitor.visit(StoredField("keywords", \.keywords, [.file, .listed, .person]))
    }
}

/// Where a stored field goes.
struct FieldPlaces: OptionSet, Sendable {
    let rawValue: Int

    /// A column of the catalog's `photo` table, of the field's name.
    static let column = FieldPlaces(rawValue: 1 << 0)
    /// Read from the file: a worker sends it back (`PhotoRecord`).
    static let file = FieldPlaces(rawValue: 1 << 1)
    /// A key of `lightbox --list`.
    static let listed = FieldPlaces(rawValue: 1 << 2)
    /// The person's: once a photo is in the catalog, the catalog keeps its value when the
    /// file is read again (`Catalog.save`).
    static let person = FieldPlaces(rawValue: 1 << 3)

    static let everywhere: FieldPlaces = [.column, .file, .listed]
}

/// A stored field of a photo (see `Photo.Fields.visitStored`).
struct StoredField<Value: StoredValue> {
    let name: String
    let keyPath: WritableKeyPath<Photo.Fields, Value>
    let places: FieldPlaces

    init(_ name: String, _ keyPath: WritableKeyPath<Photo.Fields, Value>, _ places: FieldPlaces = .everywhere) {
        self.name = name
        self.keyPath = keyPath
        self.places = places
    }

    /// The `--list` key: the name in snake case.
    var listKey: String {
        var key = ""
        for character in name {
            if character.isUppercase { key += "_" + character.lowercased() } else { key.append(character) }
        }
        return key
    }
}

/// Something done with each stored field in turn: reading a catalog row, writing a
/// worker's reply, listing a photo. `Failure` is `Never` for a visit that can't fail.
/// A visit done for every photo marks `visit` `@inline(__always)`: inlined at each line of
/// `visitStored`, its key path is a literal and reaching the field a plain load or store
/// (called, it would go through the key path at run time).
protocol StoredFieldVisitor {
    associatedtype Failure: Error
    mutating func visit<Value: StoredValue>(_ field: StoredField<Value>) throws(Failure)
}

/// A value a stored field holds: how the catalog keeps it (GRDB), how a worker sends it
/// (`WireWriter`), how `--list` shows it (JSON).
protocol StoredValue: Hashable, Sendable, Encodable {
    /// The column's type.
    static var columnType: Database.ColumnType { get }
    /// Whether the column holds NULL for an unknown value.
    static var isOptional: Bool { get }
    /// The value in the column at `index` of a catalog row. Throws on an unexpected NULL or
    /// type, never traps.
    static func decode(_ row: GRDB.Row, atIndex index: Int) throws -> Self
    /// The value of an optional field's column: nil for NULL (or a value this version does not know).
    static func decodeIfKnown(_ row: GRDB.Row, atIndex index: Int) throws -> Self?
    /// The value as the catalog keeps it.
    var catalogValue: DatabaseValue { get }
    func write(to writer: inout WireWriter)
    /// Throws on anything malformed: a worker's bytes are untrusted.
    static func read(from reader: inout WireReader) throws(WireError) -> Self
    /// An optional field's value as a worker sent it: nil for one this version does not know.
    static func readIfKnown(from reader: inout WireReader) throws(WireError) -> Self?
    /// The value as `--list` shows it: nil for unknown (a number that is not finite, which
    /// JSON can't hold).
    var listed: Self? { get }
}

extension StoredValue {
    static var isOptional: Bool { false }
    static func decodeIfKnown(_ row: GRDB.Row, atIndex index: Int) throws -> Self? {
        row.hasNull(atIndex: index) ? nil : try decode(row, atIndex: index)
    }
    static func readIfKnown(from reader: inout WireReader) throws(WireError) -> Self? {
        try read(from: &reader)
    }
    var listed: Self? { self }
}

extension StoredValue where Self: DatabaseValueConvertible & StatementColumnConvertible {
    static func decode(_ row: GRDB.Row, atIndex index: Int) throws -> Self { try row.decode(Self.self, atIndex: index) }
    static func decodeIfKnown(_ row: GRDB.Row, atIndex index: Int) throws -> Self? { try row.decode(Self?.self, atIndex: index) }
    var catalogValue: DatabaseValue { databaseValue }
}

extension String: StoredValue {
    static var columnType: Database.ColumnType { .text }
    func write(to writer: inout WireWriter) { writer.string(self) }
    static func read(from reader: inout WireReader) throws(WireError) -> String { try reader.string() }
}

extension Int: StoredValue {
    static var columnType: Database.ColumnType { .integer }
    func write(to writer: inout WireWriter) { writer.int(self) }
    static func read(from reader: inout WireReader) throws(WireError) -> Int { try reader.int() }
}

extension Int64: StoredValue {
    static var columnType: Database.ColumnType { .integer }
    func write(to writer: inout WireWriter) { writer.int(Int(self)) }
    static func read(from reader: inout WireReader) throws(WireError) -> Int64 { Int64(try reader.int()) }
}

extension Double: StoredValue {
    static var columnType: Database.ColumnType { .double }
    func write(to writer: inout WireWriter) { writer.double(self) }
    static func read(from reader: inout WireReader) throws(WireError) -> Double { try reader.double() }
    var listed: Double? { isFinite ? self : nil }
}

extension Bool: StoredValue {
    static var columnType: Database.ColumnType { .boolean }
    func write(to writer: inout WireWriter) { writer.bool(self) }
    static func read(from reader: inout WireReader) throws(WireError) -> Bool { try reader.bool() }
}

extension TakenSource: StoredValue, Encodable {
    static var columnType: Database.ColumnType { .text }
    static func decode(_ row: GRDB.Row, atIndex index: Int) throws -> TakenSource {
        let text = try row.decode(String.self, atIndex: index)
        guard let source = TakenSource(rawValue: text) else {
            throw DatabaseError(message: "unknown takenSource \(text)")
        }
        return source
    }
    static func decodeIfKnown(_ row: GRDB.Row, atIndex index: Int) throws -> TakenSource? {
        try row.decode(String?.self, atIndex: index).flatMap(TakenSource.init(rawValue:))
    }
    var catalogValue: DatabaseValue { rawValue.databaseValue }
    func write(to writer: inout WireWriter) { writer.string(rawValue) }
    static func read(from reader: inout WireReader) throws(WireError) -> TakenSource {
        guard let source = TakenSource(rawValue: try reader.string()) else { throw WireError() }
        return source
    }
    static func readIfKnown(from reader: inout WireReader) throws(WireError) -> TakenSource? {
        TakenSource(rawValue: try reader.string())
    }
}

/// A corrected place as text: "" for a place removed, "latitude,longitude" for one given.
extension PlaceCorrection: StoredValue, Encodable {
    static var columnType: Database.ColumnType { .text }

    var text: String {
        switch self {
        case .removed: ""
        case .at(let latitude, let longitude): "\(latitude),\(longitude)"
        }
    }

    init?(text: String) {
        if text.isEmpty {
            self = .removed
            return
        }
        let parts = text.split(separator: ",")
        guard parts.count == 2, let latitude = Double(parts[0]), let longitude = Double(parts[1]),
            (-90...90).contains(latitude), (-180...180).contains(longitude)
        else { return nil }
        self = .at(latitude: latitude, longitude: longitude)
    }

    static func decode(_ row: GRDB.Row, atIndex index: Int) throws -> PlaceCorrection {
        let text = try row.decode(String.self, atIndex: index)
        guard let place = PlaceCorrection(text: text) else { throw DatabaseError(message: "unknown place \(text)") }
        return place
    }
    static func decodeIfKnown(_ row: GRDB.Row, atIndex index: Int) throws -> PlaceCorrection? {
        try row.decode(String?.self, atIndex: index).flatMap(PlaceCorrection.init(text:))
    }
    var catalogValue: DatabaseValue { text.databaseValue }
    func write(to writer: inout WireWriter) { writer.string(text) }
    static func read(from reader: inout WireReader) throws(WireError) -> PlaceCorrection {
        guard let place = PlaceCorrection(text: try reader.string()) else { throw WireError() }
        return place
    }
    static func readIfKnown(from reader: inout WireReader) throws(WireError) -> PlaceCorrection? {
        PlaceCorrection(text: try reader.string())
    }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}

/// Keywords: one per line, NULL for none, when read as one value (`Catalog.keywordsSelection`).
extension [String]: StoredValue {
    static var columnType: Database.ColumnType { .text }
    static func decode(_ row: GRDB.Row, atIndex index: Int) throws -> [String] {
        try row.decode(String?.self, atIndex: index)?.split(separator: "\n").map(String.init) ?? []
    }
    var catalogValue: DatabaseValue { isEmpty ? .null : joined(separator: "\n").databaseValue }
    func write(to writer: inout WireWriter) {
        writer.int(count)
        for keyword in self { writer.string(keyword) }
    }
    static func read(from reader: inout WireReader) throws(WireError) -> [String] {
        let count = try reader.int()
        guard (0...100_000).contains(count) else { throw WireError() }
        var keywords: [String] = []
        for _ in 0..<count { keywords.append(try reader.string()) }
        return keywords
    }
}

extension Optional: StoredValue where Wrapped: StoredValue {
    static var columnType: Database.ColumnType { Wrapped.columnType }
    static var isOptional: Bool { true }
    static func decode(_ row: GRDB.Row, atIndex index: Int) throws -> Wrapped? {
        try Wrapped.decodeIfKnown(row, atIndex: index)
    }
    var catalogValue: DatabaseValue { self?.catalogValue ?? .null }
    func write(to writer: inout WireWriter) { writer.optional(self) { $1.write(to: &$0) } }
    static func read(from reader: inout WireReader) throws(WireError) -> Wrapped? {
        try reader.bool() ? try Wrapped.readIfKnown(from: &reader) : nil
    }
    var listed: Wrapped?? { .some(self.flatMap { $0.listed }) }
}
