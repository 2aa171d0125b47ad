import Foundation
import Gtk
import GtkTestSupport
import XCTest

@testable import Lightbox

/// The Store's data path at a size where it searches, sorts and compares off the main
/// thread (the threshold is lowered so that a few thousand photos take that path).
final class LargeLibraryTests: GtkTestCase {
    /// Hard links of a copy of one sample: `count` files in folders of 500 under `folder`.
    private func linkPhotos(_ count: Int, into folder: String) {
        let sample = LibraryFixtures.temporaryFolder(self, name: "sample") + "/DSC.jpg"
        LibraryFixtures.shell(
            """
            cp '\(LibraryFixtures.samplePaths[7])' '\(sample)' && cd '\(folder)' && for i in $(seq 0 \(count - 1)); do \
            d=Roll$((i / 500)); mkdir -p $d; ln '\(sample)' $d/DSC_$(printf %05d $i).jpg; done
            """)
    }

    func testAScanOfThousandsOfFilesWithTheWindowOpenDeliversEachOnceInOrderKeepingTheSelection() throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        let samples = LibraryFixtures.copySamples(to: folder, count: 20)
        let fixture = PhotosPageFixture(self, folder: folder)
        fixture.store.offMainThreshold = 100
        let selected = samples[4]
        fixture.page.reveal(selected)
        XCTAssertEqual(fixture.page.currentPhoto?.id, selected)
        linkPhotos(3_000, into: folder)
        var updates = 0
        var disorder: [Int] = []
        var duplicates: [Int] = []
        let owner = Received()
        fixture.store.observe(owner: owner) { _ in
            updates += 1
            let shown = fixture.list.photos
            if Set(shown.map(\.id)).count != shown.count { duplicates.append(updates) }
            let inOrder = self.reference(shown, search: "", order: .dateTaken, ascending: false)
            if shown.map(\.id) != inOrder.map(\.id) { disorder.append(updates) }
        }
        fixture.store.rescan()
        pump(until: { !fixture.store.isScanning && fixture.store.isUpToDate }, timeout: 60, "the scan of 3,000 files")
        XCTAssertGreaterThan(updates, 1, "the list filled as the scan went")
        XCTAssertEqual(duplicates, [], "no file is listed twice at any update")
        XCTAssertEqual(disorder, [], "the list is in date order at every update")
        let catalog = reference(try fixture.store.catalog.photos(in: folder), search: "", order: .dateTaken, ascending: false)
        XCTAssertEqual(catalog.count, 3_020)
        XCTAssertEqual(fixture.list.photos, catalog, "the list equals the catalog at the end")
        XCTAssertEqual(fixture.page.currentPhoto?.id, selected, "the selection stayed on the same photo")
    }

    /// Clearing a search whose results lay far down the list shows the top of the list
    /// (GTK 4.8 kept its rows around the first result, thousands of rows down, and showed
    /// none until the list was scrolled).
    func testClearingASearchShowsTheTopOfTheList() throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        linkPhotos(3_000, into: folder)
        let fixture = PhotosPageFixture(self, folder: folder)
        let store = fixture.store
        let source = fixture.list.source
        pump(until: { store.isUpToDate && store.photos.count == 3_000 }, timeout: 60, "the scan")
        pump(until: { source.boundRow(at: 0) != nil }, "the first row")
        store.searchText = "DSC_029"
        pump(until: { store.isUpToDate && source.count == 100 }, "the search")
        pump(until: { (source.boundRow(at: 0) as? PhotoRow)?.titleLabel.text == "DSC_02900.jpg" }, "the first result shown")
        store.searchText = ""
        pump(until: { store.isUpToDate && source.count == 3_000 }, "the search cleared")
        pump(until: { (source.boundRow(at: 0) as? PhotoRow)?.titleLabel.text == "DSC_00000.jpg" }, "the first photo shown")
        var widgets = [fixture.list.view]
        var scrolled: ScrolledWindow?
        while scrolled == nil, let widget = widgets.popLast() {
            scrolled = widget as? ScrolledWindow
            widgets += widget.children
        }
        XCTAssertEqual(try XCTUnwrap(scrolled).verticalOffset, 0, "the list is at its top")
    }

    func testARatingMadeWhileABatchAndAResortAreInFlightIsKept() throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        let samples = LibraryFixtures.copySamples(to: folder, count: 5)
        let fixture = PhotosPageFixture(self, folder: folder)
        let store = fixture.store
        store.offMainThreshold = 50
        store.sortOrder = .rating
        linkPhotos(2_000, into: folder)
        store.rescan()
        pump(until: { store.allPhotos.count > 300 }, timeout: 30, "the scan to be under way")
        XCTAssertTrue(store.isScanning)
        try store.setRating(5, for: samples[2])
        XCTAssertEqual(store.photos.first { $0.id == samples[2] }?.rating, 5, "shown at once")
        XCTAssertEqual(fixture.list.photos.first { $0.id == samples[2] }?.rating, 5, "in the list at once")
        pump(until: { !store.isScanning && store.isUpToDate }, timeout: 60, "the scan to finish")
        XCTAssertEqual(store.photos.count, 2_005)
        XCTAssertEqual(store.photos.first?.id, samples[2], "sorted by stars, it leads")
        XCTAssertEqual(store.photos.first?.rating, 5)
        XCTAssertEqual(fixture.list.photos.first?.rating, 5)
        store.waitUntilSaved()
        XCTAssertEqual(try store.catalog.photo(at: samples[2])?.rating, 5)
    }

    /// A window about to appear shows the folder's first photos in its first frame: the
    /// first screenful is shown before the rest is read, and the rest does not move it.
    func testAFolderOpensWithItsFirstScreenfulBeforeTheRestIsRead() throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        let catalog = try Catalog(path: LibraryFixtures.temporaryFolder(self, name: "catalog") + "/catalog.sqlite")
        // 3,000 photos share the newest date (a camera whose clock was never set): they
        // come first, by name as GNOME Files orders names (IMG_9 before IMG_10).
        let rows = (0..<20_000).map { i -> Photo in
            var photo = Photo(path: folder + "/IMG_\(i).jpg")
            photo.fileTaken =
                i % 20_000 < 3_000
                ? "2025-01-01T00:00:00"
                : String(format: "2024-01-01T%02d:%02d:%02d", i / 3600 % 24, i / 60 % 60, i % 60)
            return photo
        }
        try catalog.save(rows)
        let store = CatalogStore(catalog: catalog)
        store.open(folder: folder, rescanning: false)
        store.showFirstScreenful(waitingAtMost: 30)
        XCTAssertFalse(store.isUpToDate, "the rest is still to come")
        XCTAssertEqual(store.photos.count, 40)
        XCTAssertEqual(store.photos.prefix(4).map(\.name), ["IMG_0.jpg", "IMG_1.jpg", "IMG_2.jpg", "IMG_3.jpg"])
        XCTAssertEqual(store.photos[10].name, "IMG_10.jpg")
        let first = store.photos
        pump(until: { store.isUpToDate }, timeout: 30, "the rest of the rows")
        XCTAssertEqual(store.photos.count, 20_000)
        XCTAssertEqual(Array(store.photos.prefix(40)), first, "the first screenful stays where it was")
    }

    /// The first screenful read while the app starts up is what the library opens with
    /// when it asks for the same photos; asked for other photos, the open reads them itself.
    func testTheFirstScreenfulReadAheadIsShownWhenItIsTheOneAskedFor() throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        let catalog = try Catalog(path: LibraryFixtures.temporaryFolder(self, name: "catalog") + "/catalog.sqlite")
        let rows = (0..<5_000).map { i -> Photo in
            var photo = Photo(path: folder + "/IMG_\(i).jpg")
            photo.fileTaken = String(format: "2024-01-01T%02d:%02d:%02d", i / 3600, i / 60 % 60, i % 60)
            return photo
        }
        try catalog.save(rows)
        _ = try catalog.libraryFolders(seedingWith: { folder })
        let opened = InBackground { catalog }
        // Read ahead (newest first, 12 photos), then a newer photo arrives in the catalog.
        let readAhead = try XCTUnwrap(FirstScreenful.readAhead(from: opened, spec: PhotoViewSpec(), limit: 12))
        let early = try XCTUnwrap(try readAhead.value())
        XCTAssertEqual(early.folders, [folder])
        XCTAssertEqual(early.photos?.photos.count, 12)
        var newer = Photo(path: folder + "/IMG_new.jpg")
        newer.fileTaken = "2025-06-01T10:00:00"
        try catalog.save([newer])

        let store = CatalogStore(catalog: catalog)
        store.firstScreenful = 12
        store.firstScreenfulReadAhead = readAhead
        store.openLibrary(seedingWith: { folder }, rescanning: false)
        store.showFirstScreenful(waitingAtMost: 30)
        XCTAssertEqual(store.photos.count, 12)
        XCTAssertEqual(store.photos.first?.name, "IMG_4999.jpg", "the photos read ahead, from before the newer one came")
        pump(until: { store.isUpToDate }, timeout: 30, "the rest of the rows")
        XCTAssertEqual(store.photos.count, 5_001)
        XCTAssertEqual(store.photos.first?.name, "IMG_new.jpg", "the rest of the rows bring it")

        // A read ahead for a window of another size is not used.
        let other = CatalogStore(catalog: catalog)
        other.firstScreenful = 10
        other.firstScreenfulReadAhead = FirstScreenful.readAhead(from: opened, spec: PhotoViewSpec(), limit: 12)
        other.openLibrary(seedingWith: { folder }, rescanning: false)
        other.showFirstScreenful(waitingAtMost: 30)
        XCTAssertEqual(other.photos.count, 10)
        XCTAssertEqual(other.photos.first?.name, "IMG_new.jpg")
        // Nor is one for oldest first: none is read.
        XCTAssertNil(FirstScreenful.readAhead(from: opened, spec: PhotoViewSpec(ascending: true), limit: 12))
    }

    /// Ratings made while a large folder's rows are still being read (the read may have
    /// started before they were saved) are shown once the rows are in, and kept.
    func testRatingsMadeWhileTheRowsAreReadAreKept() throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        let catalog = try Catalog(path: LibraryFixtures.temporaryFolder(self, name: "catalog") + "/catalog.sqlite")
        let rows = LibraryFixtures.oneStarRows(20_000, in: folder)
        try catalog.save(rows)
        // Another writer holds the catalog: the ratings are saved only after the rows are read.
        let writerHolds = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            catalog.database.writeWithoutTransaction { _ in
                writerHolds.signal()
                release.wait()
            }
        }
        writerHolds.wait()
        let store = CatalogStore(catalog: catalog)
        store.open(folder: folder, rescanning: false)
        XCTAssertFalse(store.isUpToDate, "the rows are still being read")
        let rated = [rows[0].id, rows[9_999].id, rows[19_999].id]
        for id in rated { try store.setRating(4, for: id) }
        pump(until: { store.isUpToDate && store.photos.count == 20_000 }, timeout: 30, "the rows to be read")
        XCTAssertEqual(rated.map { id in store.photos.first { $0.id == id }?.rating }, [4, 4, 4])
        XCTAssertEqual(store.photos.filter { $0.rating == 4 }.count, 3)
        release.signal()
        store.waitUntilSaved()
        XCTAssertEqual(try rated.map { try catalog.photo(at: $0)?.rating }, [4, 4, 4])
        XCTAssertThrowsError(try store.setRating(2, for: folder + "/IMG_20000.jpg"), "not in the catalog")
    }

    /// Search, sort and ratings in random order over 3,000 photos: once settled, the
    /// Store shows exactly what a plain filter and sort of the catalog's rows gives.
    func testSearchAndSortMatchAPlainReferenceWithEditsInterleaved() throws {
        var random = SeededGenerator(seed: 0x5EED_0010)
        let folder = LibraryFixtures.temporaryFolder(self)
        let catalog = try Catalog(path: LibraryFixtures.temporaryFolder(self, name: "catalog") + "/catalog.sqlite")
        let cameras = [("Canon", "EOS R5"), ("NIKON CORPORATION", "NIKON Z 6"), ("FUJIFILM", "X-T4"), (nil, nil)]
        let lenses = ["RF24-105mm", "Z 50mm f/1.8", "XF35mm", nil]
        let rows = (0..<3_000).map { i -> Photo in
            var photo = Photo(
                path: folder + "/\(["IMG", "DSC", "img", "Ölberg"][i % 4])_\(Int.random(in: 1...900, using: &random)).jpg.\(i)")
            photo.fileTaken =
                Bool.random(using: &random)
                ? nil
                : String(
                    format: "2024-%02d-%02dT10:%02d:00", Int.random(in: 1...12, using: &random),
                    Int.random(in: 1...28, using: &random), Int.random(in: 0...3, using: &random))
            (photo.make, photo.model) = cameras[Int.random(in: 0..<4, using: &random)]
            photo.lens = lenses[Int.random(in: 0..<4, using: &random)]
            photo.rating = Int.random(in: 0...5, using: &random)
            return photo
        }
        try catalog.save(rows)
        let store = CatalogStore(catalog: catalog)
        store.offMainThreshold = 500
        store.open(folder: folder, rescanning: false)
        let words = ["", "canon", "nikon z", "xf35", "img", "ölberg", "EOS r5", "dsc 50mm", "nothing"]
        for step in 0..<80 {
            switch Int.random(in: 0..<4, using: &random) {
            case 0: store.searchText = words[Int.random(in: 0..<words.count, using: &random)]
            case 1: store.sortOrder = PhotoSort.allCases[Int.random(in: 0..<4, using: &random)]
            case 2: store.sortAscending.toggle()
            case 3 where Bool.random(using: &random):
                // Many at once, as a selection is rated: its rows are found by the view's index.
                let ids = (0..<40).map { _ in rows[Int.random(in: 0..<rows.count, using: &random)].id }
                _ = try store.setRating(Int.random(in: 0...5, using: &random), for: Array(Set(ids)))
            default:
                let photo = rows[Int.random(in: 0..<rows.count, using: &random)]
                try store.setRating(Int.random(in: 0...5, using: &random), for: photo.id)
            }
            guard Bool.random(using: &random) else { continue }  // sometimes the next edit comes first
            pump(until: { store.isUpToDate }, timeout: 20, "step \(step) to settle")
            store.waitUntilSaved()
            let expected = reference(
                try catalog.photos(in: folder), search: store.searchText,
                order: store.sortOrder, ascending: store.sortAscending)
            XCTAssertEqual(store.photos.map(\.id), expected.map(\.id), "step \(step)")
            XCTAssertEqual(store.photos.map(\.rating), expected.map(\.rating), "step \(step)")
        }
    }

    /// The list's rules, written plainly: every word in the name, camera or lens; newest,
    /// best, A→Z first; ties and missing values by file name (then path), missing last.
    private func reference(_ photos: [Photo], search: String, order: PhotoSort, ascending: Bool) -> [Photo] {
        let words = search.lowercased().split(separator: " ")
        let found = photos.filter { photo in
            let text = "\(photo.name) \(photo.camera ?? "") \(photo.lens ?? "")".lowercased()
            return words.allSatisfy { text.contains($0) }
        }
        func byName(_ a: Photo, _ b: Photo) -> Bool {
            switch a.name.localizedStandardCompare(b.name) {
            case .orderedSame: a.path < b.path
            case let result: result == .orderedAscending
            }
        }
        var sorted = found.sorted { a, b in
            switch order {
            case .name: return byName(a, b)
            case .dateTaken: return a.taken == b.taken ? byName(a, b) : (a.taken ?? "") > (b.taken ?? "")
            case .rating: return a.rating == b.rating ? byName(a, b) : a.rating > b.rating
            case .camera:
                if let x = a.camera, let y = b.camera, x != y { return x.localizedStandardCompare(y) == .orderedAscending }
                if a.camera != nil, b.camera == nil { return true }
                if a.camera == nil, b.camera != nil { return false }
                return byName(a, b)
            }
        }
        if (order == .name || order == .camera) != ascending { sorted.reverse() }
        return sorted
    }
}
