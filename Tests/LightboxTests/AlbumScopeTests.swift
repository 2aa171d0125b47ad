import Foundation
import XCTest

@testable import Lightbox

/// An album's photos looked up through the view's index (a library without RAW files) are
/// the photos found by asking the album about every photo, in the same order.
final class AlbumScopeTests: XCTestCase {
    private func photo(_ path: String, taken: String? = nil) -> Photo {
        var photo = Photo(path: path)
        photo.fileTaken = taken
        return photo
    }

    private func index(_ photos: [Photo]) -> [Photo.ID: Int] {
        Dictionary(uniqueKeysWithValues: photos.enumerated().map { ($1.id, $0) })
    }

    func testAnAlbumLookedUpListsWhatAskingEveryPhotoLists() {
        let all = (0..<40).map { photo(String(format: "/p/%02d/P%03d.jpg", $0 % 3, $0), taken: "2024-0\($0 % 4 + 1)-01 10:00:00") }
        var spec = PhotoViewSpec()
        spec.album = AlbumScope(id: 1, photos: Set(all.enumerated().filter { $0.offset % 3 == 0 }.map(\.element.id) + ["/gone.jpg"]))
        let asked = spec.view(of: all).photos
        XCTAssertEqual(asked.count, 14)
        XCTAssertEqual(spec.view(of: all, index: index(all)).photos, asked, "the same photos, in the same order")
        XCTAssertEqual(spec.view(of: all, index: index(all), pairFree: true).photos, asked)
        XCTAssertEqual(spec.view(of: all, index: [:]).photos, [], "what the index says is not in the library is not")
        XCTAssertEqual(spec.view(of: all, index: index(Array(all.reversed()))).photos, asked, "an index of other photos is not used")
    }

    func testAnAlbumWithAJPEGOfAPairListsThePair() {
        let all = [photo("/p/a.NEF"), photo("/p/a.jpg"), photo("/p/b.jpg")]
        var spec = PhotoViewSpec()
        spec.album = AlbumScope(id: 1, photos: ["/p/a.jpg"])
        let shown = spec.view(of: all, index: index(all)).photos
        XCTAssertEqual(shown.map(\.id), ["/p/a.NEF"])
        XCTAssertEqual(shown.first?.companion, "/p/a.jpg")
    }

    func testRawExtensionsInAnyCase() {
        XCTAssertTrue(RawJpegPairs.isRaw("/p/a.NEF"))
        XCTAssertTrue(RawJpegPairs.isRaw("/p/a.3fr"))
        XCTAssertTrue(RawJpegPairs.isRaw("/p/a.Cr3"))
        XCTAssertFalse(RawJpegPairs.isRaw("/p/a.jpg"))
        XCTAssertFalse(RawJpegPairs.isRaw("/p/a.nefx"))
        XCTAssertFalse(RawJpegPairs.isRaw("/p/nef"))
        XCTAssertFalse(RawJpegPairs.isRaw("/p/a.ne"))
        XCTAssertFalse(RawJpegPairs.isRaw("/p/a.n\u{e9}f"))
    }
}
