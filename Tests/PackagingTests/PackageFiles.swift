import Foundation
import XCTest

/// The package being tested: its root folder and the files under `data/`.
enum PackageFiles {
    static let appID = "io.github.lightbox.Lightbox"

    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// The shared SwiftPM scratch folder for this run's release build (git-ignored).
    static var stagedScratch: String { path(".build-staged") }

    /// `data/install-files.txt`, one entry per line.
    static func installList() throws -> [InstallEntry] {
        let text = try String(contentsOfFile: path("data/install-files.txt"), encoding: .utf8)
        return try text.split(separator: "\n").compactMap { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return nil }
            let fields = trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard fields.count == 3 else { throw InstallListError.malformed(String(line)) }
            return InstallEntry(kind: fields[0], source: fields[1], destination: fields[2])
        }
    }

    enum InstallListError: Error { case malformed(String) }

    /// The languages of `po/LINGUAS`, in its order.
    static func languages() throws -> [String] {
        try String(contentsOfFile: path("po/LINGUAS"), encoding: .utf8).split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    /// The desktop entry or the metainfo as installed: `template` (under `data/`) with the
    /// translations of `po/` merged in by `msgfmt`, as `data/install.sh` makes it.
    static func translated(_ template: String, for test: XCTestCase) throws -> String {
        let name = String(template.dropLast(".in".count))
        let output = try makeTemporaryDirectory(for: test).appendingPathComponent(name).path
        let mode = name.hasSuffix(".desktop") ? "--desktop" : "--xml"
        let result = try runCommand(["msgfmt", mode, "--template=data/\(template)", "-d", "po", "--output-file=\(output)"])
        guard result.status == 0 else { throw TranslatedFileError.msgfmt(result.output) }
        return output
    }

    enum TranslatedFileError: Error { case msgfmt(String) }
}

struct InstallEntry: Equatable {
    let kind: String
    let source: String
    let destination: String
}

/// The result of running a command to its end.
struct CommandResult {
    let status: Int32
    /// Standard output, and standard error too unless asked apart.
    let output: String
    /// Standard error, when asked apart.
    let errors: String
}

/// Runs `arguments` (the program looked up in PATH) and returns its status and output.
/// With `separateErrors`, standard error is kept out of `output` (for JSON on stdout).
func runCommand(
    _ arguments: [String], in directory: String = PackageFiles.root.path,
    environment: [String: String]? = nil, separateErrors: Bool = false
) throws -> CommandResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    if let environment { process.environment = environment }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardInput = FileHandle.nullDevice
    let errorsFile = FileManager.default.temporaryDirectory.appendingPathComponent("lightbox-stderr-\(UUID().uuidString)")
    if separateErrors {
        _ = FileManager.default.createFile(atPath: errorsFile.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errorsFile)
    } else {
        process.standardError = pipe
    }
    defer { try? FileManager.default.removeItem(at: errorsFile) }
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let errors = separateErrors ? (try? String(contentsOf: errorsFile, encoding: .utf8)) ?? "" : ""
    return CommandResult(
        status: process.terminationStatus, output: String(decoding: data, as: UTF8.self),
        errors: errors)
}

/// A new empty temporary folder, removed when the test ends.
func makeTemporaryDirectory(for test: XCTestCase) throws -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("lightbox-packaging-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    return url
}

/// Every regular file below `directory`, as paths relative to it, sorted.
func filesBelow(_ directory: String) -> [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
    var files: [String] = []
    while let relative = enumerator.nextObject() as? String {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory + "/" + relative, isDirectory: &isDirectory),
            !isDirectory.boolValue
        {
            files.append(relative)
        }
    }
    return files.sorted()
}
