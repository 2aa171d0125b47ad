import Foundation
import GRDB

extension Catalog {
    /// The `photo` table's columns a photo fills, in order: its stored fields'
    /// (`Photo.Fields.visitStored`), then its file's identity.
    static let photoColumns: [String] = {
        var names = ColumnNames()
        Photo.Fields.visitStored(&names)
        return names.names + ["device", "inode", "fingerprint"]
    }()

    /// What a photo's row holds as read, in order: `photoColumns`, then its keywords (one
    /// per line, from the keyword tables).
    static let columns = photoColumns + ["keywords"]

    /// `columns` as the `SELECT` list of a query on the `photo` table.
    static let columnList = photoColumns.joined(separator: ", ") + ", \(keywordsSelection) AS keywords"

    /// The columns of the person's fields (stars, reject), which a file read again never changes.
    static let personColumns: [String] = {
        var names = ColumnNames(person: true)
        Photo.Fields.visitStored(&names)
        return names.names
    }()

    private struct ColumnNames: StoredFieldVisitor {
        /// Only the person's fields' columns.
        var person = false
        var names: [String] = []

        mutating func visit<Value: StoredValue>(_ field: StoredField<Value>) {
            if field.places.contains(.column) && (!person || field.places.contains(.person)) { names.append(field.name) }
        }
    }
}

extension Photo.Fields {
    /// The fields in a row's first columns, `Catalog.photoColumns` (keywords aside).
    init(row: Row) throws {
        self.init(path: "")
        var reader = RowReader(row: row)
        // The fields move into the visit and back, never copied (each copy retains every text).
        swap(&self, &reader.fields)
        try Photo.Fields.visitStored(&reader)
        swap(&self, &reader.fields)
        let index = reader.index
        if let inode = try row.decode(Int64?.self, atIndex: index + 1) {
            identity = FileIdentity(
                device: UInt64(bitPattern: try row.decode(Int64?.self, atIndex: index) ?? 0), inode: UInt64(bitPattern: inode),
                fingerprint: try row.decode(atIndex: index + 2))
        }
    }

    private struct RowReader: StoredFieldVisitor {
        let row: Row
        var fields = Photo.Fields(path: "")
        var index = 0

        @inline(__always)
        mutating func visit<Value: StoredValue>(_ field: StoredField<Value>) throws {
            guard field.places.contains(.column) else { return }
            fields[keyPath: field.keyPath] = try Value.decode(row, atIndex: index)
            index += 1
        }
    }

    /// Takes the person's fields from `row`: their columns (`Catalog.personColumns`) from `index` on.
    mutating func takePersonFields(from row: Row, at index: Int) throws {
        var reader = PersonFieldReader(row: row, index: index, fields: self)
        try Photo.Fields.visitStored(&reader)
        self = reader.fields
    }

    private struct PersonFieldReader: StoredFieldVisitor {
        let row: Row
        var index: Int
        var fields: Photo.Fields

        @inline(__always)
        mutating func visit<Value: StoredValue>(_ field: StoredField<Value>) throws {
            guard field.places.isSuperset(of: [.column, .person]) else { return }
            fields[keyPath: field.keyPath] = try Value.decode(row, atIndex: index)
            index += 1
        }
    }
}

extension Photo: FetchableRecord, TableRecord {
    public static let databaseTableName = "photo"
    /// Always `Catalog.columns`, in that order: rows are read by position.
    public static var databaseSelection: [any SQLSelectable] {
        Catalog.photoColumns.map { Column($0) } + [SQL(sql: Catalog.keywordsSelection).forKey("keywords")]
    }

    /// A row of `Catalog.columns`, in order. Throwing decodes: an unexpected NULL or
    /// type is an error, never a trap.
    public init(row: Row) throws {
        var fields = try Photo.Fields(row: row)
        fields.keywords = try [String].decode(row, atIndex: Catalog.photoColumns.count)
        self.init(fields)
    }

    /// The values of `Catalog.photoColumns`, in order (as GRDB binds them fastest).
    var databaseValues: [(any DatabaseValueConvertible)?] {
        var writer = ValueWriter(photo: self)
        writer.values.reserveCapacity(Catalog.photoColumns.count)
        Photo.Fields.visitStored(&writer)
        let identity = self.identity
        writer.values += [
            identity.map { Int64(bitPattern: $0.device) }, identity.map { Int64(bitPattern: $0.inode) }, identity?.fingerprint,
        ]
        return writer.values
    }

    /// The columns and values of what the file says (every stored field's but the person's).
    var fileColumnValues: [(column: String, value: (any DatabaseValueConvertible)?)] {
        var writer = ValueWriter(photo: self, leavingOutPerson: true)
        Photo.Fields.visitStored(&writer)
        return Array(zip(writer.names, writer.values))
    }

    private struct ValueWriter: StoredFieldVisitor {
        let photo: Photo
        var leavingOutPerson = false
        /// The columns' names, when leaving out the person's.
        var names: [String] = []
        var values: [(any DatabaseValueConvertible)?] = []

        @inline(__always)
        mutating func visit<Value: StoredValue>(_ field: StoredField<Value>) {
            guard field.places.contains(.column), !(leavingOutPerson && field.places.contains(.person)) else { return }
            if leavingOutPerson { names.append(field.name) }
            values.append(photo[dynamicMember: field.keyPath].catalogValue)
        }
    }
}
