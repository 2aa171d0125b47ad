import CGtk
import Gtk

/// GLib's file-name conversions, used for freedesktop thumbnail names.
public enum FileNames {
    /// The `file://` URI of an absolute path (percent-escaped as GNOME Files does).
    public static func uri(forPath path: String) -> String? {
        takeString(g_filename_to_uri(path, nil, nil))
    }

    /// A key that orders names as GNOME Files orders file names: numbers by value
    /// ("IMG_2" before "IMG_10"), letters by the locale's collation, case ignored.
    /// Compare keys with `<`; computing one costs about what one string comparison
    /// does, so sort by keys made once per name, not by comparing the names.
    public static func sortKey(_ name: String) -> SortKey {
        guard let folded = g_utf8_casefold(name, -1) else { return SortKey(bytes: Array(name.utf8)) }
        defer { g_free(folded) }
        guard let key = g_utf8_collate_key_for_filename(folded, -1) else { return SortKey(bytes: Array(name.utf8)) }
        defer { g_free(key) }
        return SortKey(bytes: Array(UnsafeRawBufferPointer(start: key, count: strlen(key))))
    }

    /// See `sortKey(_:)`.
    public struct SortKey: Comparable, Hashable, Sendable {
        let bytes: [UInt8]
        public static func < (lhs: SortKey, rhs: SortKey) -> Bool { lhs.bytes.lexicographicallyPrecedes(rhs.bytes) }
    }

    /// Lower-case hexadecimal MD5 of a string's UTF-8 bytes.
    public static func md5(_ string: String) -> String {
        takeString(g_compute_checksum_for_string(G_CHECKSUM_MD5, string, -1)) ?? ""
    }

    /// Moves a file or folder to the trash with GIO (`g_file_trash`), following
    /// the freedesktop trash specification (home trash or the mount's `.Trash-UID`).
    public static func trash(path: String) throws(MediaError) {
        let file = g_file_new_for_path(path)
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        var error: UnsafeMutablePointer<GError>?
        guard g_file_trash(file, nil, &error) != 0 else {
            throw MediaError.take(error, fallback: tr("the file could not be moved to the trash"))
        }
    }

    /// The user's data folder (`$XDG_DATA_HOME`, as GLib resolves it).
    public static var userDataDirectory: String { String(cString: g_get_user_data_dir()) }
    /// The user's cache folder (`$XDG_CACHE_HOME`).
    public static var userCacheDirectory: String { String(cString: g_get_user_cache_dir()) }
    /// The XDG Pictures folder, when one is configured.
    public static var picturesDirectory: String? {
        g_get_user_special_dir(G_USER_DIRECTORY_PICTURES).map { String(cString: $0) }
    }
}
