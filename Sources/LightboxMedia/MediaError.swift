import CGtk

/// A failure reported by GLib, gdk-pixbuf or gexiv2, as a readable message.
public struct MediaError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }

    /// Takes (and frees) a GError, falling back to `fallback` when there is none.
    static func take(_ error: UnsafeMutablePointer<GError>?, fallback: String) -> MediaError {
        guard let error else { return MediaError(fallback) }
        defer { g_error_free(error) }
        return MediaError(String(cString: error.pointee.message))
    }
}
