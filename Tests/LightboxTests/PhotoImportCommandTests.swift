import Foundation
import GtkTestSupport
import XCTest

/// `lightbox --import`, run as a real process: the report, the exit status, the usage errors,
/// and an import killed with SIGKILL that the next one completes.
final class PhotoImportCommandTests: XCTestCase {
    private var lightbox: String { LibraryFixtures.productsDirectory + "/lightbox" }
    private var data = ""
    private var card = ""
    private var library = ""

    override func setUp() {
        data = LibraryFixtures.temporaryFolder(self, name: "xdg-data")
        card = LibraryFixtures.temporaryFolder(self, name: "card")
        library = LibraryFixtures.temporaryFolder(self, name: "library")
    }

    private func importCard(_ options: [String] = []) throws -> (LibraryFixtures.Output, [String: Any]) {
        let result = try LibraryFixtures.run(
            lightbox, ["--import", card, "--into", library] + options, environment: ["XDG_DATA_HOME": data, "LANGUAGE": "en"])
        let report = (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]) ?? [:]
        return (result, report)
    }

    private func names(_ report: [String: Any], _ key: String, _ field: String) -> [String] {
        ((report[key] as? [[String: Any]]) ?? []).map { (($0[field] as? String) ?? "").replacingOccurrences(of: library + "/", with: "") }
    }

    func testAnImportReportsAsJSONAndTheSecondCopiesNothing() throws {
        LibraryFixtures.copySamples(to: card + "/DCIM/100CANON", count: 3)
        let (first, report) = try importCard()
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(
            names(report, "copied", "path"),
            ["2024/2024-01-01/IMG_1000.jpg", "2024/2024-08-12/IMG_1001.jpg", "2024/2024-03-23/IMG_1002.jpg"])
        XCTAssertTrue(first.stderr.contains("lightbox: 3 new of 3 photos and videos\n"), first.stderr)
        XCTAssertTrue(first.stderr.contains("lightbox: copied 3 of 3 files ("), first.stderr)
        XCTAssertTrue(report["stopped"] is NSNull)

        let listed = try LibraryFixtures.run(lightbox, ["--list", library], environment: ["XDG_DATA_HOME": data])
        XCTAssertEqual(listed.stdout.split(separator: "\n").count, 3, "the copies are photos of the catalog")

        let (second, again) = try importCard()
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertEqual(names(again, "copied", "path"), [])
        XCTAssertEqual(names(again, "skipped", "path"), names(report, "copied", "path"))
        XCTAssertTrue(second.stderr.contains("lightbox: 0 new of 3 photos and videos\n"), second.stderr)
    }

    func testWrongArgumentsAreUsageErrorsAndAFileIsNoFolderToImportInto() throws {
        // (`--import SOURCE` alone opens the window's import: `ImportAppTests`.)
        let missing = try LibraryFixtures.run(lightbox, ["--import", card, "--names", "NAME"], environment: ["XDG_DATA_HOME": data])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.hasPrefix("lightbox: --import needs --into FOLDER\nusage: lightbox --import SOURCE"), missing.stderr)
        let template = try LibraryFixtures.run(
            lightbox, ["--import", card, "--into", library, "--folders", "../x"], environment: ["XDG_DATA_HOME": data])
        XCTAssertEqual(template.status, 2)
        XCTAssertTrue(template.stderr.hasPrefix("lightbox: a folder template is folder names with / between them\n"), template.stderr)
        let file = library + "/file"
        try Data().write(to: URL(fileURLWithPath: file))
        let notFolder = try LibraryFixtures.run(lightbox, ["--import", card, "--into", file], environment: ["XDG_DATA_HOME": data])
        XCTAssertEqual(notFolder.status, 3)
        XCTAssertEqual(notFolder.stderr, "lightbox: cannot import into \(file): not a folder\n")
    }

    /// 70 files of 4 MB (more than a batch of 64): killed once files have names in the library.
    /// Every named file is whole, and the next import removes what the killed one left and copies
    /// the rest.
    func testAnImportKilledMidwayLosesNothingAndTheNextOneCompletesIt() throws {
        let folder = card + "/DCIM/100CANON"
        let sample = LibraryFixtures.samplePaths[0]
        LibraryFixtures.shell(
            "mkdir -p '\(folder)' && for i in $(seq 1000 1069); do "
                + "{ cat '\(sample)'; head -c 4000000 /dev/urandom; } > '\(folder)'/IMG_$i.JPG; done")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: lightbox)
        process.arguments = ["--import", card, "--into", library]
        process.environment = ProcessInfo.processInfo.environment.merging(["XDG_DATA_HOME": data]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let day = library + "/2024/2024-01-01"
        XCTAssertTrue(
            waitUntil(timeout: 60, interval: 0.005) {
                ((try? FileManager.default.contentsOfDirectory(atPath: day)) ?? []).contains { !$0.hasPrefix(".") } || !process.isRunning
            })
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()

        let named = ((try? FileManager.default.contentsOfDirectory(atPath: day)) ?? []).filter { !$0.hasPrefix(".") }
        XCTAssertFalse(named.isEmpty)
        for name in named {
            XCTAssertEqual(
                FileManager.default.contents(atPath: day + "/" + name), FileManager.default.contents(atPath: folder + "/" + name),
                "\(name) is whole")
        }
        let (rest, report) = try importCard()
        XCTAssertEqual(rest.status, 0, rest.stderr)
        XCTAssertEqual(names(report, "copied", "path").count + names(report, "skipped", "path").count, 70)
        XCTAssertGreaterThanOrEqual(names(report, "skipped", "path").count, named.count, "what was named is not copied again")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: day).sorted(), (1000...1069).map { "IMG_\($0).JPG" })
    }
}
