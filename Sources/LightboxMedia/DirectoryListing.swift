import CGtk

/// The names in one folder, read with `g_dir`, keeping names that are not UTF-8.
public enum DirectoryListing {
    public struct Entry: Sendable {
        /// The name for display and for paths (invalid bytes become U+FFFD).
        public let name: String
        /// False when the name's bytes are not valid UTF-8: such a file can't be
        /// addressed through `name`.
        public let isValidUTF8: Bool
    }

    public static func entries(of path: String) throws(MediaError) -> [Entry] {
        var error: UnsafeMutablePointer<GError>?
        guard let dir = g_dir_open(path, 0, &error) else {
            throw MediaError.take(error, fallback: tr("the folder can't be read"))
        }
        defer { g_dir_close(dir) }
        var result: [Entry] = []
        while let raw = g_dir_read_name(dir) {
            let valid = g_utf8_validate(raw, -1, nil) != 0
            result.append(Entry(name: String(cString: raw), isValidUTF8: valid))
        }
        return result
    }
}
