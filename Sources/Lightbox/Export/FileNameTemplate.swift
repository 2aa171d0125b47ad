import Foundation
import LightboxMedia

/// Exported files' names from a template: `{name}` (the original's name without its
/// extension), `{date}` (taken, `2024-05-17`), `{time}` (taken, `14-30-05`), `{seq}` (1, 2…,
/// zero-padded to the count's width); anything else is kept as written. The tokens stay
/// ASCII in every language; the dialog explains them in words.
public struct FileNameTemplate: Sendable, Equatable {
    public static let defaultTemplate = "{name}"
    public static let tokens = ["{name}", "{date}", "{time}", "{seq}"]

    public let text: String

    public init(_ text: String) { self.text = text }

    /// The name (without extension) of the `index`th (0-based) of `count` files; never empty,
    /// never hidden, never holding a `/` or a NUL.
    public func name(for item: ExportItem, index: Int, count: Int) -> String {
        let original = Self.baseName(item.fileName)
        let taken = item.taken ?? ""
        let date = taken.count >= 10 ? String(taken.prefix(10)) : ""
        let time = taken.count >= 19 ? String(taken.dropFirst(11).prefix(8)).replacingOccurrences(of: ":", with: "-") : ""
        let width = String(max(count, 1)).count
        let sequence = String(index + 1)
        let padded = String(repeating: "0", count: max(0, width - sequence.count)) + sequence
        var name = text.replacingOccurrences(of: "{name}", with: original)
            .replacingOccurrences(of: "{date}", with: date)
            .replacingOccurrences(of: "{time}", with: time)
            .replacingOccurrences(of: "{seq}", with: padded)
        name = String(name.map { $0 == "/" || $0 == "\0" ? "_" : $0 }).trimmingCharacters(in: .whitespaces)
        while name.hasPrefix(".") { name.removeFirst() }
        if name.isEmpty { name = original.isEmpty ? padded : original }
        // Room for " (999)", the extension and the hidden temporary's marks within NAME_MAX.
        while name.utf8.count > 200 { name.removeLast() }
        return name
    }

    /// `IMG_1.JPG` → `IMG_1`.
    static func baseName(_ fileName: String) -> String {
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else { return fileName }
        return String(fileName[..<dot])
    }

    /// `IMG_1.CR2` → `.CR2` (as written); "" when none.
    static func fileExtension(_ fileName: String) -> String {
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else { return "" }
        return String(fileName[dot...])
    }
}
