import Foundation
import GtkTestSupport
import LightboxMedia
import XCTest

@testable import Lightbox

/// A place set on photos by a city's name, and removed before sharing: shown at once, undoable,
/// written into the GPS tags (checked with the `exiv2` CLI), and gone from the file when removed.
final class PlaceWriteBackTests: GtkTestCase {
    private var folder = ""

    override func setUp() {
        super.setUp()
        MainActor.assumeIsolated { folder = LibraryFixtures.temporaryFolder(self, name: "places") }
    }

    private func openStore() throws -> CatalogStore {
        try writeBackStore(over: folder, catalogPath: LibraryFixtures.temporaryFolder(self, name: "catalog") + "/catalog.sqlite")
    }

    private func gpsTags(_ path: String) throws -> [String: String] {
        try LibraryFixtures.exiv2Tags(path).filter { $0.key.hasPrefix("Exif.GPSInfo.") || $0.key.hasPrefix("Xmp.exif.GPS") }
    }

    func testAPlaceSetByNameIsWrittenAndRemovedWithEveryGPSTag() throws {
        let plain = try LibraryFixtures.sampleCopy("plain.jpg", in: folder)
        let located = try LibraryFixtures.sampleCopy(
            "located.jpg", in: folder,
            applying: [
                "set Exif.GPSInfo.GPSLatitudeRef N", "set Exif.GPSInfo.GPSLatitude 48/1 51/1 2376/100",
                "set Exif.GPSInfo.GPSLongitudeRef E", "set Exif.GPSInfo.GPSLongitude 2/1 21/1 776/100",
                "set Exif.GPSInfo.GPSAltitude 35/1", "set Xmp.exif.GPSLatitude 48,51.396N",
            ])
        let store = try openStore()
        XCTAssertEqual(
            store.photo(located).flatMap(PhotoLocation.init).map { NearestPlace.name(latitude: $0.latitude, longitude: $0.longitude) },
            "Paris, France")

        let bergen = try XCTUnwrap(PlaceSearch.search("Bergen, Norway").first)
        let place = PlaceCorrection.at(latitude: bergen.latitude, longitude: bergen.longitude)
        try store.setPlace(place, of: [plain, located])
        XCTAssertEqual(store.photo(located)?.latitude, bergen.latitude, "shown at once")
        XCTAssertNil(store.photo(located)?.altitude, "the file's altitude went with its place")
        writtenBack(store)
        XCTAssertNil(store.notice)
        for path in [plain, located] {
            let tags = try gpsTags(path)
            XCTAssertEqual(tags["Exif.GPSInfo.GPSLatitudeRef"], "N", path)
            XCTAssertEqual(tags["Exif.GPSInfo.GPSLongitudeRef"], "E", path)
            let read = try ImageMetadataReader.read(path: path)
            XCTAssertEqual(try XCTUnwrap(read.latitude, path), bergen.latitude, accuracy: 1e-5, path)
            XCTAssertEqual(try XCTUnwrap(read.longitude, path), bergen.longitude, accuracy: 1e-5, path)
            XCTAssertNil(tags["Exif.GPSInfo.GPSAltitude"], "no altitude left from the old place: \(path)")
        }
        XCTAssertEqual(
            store.photo(plain).map { NearestPlace.name(latitude: $0.latitude ?? 0, longitude: $0.longitude ?? 0) }, "Bergen, Norway")

        let removal = try store.setPlace(.removed, of: [plain, located])
        XCTAssertNil(store.photo(located)?.latitude, "no place shown")
        writtenBack(store)
        XCTAssertNil(store.notice)
        XCTAssertEqual(try gpsTags(plain), [:], "every GPS tag is gone")
        XCTAssertEqual(try gpsTags(located), [:], "every GPS tag is gone")
        store.searchText = "place:yes"
        pump(until: { store.photos.isEmpty }, "no photo has a place")

        _ = try store.undo(removal)
        pump(until: { store.photos.count == 2 }, "undone: both have their place again")
        writtenBack(store)
        XCTAssertEqual(try gpsTags(located)["Exif.GPSInfo.GPSLatitudeRef"], "N", "written back")
    }
}
