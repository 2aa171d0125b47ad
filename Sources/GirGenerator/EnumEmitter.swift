/// Emits a GIR enumeration as a Swift enum, or a bitfield as an `OptionSet`, with every
/// member the GIR lists and conversions to and from the C type.
struct EnumEmitter {
    let node: GIRNode
    let swiftName: String

    private var members: [(name: String, value: Int64, doc: String?)] {
        node.children("member").compactMap { member in
            guard let name = member["name"], let value = member["value"].flatMap({ Int64($0) }) else { return nil }
            return (Naming.identifier(Naming.lowerCamel(name)), value, member.doc)
        }
    }

    func emit() -> String {
        guard let cType = node["c:type"] else { return "" }
        let rawType = members.contains { $0.value < 0 } ? "Int32" : "UInt32"
        var out = Naming.docComment(node.doc, indent: "")
        if node.name == "bitfield" {
            out += "public struct \(swiftName): OptionSet, Sendable, Hashable {\n"
            out += "    public let rawValue: \(rawType)\n"
            out += "    public init(rawValue: \(rawType)) { self.rawValue = rawValue }\n"
            out += "    package init(_ value: \(cType)) { self.init(rawValue: value.rawValue) }\n"
            out += "    package var c: \(cType) { \(cType)(rawValue: rawValue) }\n"
            for member in members {
                out += Naming.docComment(member.doc, indent: "    ")
                out +=
                    member.value == 0
                    ? "    public static let \(member.name): \(swiftName) = []\n"
                    : "    public static let \(member.name) = \(swiftName)(rawValue: \(member.value))\n"
            }
        } else {
            out += "public enum \(swiftName): \(rawType), Sendable, CaseIterable {\n"
            var seen: [Int64: String] = [:]
            var aliases = ""
            for member in members {
                if let original = seen[member.value] {
                    aliases += "    public static let \(member.name) = \(swiftName).\(original)\n"
                    continue
                }
                seen[member.value] = member.name
                out += Naming.docComment(member.doc, indent: "    ")
                out += "    case \(member.name) = \(member.value)\n"
            }
            out += aliases
            out += "\n    package init(_ value: \(cType)) {\n"
            out += "        guard let known = \(swiftName)(rawValue: value.rawValue) else {\n"
            out += "            preconditionFailure(\"\\(value.rawValue) is not a \(cType) this binding knows\")\n"
            out += "        }\n        self = known\n    }\n"
            out += "    package var c: \(cType) { \(cType)(rawValue: rawValue) }\n"
        }
        out += "}\n"
        return out
    }

    /// Option set members with a value, first to last (for test samples).
    var nonZeroMembers: [(name: String, value: Int64)] {
        members.filter { $0.value != 0 }.map { ($0.name, $0.value) }
    }

    /// The case names, first to last (for test samples).
    var caseNames: [String] {
        var seen: Set<Int64> = []
        return members.filter { seen.insert($0.value).inserted }.map(\.name)
    }
}
