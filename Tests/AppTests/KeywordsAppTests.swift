import Foundation
import GtkTestSupport
import XCTest

/// Keywords end to end: the real binary, real keys (xdotool), the accessibility tree and the
/// catalog database.
final class KeywordsAppTests: GtkTestCase {
    func testCtrlKAddsAKeywordThatSearchAndTheKeywordsPageFindAtOnce() throws {
        let fixture = try AppFixture()
        let name = "IMG_1003.jpg"
        let (app, window) = try fixture.launch()
        defer { app.terminate() }
        _ = app.waitForTree { $0.photoNames.count == AppFixture.sampleNames.count }
        app.select(name, window: window)

        app.sendKeys("ctrl+k", to: window)
        let editing = app.waitForTree { $0.focusedNode?.name == "Add keyword" }
        XCTAssertEqual(editing.focusedNode?.name, "Add keyword", "Ctrl+K puts the keyboard in the keyword entry")
        app.type("lighthouse", to: window)
        app.sendKeys("Return", to: window)
        let added = app.waitForTree { $0.contains(role: "push button", name: "Remove keyword lighthouse") }
        XCTAssertTrue(added.contains(role: "push button", name: "Remove keyword lighthouse"), "the keyword's chip")
        XCTAssertTrue(added.contains { $0.name == "Keyword lighthouse" })
        XCTAssertEqual(waitForKeywords(of: name, in: fixture), "lighthouse", "the catalog has it")
        app.screenshot("keywords-details-app", window: window)

        app.sendKeys("Escape", to: window)
        let back = app.waitForTree { $0.focusedNode?.role == "list item" }
        XCTAssertEqual(back.selectedPhotoName, name, "Escape returns to the list, on the same photo")
        app.sendKeys("ctrl+f", to: window)
        app.type("lighthouse", to: window)
        let found = app.waitForTree { $0.photoNames == [name] }
        XCTAssertEqual(found.photoNames, [name], "search finds the keyword just added")

        app.sendKeys("Escape", "ctrl+4", to: window)
        let page = app.waitForTree { $0.contains { $0.name == "lighthouse — 1 photo" } }
        XCTAssertTrue(page.contains { $0.name == "lighthouse — 1 photo" }, "the Keywords page lists it")
        app.screenshot("keywords-page-app", window: window)
        app.sendKeys("Return", to: window)
        let photos = app.waitForTree { $0.photoNames == [name] && $0.contains { $0.name == "lighthouse" } }
        XCTAssertEqual(photos.photoNames, [name], "Enter opens the keyword's photos")
        app.sendKeys("ctrl+q", to: window)
        XCTAssertEqual(app.waitForExit(timeout: 10), 0)
    }

    /// The catalog's keywords of a file, one per line (read with sqlite3, as any tool would),
    /// once the background commit has written them.
    private func waitForKeywords(of name: String, in fixture: AppFixture) -> String {
        let path = fixture.folder.appendingPathComponent(name).path.replacingOccurrences(of: "'", with: "''")
        var keywords = ""
        waitUntil(timeout: 5, interval: 0.1) {
            keywords = Process.output(
                "/usr/bin/sqlite3",
                [
                    fixture.catalogPath,
                    """
                    SELECT keyword.name FROM photo JOIN photo_keyword ON photo_keyword.photo = photo.id
                    JOIN keyword ON keyword.id = photo_keyword.keyword WHERE path = '\(path)' ORDER BY position
                    """,
                ]
            )
            .trimmingCharacters(in: .whitespacesAndNewlines)
            return !keywords.isEmpty
        }
        return keywords
    }
}

extension Array where Element == AccessibleNode {
    /// The node with the keyboard focus.
    var focusedNode: AccessibleNode? { last { $0.states.contains("focused") } }
}
