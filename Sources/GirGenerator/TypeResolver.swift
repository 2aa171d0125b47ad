import Foundation

/// What Swift types the types of a GIR declaration become: a parameter's, a return
/// value's or a property's (`MappedType`), and a callable's parameter list. Records the
/// enums it meets, which the generator then declares.
struct TypeResolver {
    let generator: Generator
    let namespace: String
    private(set) var enums = EnumCollector()

    private var allowList: AllowList { generator.allowList }

    /// The mapping of a `<type>` (within a parameter, return value or property), or nil when
    /// the generator does not support it. Records enums it meets.
    mutating func map(_ holder: GIRNode, nullable: Bool) -> MappedType? {
        guard let type = holder.child("type"), let name = type["name"] else { return nil }
        let cType = type["c:type"] ?? ""
        switch name {
        case "gboolean": return MappedType(kind: .bool, isNullable: false)
        case "gint", "guint", "glong", "gulong", "gint64", "guint64", "gsize", "gssize", "gint32", "guint32", "gint16", "guint16":
            return MappedType(kind: .integer(cType: name), isNullable: false)
        case "gfloat", "gdouble": return MappedType(kind: .floating(cType: name), isNullable: false)
        case "utf8", "filename":
            if holder.name == "parameter", !cType.isEmpty, !cType.contains("const") { return nil }
            return MappedType(kind: .string, isNullable: nullable)
        case "GObject.Object", "GObject.InitiallyUnowned":
            return MappedType(kind: .object(swift: "Object", isInterface: false), isNullable: nullable)
        default: break
        }
        guard let (qualified, typeNode) = generator.lookup(name, from: namespace) else { return nil }
        if let swift = allowList.handWritten[qualified] {
            return MappedType(kind: .object(swift: swift, isInterface: false), isNullable: nullable)
        }
        switch typeNode.name {
        case "enumeration", "bitfield":
            guard generator.declaresOrImports(enum: qualified), let enumCType = typeNode["c:type"] else { return nil }
            enums.add(qualified, typeNode)
            let swift = generator.swiftName(ofEnum: qualified)
            return MappedType(
                kind: typeNode.name == "bitfield"
                    ? .flags(swift: swift, cType: enumCType)
                    : .enumeration(swift: swift, cType: enumCType),
                isNullable: false)
        case "class", "interface":
            guard let swift = generator.swiftName(ofWrapped: qualified) else { return nil }
            return MappedType(kind: .object(swift: swift, isInterface: typeNode.name == "interface"), isNullable: nullable)
        default:
            return nil
        }
    }

    func isNullable(_ node: GIRNode) -> Bool { node["nullable"] == "1" || node["allow-none"] == "1" }

    /// Object and string properties without a getter may hold nothing.
    func isTypeNullableByDefault(_ property: GIRNode) -> Bool {
        guard let name = property.child("type")?["name"] else { return false }
        return !["gboolean", "gint", "guint", "gdouble", "gfloat", "glong", "gulong", "gint64", "guint64"].contains(name)
            && generator.lookup(name, from: namespace).map { !["enumeration", "bitfield"].contains($0.node.name) } ?? true
    }

    /// The parameters of a callable, or nil (with the reason) when one is unsupported.
    mutating func parameters(of callable: GIRNode, cName: String) -> Result<[Parameter], Unsupported> {
        var result: [Parameter] = []
        for (index, parameter) in (callable.child("parameters")?.children("parameter") ?? []).enumerated() {
            let girName = parameter["name"] ?? "arg\(index)"
            if parameter.child("varargs") != nil { return .failure(Unsupported("variadic")) }
            if let direction = parameter["direction"], direction != "in" {
                return .failure(Unsupported("\(direction) parameter \(girName)"))
            }
            if parameter.child("array") != nil { return .failure(Unsupported("array parameter \(girName)")) }
            let narrowed = allowList.signalParameterTypes["\(cName).\(girName)"]
            guard
                let type = narrowed.flatMap({ swift in
                    generator.swiftName(ofWrapped: swift).map {
                        MappedType(kind: .object(swift: $0, isInterface: false), isNullable: false)
                    }
                })
                    ?? map(parameter, nullable: isNullable(parameter))
            else {
                return .failure(Unsupported("parameter \(girName) of type \(parameter.child("type")?["name"] ?? "?")"))
            }
            let name = Naming.identifier(Naming.lowerCamel(girName))
            var label = index == 0 ? "_" : name
            var defaultValue: String?
            if let override = allowList.parameters["\(cName).\(girName)"] {
                let parts = override.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                label = parts[0]
                defaultValue = parts.count > 1 ? parts[1] : nil
            }
            result.append(
                Parameter(
                    girName: girName, label: label, name: name, defaultValue: defaultValue, type: type,
                    transferFull: parameter["transfer-ownership"] == "full"))
        }
        return .success(result)
    }
}

/// One parameter of a generated callable.
struct Parameter {
    let girName: String
    let label: String
    let name: String
    let defaultValue: String?
    let type: MappedType
    let transferFull: Bool

    /// The parameters as a Swift declaration lists them (`label name: Type = default`).
    static func signature(_ parameters: [Parameter]) -> String {
        parameters.map { parameter in
            let label = parameter.label == parameter.name ? parameter.name : "\(parameter.label) \(parameter.name)"
            return "\(label): \(parameter.type.swift)" + (parameter.defaultValue.map { " = \($0)" } ?? "")
        }.joined(separator: ", ")
    }

    /// The parameters converted for the C call.
    static func arguments(_ parameters: [Parameter]) -> String {
        parameters.map { $0.type.toC($0.name, transferFull: $0.transferFull) }.joined(separator: ", ")
    }

    /// `name(label:label:)`, to tell overloads apart.
    static func fullName(_ base: String, _ parameters: [Parameter]) -> String {
        "\(base)(\(parameters.map { "\($0.label):" }.joined()))"
    }
}

/// Why a callable is not generated.
struct Unsupported: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
