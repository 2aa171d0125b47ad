import Foundation

/// A tool a binary run from its build tree uses to compile the source tree's data beside
/// it (`glib-compile-schemas` for the settings schema, `msgfmt` for the translations).
enum BuildTreeTool {
    /// Whether `target` exists and is at least as new as `source`: nothing to compile.
    static func isUpToDate(_ target: String, from source: String) -> Bool {
        let manager = FileManager.default
        let sourceDate = (try? manager.attributesOfItem(atPath: source)[.modificationDate]) as? Date
        let targetDate = (try? manager.attributesOfItem(atPath: target)[.modificationDate]) as? Date
        guard let sourceDate, let targetDate else { return false }
        return targetDate >= sourceDate
    }

    /// Runs `arguments` (the tool's name first, found on the PATH); nil when it succeeded,
    /// else what went wrong: the tool's own words, or that it is not installed (`package`).
    static func run(_ arguments: [String], package: String) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do { try process.run() } catch { return "\(error)" }
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus != 0 else { return nil }
        // env's status 127: the tool is not on the PATH.
        return process.terminationStatus == 127 ? "\(arguments[0]) is not installed (the \(package) package)" : message
    }
}
