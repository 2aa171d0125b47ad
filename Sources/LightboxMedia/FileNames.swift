import CGtk
import Glibc
import Gtk

/// GLib's file-name conversions, used for freedesktop thumbnail names.
public enum FileNames {
    /// The `file://` URI of an absolute path, from its bytes (percent-escaped as GNOME Files does).
    public static func uri(forPath path: String) -> String? {
        PathBytes.uri(path)
    }

    /// A key that orders names as GNOME Files orders file names: numbers by value
    /// ("IMG_2" before "IMG_10"), letters by the locale's collation, case ignored.
    /// Compare keys with `<`; computing one costs about what one string comparison
    /// does, so sort by keys made once per name, not by comparing the names (`SortKeys`
    /// holds many).
    public static func sortKey(_ name: String) -> SortKey {
        withSortKey(of: name) { SortKey(bytes: Array($0)) }
    }

    private static func withSortKey<R>(of name: String, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        guard let folded = g_utf8_casefold(name, -1) else { return Array(name.utf8).withUnsafeBytes(body) }
        defer { g_free(folded) }
        guard let key = g_utf8_collate_key_for_filename(folded, -1) else { return Array(name.utf8).withUnsafeBytes(body) }
        defer { g_free(key) }
        return body(UnsafeRawBufferPointer(start: key, count: strlen(key)))
    }

    /// See `sortKey(_:)`.
    public struct SortKey: Comparable, Hashable, Sendable {
        let bytes: [UInt8]

        public static func < (lhs: SortKey, rhs: SortKey) -> Bool { lhs.order(comparedTo: rhs) < 0 }

        /// Below zero when this key comes first, zero when both are equal, above when `other`
        /// comes first: one pass where a sort needs both `==` and `<`.
        public func order(comparedTo other: SortKey) -> Int {
            bytes.withUnsafeBytes { a in other.bytes.withUnsafeBytes { b in compareKeys(a, b) } }
        }
    }

    /// The sort keys (`sortKey(_:)`) of many names, in one buffer, compared by position: a
    /// sort of 100,000 photos by name then makes no allocation per key and no retain per
    /// comparison.
    public struct SortKeys: Sendable {
        private var bytes: [UInt8] = []
        /// Where each key ends in `bytes` (it starts where the one before ended).
        private var ends: [Int] = []

        public init(_ names: some Sequence<String>) {
            for name in names {
                FileNames.withSortKey(of: name) { bytes.append(contentsOf: $0) }
                ends.append(bytes.count)
            }
        }

        /// How the keys of names `i` and `j` compare (see `SortKey.order(comparedTo:)`).
        public func order(_ i: Int, _ j: Int) -> Int {
            bytes.withUnsafeBytes { all in
                let a = UnsafeRawBufferPointer(rebasing: all[(i == 0 ? 0 : ends[i - 1])..<ends[i]])
                let b = UnsafeRawBufferPointer(rebasing: all[(j == 0 ? 0 : ends[j - 1])..<ends[j]])
                return compareKeys(a, b)
            }
        }
    }

    /// Lower-case hexadecimal MD5 of a string's UTF-8 bytes.
    public static func md5(_ string: String) -> String {
        takeString(g_compute_checksum_for_string(G_CHECKSUM_MD5, string, -1)) ?? ""
    }

    /// Moves a file or folder to the trash with GIO (`g_file_trash`), following
    /// the freedesktop trash specification (home trash or the mount's `.Trash-UID`).
    public static func trash(path: String) throws(MediaError) {
        let file = g_file_new_for_path(PathBytes.c(path))
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        var error: UnsafeMutablePointer<GError>?
        guard g_file_trash(file, nil, &error) != 0 else {
            throw MediaError.take(error, fallback: tr("the file could not be moved to the trash"))
        }
    }

    /// Moves a file with GIO (`g_file_move`): a rename on one disk, a copy and delete across
    /// disks; never over an existing file.
    public static func move(path: String, to destination: String) throws(MediaError) {
        let source = g_file_new_for_path(PathBytes.c(path))
        let target = g_file_new_for_path(PathBytes.c(destination))
        defer {
            g_object_unref(UnsafeMutableRawPointer(source))
            g_object_unref(UnsafeMutableRawPointer(target))
        }
        var error: UnsafeMutablePointer<GError>?
        let flags = GFileCopyFlags(rawValue: G_FILE_COPY_NOFOLLOW_SYMLINKS.rawValue | G_FILE_COPY_ALL_METADATA.rawValue)
        guard g_file_move(source, target, flags, nil, nil, nil, &error) != 0 else {
            throw MediaError.take(error, fallback: tr("the file could not be moved"))
        }
    }

    /// Makes the folder at `path` and any missing parents (`g_mkdir_with_parents`).
    public static func makeFolders(_ path: String) throws(MediaError) {
        guard g_mkdir_with_parents(PathBytes.c(path), 0o777) == 0 else {
            throw MediaError(String(cString: strerror(errno)))
        }
    }

    /// The bytes of a (small) file, whatever its name's encoding; nil when it can't be read.
    public static func contents(of path: String) -> [UInt8]? {
        var data: UnsafeMutablePointer<CChar>?
        var length = 0
        guard g_file_get_contents(PathBytes.c(path), &data, &length, nil) != 0, let data else { return nil }
        defer { g_free(data) }
        return Array(UnsafeRawBufferPointer(start: data, count: length))
    }

    /// The user's data folder (`$XDG_DATA_HOME`, as GLib resolves it).
    public static var userDataDirectory: String { String(cString: g_get_user_data_dir()) }
    /// The user's cache folder (`$XDG_CACHE_HOME`).
    public static var userCacheDirectory: String { String(cString: g_get_user_cache_dir()) }
    /// The XDG Pictures folder, when one is configured.
    public static var picturesDirectory: String? {
        g_get_user_special_dir(G_USER_DIRECTORY_PICTURES).map { String(cString: $0) }
    }

    /// The XDG Downloads folder, when one is configured.
    public static var downloadsDirectory: String? {
        g_get_user_special_dir(G_USER_DIRECTORY_DOWNLOAD).map { String(cString: $0) }
    }

    /// Whether the files at `a` and `b` hold the same bytes (false when either can't be read).
    public static func haveSameBytes(_ a: String, _ b: String) -> Bool {
        let first = open(PathBytes.c(a), O_RDONLY | O_CLOEXEC)
        let second = open(PathBytes.c(b), O_RDONLY | O_CLOEXEC)
        defer {
            if first >= 0 { close(first) }
            if second >= 0 { close(second) }
        }
        guard first >= 0, second >= 0 else { return false }
        // Hard links of one file (a library copied with `cp -l`) are the same bytes, unread.
        var infoA = stat()
        var infoB = stat()
        if fstat(first, &infoA) == 0, fstat(second, &infoB) == 0, infoA.st_dev == infoB.st_dev, infoA.st_ino == infoB.st_ino {
            return true
        }
        let chunk = 1 << 16
        var bufferA = [UInt8](repeating: 0, count: chunk)
        var bufferB = [UInt8](repeating: 0, count: chunk)
        while true {
            let countA = bufferA.withUnsafeMutableBytes { read(first, $0.baseAddress, chunk) }
            let countB = bufferB.withUnsafeMutableBytes { read(second, $0.baseAddress, chunk) }
            guard countA == countB, countA >= 0 else { return false }
            if countA == 0 { return true }
            guard bufferA[..<countA] == bufferB[..<countB] else { return false }
        }
    }

    /// The home folder as GLib finds it (`$HOME` first, as the desktop's other apps do).
    public static var homeDirectory: String { String(cString: g_get_home_dir()) }
}

/// Below zero, zero or above: `a` before, equal to or after `b`, byte by byte, a prefix first.
private func compareKeys(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int {
    let common = min(a.count, b.count)
    if common > 0, let x = a.baseAddress, let y = b.baseAddress {
        let result = memcmp(x, y, common)
        if result != 0 { return Int(result) }
    }
    return a.count - b.count
}
