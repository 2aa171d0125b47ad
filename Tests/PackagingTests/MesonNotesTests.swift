import Foundation
import XCTest

/// The example `meson.build` in meson-notes.md installs exactly `data/install-files.txt`.
final class MesonNotesTests: XCTestCase {
    func testExampleMesonBuildInstallsExactlyTheFileList() throws {
        let project = try makeTemporaryDirectory(for: self)
        try exampleMesonBuild().write(to: project.appendingPathComponent("meson.build"), atomically: true, encoding: .utf8)
        for folder in ["data", "po"] {
            try FileManager.default.createSymbolicLink(
                at: project.appendingPathComponent(folder),
                withDestinationURL: PackageFiles.root.appendingPathComponent(folder))
        }
        let setup = try runCommand(["meson", "setup", "--prefix=/usr", "build"], in: project.path)
        XCTAssertEqual(setup.status, 0, setup.output)
        // The install plan, read without building anything.
        let plan = try runCommand(["meson", "introspect", "build", "--installed"], in: project.path, separateErrors: true)
        XCTAssertEqual(plan.status, 0, plan.errors)
        let installed = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(plan.output.utf8)) as? [String: String])
        let projectPath = project.resolvingSymlinksInPath().path + "/"
        let actual = Dictionary(
            uniqueKeysWithValues: installed.map { source, destination in
                (source.replacingOccurrences(of: projectPath, with: ""), String(destination.dropFirst("/usr/".count)))
            })
        var expected: [String: String] = [:]
        for entry in try PackageFiles.installList() {
            let built = "build/" + URL(fileURLWithPath: entry.destination).lastPathComponent
            switch entry.kind {
            case "program", "configure", "desktop", "metainfo": expected[built] = entry.destination
            case "catalogs":
                for language in try PackageFiles.languages() {
                    expected["build/po/\(language)/LC_MESSAGES/lightbox.mo"] = "\(entry.destination)/\(language)/LC_MESSAGES/lightbox.mo"
                }
            default: expected[entry.source] = entry.destination
            }
        }
        XCTAssertEqual(actual, expected)
    }

    func testExampleRunsTheSameValidatorsAsTheTests() throws {
        let meson = try exampleMesonBuild()
        for fragment in [
            "desktop-file-validate", "'validate', '--no-net'", "'--strict', '--dry-run'",
            "gnome.post_install(", "--scratch-path", "--static-swift-stdlib",
        ] {
            XCTAssertTrue(meson.contains(fragment), "the example meson.build lacks \(fragment)")
        }
    }

    private func exampleMesonBuild() throws -> String {
        let notes = try String(contentsOfFile: PackageFiles.path("meson-notes.md"), encoding: .utf8)
        let start = try XCTUnwrap(notes.range(of: "```meson\n"), "no meson block in meson-notes.md")
        let end = try XCTUnwrap(notes.range(of: "\n```", range: start.upperBound..<notes.endIndex))
        return String(notes[start.upperBound..<end.lowerBound]) + "\n"
    }
}
