import Foundation
import XCTest

@testable import Lightbox

/// A rating the Store acknowledged survives `kill -9` of the process.
final class RatingDurabilityTests: XCTestCase {
    func testAcknowledgedRatingsSurviveSIGKILL() throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        let paths = LibraryFixtures.copySamples(to: folder, count: 5).sorted()
        let catalogPath = LibraryFixtures.temporaryFolder(self, name: "catalog") + "/catalog.sqlite"
        _ = try CatalogSync(catalog: try Catalog(path: catalogPath)).run(folder: folder)

        // Kill the child at a different moment each round.
        for killAfter in [1, 23, 157] {
            let before = try paths.map { try XCTUnwrap(Catalog(path: catalogPath).photo(at: $0)).rating }
            let acknowledged = try LibraryFixtures.runChildAndKill(
                "CatalogRatingChild", catalogPath: catalogPath, folder: folder, after: killAfter)
            XCTAssertGreaterThanOrEqual(acknowledged, killAfter)

            let catalog = try Catalog(path: catalogPath)
            let stored = try paths.map { try XCTUnwrap(catalog.photo(at: $0)).rating }
            // Step n rates photo n % 5 with (n / 5) % 6 stars. The step after the last
            // acknowledged one may have been committed just before the kill.
            let expected = ratings(from: before, afterSteps: acknowledged)
            let expectedOrInFlight = ratings(from: before, afterSteps: acknowledged + 1)
            XCTAssertTrue(
                stored == expected || stored == expectedOrInFlight,
                "after \(acknowledged) acknowledged ratings the catalog holds \(stored), expected \(expected)")
        }
    }

    private func ratings(from start: [Int], afterSteps steps: Int) -> [Int] {
        var result = start
        for step in 0..<steps { result[step % start.count] = (step / start.count) % 6 }
        return result
    }
}
