import Foundation
import Gtk
import GtkTestSupport
import LightboxKit
import XCTest

@testable import Lightbox

/// One `win.rate` action with the stars as its parameter, for every place that rates.
final class RateActionTests: GtkTestCase {
    func testAKeyMeansTheRatingOnIt() {
        func stars(_ name: String, _ modifiers: ModifierType = []) -> Int? {
            RateAction.stars(for: Key(name: name)!, modifiers: modifiers)
        }
        XCTAssertEqual(["0", "1", "2", "3", "4", "5"].map { stars($0) }, [0, 1, 2, 3, 4, 5])
        XCTAssertEqual(
            ["KP_0", "KP_1", "KP_2", "KP_3", "KP_4", "KP_5"].map { stars($0) }, [0, 1, 2, 3, 4, 5],
            "the keypad")
        XCTAssertEqual(stars("3", .shiftMask), 3, "keyboard layouts that type digits with Shift")
        XCTAssertNil(stars("6"))
        XCTAssertNil(stars("KP_9"))
        XCTAssertNil(stars("0", .controlMask), "Ctrl+0 is the photo page's original size")
        XCTAssertNil(stars("4", .altMask))
        XCTAssertNil(stars("dollar", .shiftMask), "Shift+4 on a US keyboard")
        XCTAssertNil(stars("twosuperior"), "“²” is not a rating")
        XCTAssertNil(stars("r"))
    }

    /// Keys 0–5 in the photo list, the details pane and the photo page, and the details
    /// pane's stars: each activates `win.rate` with the rating it shows, and nothing else rates.
    func testEveryPlaceThatRatesActivatesTheOneRateAction() {
        let store = AlbumsFixtures.store(self)
        let root = MainWindowController.lightbox(store: store).root
        let window = Window()
        window.setDefaultSize(width: 1000, height: 700)
        root.becomeRoot(of: window)
        var asked: [Int] = []
        let actions = ActionGroup()
        actions.add(RateAction.makeAction { asked.append($0) })
        window.insertActionGroup(actions, prefix: "win")
        show(window)
        let ratings = store.allPhotos.map(\.rating)
        let photos = root.pages.pages[0].controller as! PhotosController
        let unrated = store.photos.first { $0.rating == 0 && $0.error == nil }!
        photos.reveal(unrated.id)
        XCTAssertEqual(photos.currentPhoto?.id, unrated.id)

        // The photo list: keys reach the window.
        XCTAssertTrue(root.view.sendKeyPress(Key(name: "4")!, modifiers: []))
        XCTAssertTrue(root.view.sendKeyPress(Key(name: "KP_0")!, modifiers: []))
        XCTAssertFalse(root.view.sendKeyPress(Key(name: "8")!, modifiers: []))
        // The details pane: keys, and its stars.
        let details = photos.details
        XCTAssertTrue((details.view as! DetailsView).list.sendKeyPress(Key(name: "3")!, modifiers: []))
        pump(until: { details.source.boundRow(at: 1) is RatingRow }, "the rating row")
        (details.source.boundRow(at: 1) as! RatingRow).starButtons[1].click()
        // The photo page.
        root.open(unrated, in: store.photos, from: photos)
        let page = root.navigation.topController as! PhotoPageController
        pump(until: { page.view.isMapped }, "the photo page")
        XCTAssertTrue(page.view.sendKeyPress(Key(name: "KP_5")!, modifiers: []))
        XCTAssertTrue(page.view.sendKeyPress(Key(name: "1")!, modifiers: .shiftMask))
        XCTAssertFalse(page.view.sendKeyPress(Key(name: "7")!, modifiers: []))

        XCTAssertEqual(asked, [4, 0, 3, 2, 5, 1])
        XCTAssertEqual(store.allPhotos.map(\.rating), ratings, "nothing rated but through the action")
    }

    /// A page whose current photo is `photo`, which may say rating failures itself.
    @MainActor
    private class Page: Controller, PhotoSelecting {
        let photo: Photo
        init(_ photo: Photo) {
            self.photo = photo
            super.init()
        }
        var currentPhoto: Photo? { photo }
    }

    /// The page in front of the window.
    @MainActor
    private final class Front {
        var page: Controller?
    }

    @MainActor
    private final class SayingPage: Page, RatingFailureShowing {
        var said: [String?] = []
        func showRatingFailure(_ error: (any Error)?) { said.append(error.map { "\($0)" }) }
    }

    func testTheRateCommandRatesTheCurrentPagesPhotoAndSaysWhatFails() {
        let store = AlbumsFixtures.store(self)
        let photo = store.photos.first { $0.error == nil }!
        var reports: [String] = []
        let front = Front()
        front.page = Page(photo)
        let actions = ActionGroup()
        PhotoCommands(store: store, page: { front.page }, say: { if let message = $0 { reports.append(message.text) } })
            .install(in: actions)
        let rate = actions.action(named: "rate")!

        rate.activate(Variant(Int32(4)))
        XCTAssertEqual(store.photo(photo.id)?.rating, 4)
        rate.activate(Variant(Int32(9)))
        XCTAssertEqual(store.photo(photo.id)?.rating, 4, "9 stars is not a rating")
        front.page = nil  // typing in search
        rate.activate(Variant(Int32(2)))
        XCTAssertEqual(store.photo(photo.id)?.rating, 4, "no page in front, nothing rated")
        XCTAssertEqual(reports, [])

        front.page = Page(Photo(path: "/nonexistent/gone.jpg"))
        rate.activate(Variant(Int32(3)))
        XCTAssertEqual(
            reports, ["The rating could not be saved: no photo at /nonexistent/gone.jpg"],
            "the window says it (a toast)")

        let saying = SayingPage(Photo(path: "/nonexistent/gone.jpg"))
        front.page = saying
        rate.activate(Variant(Int32(3)))
        XCTAssertEqual(saying.said, ["no photo at /nonexistent/gone.jpg"], "a page that says it itself")
        XCTAssertEqual(reports.count, 1)
        let fine = SayingPage(photo)
        front.page = fine
        rate.activate(Variant(Int32(1)))
        XCTAssertEqual(store.photo(photo.id)?.rating, 1)
        XCTAssertEqual(fine.said, [nil], "a rating saved clears what the page said")
    }
}
