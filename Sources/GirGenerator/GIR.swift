import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// One element of a GIR (GObject Introspection Repository) XML file.
final class GIRNode {
    let name: String
    let attributes: [String: String]
    fileprivate(set) var children: [GIRNode] = []
    fileprivate(set) var text = ""

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    subscript(attribute: String) -> String? { attributes[attribute] }

    func children(_ name: String) -> [GIRNode] { children.filter { $0.name == name } }
    func child(_ name: String) -> GIRNode? { children.first { $0.name == name } }

    /// The element's documentation text (`<doc>`), if any.
    var doc: String? { child("doc")?.text }
    var isDeprecated: Bool { self["deprecated"] == "1" }
    var isIntrospectable: Bool { self["introspectable"] != "0" }
}

/// Reads a GIR file into a tree of `GIRNode`s (SAX: the files are megabytes large).
final class GIRReader: NSObject, XMLParserDelegate {
    private var stack: [GIRNode] = [GIRNode(name: "#document", attributes: [:])]

    static func read(_ url: URL) throws -> GIRNode {
        guard let parser = XMLParser(contentsOf: url) else { throw GeneratorError.unreadable(url.path) }
        let reader = GIRReader()
        parser.delegate = reader
        guard parser.parse(), let repository = reader.stack[0].child("repository") else {
            throw GeneratorError.invalidGIR(url.path, parser.parserError.map { "\($0)" } ?? "no <repository>")
        }
        return repository
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String] = [:]
    ) {
        let node = GIRNode(name: elementName, attributes: attributes)
        stack[stack.count - 1].children.append(node)
        stack.append(node)
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
        qualifiedName: String?
    ) {
        stack.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if stack[stack.count - 1].name == "doc" { stack[stack.count - 1].text += string }
    }
}

public enum GeneratorError: Error, CustomStringConvertible {
    case unreadable(String)
    case invalidGIR(String, String)
    case missingType(String)
    case unsupported(String)

    public var description: String {
        switch self {
        case .unreadable(let path): "Cannot read \(path) (install the -dev package that ships it)"
        case .invalidGIR(let path, let reason): "\(path) is not a GIR file: \(reason)"
        case .missingType(let name): "The allow-list names \(name), which the GIR files do not define"
        case .unsupported(let what): "Cannot generate \(what)"
        }
    }
}

/// The namespaces of the GIR files read, by name ("Gtk", "Gio", ...).
struct GIRLibrary {
    struct Namespace {
        let name: String
        let node: GIRNode
        /// Types by their unqualified GIR name.
        let types: [String: GIRNode]
    }

    private(set) var namespaces: [String: Namespace] = [:]

    init(directory: URL, files: [String]) throws {
        for file in files {
            let repository = try GIRReader.read(directory.appendingPathComponent(file))
            guard let node = repository.child("namespace"), let name = node["name"] else {
                throw GeneratorError.invalidGIR(file, "no <namespace>")
            }
            var types: [String: GIRNode] = [:]
            for child in node.children where ["class", "interface", "enumeration", "bitfield", "record"].contains(child.name) {
                if let typeName = child["name"] { types[typeName] = child }
            }
            namespaces[name] = Namespace(name: name, node: node, types: types)
        }
    }

    /// A type by qualified name ("Gtk.Widget"), or by a name relative to `namespace`.
    func lookup(_ name: String, from namespace: String) -> (qualified: String, node: GIRNode)? {
        let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
        let (space, local) = parts.count == 2 ? (parts[0], parts[1]) : (namespace, parts[0])
        guard let node = namespaces[space]?.types[local] else { return nil }
        return ("\(space).\(local)", node)
    }
}
