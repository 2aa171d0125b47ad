import Foundation
import Gtk
import GtkTestSupport
import LightboxKit
import XCTest

@testable import Lightbox

/// Several photos at once on the Photos page: the selection, its summary in the details
/// pane, and commands that act on all of it with one undo.
final class MultipleSelectionTests: GtkTestCase {
    @MainActor
    private func selectThree(_ fixture: PhotosPageFixture) -> [Photo] {
        let source = fixture.list.source
        source.select(at: 1)
        source.select(at: 2, extending: true)
        source.select(at: 9, extending: true)
        pump(until: { fixture.page.details.photos.count == 3 }, "the details pane to show the selection")
        return fixture.page.selectedPhotos
    }

    func testTheDetailsPaneSummarisesTheSelection() {
        guard PinnedLocale.isInEffect(for: self) else { return }
        let fixture = PhotosPageFixture(self)
        let photos = selectThree(fixture)
        XCTAssertEqual(photos.map(\.name), ["IMG_1005.jpg", "IMG_1017.jpg", "IMG_1001.jpg"])
        let items = fixture.page.details.source.items
        guard case .selection(let shown, let count, let subtitle) = items.first else {
            return XCTFail("the first row sums up the selection: \(items)")
        }
        XCTAssertEqual(shown.map(\.name), ["IMG_1005.jpg", "IMG_1017.jpg", "IMG_1001.jpg"])
        XCTAssertEqual(count, 3)
        XCTAssertEqual(subtitle, "12 August 2024 – 28 December 2024")
        XCTAssertEqual(
            items.dropFirst(2),
            [
                .field(.cameras, value: "Canon EOS R5, FUJIFILM X-T3, NIKON Z 6", link: nil),
                .field(
                    .totalSize, value: PhotoFormat.fileSize(photos.reduce(0) { $0 + $1.fileSize }),
                    link: nil),
            ])
        XCTAssertEqual([DetailField.cameras, .totalSize].map(\.label), ["Cameras", "Total size"])
        XCTAssertEqual(items[1], .rating(nil, isRejected: false), "0, 0 and 2 stars: mixed")
        pump(until: { fixture.page.details.source.boundRow(at: 0) is SelectionRow }, "the selection row")
        let row = fixture.page.details.source.boundRow(at: 0) as! SelectionRow
        XCTAssertEqual(row.titleLabel.text, "3 Photos Selected")
        XCTAssertEqual((fixture.page.details.source.boundRow(at: 1) as? RatingRow)?.keyLabel.text, "Rating (mixed)")
        pump(until: { row.thumbnails.prefix(3).allSatisfy(\.isLoaded) }, timeout: 10, "the thumbnails")
        pumpUntilPainted(fixture.window)
        _ = screenshot(fixture.window, name: "photos-selection")
    }

    func testUndoAndRedoFollowAPhotoRenamedInTheFileManagerMeanwhile() throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        _ = LibraryFixtures.copySamples(to: folder, count: 12)
        let fixture = PhotosPageFixture(self, folder: folder)
        let ids = selectThree(fixture).map(\.id)
        let before = ids.map { fixture.store.photo($0)?.rating }
        fixture.actions.action(named: "rate")?.activate(Variant(Int32(4)))
        fixture.store.waitUntilSaved()

        let renamed = folder + "/renamed.jpg"
        XCTAssertEqual(rename(ids[0], renamed), 0)
        pump(until: { fixture.store.photo(renamed)?.rating == 4 }, timeout: 10, "the renamed photo listed, its rating kept")
        let now = [renamed, ids[1], ids[2]]
        fixture.actions.action(named: "undo")?.activate()
        XCTAssertEqual(now.map { fixture.store.photo($0)?.rating }, before, "the undo reaches the renamed photo too")
        XCTAssertEqual(before, [0, 0, 0])
        fixture.store.waitUntilSaved()
        XCTAssertEqual(try now.map { try fixture.store.catalog.photo(at: $0)?.rating }, [0, 0, 0])
        fixture.actions.action(named: "redo")?.activate()
        XCTAssertEqual(now.map { fixture.store.photo($0)?.rating }, [4, 4, 4])
    }

    func testRatingTheSelectionRatesEveryPhotoAndOneUndoRestoresThemAll() {
        let fixture = PhotosPageFixture(self)
        let ids = selectThree(fixture).map(\.id)
        fixture.actions.action(named: "rate")?.activate(Variant(Int32(4)))
        XCTAssertEqual(ids.map { fixture.store.photo($0)?.rating }, [4, 4, 4])
        XCTAssertEqual(fixture.undoableMessages, ["3 photos rated 4 stars"])
        XCTAssertEqual(fixture.page.selectedPhotos.map(\.id), ids, "the selection stays")
        XCTAssertEqual(fixture.page.details.source.items[1], .rating(4, isRejected: false))
        fixture.store.waitUntilSaved()
        XCTAssertEqual(try ids.map { try fixture.store.catalog.photo(at: $0)?.rating }, [4, 4, 4])

        fixture.actions.action(named: "undo")?.activate()
        XCTAssertEqual(ids.map { fixture.store.photo($0)?.rating }, [0, 0, 2], "one undo, every photo back")
        fixture.store.waitUntilSaved()
        XCTAssertEqual(try ids.map { try fixture.store.catalog.photo(at: $0)?.rating }, [0, 0, 2])
        fixture.actions.action(named: "redo")?.activate()
        XCTAssertEqual(ids.map { fixture.store.photo($0)?.rating }, [4, 4, 4])
    }

    func testRejectingAndTrashingTheSelectionActOnEveryPhotoWithOneUndo() {
        let folder = LibraryFixtures.temporaryFolder(self)
        LibraryFixtures.copySamples(to: folder, count: 5)
        let fixture = PhotosPageFixture(self, folder: folder)
        fixture.store.showsRejected = true  // rejected photos stay in the list (and selected)
        pump(until: { fixture.store.isUpToDate }, "the filter")
        let source = fixture.list.source
        source.select(at: 0)
        source.select(at: 1, extending: true)
        let ids = fixture.page.selectedPhotos.map(\.id)
        XCTAssertEqual(ids.count, 2)
        fixture.actions.action(named: "reject")?.activate()
        XCTAssertEqual(ids.map { fixture.store.photo($0)?.isRejected }, [true, true])
        fixture.actions.action(named: "reject")?.activate()
        XCTAssertEqual(ids.map { fixture.store.photo($0)?.isRejected }, [false, false], "9 again takes the reject back")

        let commands = PhotoCommands(store: fixture.store, page: { fixture.page }, say: { _ in })
        commands.trash()
        XCTAssertEqual(ids.map { FileManager.default.fileExists(atPath: $0) }, [false, false])
        XCTAssertEqual(fixture.store.photos.count, 3)
        commands.undo()
        XCTAssertEqual(ids.map { FileManager.default.fileExists(atPath: $0) }, [true, true], "one undo restores both")
        XCTAssertEqual(fixture.store.photos.count, 5)
    }

    func testEscapeKeepsOnlyTheFocusedPhotoOfASelectionOfEveryPhoto() {
        let fixture = PhotosPageFixture(self)
        let list = fixture.listView.list
        fixture.list.source.focus(at: 2)
        pump(until: { fixture.list.source.hasFocus(at: 2) }, "focus on the third photo")
        // GTK's list binds Ctrl+A to this action (the real key is pressed in AppTests).
        XCTAssertTrue(list.activateAction("list.select-all", parameter: nil))
        pump(until: { fixture.page.selectedPhotos.count == LibraryFixtures.samplePaths.count }, "every photo selected")
        XCTAssertTrue(list.sendKeyPress(Key(name: "Escape")!, modifiers: []))
        XCTAssertEqual(fixture.list.source.selectedPositions, [2])
        pump(until: { fixture.page.details.photo?.name == "IMG_1017.jpg" }, "one photo's details again")
        XCTAssertFalse(list.sendKeyPress(Key(name: "Escape")!, modifiers: []), "with one photo, Escape goes on (back, search)")
    }
}
