import Foundation
import Lightbox
import XCTest

/// The freedesktop and GNOME validators accept every data file, with no warnings.
final class ValidatorTests: XCTestCase {
    func testDesktopEntryPassesDesktopFileValidate() throws {
        let result = try runCommand(["desktop-file-validate", try PackageFiles.translated("\(PackageFiles.appID).desktop.in", for: self)])
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertEqual(
            result.output.trimmingCharacters(in: .whitespacesAndNewlines), "",
            "desktop-file-validate printed hints or warnings")
    }

    func testDesktopEntryStartsTheAppByDBusAndOpensImagesAndFolders() throws {
        let entry = try desktopEntry()
        XCTAssertEqual(entry["Exec"], "lightbox %U")
        XCTAssertEqual(entry["Icon"], PackageFiles.appID)
        XCTAssertEqual(entry["DBusActivatable"], "true")
        XCTAssertEqual(entry["Terminal"], "false")
        XCTAssertEqual(entry["StartupNotify"], "true")
        XCTAssertEqual(entry["Categories"], "Graphics;Photography;Viewer;GTK;GNOME;")
        let types = Set((entry["MimeType"] ?? "").split(separator: ";").map(String.init))
        // Every type the scanner lists and decodes: phone formats, camera RAW and videos by shared-mime-info's names.
        XCTAssertEqual(
            types,
            [
                "image/jpeg", "image/png", "image/tiff", "image/gif", "image/webp", "image/heif", "image/avif", "image/jxl",
                "image/x-adobe-dng", "image/x-canon-cr2", "image/x-canon-cr3", "image/x-canon-crw",
                "image/x-nikon-nef", "image/x-nikon-nrw", "image/x-sony-arw", "image/x-sony-sr2",
                "image/x-sony-srf", "image/x-olympus-orf", "image/x-fuji-raf", "image/x-panasonic-rw2",
                "image/x-pentax-pef", "image/x-minolta-mrw", "image/x-kodak-dcr", "image/x-kodak-kdc",
                "video/mp4", "video/quicktime", "video/x-m4v", "video/3gpp", "video/x-matroska", "video/webm",
                "video/x-msvideo", "video/mp2t", "inode/directory",
            ])
        for key in ["Name", "GenericName", "Comment", "Keywords"] {
            XCTAssertFalse((entry[key] ?? "").isEmpty, "\(key) is missing")
        }
    }

    /// Software centres list the app for a file type from the metainfo: the same image types the desktop entry opens.
    func testMetainfoProvidesEveryImageTypeTheDesktopEntryOpens() throws {
        let text = try String(contentsOfFile: PackageFiles.path("data/\(PackageFiles.appID).metainfo.xml.in"), encoding: .utf8)
        let provided = Set(
            text.components(separatedBy: "<mediatype>").dropFirst()
                .compactMap { $0.components(separatedBy: "</mediatype>").first })
        let opened = Set((try desktopEntry()["MimeType"] ?? "").split(separator: ";").map(String.init))
            .subtracting(["inode/directory"])
        XCTAssertEqual(provided, opened)
        XCTAssertTrue(provided.contains("image/heif") && provided.contains("image/x-canon-cr3"), "\(provided)")
    }

    func testServiceFileNamesTheAppAndStartsItAsAGApplicationService() throws {
        let text = try String(contentsOfFile: PackageFiles.path("data/\(PackageFiles.appID).service.in"), encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        XCTAssertEqual(
            lines,
            [
                "[D-BUS Service]", "Name=\(PackageFiles.appID)",
                "Exec=@bindir@/lightbox --gapplication-service",
            ])
    }

    func testMetainfoPassesAppstreamValidationWithoutWarnings() throws {
        let result = try runCommand([
            "appstreamcli", "validate", "--no-net", "--pedantic",
            try PackageFiles.translated("\(PackageFiles.appID).metainfo.xml.in", for: self),
        ])
        XCTAssertEqual(result.status, 0, result.output)
        let problems = result.output.split(separator: "\n").filter { $0.hasPrefix("E:") || $0.hasPrefix("W:") }
        XCTAssertEqual(problems, [], result.output)
    }

    func testMetainfoDescribesTheAppWithItsIdLaunchableAndRelease() throws {
        let text = try String(contentsOfFile: PackageFiles.path("data/\(PackageFiles.appID).metainfo.xml.in"), encoding: .utf8)
        for fragment in [
            "<id>\(PackageFiles.appID)</id>",
            "<launchable type=\"desktop-id\">\(PackageFiles.appID).desktop</launchable>",
            "<binary>lightbox</binary>", "<content_rating type=\"oars-1.1\"/>",
            "<project_license>MIT</project_license>", "<url type=\"homepage\">",
            "<url type=\"vcs-browser\">", "<developer id=",
            "<release version=\"\(AppInfo.version)\"",
        ] {
            XCTAssertTrue(text.contains(fragment), "metainfo lacks \(fragment)")
        }
    }

    /// Every screenshot the metainfo names is in data/screenshots (where its address on the
    /// main branch points), as large as it says; the first has a Simplified Chinese image too.
    func testMetainfoScreenshotsAreTheFilesInTheTreeAtTheirSizes() throws {
        let text = try String(contentsOfFile: PackageFiles.path("data/\(PackageFiles.appID).metainfo.xml.in"), encoding: .utf8)
        let pattern = try NSRegularExpression(
            pattern: #"<image type="source" width="(\d+)" height="(\d+)"( xml:lang="([^"]+)")?>"#
                + #"https://raw\.githubusercontent\.com/lightbox/lightbox/main/(data/screenshots/[^<]+)</image>"#)
        var languages: [String: String] = [:]
        let images = pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            let field = { (index: Int) in Range(match.range(at: index), in: text).map { String(text[$0]) } }
            return (width: Int(field(1)!)!, height: Int(field(2)!)!, language: field(4), path: field(5)!)
        }
        XCTAssertEqual(images.count, text.components(separatedBy: "<image ").count - 1, "every image is a source image in the tree")
        for image in images {
            let data = try Data(contentsOf: PackageFiles.root.appendingPathComponent(image.path))
            // A PNG's header: the signature, then the IHDR chunk with the width and height (big-endian).
            XCTAssertEqual(Array(data.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "\(image.path) is a PNG")
            let size = { (offset: Int) in data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
            XCTAssertEqual([size(16), size(20)], [image.width, image.height], "\(image.path)'s size")
            if let language = image.language { languages[language] = image.path }
        }
        XCTAssertEqual(languages, ["zh_CN": "data/screenshots/photos-zh_CN.png"])
    }

    func testSchemaCompilesStrictly() throws {
        let result = try runCommand(["glib-compile-schemas", "--strict", "--dry-run", "data"])
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertEqual(result.output.trimmingCharacters(in: .whitespacesAndNewlines), "")
    }

    func testSchemaIdAndPathFollowTheAppId() throws {
        let text = try String(contentsOfFile: PackageFiles.path("data/\(PackageFiles.appID).gschema.xml"), encoding: .utf8)
        XCTAssertTrue(text.contains("<schema id=\"\(PackageFiles.appID)\" path=\"/io/github/lightbox/Lightbox/\">"))
    }

    func testIconsAreSVGsNamedAfterTheAppId() throws {
        for icon in [
            "data/icons/hicolor/scalable/apps/\(PackageFiles.appID).svg",
            "data/icons/hicolor/symbolic/apps/\(PackageFiles.appID)-symbolic.svg",
        ] {
            let data = try Data(contentsOf: PackageFiles.root.appendingPathComponent(icon))
            let text = String(decoding: data, as: UTF8.self)
            XCTAssertTrue(text.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""), "\(icon) is not an SVG")
        }
    }

    private func desktopEntry() throws -> [String: String] {
        let text = try String(contentsOfFile: PackageFiles.path("data/\(PackageFiles.appID).desktop.in"), encoding: .utf8)
        var entry: [String: String] = [:]
        for line in text.split(separator: "\n") where line.contains("=") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            entry[parts[0]] = parts.count > 1 ? parts[1] : ""
        }
        return entry
    }
}
