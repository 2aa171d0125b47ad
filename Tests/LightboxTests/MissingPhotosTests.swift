import Foundation
import Gtk
import GtkTestSupport
import XCTest

@testable import Lightbox

/// Photos whose files vanished while the window is open: out of the list, counted in a bar,
/// listed in the Missing Photos window, found again when their files come back, let go of
/// on request.
final class MissingPhotosTests: GtkTestCase {
    func testAPhotoMovedOutIsCountedListedAndForgottenOnlyWhenThePersonSays() throws {
        setenv("TZ", "UTC", 1)
        tzset()
        let folder = LibraryFixtures.temporaryFolder(self)
        let paths = LibraryFixtures.copySamples(to: folder, count: 3)
        let store = CatalogStore(
            catalog: try Catalog(path: LibraryFixtures.temporaryFolder(self, name: "catalog") + "/catalog.sqlite"),
            images: ImageSource(cache: ThumbnailCache(directory: LibraryFixtures.temporaryFolder(self, name: "thumbs"))))
        store.open(folder: folder)
        pump(until: { store.photos.count == 3 && !store.isScanning }, timeout: 20, "the scan")
        try store.setRating(4, for: paths[0])
        try store.setRating(1, for: paths[2])
        store.waitUntilSaved()
        // The first photo was seen in the list (its thumbnail made and cached); the third never was.
        var thumbnailed = false
        let first = try XCTUnwrap(store.photo(paths[0]))
        Task {
            _ = try await store.images.image(for: first, size: ThumbnailCache.Size.normal.rawValue)
            thumbnailed = true
        }
        pump(until: { thumbnailed }, timeout: 20, "the first photo's thumbnail")
        store.images.finishCacheWrites()

        let outside = LibraryFixtures.temporaryFolder(self, name: "outside")
        XCTAssertEqual(rename(paths[0], outside + "/IMG_1000.jpg"), 0)
        XCTAssertEqual(rename(paths[2], outside + "/IMG_1002.jpg"), 0)
        pump(until: { store.photos.count == 1 && store.conditions.contains { $0.kind == .photosMissing } }, timeout: 10, "the bar")
        let bar = try XCTUnwrap(store.conditions.first { $0.kind == .photosMissing })
        XCTAssertEqual(
            bar.message,
            "2 photos are missing: their files were moved out of the library, renamed or deleted. Their stars and keywords are kept for 30 days, in case the files come back."
        )
        XCTAssertEqual(bar.actionLabel, "Show")

        let window = MissingPhotosController.present(store: store, over: Window())
        defer { window.view.close() }
        let view = window.view
        pump(until: { view.rows.count == 2 }, "the rows")
        XCTAssertEqual(view.title, "Missing Photos")
        XCTAssertEqual(view.rows.map(\.row.title), ["IMG_1000.jpg", "IMG_1002.jpg"])
        let home = LibraryFolderList.displayName(folder)
        let subtitle = view.rows[0].row.subtitle ?? ""
        XCTAssertTrue(subtitle.hasPrefix("Was in \(home) · missing since "), subtitle)
        XCTAssertTrue(subtitle.hasSuffix(" · Rated 4 stars"), subtitle)
        XCTAssertEqual(view.rows.map(\.removeButton.tooltip), ["Remove from Library", "Remove from Library"])
        // Known by its picture where the cache has it; an icon where it never had one.
        pump(until: { view.rows[0].thumbnail.isVisible }, "the first row's thumbnail")
        XCTAssertFalse(view.rows[0].icon.isVisible)
        XCTAssertFalse(view.rows[1].thumbnail.isVisible)
        XCTAssertTrue(view.rows[1].icon.isVisible)
        _ = screenshot(view, name: "missing-photos")
        // After a restart too: from the freedesktop cache, with nothing in memory.
        let restarted = ImageSource(cache: store.images.cache)
        var found: [Bool] = []
        Task {
            for missing in view.rows.map(\.photo) {
                found.append(await restarted.lastThumbnail(of: missing.photo, size: MissingPhotosView.thumbnailSize) != nil)
            }
        }
        pump(until: { found.count == 2 }, "the cache looked up")
        XCTAssertEqual(found, [true, false])

        // One comes back: listed again with its stars, and no longer missing.
        XCTAssertEqual(rename(outside + "/IMG_1000.jpg", paths[0]), 0)
        pump(until: { store.photos.count == 2 && store.photo(paths[0])?.rating == 4 }, timeout: 10, "the photo back")
        pump(until: { store.conditions.first { $0.kind == .photosMissing }?.message.hasPrefix("1 photo is missing") == true }, "the count")

        // The other is let go of: the bar goes, and its file coming back is a new photo.
        view.rows.last?.removeButton.click()
        pump(until: { view.rows.isEmpty }, "the rows to go: the one back is no longer missing")
        pump(until: { !store.conditions.contains { $0.kind == .photosMissing } }, "the bar to go")
        XCTAssertEqual(try store.catalog.missingPhotos(in: folder).count, 0)
    }
}
