import Foundation
import XCTest

@testable import Lightbox

/// What was given to open, sorted: folders (added to the library), photos (shown), and
/// what can't be opened, each with a sentence saying why.
final class OpenedPathsTests: XCTestCase {
    func testFoldersPhotosAndWhatCantBeOpened() throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        let photos = LibraryFixtures.copySamples(to: folder + "/Holiday", count: 2)
        let notes = folder + "/notes.txt"
        try "not a photo\n".write(toFile: notes, atomically: true, encoding: .utf8)

        let opened = OpenedPaths([
            photos[1], folder + "/Holiday/", photos[0], photos[1] + "/", folder + "/gone.jpg",
            notes, folder + "/Gone",
        ])
        XCTAssertEqual(opened.photos, [photos[1], photos[0]], "in the order given, each once, standardized")
        XCTAssertEqual(
            opened.folders, [folder + "/Holiday", folder + "/Gone"],
            "a missing path without an extension is a folder (adding it says it can't be found)")
        XCTAssertEqual(
            opened.problems,
            [
                "“gone.jpg” can't be opened: there is no such file.",
                "“notes.txt” can't be opened: it is not a photo.",
            ])
        XCTAssertTrue(opened.hasFiles)
        XCTAssertFalse(OpenedPaths([folder]).hasFiles, "a folder alone is not a file to show")
        XCTAssertEqual(OpenedPaths([]), OpenedPaths([]))
    }
}
