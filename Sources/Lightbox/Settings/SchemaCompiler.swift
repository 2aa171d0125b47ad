import Foundation

/// Compiles a source tree's GSettings schema with `glib-compile-schemas`, so that a binary
/// run from a build tree finds its settings without an install.
enum SchemaCompiler {
    /// Compiles the folder holding `schemaFile` into `directory/gschemas.compiled`, unless
    /// that is already newer than `schemaFile`.
    static func compile(_ schemaFile: String, into directory: String) throws(SchemaCompileError) {
        if BuildTreeTool.isUpToDate(directory + "/gschemas.compiled", from: schemaFile) { return }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw SchemaCompileError(directory: directory, message: "\(error)")
        }
        if let message = BuildTreeTool.run(
            [
                "glib-compile-schemas", "--strict", "--targetdir=\(directory)",
                URL(fileURLWithPath: schemaFile).deletingLastPathComponent().path,
            ],
            package: "libglib2.0-bin")
        {
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
