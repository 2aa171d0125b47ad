import Foundation
import XCTest

@testable import Lightbox
@testable import LightboxMedia

/// Titles and captions other apps wrote (Shotwell, iPhoto, Lightroom, darktable), in files
/// made with the `exiv2` CLI: read in Shotwell's order, kept by the catalog, listed, found.
final class TitleAndCaptionTests: XCTestCase {
    private var folder = ""

    override func setUp() {
        super.setUp()
        folder = LibraryFixtures.temporaryFolder(self, name: "titles")
    }

    /// A copy of the first sample as `name`, with `commands` applied by `exiv2 -M`.
    private func photo(_ name: String, _ commands: [String]) throws -> String {
        try LibraryFixtures.sampleCopy(name, in: folder, applying: commands)
    }

    private func read(_ name: String, _ commands: [String]) throws -> (title: String?, caption: String?) {
        let metadata = try ImageMetadataReader.read(path: try photo(name, commands))
        return (metadata.title, metadata.caption)
    }

    func testATitleIsTheFirstOfShotwellsTagsAndACameraNameIsNone() throws {
        let cases: [(commands: [String], title: String?)] = [
            (["set Iptc.Application2.Caption Geysir at dawn"], "Geysir at dawn"),
            (["set Xmp.dc.title lang=x-default Tromsø"], "Tromsø"),
            (["set Xmp.dc.title lang=nb-NO Nordlys", "set Xmp.dc.title lang=x-default Northern lights"], "Northern lights"),
            (["set Iptc.Application2.Headline Harbour"], "Harbour"),
            (["set Xmp.photoshop.Headline Market day"], "Market day"),
            (
                [
                    "set Xmp.photoshop.Headline Fourth", "set Iptc.Application2.Headline Third",
                    "set Xmp.dc.title lang=x-default Second", "set Iptc.Application2.Caption First",
                ], "First"
            ),
            (["set Exif.Image.ImageDescription OLYMPUS DIGITAL CAMERA"], nil),
            (["set Iptc.Application2.Caption   "], nil),
            (["set Iptc.Application2.Caption Two\nlines"], nil),
        ]
        for (index, (commands, title)) in cases.enumerated() {
            XCTAssertEqual(try read("title-\(index).jpg", commands).title, title, "\(commands)")
        }
    }

    func testIPhotosTitleAndCaptionAreItsOwnTags() throws {
        let iPhoto = try read(
            "iphoto.jpg",
            ["set Iptc.Application2.ObjectName Reykjavík", "set Iptc.Application2.Caption The old harbour at dawn."])
        XCTAssertEqual(iPhoto.title, "Reykjavík")
        XCTAssertEqual(iPhoto.caption, "The old harbour at dawn.")
    }

    func testACaptionIsTheDescriptionThenShotwellsCommentWithItsLines() throws {
        let described = try read(
            "described.jpg",
            [
                "set Xmp.dc.description lang=x-default Low tide.\nThe boats rest on the sand.",
                "set Exif.Photo.UserComment charset=Ascii A Shotwell comment",
            ])
        XCTAssertEqual(described.caption, "Low tide.\nThe boats rest on the sand.")
        XCTAssertNil(described.title)
        let commented = try read("commented.jpg", ["set Exif.Photo.UserComment charset=Ascii A Shotwell comment"])
        XCTAssertEqual(commented.caption, "A Shotwell comment")
        XCTAssertNil(try read("plain.jpg", []).caption)
    }

    func testASidecarsTitleWins() throws {
        let source = try photo("source.jpg", ["set Xmp.dc.title lang=x-default From the sidecar"])
        XCTAssertEqual(try LibraryFixtures.run("/usr/bin/exiv2", ["-eX", source]).status, 0)
        let path = try photo("IMG_1.jpg", ["set Xmp.dc.title lang=x-default Embedded", "set Xmp.dc.description lang=x-default Kept"])
        try FileManager.default.moveItem(atPath: folder + "/source.xmp", toPath: folder + "/IMG_1.xmp")
        let metadata = try ImageMetadataReader.read(path: path)
        XCTAssertEqual(metadata.title, "From the sidecar")
        XCTAssertEqual(metadata.caption, "Kept", "the sidecar says nothing of a caption")
    }

    /// Read by a scan, a title is in the catalog, found by search, and kept when the file
    /// is read again with another (the person's, as a rating is).
    func testATitleIsKeptListedAndFound() throws {
        let path = try photo(
            "IMG_2.jpg",
            ["set Xmp.dc.title lang=x-default Lofoten", "set Xmp.dc.description lang=x-default Reine from the bridge."])
        let catalog = try Catalog(path: folder + "/catalog.sqlite")
        _ = try CatalogSync(catalog: catalog).run(folder: folder)
        let saved = try XCTUnwrap(try catalog.photo(at: path))
        XCTAssertEqual(saved.title, "Lofoten")
        XCTAssertEqual(saved.caption, "Reine from the bridge.")
        XCTAssertEqual([saved].matching("lofoten").count, 1)
        XCTAssertEqual([saved].matching("bridge reine").count, 1)
        XCTAssertEqual([saved].matching("geiranger").count, 0)
        XCTAssertTrue(PhotoListing.line(for: saved).contains(#""title":"Lofoten""#))

        var reread = PhotoReader.read(path: path, stamp: FileStamp(size: saved.fileSize, modified: saved.modified))
        reread.title = "Another app's"
        try catalog.save([reread])
        XCTAssertEqual(try catalog.photo(at: path)?.title, "Lofoten")
    }
}
