import Foundation

/// Compiles a source tree's GSettings schema with `glib-compile-schemas`, so that a binary
/// run from a build tree finds its settings without an install.
enum SchemaCompiler {
    /// Compiles the folder holding `schemaFile` into `directory/gschemas.compiled`, unless
    /// that is already newer than `schemaFile`.
    static func compile(_ schemaFile: String, into directory: String) throws(SchemaCompileError) {
        let manager = FileManager.default
        let target = directory + "/gschemas.compiled"
        let sourceDate = (try? manager.attributesOfItem(atPath: schemaFile)[.modificationDate]) as? Date
        let targetDate = (try? manager.attributesOfItem(atPath: target)[.modificationDate]) as? Date
        if let sourceDate, let targetDate, targetDate >= sourceDate { return }
        do {
            try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw SchemaCompileError(directory: directory, message: "\(error)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["glib-compile-schemas", "--strict", "--targetdir=\(directory)",
                             URL(fileURLWithPath: schemaFile).deletingLastPathComponent().path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do { try process.run() } catch {
            throw SchemaCompileError(directory: directory, message: "\(error)")
        }
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw SchemaCompileError(directory: directory, message: message)
        }
    }
}

/// `glib-compile-schemas` rejected a source tree's schema, or could not run.
public struct SchemaCompileError: Error, Equatable, CustomStringConvertible {
    /// The folder the schema was to be compiled into.
    public let directory: String
    /// What `glib-compile-schemas` said.
    public let message: String
    public var description: String { "the settings schema could not be compiled into \(directory): \(message)" }
}
