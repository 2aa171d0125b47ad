import Foundation
import Gtk

/// A `--list` line's `path` for a file name that is not UTF-8.
///
/// JSON strings are text, and the path is bytes. Bytes that are not text are written as
/// `\udc80`…`\udcff`, Python's `surrogateescape` convention (PEP 383): `json.loads` followed by
/// `open(row["path"])` or `os.fsencode` gives the file's real bytes back. A UTF-8 path is written
/// as before, byte for byte.
extension PhotoListing {
    /// `line`, an encoded row of `path`, with its path written as the file system's bytes.
    static func withFileSystemPath(_ line: String, path: String, encoder: JSONEncoder) -> String {
        guard PathBytes.containsEscapes(path),
            let encoded = try? encoder.encode([path]),
            case let array = String(decoding: encoded, as: UTF8.self), array.count > 2
        else { return line }
        let asEncoded = "\"path\":" + array.dropFirst().dropLast()
        return line.replacingOccurrences(of: asEncoded, with: "\"path\":" + pathJSON(path))
    }

    /// `path` as a JSON string, bytes that are not text as `\udcXX` (see above).
    static func pathJSON(_ path: String) -> String {
        var result = ""
        for scalar in jsonString(path).unicodeScalars {
            if PathBytes.escapes.contains(scalar.value) {
                result += "\\udc" + String(scalar.value - 0xF700, radix: 16)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
