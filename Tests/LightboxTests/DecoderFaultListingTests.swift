import Foundation
import GtkTestSupport
import XCTest

/// `lightbox --list`, the real binary: files are read and decoded in its worker processes,
/// so a file that crashes a decoder is a row with an error, and the listing goes on.
final class DecoderFaultListingTests: XCTestCase {
    private var lightbox: String { LibraryFixtures.productsDirectory + "/lightbox" }

    private func list(_ folder: String, options: [String] = [], environment: [String: String] = [:])
        throws -> (LibraryFixtures.Output, [[String: Any]])
    {
        let data = LibraryFixtures.temporaryFolder(self, name: "xdg-data")
        let result = try LibraryFixtures.run(
            lightbox, ["--list"] + options + [folder],
            environment: ["XDG_DATA_HOME": data].merging(environment) { $1 })
        let objects = try result.stdout.split(separator: "\n").map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], String($0))
        }
        return (result, objects)
    }

    func testFilesThatCrashTheDecoderAreErrorRowsAndTheOthersAreListedAndDecoded() throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        let samples = LibraryFixtures.copySamples(to: folder, count: 3)
        try FileManager.default.copyItem(atPath: samples[0], toPath: folder + "/b-crash-decoder.jpg")
        try FileManager.default.copyItem(atPath: samples[1], toPath: folder + "/c-crash-pixels.jpg")

        let (result, objects) = try list(folder, options: ["--verify"], environment: ["LIGHTBOX_TEST_DECODER_FAULTS": "1"])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(
            objects.map { ($0["path"] as? String).map { ($0 as NSString).lastPathComponent } },
            ["IMG_1000.jpg", "IMG_1001.jpg", "IMG_1002.jpg", "b-crash-decoder.jpg", "c-crash-pixels.jpg"])
        XCTAssertEqual(
            objects.map { $0["error"] as? String },
            [
                nil, nil, nil, "this file crashed the image decoder",
                "the image can't be decoded: this file crashed the image decoder",
            ])
        XCTAssertEqual(objects.map { $0["decoded"] as? Bool }, [true, true, true, false, false])
        XCTAssertEqual(
            objects.map { $0["width"] as? Int }, [640, 640, 640, 0, 640],
            "c-crash-pixels.jpg only crashes decodes: its metadata was read")
    }

    func testWithoutTheTestSwitchTheMarkerNamesAreOrdinaryFiles() throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        let samples = LibraryFixtures.copySamples(to: folder, count: 1)
        try FileManager.default.copyItem(atPath: samples[0], toPath: folder + "/crash-decoder.jpg")
        try FileManager.default.copyItem(atPath: samples[0], toPath: folder + "/hang-decoder.jpg")
        let (result, objects) = try list(folder, options: ["--verify"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(objects.map { $0["decoded"] as? Bool }, [true, true, true])
    }
}
