import Foundation
import GRDB
import GtkTestSupport
import XCTest

@testable import Lightbox

/// The stored fields of a photo, declared once (`Photo.Fields.visitStored`), against the
/// catalog's schema and the places made from them.
final class PhotoFieldsTests: XCTestCase {
    /// A photo with every stored field set to something other than a new photo's value.
    private func everyFieldSet() -> Photo {
        var photo = Photo(path: "/photos/2024/IMG_1.jpg", fileSize: 32_772, modified: 1_700_000_000.5)
        photo.fileTaken = "2024-03-12T14:05:07"
        photo.fileTakenSource = .dateTime
        photo.make = "Canon"
        photo.model = "Canon EOS R5"
        photo.lens = "RF24-105mm F4 L IS USM"
        photo.exposure = "1/250"
        photo.aperture = 2.8
        photo.iso = 100
        photo.focalLength = 50
        photo.width = 640
        photo.height = 480
        photo.fileOrientation = 6
        photo.fileLatitude = 48.8584
        photo.fileLongitude = 2.2945
        photo.fileAltitude = 35
        photo.rating = 3
        photo.isRejected = true
        photo.keywords = ["Places|France|Paris", "家族"]
        photo.error = "the thumbnail can't be read"
        photo.identity = FileIdentity(device: 2049, inode: 1234, fingerprint: -77)
        return photo
    }

    /// A visit that lists every stored field with its value's column type.
    private struct Declared: StoredFieldVisitor {
        var fields: [(name: String, type: String, optional: Bool, places: FieldPlaces)] = []
        mutating func visit<Value: StoredValue>(_ field: StoredField<Value>) {
            fields.append((field.name, Value.columnType.rawValue.uppercased(), Value.isOptional, field.places))
        }
    }

    func testEveryStoredColumnIsInTheCatalogWithItsTypeAndNoOtherFieldIs() throws {
        let catalog = try Catalog(path: LibraryFixtures.temporaryFolder(self, name: "catalog") + "/catalog.sqlite")
        let table = try catalog.database.read { db in try db.columns(in: "photo") }
        var declared = Declared()
        Photo.Fields.visitStored(&declared)
        for field in declared.fields where field.places.contains(.column) {
            let column = try XCTUnwrap(table.first { $0.name == field.name }, "\(field.name) has no column")
            XCTAssertEqual(column.type, field.type, field.name)
            // A path is NULL only for a missing photo whose place another file took, never read as a photo.
            XCTAssertEqual(column.isNotNull, !field.optional && field.name != "path", field.name)
        }
        // The others are the row's own (its id, when its file went missing) and the file's identity.
        XCTAssertEqual(
            Set(table.map(\.name)).subtracting(declared.fields.filter { $0.places.contains(.column) }.map(\.name)),
            ["id", "device", "inode", "fingerprint", "missingSince"])
    }

    func testAPhotoComesBackFromTheCatalogAsItWasSaved() throws {
        let catalog = try Catalog(path: LibraryFixtures.temporaryFolder(self, name: "catalog") + "/catalog.sqlite")
        let photo = everyFieldSet()
        try catalog.restore([photo])
        XCTAssertEqual(try catalog.photo(at: photo.path), photo)
        XCTAssertEqual(try catalog.photos(in: "/photos"), [photo])
    }

    func testAWorkersReplyCarriesWhatTheFileSaysAndNothingOfTheApps() throws {
        let photo = everyFieldSet()
        var writer = WireWriter()
        PhotoRecord(photo).write(to: &writer)
        var reader = WireReader(writer.bytes)
        let record = try PhotoRecord(from: &reader)
        XCTAssertTrue(reader.isAtEnd)
        let stamp = FileStamp(size: 9, modified: 8)
        var expected = photo
        expected.fileSize = 9
        expected.modified = 8
        expected.identity = FileIdentity(device: 0, inode: 0, fingerprint: -77)
        XCTAssertEqual(record.photo(path: photo.path, stamp: stamp), expected)
        XCTAssertEqual(record.photo(path: "/elsewhere.jpg", stamp: stamp).path, "/elsewhere.jpg")
    }

    func testCopiesShareTheirFieldsUntilOneChanges() {
        let photo = everyFieldSet()
        var copy = photo
        XCTAssertEqual(copy, photo)
        copy.rating = 5
        copy.keywords.append("more")
        XCTAssertEqual(photo.rating, 3)
        XCTAssertEqual(photo.keywords, ["Places|France|Paris", "家族"])
        XCTAssertNotEqual(copy, photo)
        copy.rating = 3
        copy.keywords.removeLast()
        XCTAssertEqual(copy, photo)
        XCTAssertEqual(copy.hashValue, photo.hashValue)
    }
}
