import Foundation
import Gtk

extension Settings {
    /// The schema for an application, from the first place that has it:
    /// 1. the prefix the binary is installed in (`<bin>/../share/glib-2.0/schemas`);
    /// 2. GLib's default sources (`$GSETTINGS_SCHEMA_DIR`, `$XDG_DATA_DIRS/glib-2.0/schemas`);
    /// 3. a build tree: `<sourceDataDirectory>/<id>.gschema.xml`, compiled (again when it
    ///    changed) into `<executableDirectory>/schemas` by `SchemaCompiler` (no source tree:
    ///    what was compiled there before, if anything).
    @MainActor
    public static func forApplication(
        id: String, executableDirectory: String,
        sourceDataDirectory: String?
    ) throws -> Settings {
        let prefixSchemas = URL(fileURLWithPath: executableDirectory)
            .deletingLastPathComponent().appendingPathComponent("share/glib-2.0/schemas").path
        if let installed = (try? Settings(schemaID: id, compiledIn: prefixSchemas))
            ?? (try? Settings(installedSchemaID: id))
        {
            return installed
        }
        let compiled = executableDirectory + "/schemas"
        if let source = sourceDataDirectory.map({ $0 + "/\(id).gschema.xml" }), FileManager.default.fileExists(atPath: source) {
            try SchemaCompiler.compile(source, into: compiled)
        }
        do {
            return try Settings(schemaID: id, compiledIn: compiled)
        } catch {
            throw LookupError.schemaNotFound(id: id, searched: [prefixSchemas, "GLib's default sources", compiled])
        }
    }
}
