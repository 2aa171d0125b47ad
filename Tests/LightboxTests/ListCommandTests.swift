import Foundation
import XCTest

/// `lightbox --list`, run as a real process, checked against the `exiv2` tool.
final class ListCommandTests: XCTestCase {
    private var lightbox: String { LibraryFixtures.productsDirectory + "/lightbox" }

    private func list(
        _ folder: String, options: [String] = [],
        environment: [String: String] = [:]
    ) throws -> (LibraryFixtures.Output, [[String: Any]]) {
        let data = LibraryFixtures.temporaryFolder(self, name: "xdg-data")
        let result = try LibraryFixtures.run(
            lightbox, ["--list"] + options + [folder],
            environment: ["XDG_DATA_HOME": data].merging(environment) { $1 })
        let objects = try result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], String($0))
        }
        XCTAssertTrue(result.stdout.isEmpty || result.stdout.hasSuffix("\n"), "every line ends")
        return (result, objects)
    }

    /// `exiv2 -Pkv` values of the tags Lightbox reads, plus the image size.
    private func exiv2(_ path: String) throws -> [String: String] {
        let keys = [
            "Exif.Image.Make", "Exif.Image.Model", "Exif.Photo.LensModel", "Exif.Photo.DateTimeOriginal",
            "Exif.Image.DateTime", "Exif.Image.Orientation", "Xmp.xmp.Rating",
        ]
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
            XCTAssertTrue(object["decoded"] is NSNull, "not checked without --verify: \(path)")
            let exifDate = tags["Exif.Photo.DateTimeOriginal"] ?? tags["Exif.Image.DateTime"]
            let source =
                tags["Exif.Photo.DateTimeOriginal"] != nil
                ? "DateTimeOriginal"
                : tags["Exif.Image.DateTime"] != nil ? "DateTime" : "mtime"
            XCTAssertEqual(object["taken_source"] as? String, source, path)
            if let exifDate {
                let iso = exifDate.replacingOccurrences(of: " ", with: "T")
                    .replacingOccurrences(
                        of: ":", with: "-", options: [], range: exifDate.startIndex..<exifDate.index(exifDate.startIndex, offsetBy: 10))
                XCTAssertEqual(object["taken"] as? String, iso, path)
            }
        }
        XCTAssertEqual(Set(objects.compactMap { $0["model"] as? String }).count, 5)
        XCTAssertEqual(objects.filter { $0["latitude"] is Double }.count, 1)
    }

    func testAMissingFolderFailsWithAClearMessageAndStatus3() throws {
        let (result, objects) = try list("/nonexistent/photos")
        XCTAssertEqual(result.status, 3)
        XCTAssertTrue(objects.isEmpty)
        XCTAssertEqual(result.stderr, "lightbox: cannot read folder /nonexistent/photos: No such file or directory\n")
        let file = LibraryFixtures.samplePaths[0]
        let (notAFolder, _) = try list(file)
        XCTAssertEqual(notAFolder.status, 3)
        XCTAssertEqual(notAFolder.stderr, "lightbox: cannot read folder \(file): not a folder\n")
    }

    /// A catalog that can't be written (here its folder's parent is a file) lives in memory:
    /// the folder is listed all the same, and stderr says nothing was saved.
    func testACatalogThatCantBeWrittenStillListsAndSaysSo() throws {
        let blocker = LibraryFixtures.temporaryFolder(self) + "/file"
        XCTAssertTrue(FileManager.default.createFile(atPath: blocker, contents: Data("not a folder".utf8)))
        let result = try LibraryFixtures.run(
            lightbox, ["--list", LibraryFixtures.samples],
            environment: ["XDG_DATA_HOME": blocker])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout.split(separator: "\n").count, LibraryFixtures.samplePaths.count)
        XCTAssertTrue(
            result.stderr.hasPrefix(
                "lightbox: this scan is not saved in the catalog: \(blocker)/io.github.lightbox.Lightbox can't be written ("),
            result.stderr)
    }

    func testUsageErrorsExitWithStatus2() throws {
        let expectations = [
            ([], "--list needs a FOLDER"),
            (["a", "b"], "--list takes one FOLDER"),
            (["--verbose", "a"], "unknown option --verbose for --list"),
            (["--verify"], "--list needs a FOLDER"),
        ]
        for (arguments, reason) in expectations {
            let usage = try LibraryFixtures.run(lightbox, ["--list"] + arguments)
            XCTAssertEqual(usage.status, 2, "\(arguments)")
            XCTAssertEqual(usage.stdout, "")
            XCTAssertEqual(usage.stderr, "lightbox: \(reason)\nusage: lightbox --list [--verify] FOLDER\n")
        }
        // After `--`, a folder may start with a dash.
        let folder = LibraryFixtures.temporaryFolder(self)
        let dashed = folder + "/-photos"
        try FileManager.default.createDirectory(atPath: dashed, withIntermediateDirectories: false)
        LibraryFixtures.copySamples(to: dashed, count: 1)
        let result = try LibraryFixtures.run(
            "/bin/sh", ["-c", "cd '\(folder)' && '\(lightbox)' --list -- -photos"],
            environment: ["XDG_DATA_HOME": LibraryFixtures.temporaryFolder(self)])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout.split(separator: "\n").count, 1)
    }

    func testHelpDocumentsTheExitStatusAndTheLibraryDocumentMatches() throws {
        let help = try LibraryFixtures.run(lightbox, ["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertEqual(help.stderr, "")
        let statuses = [
            "0  every file was listed without an error",
            "1  the folder was listed, but at least one file has an error",
            "2  usage error",
            "3  the folder or the catalog can't be used; nothing was listed",
        ]
        let document = try String(contentsOfFile: LibraryFixtures.repository + "/docs/library.md", encoding: .utf8)
        for status in statuses {
            XCTAssertTrue(help.stdout.contains("  " + status + "\n"), "--help lacks \"\(status)\": \(help.stdout)")
            XCTAssertTrue(document.contains(status), "docs/library.md lacks \"\(status)\"")
        }
        XCTAssertTrue(help.stdout.hasPrefix("usage: lightbox [FOLDER]"), help.stdout)
        XCTAssertTrue(help.stdout.contains("lightbox --list [--verify] FOLDER"))
        XCTAssertTrue(
            help.stdout.contains(
                "In --list, a path that is not UTF-8 is written with each byte that is not text as \\udcXX\n"
                    + "(Python's surrogateescape: open(json.loads(line)[\"path\"]) opens the file).\n"), help.stdout)
    }

    /// One file's failure costs its own row: the others are listed as usual, and the
    /// exit status says that something failed.
    func testEveryFileIsListedAndAFailureCostsOnlyItsRow() throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        let good = LibraryFixtures.copySamples(to: folder, count: 2)
        try LibraryFixtures.writeInfiniteAperture(from: good[0], to: folder + "/aperture.jpg")
        try LibraryFixtures.writeGarbage(to: folder + "/garbage.jpg")
        let whole = try Data(contentsOf: URL(fileURLWithPath: good[1]))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: folder + "/truncated.jpg"))

        let (result, objects) = try list(folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(
            objects.map { ($0["path"] as? String)?.replacingOccurrences(of: folder + "/", with: "") },
            ["IMG_1000.jpg", "IMG_1001.jpg", "aperture.jpg", "garbage.jpg", "truncated.jpg"])
        XCTAssertEqual(
            objects.map { $0["error"] as? String },
            [
                nil, nil, nil, "not a readable image: Failed to read image data",
                "truncated JPEG (the file ends before the image does)",
            ])
        XCTAssertEqual(objects.map { $0["aperture"] as? Double }, [1.4, 2.8, nil, nil, 2.8])
        XCTAssertEqual(objects.map { $0["model"] as? String }, ["Canon EOS R5", "NIKON Z 6", "Canon EOS R5", nil, "NIKON Z 6"])
        XCTAssertTrue(objects.allSatisfy { $0["decoded"] is NSNull })

        try FileManager.default.removeItem(atPath: folder + "/garbage.jpg")
        try FileManager.default.removeItem(atPath: folder + "/truncated.jpg")
        let (fine, listed) = try list(folder)
        XCTAssertEqual(fine.status, 0, fine.stderr)
        XCTAssertEqual(listed.count, 3)
    }

    /// Without `--verify` a file whose header reads fine is listed without an error and
    /// `decoded` null (not checked); with it, every file's pixels are decoded.
    func testVerifyDecodesEveryFile() throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        let good = LibraryFixtures.copySamples(to: folder, count: 2)
        try LibraryFixtures.writeUndecodablePixels(from: good[1], to: folder + "/scan.jpg")

        let (plain, unchecked) = try list(folder)
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertEqual(unchecked.map { $0["error"] as? String }, [nil, nil, nil])
        XCTAssertTrue(unchecked.allSatisfy { $0["decoded"] is NSNull })
        XCTAssertEqual(unchecked.map { $0["width"] as? Int }, [640, 640, 640], "the header reads fine")

        let (verified, checked) = try list(folder, options: ["--verify"])
        XCTAssertEqual(verified.status, 1)
        XCTAssertEqual(verified.stderr, "")
        XCTAssertEqual(checked.map { $0["decoded"] as? Bool }, [true, true, false])
        XCTAssertEqual(
            checked.map { $0["error"] as? String },
            [
                nil, nil,
                "the image can't be decoded: Error interpreting JPEG image file (Huffman table 0x03 was not defined)",
            ])
        XCTAssertEqual(
            checked.map { $0["model"] as? String }, ["Canon EOS R5", "NIKON Z 6", "NIKON Z 6"],
            "the rest of the row is listed as usual")

        // A file the scan already found broken keeps the scanner's error; it doesn't decode either.
        try LibraryFixtures.writeGarbage(to: folder + "/garbage.jpg")
        let (_, withGarbage) = try list(folder, options: ["--verify"])
        XCTAssertEqual(withGarbage.map { $0["decoded"] as? Bool }, [true, true, false, false])
        XCTAssertEqual(
            withGarbage.map { ($0["path"] as? String)?.replacingOccurrences(of: folder + "/", with: "") },
            ["IMG_1000.jpg", "IMG_1001.jpg", "garbage.jpg", "scan.jpg"])
        XCTAssertEqual(
            withGarbage.map { $0["error"] as? String },
            [
                nil, nil, "not a readable image: Failed to read image data",
                "the image can't be decoded: Error interpreting JPEG image file (Huffman table 0x03 was not defined)",
            ])

        let goodOnly = LibraryFixtures.temporaryFolder(self)
        LibraryFixtures.copySamples(to: goodOnly, count: 3)
        let (allGood, decoded) = try list(goodOnly, options: ["--verify"])
        XCTAssertEqual(allGood.status, 0, allGood.stderr)
        XCTAssertEqual(decoded.map { $0["decoded"] as? Bool }, [true, true, true])
    }

    /// Phone formats, camera RAW files (a RAW+JPEG pair's JPEG too) and broken ones of each:
    /// every file is listed, the good ones decoded with their camera and size.
    func testPhoneAndRawFilesAreListedAndDecoded() throws {
        let folder = LibraryFixtures.temporaryFolder(self, name: "formats")
        FormatFixtures.make(in: folder)
        LibraryFixtures.shell("cd '\(folder)' && cp reference.jpg photo.JPG && echo x > broken.heic && echo x > broken.cr3")

        let (result, objects) = try list(folder, options: ["--verify"])

        XCTAssertEqual(result.status, 1, "two broken files")
        XCTAssertEqual(result.stderr, "")
        let byName = Dictionary(
            uniqueKeysWithValues: objects.map { object -> (String, [String: Any]) in
                let path = object["path"] as? String ?? ""
                return ((path as NSString).lastPathComponent, object)
            })
        XCTAssertEqual(
            Set(byName.keys),
            Set(
                FormatFixtures.allFiles.map(\.name)
                    + ["reference.jpg", "photo.JPG", "broken.heic", "broken.cr3"]))
        for file in FormatFixtures.allFiles {
            let object = try XCTUnwrap(byName[file.name])
            XCTAssertTrue(object["error"] is NSNull, "\(file.name): \(object["error"] ?? "")")
            XCTAssertEqual(object["decoded"] as? Bool, true, file.name)
            XCTAssertEqual(object["model"] as? String, file.model, file.name)
            XCTAssertEqual(object["width"] as? Int, file.storedWidth, file.name)
            XCTAssertEqual(object["taken"] as? String, FormatFixtures.taken, file.name)
        }
        XCTAssertEqual(byName["broken.heic"]?["decoded"] as? Bool, false)
        XCTAssertTrue((byName["broken.heic"]?["error"] as? String ?? "").hasPrefix("not a readable HEIC image: "))
        XCTAssertTrue((byName["broken.cr3"]?["error"] as? String ?? "").hasPrefix("not a readable CR3 RAW file: "))
    }

    /// Many files (more than one chunk of parallel decodes) come out in path order.
    func testVerifiedListingKeepsPathOrderAcrossChunks() throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        var expected: [String] = []
        for index in 0..<40 {
            let name = String(format: "photo-%02d.jpg", index)
            let path = folder + "/" + name
            if index % 7 == 3 {
                try LibraryFixtures.writeUndecodablePixels(from: LibraryFixtures.samplePaths[index % 5], to: path)
            } else {
                try FileManager.default.linkItem(atPath: LibraryFixtures.samplePaths[index % 5], toPath: path)
            }
            expected.append(path)
        }
        let (result, objects) = try list(folder, options: ["--verify"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(objects.map { $0["path"] as? String }, expected)
        XCTAssertEqual(objects.map { $0["decoded"] as? Bool }, (0..<40).map { $0 % 7 != 3 })
    }

    /// Output that can't be written (a full disk) is an error on stderr and status 1.
    func testAListingThatCantBeWrittenSaysSo() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: lightbox)
        process.arguments = ["--list", LibraryFixtures.samples]
        process.environment = ProcessInfo.processInfo.environment
            .merging(["XDG_DATA_HOME": LibraryFixtures.temporaryFolder(self)]) { $1 }
        process.standardOutput = try XCTUnwrap(FileHandle(forWritingAtPath: "/dev/full"))
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 1)
        XCTAssertEqual(
            stderr, "lightbox: the listing could not be written: The operation could not be completed. There isn’t enough space.\n")
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
        let asUser =
            getuid() == 0
            ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", lightbox]
            : [lightbox]

        let listed = try LibraryFixtures.run(
            asUser[0], Array(asUser.dropFirst()) + ["--list", folder],
            environment: ["XDG_DATA_HOME": data])
        XCTAssertEqual(listed.status, 1, "a file has an error: \(listed.stderr)")
        let objects = listed.stdout.split(separator: "\n").map {
            try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
        }
        XCTAssertEqual(objects.count, 2)
        XCTAssertEqual(objects[0]["error"] as? String, "can't open the file: Permission denied")
        XCTAssertTrue(objects[1]["error"] is NSNull)

        let refused = try LibraryFixtures.run(
            asUser[0], Array(asUser.dropFirst()) + ["--list", locked],
            environment: ["XDG_DATA_HOME": data])
        XCTAssertEqual(refused.status, 3)
        XCTAssertTrue(refused.stderr.hasPrefix("lightbox: cannot read folder \(locked): "), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("Permission denied"), refused.stderr)
    }
}
