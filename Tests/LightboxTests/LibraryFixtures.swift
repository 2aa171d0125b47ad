import Foundation
import GtkTestSupport
import XCTest

@testable import Lightbox

/// Files and processes the library tests share.
enum LibraryFixtures {
    /// `count` catalog rows for photos IMG_00000.jpg … in `folder`, one star each, taken a
    /// second apart within an hour (so many share a time).
    static func oneStarRows(_ count: Int, in folder: String) -> [Photo] {
        (0..<count).map { i in
            var photo = Photo(path: folder + String(format: "/IMG_%05d.jpg", i))
            photo.fileTaken = String(format: "2024-01-01T10:%02d:%02d", i / 60 % 60, i % 60)
            photo.rating = 1
            return photo
        }
    }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path
    static let samples = repository + "/data/samples"
    static var samplePaths: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: samples)) ?? [])
            .filter { $0.hasSuffix(".jpg") }.sorted().map { samples + "/" + $0 }
    }

    /// The folder of the built products (next to the test bundle).
    static var productsDirectory: String {
        var url = URL(fileURLWithPath: CommandLine.arguments.first { $0.hasSuffix(".xctest") } ?? CommandLine.arguments[0])
        while url.path != "/" && !url.lastPathComponent.hasSuffix(".xctest") { url.deleteLastPathComponent() }
        return url.deletingLastPathComponent().path
    }

    /// A fresh empty folder, removed by `addTeardownBlock`.
    static func temporaryFolder(_ test: XCTestCase, name: String = "lightbox") -> String {
        let path = NSTemporaryDirectory() + "\(name)-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    /// Runs the test child `executable` (a product of this package) on a catalog and folder
    /// until it printed at least `after` lines (each an acknowledged edit), kills it with
    /// SIGKILL, and returns how many lines it printed in all.
    static func runChildAndKill(_ executable: String, catalogPath: String, folder: String, after: Int) throws -> Int {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: productsDirectory + "/" + executable)
        child.arguments = [catalogPath, folder]
        let output = Pipe()
        child.standardOutput = output
        try child.run()
        var received = Data()
        var lines = 0
        while lines < after {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            received.append(chunk)
            lines = received.filter { $0 == 0x0A }.count
        }
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        received.append(output.fileHandleForReading.readDataToEndOfFile())
        XCTAssertEqual(child.terminationReason, .uncaughtSignal)
        return received.filter { $0 == 0x0A }.count
    }

    /// Copies `count` sample photos into `folder` (made if missing).
    @discardableResult
    static func copySamples(to folder: String, count: Int = 3) -> [String] {
        try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return samplePaths.prefix(count).map { source in
            let target = folder + "/" + (source as NSString).lastPathComponent
            try! FileManager.default.copyItem(atPath: source, toPath: target)
            return target
        }
    }

    struct Output {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// A copy of the first sample as `name` in `folder`, with `commands` applied by
    /// `exiv2 -M` (tags as other apps write them).
    static func sampleCopy(_ name: String, in folder: String, applying commands: [String] = []) throws -> String {
        let path = folder + "/" + name
        try FileManager.default.copyItem(atPath: samplePaths[0], toPath: path)
        guard !commands.isEmpty else { return path }
        let result = try run("/usr/bin/exiv2", commands.flatMap { ["-M", $0] } + [path])
        XCTAssertEqual(result.status, 0, "exiv2: \(result.stderr)")
        return path
    }

    /// `exiv2 -Pkv`: every tag the file has, values of a repeated tag in order (one line each).
    static func exiv2Tags(_ path: String) throws -> [String: String] {
        let result = try run("/usr/bin/exiv2", ["-q", "-Pkv", path])
        var tags: [String: String] = [:]
        for line in result.stdout.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            let key = String(parts[0])
            let value = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
            tags[key] = tags[key].map { $0 + "; " + value } ?? value
        }
        return tags
    }

    /// Runs a command to completion.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    static func shell(_ script: String) {
        let result = try! run("/bin/sh", ["-c", script])
        precondition(result.status == 0, "\(script) failed: \(result.stderr)")
    }

    /// Whether `script` succeeded (for what a test may not be allowed to do, like mounting).
    static func tryShell(_ script: String) -> Bool {
        (try? run("/bin/sh", ["-c", script]))?.status == 0
    }

    /// A copy of `source` whose aperture works out to infinity: no FNumber, and an
    /// APEX ApertureValue of 2100/1 (2^(v/2) overflows a Double), written with exiv2.
    static func writeInfiniteAperture(from source: String, to target: String) throws {
        try FileManager.default.copyItem(atPath: source, toPath: target)
        let result = try run(
            "/usr/bin/exiv2",
            [
                "-M", "set Exif.Photo.ApertureValue Rational 2100/1",
                "-M", "del Exif.Photo.FNumber", target,
            ])
        precondition(result.status == 0, "exiv2 failed: \(result.stderr)")
    }

    /// A copy of `source` whose header reads fine (size, EXIF, end-of-image marker) but
    /// whose pixels can't be decoded: its scan names Huffman tables 3, which the file
    /// never defines, so libjpeg stops before the first pixel.
    static func writeUndecodablePixels(from source: String, to target: String) throws {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: source)))
        let scan = try XCTUnwrap((0..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA })
        let components = Int(bytes[scan + 4])
        for component in 0..<components { bytes[scan + 6 + 2 * component] = 0x33 }
        try Data(bytes).write(to: URL(fileURLWithPath: target))
    }

    /// A `.jpg` that is no image at all: a JPEG start marker, then noise.
    static func writeGarbage(to target: String) throws {
        var random = SeededGenerator(seed: 7)
        let noise = (0..<2_000).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        try Data([0xFF, 0xD8, 0xFF, 0xE0] + noise).write(to: URL(fileURLWithPath: target))
    }
}
