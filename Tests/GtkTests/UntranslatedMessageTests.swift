import Foundation
import Gtk
import XCTest

/// A message the catalog lacks comes back as itself: gettext then returns the pointer it
/// was given, so that C string must still be alive when Swift reads the answer.
final class UntranslatedMessageTests: XCTestCase {
    func testMessagesWithoutATranslationComeBackWhole() {
        for round in 0..<2_000 {
            // Built at run time (not literals, whose storage lives for ever) and long (not small strings).
            let message = "Open a folder of photos to see them by month, round \(round)."
            let plural = "\(round) photos were looked up in a catalog that lacks them all"
            XCTAssertEqual(Translation.text(message, domain: "lightbox-untranslated-test"), message)
            XCTAssertEqual(
                Translation.text(
                    "one photo was looked up, round \(round)", plural: plural, count: 2,
                    domain: "lightbox-untranslated-test"), plural)
            XCTAssertEqual(Translation.text(message, context: "a context", domain: "lightbox-untranslated-test"), message)
        }
    }
}
