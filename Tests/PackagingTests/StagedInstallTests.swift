import Foundation
import Lightbox
import XCTest

/// `data/install.sh` installs exactly the file list, the way the Flatpak does.
final class StagedInstallTests: XCTestCase {
    private let id = PackageFiles.appID

    func testEverySourceInTheFileListExists() throws {
        let entries = try PackageFiles.installList()
        XCTAssertEqual(Set(entries.map(\.kind)), ["program", "file", "configure", "tree", "desktop", "metainfo", "catalogs"])
        for entry in entries where ["file", "configure", "desktop", "metainfo", "catalogs"].contains(entry.kind) {
            XCTAssertTrue(
                FileManager.default.fileExists(atPath: PackageFiles.path(entry.source)),
                "\(entry.source) is listed but missing")
        }
        XCTAssertEqual(entries.filter { $0.kind == "program" }.map(\.source), ["lightbox"])
    }

    func testStagedInstallProducesExactlyTheExpectedTree() throws {
        let install = try StagedInstall.shared()
        let samples = filesBelow(PackageFiles.path("data/samples")).map { "share/lightbox/samples/\($0)" }
        let expected =
            [
                "bin/lightbox",
                "share/applications/\(id).desktop",
                "share/dbus-1/services/\(id).service",
                "share/glib-2.0/schemas/\(id).gschema.xml",
                "share/glib-2.0/schemas/gschemas.compiled",
                "share/icons/hicolor/icon-theme.cache",
                "share/icons/hicolor/scalable/apps/\(id).svg",
                "share/icons/hicolor/symbolic/apps/\(id)-symbolic.svg",
                "share/metainfo/\(id).metainfo.xml",
            ] + samples + (try PackageFiles.languages()).map { "share/locale/\($0)/LC_MESSAGES/lightbox.mo" }
        XCTAssertEqual(filesBelow(install.destdir), expected.map { "app/\($0)" }.sorted())
    }

    func testInstalledDataFilesAreCopiesOfTheSources() throws {
        let install = try StagedInstall.shared()
        for entry in try PackageFiles.installList() where entry.kind == "file" {
            let installed = FileManager.default.contents(atPath: install.flatpakRoot + "/" + entry.destination)
            XCTAssertEqual(
                installed, FileManager.default.contents(atPath: PackageFiles.path(entry.source)),
                entry.destination)
        }
    }

    /// The desktop entry and the metainfo are installed with the translations merged in, and
    /// they still pass the validators.
    func testInstalledDesktopEntryAndMetainfoAreTranslatedAndValid() throws {
        let install = try StagedInstall.shared()
        let desktop = install.flatpakRoot + "/share/applications/\(id).desktop"
        XCTAssertTrue(try String(contentsOfFile: desktop, encoding: .utf8).contains("\nComment[zh_CN]=浏览、评分和整理照片\n"))
        let validated = try runCommand(["desktop-file-validate", desktop])
        XCTAssertEqual(validated.status, 0, validated.output)
        XCTAssertEqual(validated.output, "")
        let metainfo = install.flatpakRoot + "/share/metainfo/\(id).metainfo.xml"
        XCTAssertTrue(
            try String(contentsOfFile: metainfo, encoding: .utf8)
                .contains("<summary xml:lang=\"zh_CN\">浏览、评分和整理照片</summary>"))
        let checked = try runCommand(["appstreamcli", "validate", "--no-net", "--pedantic", metainfo])
        XCTAssertEqual(checked.status, 0, checked.output)
        XCTAssertEqual(checked.output.split(separator: "\n").filter { $0.hasPrefix("E:") || $0.hasPrefix("W:") }, [])
    }

    func testServiceFileStartsTheBinaryInThePrefix() throws {
        let install = try StagedInstall.shared()
        let service = try String(
            contentsOfFile: install.flatpakRoot + "/share/dbus-1/services/\(id).service",
            encoding: .utf8)
        XCTAssertTrue(service.contains("Exec=/app/bin/lightbox --gapplication-service\n"), service)
    }

    func testInstalledBinaryRunsAndUsesNoSharedSwiftRuntime() throws {
        let install = try StagedInstall.shared()
        let binary = install.flatpakRoot + "/bin/lightbox"
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: binary))
        let version = try runCommand([binary, "--version"])
        XCTAssertEqual(version.output, "Lightbox 0.1.0\n")
        let libraries = try runCommand(["ldd", binary])
        XCTAssertFalse(libraries.output.contains("libswiftCore"), "built without --static-swift-stdlib:\n\(libraries.output)")
    }

    func testInstalledSchemaIsFoundByGSettings() throws {
        let install = try StagedInstall.shared()
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_DIRS"] = install.runnablePrefix + "/share"
        environment["GSETTINGS_BACKEND"] = "memory"
        let result = try runCommand(["gsettings", "get", id, "sort-key"], environment: environment)
        XCTAssertEqual(result.output, "'date-taken'\n")
    }

    func testInstallRejectsARelativePrefixAndUnknownArguments() throws {
        let relative = try runCommand(["data/install.sh", "--prefix=relative/path"])
        XCTAssertEqual(relative.status, 2)
        XCTAssertTrue(relative.output.contains("--prefix must be absolute"), relative.output)
        let unknown = try runCommand(["data/install.sh", "--frobnicate"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.output.contains("unknown argument --frobnicate"), unknown.output)
    }
}
