import Foundation
import Gtk
import GtkTestSupport
import LightboxKit
import LightboxMedia
import XCTest

@testable import Lightbox

/// The Duplicates page in the real window, over a folder with a planted copy: a picture
/// (ImageMagick's plasma, 1200 × 800), the same picture at 40% in a Downloads folder, and
/// another picture.
final class DuplicatesPageTests: GtkTestCase {
    /// The folder, the picture and its copy.
    private func plantedFolder() throws -> (folder: String, original: String, copy: String) {
        let folder = LibraryFixtures.temporaryFolder(self, name: "Planted")
        try FileManager.default.createDirectory(atPath: folder + "/Downloads", withIntermediateDirectories: true)
        let original = folder + "/a.jpg"
        let copy = folder + "/Downloads/copy.jpg"
        try Self.convert(["-seed", "7", "-size", "1200x800", "plasma:fractal", "-blur", "0x2", "-quality", "92", original])
        try Self.convert([original, "-resize", "40%", copy])
        try Self.convert(["-seed", "11", "-size", "900x600", "plasma:fractal", "-blur", "0x2", folder + "/other.jpg"])
        // Files without a date in them are dated by their file's time: fixed, so the page's text is.
        for path in [original, copy, folder + "/other.jpg"] {
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_749_988_800)], ofItemAtPath: path)
        }
        return (folder, original, copy)
    }

    private static func convert(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "convert \(arguments)")
    }

    func testThePlantedCopyIsListedAndKeepOneMergesTrashesAndUndoes() throws {
        let (folder, original, copy) = try plantedFolder()
        let (root, window, actions) = MainWindowControllerTests.makeWindow(folder, self)
        defer { window.destroy() }
        let store = root.store
        _ = try store.setRating(4, for: [copy])
        pump(until: { store.duplicateGroups.count == 1 }, timeout: 60, "the copy to be found")
        XCTAssertEqual(store.duplicateGroups.first?.photos, [original, copy], "the larger picture suggested first")

        root.show(.duplicates)
        let page = try XCTUnwrap(root.pages.current?.controller as? DuplicatesController)
        XCTAssertEqual(root.pages.switcherTitle(of: .duplicates), "Duplicates (1)")
        pump(until: { page.source.boundRow(at: 0) is DuplicateGroupRow }, timeout: 5, "the group's row")
        let row = try XCTUnwrap(page.source.boundRow(at: 0) as? DuplicateGroupRow)
        XCTAssertEqual(row.kindLabel.text, "Similar copies")
        XCTAssertEqual(row.countLabel.text, "2 copies")
        let cards = row.cards.filter(\.isVisible)
        XCTAssertEqual(cards.map(\.nameLabel.text), ["a.jpg", "copy.jpg"])
        XCTAssertEqual(cards.map(\.badge.text), ["Keep", "To Trash"])
        XCTAssertEqual(cards.map(\.folderLabel.text), [folder, folder + "/Downloads"])
        XCTAssertEqual(cards.map(\.factsLabel.text), ["165 KB · 1200 × 800 · JPEG", "44 KB · 480 × 320 · JPEG"])
        XCTAssertEqual(cards.map(\.dateLabel.text), ["15 June 2025, 12:00", "15 June 2025, 12:00"])
        XCTAssertEqual(cards.map(\.starsLabel.text), ["☆☆☆☆☆", "★★★★☆"])
        pump(until: { page.view.isMapped && cards.allSatisfy(\.thumbnail.isLoaded) }, timeout: 10, "the page with its thumbnails")
        pumpUntilPainted(window)
        _ = screenshot(window, name: "duplicates-page")

        // Right, then Left: the copy, then the picture again, is the one kept.
        page.actions.action(named: "choose")?.activate(Variant(Int32(1)))
        XCTAssertEqual(page.source.items.first?.keeper, copy)
        page.actions.action(named: "choose")?.activate(Variant(Int32(-1)))
        XCTAssertEqual(page.source.items.first?.keeper, original)

        page.actions.action(named: "keep-one")?.activate()
        XCTAssertEqual(root.windowView.toastTitle, "Kept “a.jpg”, 1 copy moved to the trash")
        XCTAssertTrue(root.windowView.toastOffersUndo)
        XCTAssertEqual(store.photo(original)?.rating, 4, "the picture kept took its copy's stars")
        XCTAssertFalse(FileManager.default.fileExists(atPath: copy), "the copy is in the trash")
        XCTAssertTrue(page.isShowingEmptyState, "the group left the page at once")
        XCTAssertEqual(root.pages.switcherTitle(of: .duplicates), "Duplicates")

        actions.action(named: "undo")?.activate()
        XCTAssertTrue(FileManager.default.fileExists(atPath: copy), "Ctrl+Z put the copy back")
        XCTAssertEqual(store.photo(original)?.rating, 0)
        pump(until: { root.pages.switcherTitle(of: .duplicates) == "Duplicates (1)" }, timeout: 60, "the group to come back")
        XCTAssertEqual(store.photo(copy)?.rating, 4, "with its stars")
        XCTAssertFalse(page.isShowingEmptyState)
    }

    func testNotDuplicatesIsRememberedAndUndone() throws {
        let (folder, original, copy) = try plantedFolder()
        let (root, window, actions) = MainWindowControllerTests.makeWindow(folder, self)
        defer { window.destroy() }
        let store = root.store
        pump(until: { store.duplicateGroups.count == 1 }, timeout: 60, "the copy to be found")
        root.show(.duplicates)
        let page = try XCTUnwrap(root.pages.current?.controller as? DuplicatesController)
        pump(until: { page.source.count == 1 && page.focusedItem != nil }, timeout: 5, "the group, selected")
        page.actions.action(named: "not-duplicates")?.activate()
        XCTAssertEqual(root.windowView.toastTitle, "2 photos no longer shown as duplicates")
        XCTAssertTrue(page.isShowingEmptyState)
        XCTAssertEqual(store.duplicateGroups, [])
        XCTAssertTrue(FileManager.default.fileExists(atPath: copy), "nothing is trashed")

        actions.action(named: "undo")?.activate()
        pump(until: { store.duplicateGroups.count == 1 }, timeout: 10, "the group to come back")
        XCTAssertEqual(store.duplicateGroups.first?.photos, [original, copy])
        pump(until: { !page.isShowingEmptyState }, timeout: 5, "the page to list it")
    }

    /// Keep One hands the focus to the next group; the last gone, it waits on the page and
    /// the first group back (an undo) takes it.
    func testTheFocusGoesToTheNextGroupAndComesBackWithTheUndo() throws {
        let (folder, original, copy) = try plantedFolder()
        let other = folder + "/other.jpg"
        let otherCopy = folder + "/Downloads/other-copy.png"
        try Self.convert([other, "-resize", "50%", otherCopy])
        let (root, window, actions) = MainWindowControllerTests.makeWindow(folder, self, count: 4)
        defer { window.destroy() }
        let store = root.store
        pump(until: { store.duplicateGroups.count == 2 }, timeout: 60, "both copies to be found")
        root.show(.duplicates)
        let page = try XCTUnwrap(root.pages.current?.controller as? DuplicatesController)
        pump(until: { page.source.count == 2 && page.source.focusedPosition == 0 }, timeout: 5, "the first group focused")
        XCTAssertEqual(page.focusedItem?.photos.map(\.id), [original, copy])

        page.actions.action(named: "keep-one")?.activate()
        pump(until: { page.source.count == 1 && page.source.focusedPosition == 0 }, timeout: 5, "the next group focused")
        XCTAssertEqual(page.focusedItem?.photos.map(\.id), [other, otherCopy])
        page.actions.action(named: "keep-one")?.activate()
        XCTAssertTrue(page.isShowingEmptyState)
        XCTAssertTrue((page.view as! DuplicatesView).status.hasFocus, "the focus waits on the empty page")

        actions.action(named: "undo")?.activate()
        pump(until: { page.source.count == 1 && page.source.focusedPosition == 0 }, timeout: 60, "the group back, focused")
        XCTAssertEqual(page.focusedItem?.photos.map(\.id), [other, otherCopy])
    }

    /// The page's texts: the keeper's move stays at the ends; formats named as people know them.
    func testTheKeeperMovesWithinTheGroupAndFormatsAreNamedByExtension() {
        let group = DuplicateGroup(kind: .near, photos: ["/p/a.jpg", "/p/b.png", "/p/c.CR2"])
        let photos = group.photos.map { Photo(path: $0, fileSize: 1, modified: 0) }
        let item = DuplicateItem(group: group, photos: photos, keeper: "/p/a.jpg")
        XCTAssertEqual(item.keeper(movedBy: -1), "/p/a.jpg")
        XCTAssertEqual(item.keeper(movedBy: 1), "/p/b.png")
        XCTAssertEqual(item.copiesToTrash, 2)
        XCTAssertEqual(item.bytesToTrash, 2)
        XCTAssertEqual(photos.map(DuplicateText.format), ["JPEG", "PNG", "CR2"])
        XCTAssertEqual(DuplicateText.pageTitle(groups: 0), "Duplicates")
        XCTAssertEqual(DuplicateText.pageTitle(groups: 1234), "Duplicates (1,234)")
        XCTAssertEqual(DuplicateText.kept("IMG_1.jpg", trashed: 2), "Kept “IMG_1.jpg”, 2 copies moved to the trash")
        XCTAssertEqual(
            DuplicateText.keptInEveryGroup(groups: 12, trashed: 20), "Kept one photo in each of 12 groups, 20 copies moved to the trash")
    }

    /// A group's copies come a few cards a frame (a scan's groups keep arriving while both
    /// cores are busy): the row ends with eight copies, the keeper among them, the rest counted.
    func testALargeGroupShowsItsCopiesAFewCardsAFrame() throws {
        let paths = (1...11).map { "/p/IMG_\($0).jpg" }
        let photos = paths.map { Photo(path: $0, fileSize: 1, modified: 0) }
        let item = DuplicateItem(group: DuplicateGroup(kind: .exact, photos: paths), photos: photos, keeper: paths[9])
        let images = ImageSource(cache: ThumbnailCache(directory: LibraryFixtures.temporaryFolder(self, name: "thumbs")))
        let row = DuplicateGroupRow()
        let window = Window()
        window.child = row
        show(window)
        defer { window.destroy() }

        row.configure(with: item, images: images, frame: window.frameTime)
        XCTAssertEqual(row.cards.map(\.nameLabel.text), ["IMG_1.jpg", "IMG_2.jpg", "IMG_3.jpg"], "three cards in a frame")
        XCTAssertEqual(row.moreLabel.text, "and 3 more")
        pump(until: { row.cards.filter(\.isVisible).count == 8 }, "every shown copy's card")
        XCTAssertEqual(
            row.cards.map(\.nameLabel.text),
            ["IMG_1.jpg", "IMG_2.jpg", "IMG_3.jpg", "IMG_4.jpg", "IMG_5.jpg", "IMG_6.jpg", "IMG_7.jpg", "IMG_10.jpg"])
        XCTAssertEqual(row.cards.filter { $0.badge.text == "Keep" }.map(\.nameLabel.text), ["IMG_10.jpg"])

        // Reused for a smaller group, the row hides the cards it has no copy for.
        let small = DuplicateItem(
            group: DuplicateGroup(kind: .near, photos: [paths[0], paths[1]]), photos: [photos[0], photos[1]], keeper: paths[1])
        row.configure(with: small, images: images, frame: window.frameTime)
        XCTAssertEqual(row.cards.filter(\.isVisible).map(\.badge.text), ["To Trash", "Keep"])
        XCTAssertFalse(row.moreLabel.isVisible)
    }
}
