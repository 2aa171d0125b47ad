import Foundation
@testable import Lightbox
import XCTest

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
            let acknowledged = try runChildAndKill(catalogPath: catalogPath, folder: folder, after: killAfter)
            XCTAssertGreaterThanOrEqual(acknowledged, killAfter)

            let catalog = try Catalog(path: catalogPath)
            let stored = try paths.map { try XCTUnwrap(catalog.photo(at: $0)).rating }
            // Step n rates photo n % 5 with (n / 5) % 6 stars. The step after the last
            // acknowledged one may have been committed just before the kill.
            let expected = ratings(from: before, afterSteps: acknowledged)
            let expectedOrInFlight = ratings(from: before, afterSteps: acknowledged + 1)
            XCTAssertTrue(stored == expected || stored == expectedOrInFlight,
                          "after \(acknowledged) acknowledged ratings the catalog holds \(stored), expected \(expected)")
        }
    }

    private func ratings(from start: [Int], afterSteps steps: Int) -> [Int] {
        var result = start
        for step in 0..<steps { result[step % start.count] = (step / start.count) % 6 }
        return result
    }

    /// Runs the child until it acknowledged at least `after` ratings, kills it with
    /// SIGKILL, and returns how many ratings it acknowledged in all.
    private func runChildAndKill(catalogPath: String, folder: String, after: Int) throws -> Int {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: LibraryFixtures.productsDirectory + "/CatalogRatingChild")
        child.arguments = [catalogPath, folder]
        let output = Pipe()
        child.standardOutput = output
        try child.run()
        var received = Data()
        var lines = 0
        while lines < after {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            received.append(chunk)
            lines = received.filter { $0 == 0x0A }.count
        }
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        received.append(output.fileHandleForReading.readDataToEndOfFile())
        XCTAssertEqual(child.terminationReason, .uncaughtSignal)
        return received.filter { $0 == 0x0A }.count
    }
}
