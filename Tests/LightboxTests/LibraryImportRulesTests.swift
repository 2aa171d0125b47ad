import Foundation
import XCTest

@testable import Lightbox

/// What comes across of one photo, and which folders are offered for photos outside the library.
final class LibraryImportRulesTests: XCTestCase {
    func testTheOtherAppsValuesReplaceLightboxsOnlyWhereItHasOneAndKeywordsAreAdded() {
        let mine = PhotoMetadata(rating: 3, isRejected: true, keywords: ["Oslo", "places|norway"], title: "Mine", caption: "My words")
        XCTAssertEqual(
            LibraryImportRules.merged(mine, with: OtherPhoto(path: "/p.jpg", title: "  ", caption: "\n"), file: nil),
            mine, "no stars, no reject, blank text: Lightbox's stay")
        XCTAssertEqual(
            LibraryImportRules.merged(
                mine,
                with: OtherPhoto(
                    path: "/p.jpg", rating: 5, keywords: ["Places|Norway", "Places|Norway|Bergen"], title: " Bryggen\ni Bergen ",
                    caption: " Tidlig\nmorgen ", colorLabels: [.blue, .red]), file: nil),
            PhotoMetadata(
                rating: 5, isRejected: true,
                keywords: ["Oslo", "places|norway", "Places|Norway|Bergen", "Color Label|Blue", "Color Label|Red"],
                title: "Bryggen i Bergen", caption: "Tidlig\nmorgen"))
        XCTAssertEqual(
            LibraryImportRules.merged(PhotoMetadata(), with: OtherPhoto(path: "/p.jpg", rejected: true), file: nil).isRejected, true)
        XCTAssertEqual(
            ColorLabel.allCases.map(\.keyword),
            ["Color Label|Red", "Color Label|Yellow", "Color Label|Green", "Color Label|Blue", "Color Label|Purple"])
    }

    func testATurnOrAPlaceFromTheOtherAppComesAcrossWhenTheFileSaysOtherwiseAndLightboxCorrectedNothing() {
        var file = Photo(path: "/p.jpg")
        file.fileOrientation = 6
        (file.fileLatitude, file.fileLongitude) = (60.39, 5.32)
        let bergen = PlaceCorrection.at(latitude: 60.39, longitude: 5.32)
        let oslo = PlaceCorrection.at(latitude: 59.91, longitude: 10.75)
        let turned = OtherPhoto(path: "/p.jpg", orientation: 3, place: oslo)
        XCTAssertEqual(
            LibraryImportRules.merged(PhotoMetadata(), with: turned, file: file).corrections,
            PhotoCorrections(orientation: 3, place: oslo))
        XCTAssertEqual(
            LibraryImportRules.merged(PhotoMetadata(), with: OtherPhoto(path: "/p.jpg", orientation: 6, place: bergen), file: file)
                .corrections, PhotoCorrections(), "what the file says already is no correction")
        let mine = PhotoMetadata(corrections: PhotoCorrections(orientation: 8, place: .removed))
        XCTAssertEqual(LibraryImportRules.merged(mine, with: turned, file: file), mine, "Lightbox's own corrections stay")
        XCTAssertEqual(ShotwellLibrary.turned(6, from: 1), 6)
        XCTAssertEqual(
            [ShotwellLibrary.turned(1, from: 1), ShotwellLibrary.turned(9, from: 1), ShotwellLibrary.turned(nil, from: 1)], [nil, nil, nil])
        XCTAssertEqual(DarktableLibrary.place(nil, nil), nil)
        XCTAssertEqual(DarktableLibrary.place(91, 0), nil)
    }

    func testEachGroupOfPhotosOutsideTheLibraryIsOfferedAsTheFolderHoldingIt() {
        let offered = LibraryImportRules.folders(
            for: [
                "/home/kari/Pictures/2023/07/14/a.jpg", "/home/kari/Pictures/2024/01/02/b.jpg", "/home/kari/Downloads/trip/c.jpg",
                "/home/kari/d.jpg", "/media/kari/Disk/Photos/2020/e.jpg", "/media/kari/Disk/Photos/2021/f.jpg",
                "/run/media/kari/Card/DCIM/g.jpg", "/srv/h.jpg", "/i.jpg",
            ], home: "/home/kari")
        XCTAssertEqual(
            offered,
            [
                .init(folder: "/", paths: ["/i.jpg"]),
                .init(folder: "/home/kari", paths: ["/home/kari/d.jpg"]),
                .init(folder: "/home/kari/Downloads/trip", paths: ["/home/kari/Downloads/trip/c.jpg"]),
                .init(
                    folder: "/home/kari/Pictures", paths: ["/home/kari/Pictures/2023/07/14/a.jpg", "/home/kari/Pictures/2024/01/02/b.jpg"]),
                .init(
                    folder: "/media/kari/Disk/Photos", paths: ["/media/kari/Disk/Photos/2020/e.jpg", "/media/kari/Disk/Photos/2021/f.jpg"]),
                .init(folder: "/run/media/kari/Card/DCIM", paths: ["/run/media/kari/Card/DCIM/g.jpg"]),
                .init(folder: "/srv", paths: ["/srv/h.jpg"]),
            ])
    }
}
