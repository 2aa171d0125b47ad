import Foundation
import Gtk
import GtkTestSupport
import XCTest

@testable import Lightbox

final class ThumbnailViewTests: GtkTestCase {
    func testShowsPlaceholderThenThePhotoAndNeverAStaleOne() {
        let cacheDirectory = LibraryFixtures.temporaryFolder(self, name: "thumbs")
        let images = ImageSource(cache: ThumbnailCache(directory: cacheDirectory))
        let paths = LibraryFixtures.samplePaths
        let first = Photo(path: paths[0])
        let second = Photo(path: paths[1])
        let view = ThumbnailView(size: 128)
        let window = Window()
        window.child = view
        show(window)

        view.show(first, images: images)
        XCTAssertFalse(view.isLoaded, "a placeholder until the pixels arrive")
        view.show(second, images: images)  // recycled before the first load finished
        pump(until: { view.isLoaded }, "thumbnail to load")
        XCTAssertEqual(images.decodeCount, 1, "the recycled view's first load was called off before decoding")
        XCTAssertNil(images.cachedImage(for: first, size: 128), "so the only picture it can show is the second")
        XCTAssertFalse(RasterImage(contentsOf: screenshot(window, name: "thumbnail-view"))?.isSingleColor ?? true)

        view.show(nil, images: images)
        XCTAssertFalse(view.isLoaded)
        XCTAssertNil(view.shownPath)
    }

    func testUnreadablePhotoKeepsAnErrorPlaceholder() {
        // The file's thumbnail is in memory already: a view that looked past the error would
        // show it at once, without waiting for anything.
        let images = ImageSource(cache: ThumbnailCache(directory: LibraryFixtures.temporaryFolder(self, name: "thumbs")))
        let path = LibraryFixtures.samplePaths[0]
        let readable = ThumbnailView(size: 64)
        readable.show(Photo(path: path), images: images)
        pump(until: { readable.isLoaded }, "the readable photo's thumbnail to load")
        let unreadable = ThumbnailView(size: 64)
        unreadable.show(Photo(path: path, error: "the file could not be read"), images: images)
        XCTAssertFalse(unreadable.isLoaded)
        XCTAssertEqual(images.decodeCount, 1, "nothing is asked for a photo known to be unreadable")
    }

    func testARowScrolledAwayAndBackLoadsAgainAndKeepsALoadedThumbnail() {
        let images = ImageSource(cache: ThumbnailCache(directory: LibraryFixtures.temporaryFolder(self, name: "thumbs")))
        let photo = Photo(path: LibraryFixtures.samplePaths[0])
        let view = ThumbnailView(size: 64)
        view.show(photo, images: images)
        view.stopLoading()  // unbound before its pause ended
        XCTAssertNil(view.shownPath, "nothing was shown, so nothing is kept")
        view.show(photo, images: images)  // bound again to the same photo
        pump(until: { view.isLoaded }, "the thumbnail to load after all")
        view.stopLoading()
        XCTAssertTrue(view.isLoaded, "a loaded thumbnail stays up while its row waits for reuse")
        XCTAssertEqual(view.shownPath, photo.path)
        XCTAssertEqual(images.decodeCount, 1)
    }
}
