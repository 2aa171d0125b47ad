import CGtk
import Foundation

/// GSettings for one schema, with typed keys and change notification.
///
/// The schema comes from a directory holding a compiled `gschemas.compiled`
/// (`init(schemaID:compiledIn:)`) or from GLib's default sources, where installed
/// applications' schemas are (`init(installedSchemaID:)`).
public final class Settings: Object {
    public enum LookupError: Error, Equatable {
        /// No source that was searched has this schema.
        case schemaNotFound(id: String, searched: [String])
    }

    public let schemaID: String
    private let schema: OpaquePointer

    private init(schema: OpaquePointer, id: String) {
        self.schema = schema
        schemaID = id
        super.init(UnsafeMutableRawPointer(g_settings_new_full(schema, nil, nil)), ownership: .full)
    }

    isolated deinit { g_settings_schema_unref(schema) }

    /// The schema from a directory holding a compiled `gschemas.compiled`.
    public convenience init(schemaID: String, compiledIn directory: String) throws {
        guard let schema = Self.lookUp(schemaID, inDirectory: directory) else {
            throw LookupError.schemaNotFound(id: schemaID, searched: [directory])
        }
        self.init(schema: schema, id: schemaID)
    }

    /// The schema from GLib's default sources (`$GSETTINGS_SCHEMA_DIR`,
    /// `$XDG_DATA_DIRS/glib-2.0/schemas`).
    public convenience init(installedSchemaID schemaID: String) throws {
        guard let schema = Self.lookUpInstalled(schemaID) else {
            throw LookupError.schemaNotFound(id: schemaID, searched: ["GLib's default sources"])
        }
        self.init(schema: schema, id: schemaID)
    }

    // MARK: Typed keys. A getter returns nil and a setter false for a key the schema
    // does not have or whose type differs; a setter also returns false for a value
    // outside the key's range or choices, and leaves the key unchanged.

    public func bool(_ key: String) -> Bool? {
        hasKey(key, type: "b") ? g_settings_get_boolean(cast(), key) != 0 : nil
    }

    public func int(_ key: String) -> Int? {
        hasKey(key, type: "i") ? Int(g_settings_get_int(cast(), key)) : nil
    }

    public func double(_ key: String) -> Double? {
        hasKey(key, type: "d") ? g_settings_get_double(cast(), key) : nil
    }

    /// String keys, including keys with choices and enum keys (their nicks).
    public func string(_ key: String) -> String? {
        guard hasKey(key, type: "s"), let value = g_settings_get_string(cast(), key) else { return nil }
        defer { g_free(value) }
        return String(cString: value)
    }

    @discardableResult
    public func set(_ key: String, _ value: Bool) -> Bool {
        store(key, type: "b", g_variant_new_boolean(value ? 1 : 0))
    }

    @discardableResult
    public func set(_ key: String, _ value: Int) -> Bool {
        guard let value = Int32(exactly: value) else { return false }
        return store(key, type: "i", g_variant_new_int32(value))
    }

    @discardableResult
    public func set(_ key: String, _ value: Double) -> Bool {
        store(key, type: "d", g_variant_new_double(value))
    }

    @discardableResult
    public func set(_ key: String, _ value: String) -> Bool {
        store(key, type: "s", g_variant_new_string(value))
    }

    /// Puts the key back to the schema's default.
    public func reset(_ key: String) {
        guard g_settings_schema_has_key(schema, key) != 0 else { return }
        g_settings_reset(cast(), key)
    }

    /// Calls `handler` with the key's name whenever a key changes (from this process
    /// or another one).
    @discardableResult
    public func onChange(owner: AnyObject? = nil, _ handler: @escaping @MainActor (String) -> Void) -> SignalConnection {
        connectPointer("changed", owner: owner) { key in
            guard let key else { return }
            handler(String(cString: key.assumingMemoryBound(to: CChar.self)))
        }
    }

    /// Writes pending changes to the backend (call before the process exits).
    public static func sync() { g_settings_sync() }

    // MARK: Private

    private func hasKey(_ key: String, type: String) -> Bool {
        guard g_settings_schema_has_key(schema, key) != 0 else { return false }
        let schemaKey = g_settings_schema_get_key(schema, key)
        defer { g_settings_schema_key_unref(schemaKey) }
        let valueType = g_settings_schema_key_get_value_type(schemaKey)
        return String(cString: g_variant_type_peek_string(valueType)).prefix(1) == type
    }

    private func store(_ key: String, type: String, _ floating: OpaquePointer) -> Bool {
        let value = g_variant_ref_sink(floating)
        defer { g_variant_unref(value) }
        guard hasKey(key, type: type) else { return false }
        let schemaKey = g_settings_schema_get_key(schema, key)
        defer { g_settings_schema_key_unref(schemaKey) }
        guard g_settings_schema_key_range_check(schemaKey, value) != 0 else { return false }
        return g_settings_set_value(cast(), key, value) != 0
    }

    private static func lookUp(_ id: String, inDirectory directory: String) -> OpaquePointer? {
        guard FileManager.default.fileExists(atPath: directory + "/gschemas.compiled"),
            let source = g_settings_schema_source_new_from_directory(directory, nil, 1, nil)
        else { return nil }
        defer { g_settings_schema_source_unref(source) }
        return g_settings_schema_source_lookup(source, id, 0)
    }

    private static func lookUpInstalled(_ id: String) -> OpaquePointer? {
        guard let source = g_settings_schema_source_get_default() else { return nil }
        return g_settings_schema_source_lookup(source, id, 1)
    }
}
