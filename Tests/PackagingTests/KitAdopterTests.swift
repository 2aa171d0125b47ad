import Foundation
import XCTest

/// A package that depends on the `LightboxKit` product and nothing else
/// (`Tests/Fixtures/KitAdopter`) builds, and its executable links GTK but none of the
/// app's libraries: not gexiv2 (the media module's), not SQLite, and GRDB is not built.
final class KitAdopterTests: XCTestCase {
    private static let fixture = PackageFiles.path("Tests/Fixtures/KitAdopter")

    func testKitOnlyAdopterBuildsAndLinksGtkWithoutGexiv2OrGRDB() throws {
        // A fresh scratch folder under /tmp: nothing built for the app can leak in, and
        // nothing is written into the source tree but the fixture's (git-ignored) Package.resolved.
        let scratch = try makeTemporaryDirectory(for: self).path
        let swift = ["swift", "build", "--package-path", Self.fixture, "--scratch-path", scratch]
        let build = try runCommand(swift)
        guard build.status == 0 else {
            return XCTFail("`\(swift.joined(separator: " "))` failed (status \(build.status)):\n\(build.output)")
        }

        let binPath = try runCommand(swift + ["--show-bin-path"], separateErrors: true)
        XCTAssertEqual(binPath.status, 0, binPath.errors)
        let products = binPath.output.trimmingCharacters(in: .whitespacesAndNewlines)
        let executable = products + "/KitAdopter"
        XCTAssertTrue(
            FileManager.default.isExecutableFile(atPath: executable),
            "no executable at \(executable); build log:\n\(build.output)")

        let needed = try neededLibraries(of: executable)
        let report = "NEEDED entries of \(executable):\n\(needed.joined(separator: "\n"))\nbuild log:\n\(build.output)"
        XCTAssertTrue(needed.contains { $0.hasPrefix("libgtk-4.so") }, "the adopter must link GTK 4. \(report)")
        XCTAssertFalse(needed.contains { $0.hasPrefix("libgexiv2") }, "the kit must not bring gexiv2. \(report)")
        XCTAssertFalse(needed.contains { $0.hasPrefix("libsqlite3") }, "the kit must not bring SQLite. \(report)")

        // SwiftPM resolves the whole graph (GRDB is checked out) and lays out a folder for
        // every target, but compiles only what the adopter's product needs.
        let built = compiledModules(in: products)
        let builtList = "modules compiled: \(built.sorted().joined(separator: ", "))"
        XCTAssertTrue(built.isSuperset(of: ["Gtk", "LightboxKit", "KitAdopter"]), builtList)
        XCTAssertEqual(
            built.intersection(["GRDB", "LightboxMedia", "Lightbox"]), [],
            "the app's modules or GRDB were built for a kit-only adopter. \(builtList)\nbuild log:\n\(build.output)")
    }

    /// The modules compiled in a SwiftPM build folder: a `Modules/<name>.swiftmodule`,
    /// or object files in `<name>.build` (C targets).
    private func compiledModules(in binPath: String) -> Set<String> {
        var names: Set<String> = []
        for file in filesBelow(binPath) {
            let components = file.split(separator: "/")
            if components.count >= 2, components[0] == "Modules", components[1].hasSuffix(".swiftmodule") {
                names.insert(String(components[1].dropLast(".swiftmodule".count)))
            } else if components.count >= 2, components[0].hasSuffix(".build"), file.hasSuffix(".o") {
                names.insert(String(components[0].dropLast(".build".count)))
            }
        }
        return names
    }

    /// The `NEEDED` entries of an ELF file's dynamic section (the libraries it links directly).
    private func neededLibraries(of executable: String) throws -> [String] {
        let readelf = try runCommand(["readelf", "--dynamic", "--wide", executable], separateErrors: true)
        XCTAssertEqual(readelf.status, 0, "readelf failed: \(readelf.errors)")
        // Lines look like: 0x0000000000000001 (NEEDED)  Shared library: [libgtk-4.so.1]
        return readelf.output.split(separator: "\n").compactMap { line in
            guard line.contains("(NEEDED)"), let open = line.firstIndex(of: "["),
                let close = line.lastIndex(of: "]"), open < close
            else { return nil }
            return String(line[line.index(after: open)..<close])
        }
    }
}
