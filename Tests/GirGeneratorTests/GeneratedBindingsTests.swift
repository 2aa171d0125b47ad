import Foundation
import GirGenerator
import XCTest

/// The committed bindings are what the generator makes from this machine's GIR files:
/// nobody edited them by hand, and a change to the generator or the allow-list was
/// followed by `.ci/generate-bindings`.
final class GeneratedBindingsTests: XCTestCase {
    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testCommittedBindingsAreWhatTheGeneratorMakes() throws {
        for allowList in [AllowList.lightbox, .adwaita] {
            var generator = try Generator(girDirectory: URL(fileURLWithPath: "/usr/share/gir-1.0"), allowList: allowList)
            try assertFolder(allowList.sourcesFolder, holds: generator.generateSources())
            try assertFolder(allowList.testsFolder, holds: generator.generateTests())
        }
    }

    private func assertFolder(_ folder: String, holds expected: [String: String], file: StaticString = #filePath, line: UInt = #line) throws
    {
        let directory = root.appendingPathComponent(folder)
        let committed = Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
        XCTAssertEqual(committed, Set(expected.keys), "\(folder): files differ; run .ci/generate-bindings", file: file, line: line)
        for (name, contents) in expected.sorted(by: { $0.key < $1.key }) {
            let onDisk = try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            guard onDisk != contents else { continue }
            let diffLine = zip(
                (onDisk ?? "").split(separator: "\n", omittingEmptySubsequences: false),
                contents.split(separator: "\n", omittingEmptySubsequences: false)
            )
            .enumerated().first { $0.element.0 != $0.element.1 }
            XCTFail(
                "\(folder)/\(name) is not what the generator makes (first difference at line \((diffLine?.offset ?? 0) + 1): "
                    + "committed \"\(diffLine?.element.0 ?? "")\", generated \"\(diffLine?.element.1 ?? "")\"); run .ci/generate-bindings",
                file: file, line: line)
        }
    }
}
