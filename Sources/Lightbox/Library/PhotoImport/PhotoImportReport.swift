import Foundation
import Gtk

/// What an import did with each file of its source.
public struct PhotoImportReport: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        /// The file on the source.
        public var source: String
        /// Where it is in the library: its copy, or the photo it already was.
        public var path: String?
        /// Why it was not copied.
        public var error: String?
    }

    /// Copied, checked and named in the library.
    public var copied: [Entry] = []
    /// Not copied: the library already had them (`path`).
    public var skipped: [Entry] = []
    /// Not copied, with why; none is in the library under its name.
    public var failed: [Entry] = []
    /// Files deleted from the source after the import (each one's copy checked first).
    public var deleted: [String] = []
    /// Why the import stopped before its end (the disk full, stopped by the person); nil when it didn't.
    public var stopped: String?
    /// Why the copies could not be added to the catalog (they are in the library folder all the same).
    public var catalogError: String?

    /// Whether every file the import was given is in the library now.
    public var isComplete: Bool { failed.isEmpty && stopped == nil }

    /// The report as one JSON object: "copied" and "skipped" (each `{"source", "path"}`), "failed"
    /// (`{"source", "error"}`), "deleted" (paths), "stopped" and "catalog_error" (null or why).
    public var json: String {
        func entries(_ list: [Entry], _ key: String, _ value: (Entry) -> String?) -> [[String: Any]] {
            list.map { ["source": PathBytes.displayName($0.source), key: value($0).map { $0 as Any } ?? NSNull()] }
        }
        let object: [String: Any] = [
            "copied": entries(copied, "path") { $0.path.map(PathBytes.displayName) },
            "skipped": entries(skipped, "path") { $0.path.map(PathBytes.displayName) },
            "failed": entries(failed, "error") { $0.error },
            "deleted": deleted.map(PathBytes.displayName),
            "stopped": stopped as Any? ?? NSNull(),
            "catalog_error": catalogError as Any? ?? NSNull(),
        ]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
