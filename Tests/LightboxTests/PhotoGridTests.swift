import Foundation
import Gtk
import GtkTestSupport
import LightboxKit
import XCTest

@testable import Lightbox

/// The Photos page as a grid: the same source and selection as the list, only the cells
/// near the visible ones bound, thumbnails zoomed by `win.zoom` (Ctrl+plus/minus/0).
final class PhotoGridTests: GtkTestCase {
    /// The page (1000×700 window, list beside details) showing `count` catalog rows
    /// (files that do not exist: their cells show the placeholder).
    private func page(with count: Int) throws -> PhotosPageFixture {
        let fixture = PhotosPageFixture(self, folder: nil)
        fixture.page.panePosition = 560  // the app's default
        let folder = LibraryFixtures.temporaryFolder(self)
        try fixture.store.catalog.save(LibraryFixtures.oneStarRows(count, in: folder))
        fixture.store.open(folder: folder, rescanning: false)
        pump(until: { fixture.store.isUpToDate && fixture.list.source.count == count }, timeout: 30, "the rows")
        pump(until: { fixture.list.source.boundRowCount > 0 }, "rows to bind")
        return fixture
    }

    /// Switches and waits until the view is laid out and scrolled (the kit keeps it transparent until then).
    private func show(_ mode: PersistedState.PhotosView, in fixture: PhotosPageFixture) -> ListBase {
        fixture.list.viewMode = mode
        let view: ListBase = mode == .grid ? fixture.list.listView.grid : fixture.list.listView.list
        pump(until: { view.isMapped && view.opacity == 1 && fixture.list.source.boundRowCount > 0 }, "the \(mode) to show")
        pumpUntilPainted(view)
        return view
    }

    /// Photos 700–702 selected with the list scrolled to photo 700; the keyboard focus on
    /// photo 700 (a keyboard user) or in the keywords entry (someone tagging them).
    private func selectedAtSeven(in fixture: PhotosPageFixture, focused: Bool) throws -> Int {
        let source = fixture.list.source
        source.select(positions: 700..<703)
        source.scroll(to: 900)
        source.scroll(to: 700)
        pump(until: { source.firstVisiblePosition.map { (690...700).contains($0) } == true }, "the list at photo 700")
        if focused {
            source.focus(at: 700)
            pump(until: { source.hasFocus(at: 700) }, "the focus on photo 700")
        } else {
            fixture.page.details.keywordsEditor.focusEntry()
            let list = fixture.list.listView.list
            pump(until: { fixture.window.focusWidget.map { !$0.isAncestor(list) } == true }, "the focus in the keywords entry")
        }
        return try XCTUnwrap(source.firstVisiblePosition)
    }

    func testSwitchingToTheGridAndBackKeepsTheSelectedPhotosAndTheFirstVisiblePhoto() throws {
        let fixture = try page(with: 2_000)
        let source = fixture.list.source
        let first = try selectedAtSeven(in: fixture, focused: false)
        let selected = fixture.page.selectedPhotos.map(\.name)
        XCTAssertEqual(selected.count, 3)

        let selection = try XCTUnwrap(fixture.list.listView.list.model)
        let grid = show(.grid, in: fixture)
        XCTAssertTrue(fixture.list.listView.isShowingGrid)
        XCTAssertTrue((grid as! GridView).model as AnyObject === selection as AnyObject, "one selection model, moved to the grid")
        XCTAssertNil(fixture.list.listView.list.model, "the hidden list binds nothing")
        XCTAssertEqual(fixture.page.selectedPhotos.map(\.name), selected)
        XCTAssertEqual(fixture.page.details.photos.map(\.name), selected, "the details pane shows the same photos")
        let columns = (grid as! GridView).maxColumns
        let gridFirst = try XCTUnwrap(source.firstVisiblePosition)
        XCTAssertTrue(
            (first - columns + 1...first).contains(gridFirst),
            "photo \(first) is in the grid's top row (which starts at \(gridFirst), \(columns) columns)")
        XCTAssertTrue(try XCTUnwrap(source.boundRow(at: 701) as? PhotoCell).highlight.contains(.selected))

        _ = show(.list, in: fixture)
        pump(until: { source.firstVisiblePosition != nil }, "the list's rows")
        XCTAssertFalse(fixture.list.listView.isShowingGrid)
        XCTAssertEqual(fixture.page.selectedPhotos.map(\.name), selected)
        XCTAssertEqual(source.firstVisiblePosition, gridFirst, "the list starts where the grid did")
        XCTAssertTrue(try XCTUnwrap(source.boundRow(at: 700) as? PhotoRow).highlight.contains(.selected))
    }

    /// The keyboard focus goes with the photo it was on, and that photo stays in view: the
    /// list, with fewer photos on screen than the grid, moves down only as far as it needs.
    func testTheKeyboardFocusStaysOnItsPhotoAndInViewAcrossTheSwitch() throws {
        let fixture = try page(with: 2_000)
        let source = fixture.list.source
        _ = try selectedAtSeven(in: fixture, focused: true)

        _ = show(.grid, in: fixture)
        pump(until: { source.hasFocus(at: 700) }, "the focus on photo 700 in the grid")
        let gridFirst = try XCTUnwrap(source.firstVisiblePosition)
        XCTAssertTrue((gridFirst...(source.lastVisiblePosition ?? -1)).contains(700), "photo 700 in the grid's view")

        _ = show(.list, in: fixture)
        pump(until: { source.hasFocus(at: 700) }, "the focus back on photo 700 in the list")
        pump(until: { source.firstVisiblePosition != nil }, "the list's rows")
        let listFirst = try XCTUnwrap(source.firstVisiblePosition)
        let listLast = try XCTUnwrap(source.lastVisiblePosition)
        XCTAssertTrue((listFirst...listLast).contains(700), "photo 700 in the list's view (\(listFirst)–\(listLast))")
        XCTAssertTrue((gridFirst...700).contains(listFirst), "the list starts at \(listFirst), from \(gridFirst) no further than needed")
        XCTAssertEqual(fixture.page.selectedPhotos.count, 3)
    }

    func testTheGridOfTenThousandPhotosBindsOnlyTheCellsNearTheVisibleOnes() throws {
        let fixture = try page(with: 10_000)
        let source = fixture.list.source
        let grid = show(.grid, in: fixture) as! GridView
        // The columns follow the grid's width, known once the pane beside it is laid out.
        pump(until: { grid.maxColumns == 3 }, "the grid's columns fitted to its width")
        XCTAssertEqual(grid.maxColumns, 3, "three 160-pixel thumbnails fit beside the details pane")
        XCTAssertGreaterThan(source.boundRowCount, 6)
        XCTAssertLessThan(source.boundRowCount, 300)
        source.select(at: 5_000)
        pump(until: { source.boundRow(at: 5_000) is PhotoCell }, "the cell of photo 5,000")
        pumpUntilPainted(grid)
        XCTAssertLessThan(source.boundRowCount, 300)
        let cell = try XCTUnwrap(source.boundRow(at: 5_000) as? PhotoCell)
        XCTAssertEqual(cell.titleLabel.text, fixture.list.photos[5_000].name)
        XCTAssertEqual(cell.starsLabel.text, "★☆☆☆☆")
    }

    func testCtrlPlusMakesTheGridsCellsLargerAndCtrlZeroGoesBack() throws {
        let fixture = try page(with: 60)
        let source = fixture.list.source
        let grid = show(.grid, in: fixture) as! GridView
        func cell() -> PhotoCell? { source.boundRow(at: 0) as? PhotoCell }
        XCTAssertEqual(cell()?.thumbnail.size, 160)
        XCTAssertEqual(grid.maxColumns, 3)
        XCTAssertEqual(cell()?.width, 168, "a third of the 560-pixel pane, less the padding")
        XCTAssertTrue(fixture.page.canZoom, "the grid zooms: `win.zoom` is enabled")
        fixture.page.zoom(.in)
        pump(until: { cell()?.thumbnail.size == 192 }, "192-pixel thumbnails")
        XCTAssertEqual(fixture.list.gridThumbnailSize, 192)
        pump(until: { grid.maxColumns == 2 }, "two columns of 192-pixel thumbnails")
        pumpUntilPainted(grid)
        XCTAssertEqual(cell()?.width, 262, "half the pane, less the padding")
        for _ in 0..<4 { fixture.page.zoom(.out) }
        XCTAssertEqual(fixture.list.gridThumbnailSize, 96, "the smallest size, however often Ctrl+minus")
        pump(until: { cell()?.thumbnail.size == 96 && grid.maxColumns == 4 }, "four columns of 96-pixel thumbnails")
        fixture.page.zoom(.reset)
        pump(until: { cell()?.thumbnail.size == 160 && grid.maxColumns == 3 }, "the default size again")
        _ = show(.list, in: fixture)
        XCTAssertFalse(fixture.page.canZoom, "the list does not zoom: `win.zoom` is disabled, its keys go on")
        fixture.page.zoom(.in)
        XCTAssertEqual(fixture.list.gridThumbnailSize, 160)
    }

    func testTheGridsCellsShowNameStarsAndReject() throws {
        let fixture = PhotosPageFixture(self)
        let source = fixture.list.source
        let grid = show(.grid, in: fixture)
        let photo = fixture.list.photos[2]
        pump(until: { (source.boundRow(at: 2) as? PhotoCell)?.thumbnail.isLoaded == true }, "the thumbnail")
        let cell = try XCTUnwrap(source.boundRow(at: 2) as? PhotoCell)
        XCTAssertEqual(cell.titleLabel.text, photo.name)
        var rejected = photo
        rejected.isRejected = true
        cell.configure(with: rejected, images: nil, size: 160)
        XCTAssertEqual(cell.starsLabel.text, "Rejected")
        XCTAssertTrue(cell.hasCssClass("rejected"))
        _ = screenshot(grid.rootWindow!, name: "photo-grid")
    }
}

extension PhotoGridTests {
    func testBackToTheListAtTheTopKeepsTheTopAndTheFocusedPhoto() throws {
        let fixture = PhotosPageFixture(self)
        fixture.page.panePosition = 560
        let source = fixture.list.source
        _ = show(.grid, in: fixture)
        source.select(positions: 0..<2)
        source.focus(at: 1)
        XCTAssertTrue(source.hasFocus(at: 1))
        XCTAssertEqual(source.firstVisiblePosition, 0)
        _ = show(.list, in: fixture)
        pump(until: { source.firstVisiblePosition != nil }, "the list's rows")
        XCTAssertEqual(source.firstVisiblePosition, 0)
        XCTAssertTrue(source.hasFocus(at: 1))
    }
}

extension PhotoGridTests {
    /// A size from an old or hand-edited setting is taken to the nearest size the grid has.
    func testAThumbnailSizeTheGridDoesNotHaveBecomesTheNearestOne() throws {
        let fixture = try page(with: 10)
        fixture.list.gridThumbnailSize = 1_000
        XCTAssertEqual(fixture.list.gridThumbnailSize, 320)
        fixture.list.gridThumbnailSize = 100
        XCTAssertEqual(fixture.list.gridThumbnailSize, 96)
        fixture.list.gridThumbnailSize = 200
        XCTAssertEqual(fixture.list.gridThumbnailSize, 192)
    }
}
