import Foundation
import XCTest

/// `lightbox --list`, run as a real process, checked against the `exiv2` tool.
final class ListCommandTests: XCTestCase {
    private var lightbox: String { LibraryFixtures.productsDirectory + "/lightbox" }

    private func list(_ folder: String, environment: [String: String] = [:]) throws -> (LibraryFixtures.Output, [[String: Any]]) {
        let data = LibraryFixtures.temporaryFolder(self, name: "xdg-data")
        let result = try LibraryFixtures.run(lightbox, ["--list", folder],
                                             environment: ["XDG_DATA_HOME": data].merging(environment) { $1 })
        let objects = result.stdout.split(separator: "\n").map {
            try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
        }
        return (result, objects)
    }

    /// `exiv2 -Pkv` values of the tags Lightbox reads, plus the image size.
    private func exiv2(_ path: String) throws -> [String: String] {
        let keys = ["Exif.Image.Make", "Exif.Image.Model", "Exif.Photo.LensModel", "Exif.Photo.DateTimeOriginal",
                    "Exif.Image.DateTime", "Exif.Image.Orientation", "Xmp.xmp.Rating"]
        let tags = try LibraryFixtures.run("/usr/bin/exiv2", ["-q", "-Pkv"] + keys.flatMap { ["-K", $0] } + [path])
        var result: [String: String] = [:]
        for line in tags.stdout.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
            result[String(parts[0])] = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
        }
        let summary = try LibraryFixtures.run("/usr/bin/exiv2", ["-q", "-ps", path]).stdout
        if let line = summary.split(separator: "\n").first(where: { $0.hasPrefix("Image size") }) {
            result["size"] = line.split(separator: ":", maxSplits: 1)[1].trimmingCharacters(in: .whitespaces)
        }
        return result
    }

    func testListingOfTheSamplesMatchesExiv2() throws {
        let (result, objects) = try list(LibraryFixtures.samples)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(objects.map { $0["path"] as? String }, LibraryFixtures.samplePaths)
        for object in objects {
            let path = object["path"] as! String
            let tags = try exiv2(path)
            XCTAssertEqual(object["make"] as? String, tags["Exif.Image.Make"], path)
            XCTAssertEqual(object["model"] as? String, tags["Exif.Image.Model"], path)
            XCTAssertEqual(object["lens"] as? String, tags["Exif.Photo.LensModel"], path)
            XCTAssertEqual(object["orientation"] as? Int, Int(tags["Exif.Image.Orientation"] ?? "1"), path)
            XCTAssertEqual(object["rating"] as? Int, Int(tags["Xmp.xmp.Rating"] ?? "0"), path)
            XCTAssertEqual("\(object["width"]!) x \(object["height"]!)", tags["size"], path)
            XCTAssertTrue(object["error"] is NSNull, path)
            let exifDate = tags["Exif.Photo.DateTimeOriginal"] ?? tags["Exif.Image.DateTime"]
            let source = tags["Exif.Photo.DateTimeOriginal"] != nil ? "DateTimeOriginal"
                : tags["Exif.Image.DateTime"] != nil ? "DateTime" : "mtime"
            XCTAssertEqual(object["taken_source"] as? String, source, path)
            if let exifDate {
                let iso = exifDate.replacingOccurrences(of: " ", with: "T")
                    .replacingOccurrences(of: ":", with: "-", options: [], range: exifDate.startIndex..<exifDate.index(exifDate.startIndex, offsetBy: 10))
                XCTAssertEqual(object["taken"] as? String, iso, path)
            }
        }
        XCTAssertEqual(Set(objects.compactMap { $0["model"] as? String }).count, 5)
        XCTAssertEqual(objects.filter { $0["latitude"] is Double }.count, 1)
    }

    func testAMissingFolderFailsWithAClearMessage() throws {
        let (result, objects) = try list("/nonexistent/photos")
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(objects.isEmpty)
        XCTAssertEqual(result.stderr, "lightbox: cannot read folder /nonexistent/photos: No such file or directory\n")
        let usage = try LibraryFixtures.run(lightbox, ["--list"])
        XCTAssertEqual(usage.status, 2)
        XCTAssertTrue(usage.stderr.hasPrefix("usage:"))
    }

    /// Permissions only bite an unprivileged user: as root, this runs the listing as
    /// `nobody` with `setpriv` (root reads mode-000 files).
    func testUnreadableFilesAndFoldersAsAnUnprivilegedUser() throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        let data = LibraryFixtures.temporaryFolder(self, name: "xdg-data")
        let paths = LibraryFixtures.copySamples(to: folder, count: 2)
        let locked = LibraryFixtures.temporaryFolder(self, name: "locked")
        LibraryFixtures.shell("chmod 755 '\(folder)' && chmod 777 '\(data)' && chmod 000 '\(paths[0])' '\(locked)'")
        addTeardownBlock { chmod(locked, 0o700) }
        let asUser = getuid() == 0
            ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", lightbox]
            : [lightbox]

        let listed = try LibraryFixtures.run(asUser[0], Array(asUser.dropFirst()) + ["--list", folder],
                                             environment: ["XDG_DATA_HOME": data])
        XCTAssertEqual(listed.status, 0, listed.stderr)
        let objects = listed.stdout.split(separator: "\n").map {
            try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
        }
        XCTAssertEqual(objects.count, 2)
        XCTAssertEqual(objects[0]["error"] as? String, "can't open the file: Permission denied")
        XCTAssertTrue(objects[1]["error"] is NSNull)

        let refused = try LibraryFixtures.run(asUser[0], Array(asUser.dropFirst()) + ["--list", locked],
                                              environment: ["XDG_DATA_HOME": data])
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.stderr.hasPrefix("lightbox: cannot read folder \(locked): "), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("Permission denied"), refused.stderr)
    }
}
