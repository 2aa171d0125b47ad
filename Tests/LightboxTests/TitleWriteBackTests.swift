import Foundation
import Gtk
import GtkTestSupport
import LightboxMedia
import XCTest

@testable import Lightbox

/// A title and a caption set in Lightbox: undoable, kept by the catalog, and written back
/// where other apps read them first, checked with the `exiv2` CLI.
final class TitleWriteBackTests: GtkTestCase {
    private var folder = ""

    override func setUp() {
        super.setUp()
        MainActor.assumeIsolated { folder = LibraryFixtures.temporaryFolder(self, name: "titles") }
    }

    /// A copy of the first sample as `name`, with `commands` applied by `exiv2 -M`.
    private func photo(_ name: String, _ commands: [String] = []) throws -> String {
        try LibraryFixtures.sampleCopy(name, in: folder, applying: commands)
    }

    private func openStore() throws -> CatalogStore {
        try writeBackStore(over: folder, catalogPath: LibraryFixtures.temporaryFolder(self, name: "catalog") + "/catalog.sqlite")
    }

    /// Waits for every edit to be written back, no notice said.
    private func writtenBackSayingNothing(_ store: CatalogStore, file: StaticString = #filePath, line: UInt = #line) {
        writtenBack(store, file: file, line: line)
        XCTAssertNil(store.notice, file: file, line: line)
    }

    func testATitleAndACaptionAreWrittenWhereOtherAppsReadThemAndUndone() throws {
        let plain = try photo("plain.jpg")
        let iPhoto = try photo("iphoto.jpg", ["set Iptc.Application2.ObjectName Old", "set Iptc.Application2.Caption Old caption"])
        let shotwell = try photo(
            "shotwell.jpg", ["set Iptc.Application2.Caption Old title", "set Exif.Photo.UserComment charset=Ascii Old comment"])
        let store = try openStore()
        XCTAssertEqual(store.photo(iPhoto)?.title, "Old")
        XCTAssertEqual(store.photo(shotwell)?.caption, "Old comment")

        let edit = try store.edit([plain, iPhoto, shotwell]) {
            $0.set(title: "  Lofoten, first light \n")
            $0.set(caption: "Reine from the bridge.\nA cold morning.\n")
        }
        XCTAssertEqual(store.photo(plain)?.title, "Lofoten, first light", "one line, trimmed")
        XCTAssertEqual(store.photo(plain)?.caption, "Reine from the bridge.\nA cold morning.")
        writtenBackSayingNothing(store)
        for path in [plain, iPhoto, shotwell] {
            let tags = try LibraryFixtures.exiv2Tags(path)
            XCTAssertEqual(tags["Xmp.dc.title"], #"lang="x-default" Lofoten, first light"#, path)
            let read = try ImageMetadataReader.read(path: path)
            XCTAssertEqual(read.title, "Lofoten, first light", path)
            XCTAssertEqual(read.caption, "Reine from the bridge.\nA cold morning.", path)
            XCTAssertEqual(try store.catalog.photo(at: path)?.title, "Lofoten, first light", path)
        }
        XCTAssertEqual(try LibraryFixtures.exiv2Tags(iPhoto)["Iptc.Application2.ObjectName"], "Lofoten, first light")
        XCTAssertEqual(try LibraryFixtures.exiv2Tags(shotwell)["Iptc.Application2.Caption"], "Lofoten, first light")
        XCTAssertEqual(
            try LibraryFixtures.exiv2Tags(shotwell)["Exif.Photo.UserComment"], "charset=Unicode Reine from the bridge.",
            "Shotwell's comment (its first line: exiv2 prints one a line)")
        XCTAssertNil(try LibraryFixtures.exiv2Tags(plain)["Iptc.Application2.Caption"], "IPTC is not added")

        _ = try store.undo(edit)
        writtenBackSayingNothing(store)
        XCTAssertNil(store.photo(plain)?.title)
        XCTAssertNil(try LibraryFixtures.exiv2Tags(plain)["Xmp.dc.title"], "a title taken back leaves the file")
        let iPhotoRead = try ImageMetadataReader.read(path: iPhoto)
        XCTAssertEqual(iPhotoRead.title, "Old")
        XCTAssertEqual(iPhotoRead.caption, "Old caption")
        let shotwellRead = try ImageMetadataReader.read(path: shotwell)
        XCTAssertEqual(shotwellRead.title, "Old title")
        XCTAssertEqual(shotwellRead.caption, "Old comment")
    }

    func testAnIPhotoFileLosingItsTitleKeepsItsCaption() throws {
        let iPhoto = try photo("iphoto.jpg", ["set Iptc.Application2.ObjectName Old", "set Iptc.Application2.Caption A caption"])
        let store = try openStore()
        try store.edit([iPhoto]) { $0.set(title: " ") }
        writtenBackSayingNothing(store)
        let read = try ImageMetadataReader.read(path: iPhoto)
        XCTAssertNil(read.title, "its caption is not read as a title")
        XCTAssertEqual(read.caption, "A caption")
    }

    func testASearchFindsATitleOnceItIsSet() throws {
        let path = try photo("IMG_1.jpg")
        let store = try openStore()
        store.searchText = "lofoten"
        pump(until: { store.photos.isEmpty }, "nothing matches yet")
        try store.edit([path]) { $0.set(title: "Lofoten") }
        pump(until: { store.photos.map(\.id) == [path] }, "the titled photo is found")
    }
}
