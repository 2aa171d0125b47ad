import Foundation
import GtkTestSupport
import LightboxMedia
import XCTest

@testable import Lightbox

/// Photo files being written back survive `kill -9` of the process whole (old or new,
/// never cut short), with no temporary file the scanner lists, and every acknowledged
/// edit is in the catalog and reaches the files at the next launch.
final class WriteBackDurabilityTests: GtkTestCase {
    func testFilesBeingWrittenBackSurviveSIGKILLWholeAndTheQueueIsResumed() throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        let paths = LibraryFixtures.copySamples(to: folder, count: 10).sorted()
        let names = paths.map { ($0 as NSString).lastPathComponent }
        let originals = try paths.map { try JPEGScanData.of($0) }
        let catalogPath = LibraryFixtures.temporaryFolder(self, name: "catalog") + "/catalog.sqlite"
        _ = try CatalogSync(catalog: try Catalog(path: catalogPath)).run(folder: folder)

        // Kill the child at a different moment each round, each round starting from step 0.
        var previous = try paths.map { try XCTUnwrap(Catalog(path: catalogPath).photo(at: $0)).metadata }
        for killAfter in [2, 17, 61, 150] {
            let acknowledged = try LibraryFixtures.runChildAndKill(
                "WriteBackChild", catalogPath: catalogPath, folder: folder, after: killAfter)
            XCTAssertGreaterThanOrEqual(acknowledged, killAfter)

            for (index, path) in paths.enumerated() {
                XCTAssertEqual(try JPEGScanData.of(path), originals[index], "\(path) is whole after the kill at \(acknowledged)")
                let exiv2 = try LibraryFixtures.run("/usr/bin/exiv2", ["-q", "-pa", path])
                XCTAssertEqual(exiv2.status, 0, "exiv2 reads \(path): \(exiv2.stderr)")
                XCTAssertNoThrow(try PixelImage.decode(path: path, fitting: 64, maxPixels: 100_000_000))
            }
            let listed = try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") }
            XCTAssertEqual(listed.sorted(), names, "only the photos are visible (temporary copies are hidden)")
            XCTAssertEqual(ScanProgress.countPhotoFiles(in: folder), 10)

            let catalog = try Catalog(path: catalogPath)
            let stored = try paths.map { try XCTUnwrap(catalog.photo(at: $0)).metadata }
            let expected = metadata(from: previous, afterSteps: acknowledged)
            let expectedOrInFlight = metadata(from: previous, afterSteps: acknowledged + 1)
            XCTAssertTrue(
                stored == expected || stored == expectedOrInFlight,
                "after \(acknowledged) acknowledged edits the catalog holds \(stored.map(\.rating)), expected \(expected.map(\.rating))")
            previous = stored
            if killAfter == 150 {
                let written = try paths.filter { try ImageMetadataWriter.writtenTags(at: $0).subjects.first?.hasPrefix("step-") == true }
                XCTAssertFalse(written.isEmpty, "files were being written back when the child was killed")
            }
        }

        // The next launch writes what the kills left queued, and clears their temporary copies.
        let store = CatalogStore(catalog: try Catalog(path: catalogPath))
        store.open(folder: folder)
        pump(until: { !store.isScanning && store.isUpToDate }, timeout: 20, "scan to finish")
        store.savesMetadataInFiles = true
        try store.edit([paths[0]]) { $0.add(keyword: "resumed") }
        store.waitUntilSaved()
        XCTAssertTrue(store.writeBack.finish(waitingAtMost: 60))
        XCTAssertEqual(try store.catalog.pendingWriteCount(), 0)
        for path in paths {
            let wanted = try XCTUnwrap(store.catalog.photo(at: path)).metadata
            let written = try ImageMetadataWriter.writtenTags(at: path)
            XCTAssertEqual(written, WrittenTags(stars: wanted.rating, isRejected: wanted.isRejected, keywords: wanted.keywords), path)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).sorted(), names, "no temporary copy is left")
    }

    /// Step n gives photo n % count (n / count) % 6 stars and the keyword "step-<n / count>".
    private func metadata(from start: [PhotoMetadata], afterSteps steps: Int) -> [PhotoMetadata] {
        var result = start
        for step in 0..<steps {
            let round = step / start.count
            result[step % start.count].rating = round % 6
            result[step % start.count].keywords = ["step-\(round)"]
        }
        return result
    }
}

/// The bytes of a JPEG from its start-of-scan marker to the end: the image data, which
/// write-back never changes.
enum JPEGScanData {
    static func of(_ path: String) throws -> Data {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF, bytes[offset + 1] != 0xDA {
            offset += 2 + Int(bytes[offset + 2]) << 8 + Int(bytes[offset + 3])
        }
        guard offset + 1 < bytes.count, bytes[offset + 1] == 0xDA else {
            throw MediaError("\(path) has no start of scan (\(bytes.count) bytes)")
        }
        return Data(bytes[offset...])
    }
}
