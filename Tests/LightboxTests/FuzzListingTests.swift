import Foundation
import GtkTestSupport
import XCTest

/// Mutated JPEG, TIFF and HEIC files (bit flips, truncations, duplicated and overwritten chunks,
/// from a seeded generator) through `lightbox --list --verify`, the real binary: every
/// file gets its row and nothing crashes the app's process, whatever the decoders do.
final class FuzzListingTests: XCTestCase {
    static let fileCount = 900

    func testMutatedFilesEachGetARowAndNeverCrashTheApp() throws {
        let sources = LibraryFixtures.temporaryFolder(self, name: "fuzz-sources")
        let jpegs = LibraryFixtures.copySamples(to: sources, count: 5)
        let tiff = sources + "/sample.tif"
        let heic = sources + "/sample.heic"
        LibraryFixtures.shell("convert '\(jpegs[0])' -compress lzw '\(tiff)' && heif-enc -q 60 -o '\(heic)' '\(jpegs[1])' >/dev/null")
        let sourcePaths = jpegs + [tiff, heic]
        let originals = try sourcePaths.map { try [UInt8](Data(contentsOf: URL(fileURLWithPath: $0))) }

        let folder = LibraryFixtures.temporaryFolder(self, name: "fuzz")
        var random = SeededGenerator(seed: 2026)
        var expected: [String] = []
        for index in 0..<Self.fileCount {
            let source = Int.random(in: 0..<originals.count, using: &random)
            let bytes = Self.mutate(originals[source], using: &random)
            let path = String(format: "%@/fuzz-%03d.%@", folder, index, (sourcePaths[source] as NSString).pathExtension)
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            expected.append(path)
        }

        let data = LibraryFixtures.temporaryFolder(self, name: "xdg-data")
        let result = try LibraryFixtures.run(
            LibraryFixtures.productsDirectory + "/lightbox", ["--list", "--verify", folder],
            environment: ["XDG_DATA_HOME": data])
        XCTAssertTrue([0, 1].contains(result.status), "lightbox --list ended with \(result.status): \(result.stderr)")
        let rows = try result.stdout.split(separator: "\n").map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], String($0))
        }
        XCTAssertEqual(rows.map { $0["path"] as? String }, expected)
        for row in rows where row["decoded"] as? Bool != true {
            XCTAssertNotNil(row["error"] as? String, "\(row["path"] ?? "?") failed without a message")
        }
        let failed = rows.filter { $0["error"] is String }
        let crashed = failed.filter { ($0["error"] as? String)?.contains("crashed the image decoder") == true }
        print("FuzzListingTests: \(rows.count) files, \(failed.count) with an error, \(crashed.count) crashed a decoder")
        XCTAssertTrue((1..<rows.count).contains(failed.count), "the mutations broke some files and spared others")
    }

    /// One to three mutations of `bytes`.
    static func mutate(_ original: [UInt8], using random: inout SeededGenerator) -> [UInt8] {
        var bytes = original
        for _ in 0..<Int.random(in: 1...3, using: &random) where bytes.count > 16 {
            switch Int.random(in: 0..<4, using: &random) {
            case 0:  // bit flips
                for _ in 0..<Int.random(in: 1...32, using: &random) {
                    bytes[Int.random(in: 0..<bytes.count, using: &random)] ^= 1 << UInt8.random(in: 0..<8, using: &random)
                }
            case 1:  // truncation
                bytes.removeLast(Int.random(in: 1..<bytes.count, using: &random))
            case 2:  // a chunk duplicated
                let start = Int.random(in: 0..<bytes.count, using: &random)
                let chunk = bytes[start..<min(bytes.count, start + Int.random(in: 1...4096, using: &random))]
                bytes.insert(contentsOf: chunk, at: Int.random(in: 0...bytes.count, using: &random))
            default:  // a chunk overwritten with noise
                let start = Int.random(in: 0..<bytes.count, using: &random)
                for index in start..<min(bytes.count, start + Int.random(in: 1...256, using: &random)) {
                    bytes[index] = UInt8.random(in: 0...255, using: &random)
                }
            }
        }
        return bytes
    }
}
