/// GIR names to Swift names.
enum Naming {
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "continue", "default", "defer", "do",
        "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "switch", "where", "while",
        "as", "catch", "false", "is", "nil", "super", "self", "Self", "throw", "throws", "true", "try", "Type",
        "any", "some", "Any", "Protocol",
    ]

    /// "reveal-child", "slide_left_right" → "revealChild", "slideLeftRight".
    static func lowerCamel(_ name: String) -> String {
        let parts = name.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard let first = parts.first else { return name }
        var result = first.lowercased()
        for part in parts.dropFirst() { result += part.prefix(1).uppercased() + part.dropFirst().lowercased() }
        if let character = result.first, character.isNumber { result = "_" + result }
        return result
    }

    /// "reveal-child" → "RevealChild".
    static func upperCamel(_ name: String) -> String {
        let lower = lowerCamel(name)
        return lower.prefix(1).uppercased() + lower.dropFirst()
    }

    /// A name usable as an identifier (keywords in backticks).
    static func identifier(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// The first paragraph of a GIR doc text, as `///` lines: gi-docgen links and
    /// C-isms turned into plain words.
    static func docComment(_ text: String?, indent: String) -> String {
        guard let text else { return "" }
        var paragraph = text.components(separatedBy: "\n\n").first ?? text
        paragraph = replacingLinks(in: paragraph)
        let replacements = [("%TRUE", "`true`"), ("%FALSE", "`false`"), ("%NULL", "`nil`")]
        for (from, to) in replacements { paragraph = paragraph.replacingOccurrences(of: from, with: to) }
        let words = paragraph.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
        guard !words.isEmpty else { return "" }
        var lines: [String] = []
        var line = ""
        for word in words {
            var word = word
            if word.hasPrefix("@"), word.count > 1 { word = "`\(String(word.dropFirst()).trimmingPunctuation)`" + word.trailingPunctuation }
            if !line.isEmpty && line.count + word.count + 1 > 92 {
                lines.append(line)
                line = word
            } else {
                line = line.isEmpty ? word : line + " " + word
            }
        }
        lines.append(line)
        return lines.map { "\(indent)/// \($0)\n" }.joined()
    }

    /// `[class@Gtk.Widget]` → `` `Widget` ``, `[method@Gtk.Widget.show]` → `` `show` ``,
    /// `[property@Gtk.Widget:visible]` → `` `visible` ``, `[signal@Gtk.Widget::map]` → `` `map` ``.
    private static func replacingLinks(in text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "[") {
            result += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "]"), let at = rest[open..<close].firstIndex(of: "@") else {
                result += rest[open...open]
                rest = rest[rest.index(after: open)...]
                continue
            }
            let target = rest[rest.index(after: at)..<close]
            let last = target.split(whereSeparator: { $0 == "." || $0 == ":" }).last.map(String.init) ?? String(target)
            result += "`\(last)`"
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }
}

extension String {
    fileprivate var trimmingPunctuation: String {
        String(self.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
    }
    fileprivate var trailingPunctuation: String {
        String(self.drop { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "@" })
    }
}
