import Foundation
import Gtk
import GtkTestSupport
@testable import Lightbox
import XCTest

final class ThumbnailViewTests: GtkTestCase {
    func testShowsPlaceholderThenThePhotoAndNeverAStaleOne() {
        let cacheDirectory = LibraryFixtures.temporaryFolder(self, name: "thumbs")
        let images = ImageSource(cache: ThumbnailCache(directory: cacheDirectory))
        let paths = LibraryFixtures.samplePaths
        let first = Photo(path: paths[0]), second = Photo(path: paths[1])
        let view = ThumbnailView(size: 128)
        let window = Window()
        window.child = view
        show(window)

        view.show(first, images: images)
        XCTAssertFalse(view.isLoaded, "a placeholder until the pixels arrive")
        view.show(second, images: images)   // recycled before the first load finished
        pump(until: { view.isLoaded }, "thumbnail to load")
        XCTAssertEqual(view.shownPath, second.path)
        XCTAssertFalse(RasterImage(contentsOf: screenshot(window, name: "thumbnail-view"))?.isSingleColor ?? true)

        view.show(nil, images: images)
        XCTAssertFalse(view.isLoaded)
        XCTAssertNil(view.shownPath)
    }

    func testUnreadablePhotoKeepsAnErrorPlaceholder() {
        let view = ThumbnailView(size: 64)
        view.show(Photo(path: "/nonexistent.jpg", error: "the file is missing"), images: ImageSource())
        pump(for: 0.1)
        XCTAssertFalse(view.isLoaded)
    }
}
