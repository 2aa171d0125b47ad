import Foundation
import XCTest

@testable import Lightbox

/// A binary that was never installed finds the source tree it runs from when it runs (no
/// path is built into it): the folder `$LIGHTBOX_SOURCE_DIR` names, or the package above it.
final class SourceTreeTests: XCTestCase {
    func testTheTestsFindThisPackageAboveTheirBinary() {
        XCTAssertEqual(SourceTree.root.map { URL(fileURLWithPath: $0).standardized }, PackageFiles.root.standardized)
        XCTAssertEqual(
            SourceTree.data.map { URL(fileURLWithPath: $0).standardized }, URL(fileURLWithPath: PackageFiles.path("data")).standardized)
    }

    func testTheNearestPackageWithTheAppsSchemaAboveTheBinaryIsTheTree() throws {
        let folder = try makeTemporaryDirectory(for: self)
        let package = folder.appendingPathComponent("checkout")
        try FileManager.default.createDirectory(at: package.appendingPathComponent("data"), withIntermediateDirectories: true)
        try Data().write(to: package.appendingPathComponent("Package.swift"))
        try Data().write(to: package.appendingPathComponent("data/\(PackageFiles.appID).gschema.xml"))
        // Another package inside it, without the schema (a fixture, a dependency's checkout).
        let inner = package.appendingPathComponent(".build/checkouts/other")
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
        try Data().write(to: inner.appendingPathComponent("Package.swift"))

        XCTAssertEqual(
            SourceTree.locate(executable: package.path + "/.build/x86_64-unknown-linux-gnu/debug/lightbox", environment: [:]),
            package.path)
        XCTAssertEqual(SourceTree.locate(executable: inner.path + "/.build/debug/lightbox", environment: [:]), package.path)
    }

    func testABinaryOutsideAnyPackageHasNoTreeUnlessTheEnvironmentNamesOne() throws {
        let prefix = try makeTemporaryDirectory(for: self)
        let executable = prefix.appendingPathComponent("bin/lightbox").path
        XCTAssertNil(SourceTree.locate(executable: executable, environment: [:]))
        XCTAssertEqual(
            SourceTree.locate(executable: executable, environment: [SourceTree.variable: "/src/lightbox"]), "/src/lightbox")
    }
}
