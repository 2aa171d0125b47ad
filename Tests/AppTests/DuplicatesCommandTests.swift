import Foundation
import GtkTestSupport
import XCTest

/// `lightbox --duplicates`, the real binary in a private home, on copies ImageMagick and exiv2
/// make of one picture as people make them.
final class DuplicatesCommandTests: XCTestCase {
    /// A folder holding `a.jpg`, its copies (resized, re-compressed, PNG, WebP, cropped by 5%,
    /// stripped of its metadata, copied byte for byte), an unrelated picture and a file that is
    /// no image.
    private func makeCopies() throws -> (home: URL, folder: String) {
        let home = try LaunchedApp.makeHome()
        addTeardownBlock { try? FileManager.default.removeItem(at: home) }
        let folder = home.appendingPathComponent("Pictures/copies").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let script = """
            cd "$1" && convert -seed 7 -size 1200x800 plasma:fractal -blur 0x2 -quality 92 a.jpg \
              && convert a.jpg -resize 40% resized.jpg && convert a.jpg -quality 55 q55.jpg \
              && convert a.jpg a.png && convert a.jpg a.webp \
              && convert a.jpg -gravity center -crop 95%x95%+0+0 +repage crop.jpg \
              && cp a.jpg stripped.jpg && exiv2 -q rm stripped.jpg && cp a.jpg exact.jpg \
              && convert -seed 8 -size 1200x800 plasma:fractal -blur 0x2 -quality 92 other.jpg \
              && printf 'not a picture at all' > broken.jpg && echo made
            """
        XCTAssertEqual(Process.output("/bin/sh", ["-c", script, "sh", folder]), "made\n")
        return (home, folder)
    }

    /// One group of every copy of `a.jpg`, "near" (not every copy has its bytes or pixels),
    /// kept as `DuplicateFinder.keepsBefore` ranks them: most pixels (the 1200×800 ones), then
    /// most bytes (the PNG), then the path; the crop and the resized copy last. The unrelated
    /// picture is in no group; the broken file costs its own row and exit status 1, as in
    /// `--list`. Run again on a new catalog, the hashes come from the freedesktop thumbnails
    /// the first run wrote: none is made again.
    func testEveryCopyIsOneGroupKeepingThePNGAndABrokenFileCostsItsRow() throws {
        let (home, folder) = try makeCopies()
        let first = try LaunchedApp.run(["--duplicates", folder], home: home)
        XCTAssertEqual(first.status, 1, first.output)
        let paths = ["a.png", "a.jpg", "exact.jpg", "stripped.jpg", "a.webp", "q55.jpg", "crop.jpg", "resized.jpg"]
        XCTAssertEqual(
            first.output,
            """
            {"kind":"near","keep":"\(folder)/a.png","paths":[\(paths.map { "\"\(folder)/\($0)\"" }.joined(separator: ","))]}
            {"kind":"unreadable","path":"\(folder)/broken.jpg","error":"not a readable image: Failed to read input data"}

            """)
        let thumbnails = home.appendingPathComponent("cache/thumbnails/large").path
        let written = try FileManager.default.contentsOfDirectory(atPath: thumbnails)
        XCTAssertEqual(written.count, 9, "a thumbnail for each readable file: \(written)")
        let stamps = try written.map { try FileManager.default.attributesOfItem(atPath: thumbnails + "/" + $0)[.modificationDate] as? Date }

        try FileManager.default.removeItem(at: home.appendingPathComponent("data"))
        let again = try LaunchedApp.run(["--duplicates", folder], home: home)
        XCTAssertEqual(again.status, 1, again.output)
        XCTAssertEqual(again.output, first.output)
        XCTAssertEqual(
            try written.map { try FileManager.default.attributesOfItem(atPath: thumbnails + "/" + $0)[.modificationDate] as? Date },
            stamps, "the thumbnails were read, not made again")
    }

    /// Without anything unreadable the status is 0; a folder without duplicates prints nothing.
    func testAFolderWithoutDuplicatesPrintsNothingAndExitsWith0() throws {
        let (home, folder) = try makeCopies()
        for name in ["resized.jpg", "q55.jpg", "a.png", "a.webp", "crop.jpg", "stripped.jpg", "exact.jpg", "broken.jpg"] {
            try FileManager.default.removeItem(atPath: folder + "/" + name)
        }
        let result = try LaunchedApp.run(["--duplicates", folder], home: home)
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertEqual(result.output, "")
    }

    /// A missing folder: `--list`'s message and status 3, nothing printed on stdout; a wrong
    /// command line: status 2 and the usage.
    func testAMissingFolderExitsWith3AndAWrongCommandLineWith2() throws {
        let missing = try LaunchedApp.run(["--duplicates", "/nonexistent/photos"])
        XCTAssertEqual(missing.status, 3)
        XCTAssertEqual(missing.output, "lightbox: cannot read folder /nonexistent/photos: No such file or directory\n")
        let expectations = [
            ([], "--duplicates needs a FOLDER"),
            (["a", "b"], "--duplicates takes one FOLDER"),
            (["--verify", "a"], "unknown option --verify for --duplicates"),
        ]
        for (arguments, reason) in expectations {
            let usage = try LaunchedApp.run(["--duplicates"] + arguments)
            XCTAssertEqual(usage.status, 2, "\(arguments)")
            XCTAssertEqual(usage.output, "lightbox: \(reason)\nusage: lightbox --duplicates FOLDER\n")
        }
    }
}
