import Foundation
import XCTest

@testable import Lightbox

final class LibraryLocationTests: XCTestCase {
    func testPicturesWithPhotosWinOverTheSampleLibrary() throws {
        let pictures = LibraryFixtures.temporaryFolder(self, name: "pictures")
        XCTAssertEqual(LibraryLocation.defaultFolder(sampleLibrary: "/samples", pictures: pictures), "/samples")
        try "notes".write(toFile: pictures + "/notes.txt", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: pictures + "/2024/march", withIntermediateDirectories: true)
        XCTAssertEqual(LibraryLocation.defaultFolder(sampleLibrary: "/samples", pictures: pictures), "/samples")
        LibraryFixtures.copySamples(to: pictures + "/2024/march", count: 1)
        XCTAssertEqual(LibraryLocation.defaultFolder(sampleLibrary: "/samples", pictures: pictures), pictures)
        XCTAssertEqual(LibraryLocation.defaultFolder(sampleLibrary: "/samples", pictures: nil), "/samples")
        XCTAssertEqual(LibraryLocation.defaultFolder(sampleLibrary: "/samples", pictures: "/nonexistent"), "/samples")
    }
}
