import CGExiv2
import CGtk
import Foundation
import Gtk

/// A file opened with gexiv2 (a photo, or an XMP sidecar): to write its tags and read its previews.
final class TaggedFile {
    let metadata: UnsafeMutablePointer<GExiv2Metadata>

    init(path: String) throws(MediaError) {
        guard let metadata = gexiv2_metadata_new() else { throw MediaError(tr("gexiv2 could not allocate metadata")) }
        var error: UnsafeMutablePointer<GError>?
        guard gexiv2_metadata_open_path(metadata, PathBytes.c(path), &error) != 0 else {
            g_object_unref(UnsafeMutableRawPointer(metadata))
            throw MediaError.take(error, fallback: "gexiv2 could not read the file")
        }
        self.metadata = metadata
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(metadata)) }

    /// The tag's value as gexiv2 gives it; nil when absent.
    func string(_ name: String) -> String? {
        var error: UnsafeMutablePointer<GError>?
        let value = takeString(gexiv2_metadata_try_get_tag_string(metadata, name, &error))
        if let error { g_error_free(error) }
        return value
    }

    /// Every value of a repeatable tag (an XMP bag, IPTC keywords), in order.
    func strings(_ name: String) -> [String] {
        var error: UnsafeMutablePointer<GError>?
        let values = gexiv2_metadata_try_get_tag_multiple(metadata, name, &error)
        if let error { g_error_free(error) }
        guard let values else { return [] }
        defer { g_strfreev(values) }
        return borrowStrings(values)
    }
}
