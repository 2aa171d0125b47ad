import CGtk

/// A file's path as the bytes the file system gave, carried in a Swift `String`.
///
/// Linux file names are bytes, not text: a name from an old camera archive or a zip may be
/// Latin-1 (`M\xe4dchen.jpg`). The app keeps every path as a `String` that encodes those bytes
/// reversibly (as Python's `surrogateescape` does, with private-use characters, since a Swift
/// `String` can't hold lone surrogates):
/// - valid UTF-8 stays as it is, so ordinary names are their own encoding;
/// - each byte of an invalid sequence becomes U+F700 + byte (U+F780…U+F7FF);
/// - a valid U+F780…U+F7FF in a real name is escaped byte-wise the same way, so decoding
///   (every U+F780…U+F7FF back to its byte) is unambiguous.
///
/// Every call that hands a path to the file system or C passes `PathBytes.c(path)`; paths
/// coming back from C go through `PathBytes.path(cString:)`; people see `displayName(_:)`.
///
/// ```swift
/// let path = PathBytes.path([0x4D, 0xE4, 0x64])   // "M\u{F7E4}d"
/// stat(PathBytes.c(path), &info)                  // the real bytes, NUL-terminated
/// PathBytes.displayName(path)                      // "M\u{FFFD}d", as GLib shows it
/// ```
public enum PathBytes {
    /// The first and last characters that stand for a byte.
    public static let escapes: ClosedRange<UInt32> = 0xF780...0xF7FF
    private static let escapeBase: UInt32 = 0xF700

    /// The path string of file-system bytes (no NUL among them).
    public static func path(_ bytes: some Collection<UInt8>) -> String {
        let bytes = Array(bytes)
        // Fast path: valid UTF-8 without the escape characters is its own encoding.
        if let text = String(validating: bytes, as: UTF8.self), !containsEscapes(text) { return text }
        var scalars = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            if let (scalar, length) = decodeScalar(bytes, at: index), !escapes.contains(scalar.value) {
                scalars.append(scalar)
                index += length
            } else {
                // An invalid byte, or a real escape character's bytes: each byte on its own.
                let length = decodeScalar(bytes, at: index)?.length ?? 1
                for byte in bytes[index..<index + length] { scalars.append(escape(byte)) }
                index += length
            }
        }
        return String(scalars)
    }

    /// The path string of a C string the file system or GLib gave.
    public static func path(cString: UnsafePointer<CChar>) -> String {
        path(UnsafeRawBufferPointer(start: cString, count: strlen(cString)))
    }

    /// The path string of a C string GLib allocated, which this frees.
    public static func take(_ cString: UnsafeMutablePointer<CChar>?) -> String? {
        guard let cString else { return nil }
        defer { g_free(cString) }
        return path(cString: cString)
    }

    /// The process's arguments as `PathBytes` paths (`CommandLine.arguments` repairs bytes
    /// that are not UTF-8, so a folder name given in Latin-1 would name no folder).
    public static var commandLineArguments: [String] {
        (0..<Int(CommandLine.argc)).map { index in CommandLine.unsafeArgv[index].map { path(cString: $0) } ?? "" }
    }

    /// The file-system bytes `path` stands for.
    public static func bytes(_ path: String) -> [UInt8] {
        guard containsEscapes(path) else { return Array(path.utf8) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count)
        for scalar in path.unicodeScalars {
            if escapes.contains(scalar.value) {
                bytes.append(UInt8(scalar.value - escapeBase))
            } else {
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
        return bytes
    }

    /// The file-system bytes of `path`, NUL-terminated: pass it wherever C takes a `const char *`
    /// path (`stat(PathBytes.c(path), &info)`).
    public static func c(_ path: String) -> [CChar] {
        bytes(path).map { CChar(bitPattern: $0) } + [0]
    }

    /// The name people see for `path` (or a part of it), by GLib's rules
    /// (`g_filename_display_name`: bytes that are not text in the file-name encoding show as U+FFFD).
    public static func displayName(_ path: String) -> String {
        guard containsEscapes(path) else { return path }
        return takeString(g_filename_display_name(c(path))) ?? path
    }

    /// True when `path` holds bytes that are not UTF-8 text (or escaped escape characters).
    public static func containsEscapes(_ path: String) -> Bool {
        path.unicodeScalars.contains { escapes.contains($0.value) }
    }

    /// `g_filename_to_uri` of the real bytes: a `file://` URI, percent-escaped byte by byte.
    public static func uri(_ path: String) -> String? {
        takeString(g_filename_to_uri(c(path), nil, nil))
    }

    /// The path of a `file://` URI (`g_filename_from_uri`), nil for other URIs.
    public static func path(uri: String) -> String? {
        take(g_filename_from_uri(uri, nil, nil))
    }

    /// The path a percent-encoded one stands for (a `.trashinfo` file's `Path=`), byte by byte.
    public static func path(percentEncoded text: String) -> String? {
        take(g_uri_unescape_string(text, nil))
    }

    private static func escape(_ byte: UInt8) -> Unicode.Scalar {
        Unicode.Scalar(escapeBase + UInt32(byte))!
    }

    /// The scalar strictly encoded at `index` (no overlong forms, surrogates or values past
    /// U+10FFFF) and its length; nil when the bytes there are not UTF-8.
    private static func decodeScalar(_ bytes: [UInt8], at index: Int) -> (scalar: Unicode.Scalar, length: Int)? {
        let lead = bytes[index]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let length: Int
        let minimum: UInt32
        var value: UInt32
        switch lead {
        case 0xC2...0xDF: (length, minimum, value) = (2, 0x80, UInt32(lead & 0x1F))
        case 0xE0...0xEF: (length, minimum, value) = (3, 0x800, UInt32(lead & 0x0F))
        case 0xF0...0xF4: (length, minimum, value) = (4, 0x10000, UInt32(lead & 0x07))
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }
}
