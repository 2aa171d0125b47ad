import Foundation
import Gtk
import GtkTestSupport
import LightboxKit
import XCTest

@testable import Lightbox

/// One `win.rate` action with the stars as its parameter, for every place that rates.
final class RateActionTests: GtkTestCase {
    func testTheDigitsAndTheKeypadsRateAndNoOtherKeyDoes() {
        let rating = KeyboardShortcuts.entries.filter { $0.action == "win.rate" }
        XCTAssertEqual(rating.count, 1, "one entry rates")
        XCTAssertEqual(rating.first?.reach, .windowUnlessTyping, "digits typed in a text field type")
        let bindings = KeyboardShortcuts.bindings(for: .windowUnlessTyping).filter { $0.action.hasPrefix("win.rate(") }
        XCTAssertEqual(
            Set(bindings.map { "\($0.key)=\($0.action)" }),
            Set((0...5).flatMap { ["\($0)=win.rate(\($0))", "KP_\($0)=win.rate(\($0))"] }),
            "0–5 on the main row and the keypad, each its rating")
        // (Layouts that type digits with Shift match too: GTK ignores the Shift the layout consumed.)
        let window = KeyboardShortcuts.bindings(for: .window)
        XCTAssertFalse(window.contains { $0.action.hasPrefix("win.rate") }, "Ctrl+0 is the zoom's, Alt+1 the view's")
    }

    /// Keys 0–5 wherever the focus is in the window (the photo list, the details pane, the
    /// photo page), and the details pane's stars: each activates `win.rate` with the rating it
    /// shows, and nothing else rates.
    func testEveryPlaceThatRatesActivatesTheOneRateAction() {
        let store = MonthsFixtures.store(self)
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

        // Keys reach the window's shortcuts when the focused widget does not take them.
        XCTAssertTrue(root.view.sendKeyPress(Key(name: "4")!, modifiers: []))
        XCTAssertTrue(root.view.sendKeyPress(Key(name: "KP_0")!, modifiers: []))
        XCTAssertFalse(root.view.sendKeyPress(Key(name: "8")!, modifiers: []))
        XCTAssertFalse(root.view.sendKeyPress(Key(name: "4")!, modifiers: .altMask))
        XCTAssertTrue(root.view.sendKeyPress(Key(name: "3")!, modifiers: []))
        // The details pane's stars.
        let details = photos.details
        pump(until: { details.source.boundRow(at: 1) is RatingRow }, "the rating row")
        (details.source.boundRow(at: 1) as! RatingRow).starButtons[1].click()
        // The photo page: its keys have no digit of their own.
        root.open(unrated, in: store.photos, from: photos)
        let page = root.navigation.topController as! PhotoPageController
        pump(until: { page.view.isMapped }, "the photo page")
        XCTAssertFalse(page.view.sendKeyPress(Key(name: "5")!, modifiers: []))
        XCTAssertTrue(root.view.sendKeyPress(Key(name: "KP_5")!, modifiers: []))
        XCTAssertTrue(root.view.sendKeyPress(Key(name: "1")!, modifiers: []))
        XCTAssertFalse(root.view.sendKeyPress(Key(name: "7")!, modifiers: []))

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
        let store = MonthsFixtures.store(self)
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
