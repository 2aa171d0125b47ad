import Foundation
import Gtk
import GtkTestSupport
import LightboxKit
import XCTest

@testable import Lightbox

/// A store over the sample library in a temporary catalog, and windows like the app's.
enum MonthsFixtures {
    /// Opens `folder` (the samples by default) in a fresh catalog and waits for the scan;
    /// images come from `images`, or a source over a fresh thumbnail cache.
    @MainActor
    static func store(
        _ test: XCTestCase, folder: String = LibraryFixtures.samples,
        catalogPath: String? = nil, images: ImageSource? = nil, makingMissingThumbnails: Bool = true
    ) -> CatalogStore {
        let path = catalogPath ?? LibraryFixtures.temporaryFolder(test, name: "catalog") + "/catalog.sqlite"
        let cache = ThumbnailCache(directory: LibraryFixtures.temporaryFolder(test, name: "thumbs"))
        let store = CatalogStore(catalog: try! Catalog(path: path), images: images ?? ImageSource(cache: cache))
        store.duplicateList.makesMissingThumbnails = makingMissingThumbnails
        store.open(folder: folder)
        pump(until: { !store.isScanning && store.isUpToDate }, timeout: 20, "scan to finish")
        return store
    }

    /// The Albums page over the samples in a window, January 2024's month shown with its first
    /// and third photos (IMG_1012.jpg, IMG_1000.jpg) selected; `month` is its index.
    @MainActor
    static func januarySelected(_ test: XCTestCase)
        -> (store: CatalogStore, albums: MonthsController, window: Window, strip: MonthStripController, month: Int)
    {
        let store = store(test)
        let albums = MonthsController(store: store)
        let (window, _) = window(showing: albums)
        let month = albums.groups.firstIndex { $0.id == "2024-01" }!
        albums.showMonth(month)
        pump(until: { albums.strip(for: month)?.isFocusOnSelection == true }, "the month's strip")
        let strip = albums.strip(for: month)!
        strip.source.select(at: 0)
        strip.source.select(at: 2, extending: true)
        return (store, albums, window, strip, month)
    }

    /// A 1000×700 window showing `root` under a navigation header, as the app does.
    @MainActor
    static func window(showing root: Controller) -> (Window, NavigationController) {
        MonthsStyle.install()
        let navigation = NavigationController(root: root)
        let window = Window()
        window.setDefaultSize(width: 1000, height: 700)
        navigation.becomeRoot(of: window)
        show(window)
        return (window, navigation)
    }
}

/// Records what a page asked to open.
@MainActor
final class AlbumsRecordingOpener: PhotoOpening {
    var opened: [(photo: Photo, photos: [Photo], page: Controller)] = []
    func open(_ photo: Photo, in photos: [Photo], from page: Controller) {
        opened.append((photo, photos, page))
    }
}
