import XCTest

@testable import Lightbox

/// The search bar's terms (`stars:4 camera:canon taken:2023 rejected:no`), which saved searches keep.
final class PhotoSearchTests: XCTestCase {
    private func photo(
        _ path: String, stars: Int = 0, rejected: Bool = false, keywords: [String] = [], make: String? = nil,
        lens: String? = nil, taken: String? = nil, place: Bool = false, companion: String? = nil
    ) -> Photo {
        var photo = Photo(path: path)
        photo.rating = stars
        photo.isRejected = rejected
        photo.keywords = keywords
        photo.make = make
        photo.lens = lens
        photo.fileTaken = taken
        if place { (photo.fileLatitude, photo.fileLongitude) = (60.39, 5.32) }
        photo.companion = companion
        return photo
    }

    private lazy var library = [
        photo(
            "/p/2023/a.jpg", stars: 5, keywords: ["Places|Norway|Bergen"], make: "Canon", lens: "EF 50mm", taken: "2023-06-01 10:00:00",
            place: true),
        photo("/p/2023/b.cr2", stars: 5, rejected: true, make: "Canon", taken: "2023-12-31 23:59:59", companion: "/p/2023/b.jpg"),
        photo("/p/2024/c.heic", stars: 3, keywords: ["harbour"], make: "Apple", taken: "2024-01-01 00:00:01"),
        photo("/p/2024/d.png", stars: 4, keywords: ["Harbour", "Places|Sweden"], taken: "2024-03-05 12:00:00"),
        photo("/p/Trips/e.jpg"),
        photo("/p/Trips/f.jxl"),
        photo("/p/Trips/g.MOV"),
    ]

    private func found(_ text: String) -> [String] {
        library.matching(text).map { ($0.path as NSString).lastPathComponent }
    }

    func testFiveStarsFromTheCanonIn2023NotRejected() {
        XCTAssertEqual(found("stars:5 camera:canon taken:2023 rejected:no"), ["a.jpg"])
        XCTAssertEqual(found("stars:5 camera:canon taken:2023"), ["a.jpg", "b.cr2"], "rejects too when not asked")
        XCTAssertEqual(found("rating:4"), ["a.jpg", "b.cr2", "d.png"], "at least that many stars")
        XCTAssertEqual(found("rejected:yes"), ["b.cr2"])
    }

    func testKeywordsAnyOrAllAndTheirHierarchy() {
        XCTAssertEqual(found("keyword:places"), ["a.jpg", "d.png"], "a keyword under it counts")
        XCTAssertEqual(found("keyword:Norway"), [], "a level alone is not the keyword")
        XCTAssertEqual(found("keyword:\"Places|Norway\",harbour"), ["a.jpg", "c.heic", "d.png"], "any of a group")
        XCTAssertEqual(found("tag:harbour keyword:places"), ["d.png"], "every group")
        XCTAssertEqual(found("keyword:\"Places › Sweden\""), ["d.png"], "as keywords are typed")
    }

    func testDatesKindsPlacesFoldersAndWords() {
        XCTAssertEqual(found("taken:2023-06..2024-01"), ["a.jpg", "b.cr2", "c.heic"], "both ends' whole months")
        XCTAssertEqual(found("date:2024-03-05"), ["d.png"])
        XCTAssertEqual(found("kind:raw"), ["b.cr2"])
        XCTAssertEqual(found("kind:jpeg"), ["a.jpg", "b.cr2", "e.jpg"], "a RAW+JPEG pair is both")
        XCTAssertEqual(found("kind:phone"), ["c.heic"])
        XCTAssertEqual(found("kind:jxl"), ["f.jxl"])
        XCTAssertEqual(found("kind:video"), ["g.MOV"], "whatever its container")
        XCTAssertEqual(found("type:movies"), ["g.MOV"])
        XCTAssertEqual(found("type:png,heic"), ["c.heic", "d.png"])
        XCTAssertEqual(found("place:yes"), ["a.jpg"])
        XCTAssertEqual(found("place:no lens:50mm"), [])
        XCTAssertEqual(found("folder:trips"), ["e.jpg", "f.jxl", "g.MOV"])
        XCTAssertEqual(found("HARBOUR stars:4"), ["d.png"], "words and terms together")
        XCTAssertEqual(found("e.jpg"), ["e.jpg"])
    }

    func testWhatIsNotATermIsAWord() {
        XCTAssertEqual(
            PhotoSearch("10:30 stars:six kind:sound taken:last-year").words, ["10:30", "stars:six", "kind:sound", "taken:last-year"])
        XCTAssertEqual(PhotoSearch("camera:\"EOS R5\"").cameras, ["eos r5"])
        XCTAssertTrue(PhotoSearch("  ").isEmpty)
        XCTAssertTrue(PhotoSearch("stars:0").asksRatingOrReject)
        XCTAssertFalse(PhotoSearch("camera:canon").asksRatingOrReject)
    }
}
