import CGtk
import Gtk

/// The names in one folder, read with `g_dir`, whatever their bytes (see `PathBytes`).
public enum DirectoryListing {
    public struct Entry: Sendable {
        /// The name as `PathBytes` keeps it: it addresses the file whatever its encoding
        /// (`PathBytes.displayName(_:)` is what people see).
        public let name: String
    }

    public static func entries(of path: String) throws(MediaError) -> [Entry] {
        var error: UnsafeMutablePointer<GError>?
        guard let dir = g_dir_open(PathBytes.c(path), 0, &error) else {
            throw MediaError.take(error, fallback: tr("the folder can't be read"))
        }
        defer { g_dir_close(dir) }
        var result: [Entry] = []
        while let raw = g_dir_read_name(dir) {
            result.append(Entry(name: PathBytes.path(cString: raw)))
        }
        return result
    }
}
