/// Emits the Swift wrapper of one GIR class (an `open class`) or interface (a protocol
/// with an extension): constructors, properties, methods, signals, property notifications.
struct TypeEmitter {
    let generator: Generator
    let namespace: String
    let node: GIRNode
    private(set) var enums = EnumCollector()
    /// Swift member names already taken in this type and its generated ancestors.
    private var taken: Set<String> = []
    /// C functions used as property accessors (not emitted again as methods).
    private var accessors: Set<String> = []
    private var notGenerated: [String] = []
    /// Initializers of this class (`taken` holds its ancestors' too, which need `override`).
    private var ownInits: Set<String> = []
    /// What was emitted, for the generated tests.
    private(set) var properties: [(girName: String, name: String, type: MappedType, writable: Bool)] = []
    private(set) var signals: [(girName: String, name: String, parameters: [MappedType], returnsBool: Bool)] = []

    init(generator: Generator, namespace: String, node: GIRNode) {
        self.generator = generator
        self.namespace = namespace
        self.node = node
    }

    private var qualified: String { "\(namespace).\(node["name"]!)" }
    private var swiftName: String { node["name"]! }
    private var allowList: AllowList { generator.allowList }

    // MARK: Classes and interfaces

    mutating func emitClass() -> String {
        let parent = generator.wrappedParent(of: node, namespace: namespace)
        let parentSwift = parent.flatMap { generator.swiftName(ofWrapped: $0) } ?? "Object"
        let inherited =
            parent.map {
                generator.wrappedInterfaces(
                    of: generator.owner(of: $0)!.wrappedNode($0)!.node, namespace: String($0.split(separator: ".")[0]), inherited: true)
            } ?? []
        let own = generator.wrappedInterfaces(of: node, namespace: namespace, inherited: false).filter { !inherited.contains($0) }
        takeAncestorNames(parent: parent, interfaces: inherited + own)

        var out = "\n" + Naming.docComment(node.doc, indent: "")
        let conformances = ([parentSwift] + own.compactMap { generator.swiftName(ofWrapped: $0) }).joined(separator: ", ")
        out += "open class \(swiftName): \(conformances) {\n"
        out += "    @_spi(GtkBinding) public override init(_ pointer: UnsafeMutableRawPointer, ownership: Ownership) {\n"
        out += "        super.init(pointer, ownership: ownership)\n    }\n"
        if node["abstract"] != "1" {
            for constructor in node.children("constructor") { out += emitConstructor(constructor) }
        }
        out += emitMembers(indent: "    ")
        out += "}\n" + notGeneratedComment()
        return out
    }

    mutating func emitInterface() -> String {
        var out = "\n" + Naming.docComment(node.doc, indent: "")
        out += "@MainActor\npublic protocol \(swiftName): Object {}\n\nextension \(swiftName) {\n"
        out += emitMembers(indent: "    ")
        out += "}\n\n/// The wrapper of an object whose class this binding does not wrap but which implements\n"
        out += "/// `\(swiftName)` (a list model GTK makes internally, say).\n"
        out += "final class \(swiftName)Object: Object, \(swiftName) {}\n" + notGeneratedComment()
        return out
    }

    private func notGeneratedComment() -> String {
        guard !notGenerated.isEmpty else { return "" }
        return "\n// Not generated:\n" + notGenerated.map { "// - \($0)\n" }.joined()
    }

    /// Members of generated ancestors and interfaces: a subclass must not redeclare them.
    private mutating func takeAncestorNames(parent: String?, interfaces: [String]) {
        var sources = interfaces
        if let parent { sources += generator.wrappedAncestry(of: parent) }
        for source in sources {
            guard let owner = generator.owner(of: source), let (space, ancestor) = owner.wrappedNode(source) else { continue }
            var emitter = TypeEmitter(generator: owner, namespace: space, node: ancestor)
            _ = emitter.emitMembers(indent: "")
            if ancestor["abstract"] != "1" {
                for constructor in ancestor.children("constructor") { _ = emitter.emitConstructor(constructor) }
            }
            taken.formUnion(emitter.taken)
            taken.formUnion(emitter.ownInits)
        }
    }

    private mutating func emitMembers(indent: String) -> String {
        var propertyCode = ""
        var methods = ""
        var signalCode = ""
        var notifications = ""
        for property in node.children("property") {
            if let code = emitProperty(property, indent: indent) { propertyCode += code }
        }
        for method in node.children("method") {
            if let code = emitMethod(method, indent: indent) { methods += code }
        }
        for signal in node.children("glib:signal") {
            if let code = emitSignal(signal, indent: indent) { signalCode += code }
        }
        for property in node.children("property") where property["readable"] != "0" {
            if let code = emitNotification(property, indent: indent) { notifications += code }
        }
        var out = ""
        if !propertyCode.isEmpty { out += "\n\(indent)// MARK: Properties\n" + propertyCode }
        if !methods.isEmpty { out += "\n\(indent)// MARK: Methods\n" + methods }
        if !signalCode.isEmpty { out += "\n\(indent)// MARK: Signals\n" + signalCode }
        if !notifications.isEmpty { out += "\n\(indent)// MARK: Property changes\n" + notifications }
        return out
    }

    // MARK: Types

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

    private func isNullable(_ node: GIRNode) -> Bool { node["nullable"] == "1" || node["allow-none"] == "1" }

    // MARK: Parameters

    struct Parameter {
        let girName: String
        let label: String
        let name: String
        let defaultValue: String?
        let type: MappedType
        let transferFull: Bool
    }

    /// The parameters of a callable, or nil (with the reason) when one is unsupported.
    private mutating func parameters(of callable: GIRNode, cName: String) -> Result<[Parameter], Unsupported> {
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

    struct Unsupported: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    private func signature(_ parameters: [Parameter]) -> String {
        parameters.map { parameter in
            let label = parameter.label == parameter.name ? parameter.name : "\(parameter.label) \(parameter.name)"
            return "\(label): \(parameter.type.swift)" + (parameter.defaultValue.map { " = \($0)" } ?? "")
        }.joined(separator: ", ")
    }

    private func arguments(_ parameters: [Parameter]) -> String {
        parameters.map { $0.type.toC($0.name, transferFull: $0.transferFull) }.joined(separator: ", ")
    }

    /// `name(label:label:)`, to tell overloads apart.
    private func fullName(_ base: String, _ parameters: [Parameter]) -> String {
        "\(base)(\(parameters.map { "\($0.label):" }.joined()))"
    }

    private func usable(_ node: GIRNode) -> Bool {
        node.isIntrospectable && !node.isDeprecated && node["throws"] != "1" && node["shadowed-by"] == nil
    }

    // MARK: Constructors

    private mutating func emitConstructor(_ constructor: GIRNode) -> String {
        guard let cName = constructor["c:identifier"], let girName = constructor["name"] else { return "" }
        if let reason = allowList.skipped[cName] {
            notGenerated.append("\(cName): \(reason)")
            return ""
        }
        guard usable(constructor) else { return "" }
        var parameters: [Parameter]
        switch self.parameters(of: constructor, cName: cName) {
        case .success(let list): parameters = list
        case .failure(let reason):
            notGenerated.append("\(cName): \(reason.reason)")
            return ""
        }
        // new_with_label(label) → init(label:), new_from_icon_name(icon_name) → init(iconName:).
        for prefix in ["new_with_", "new_from_"] where girName.hasPrefix(prefix) && !parameters.isEmpty {
            let label = Naming.lowerCamel(String(girName.dropFirst(prefix.count)))
            if allowList.parameters["\(cName).\(parameters[0].girName)"] == nil {
                let first = parameters[0]
                parameters[0] = Parameter(
                    girName: first.girName, label: label, name: first.name, defaultValue: first.defaultValue,
                    type: first.type, transferFull: first.transferFull)
            }
        }
        if girName == "new", allowList.parameters["\(cName).\(parameters.first?.girName ?? "")"] == nil, let first = parameters.first {
            parameters[0] = Parameter(
                girName: first.girName, label: first.name, name: first.name, defaultValue: first.defaultValue,
                type: first.type, transferFull: first.transferFull)
        }
        if girName != "new", !girName.hasPrefix("new_with_"), !girName.hasPrefix("new_from_"), allowList.renames[cName] == nil {
            notGenerated.append("\(cName): no Swift initializer name")
            return ""
        }
        let key = fullName("init", parameters)
        guard !ownInits.contains(key) else {
            notGenerated.append("\(cName): same Swift signature as another initializer")
            return ""
        }
        ownInits.insert(key)
        let overrides = taken.contains(key)
        let ownership = constructor.child("return-value")?["transfer-ownership"] == "full" ? ".full" : ".borrowed"
        var out = "\n" + Naming.docComment(constructor.doc, indent: "    ")
        out += "    \(overrides ? "override " : "")public init(\(signature(parameters))) {\n"
        out += "        super.init(UnsafeMutableRawPointer(\(cName)(\(arguments(parameters)))), ownership: \(ownership))\n"
        out += "    }\n"
        return out
    }

    // MARK: Properties

    func propertyName(_ girName: String) -> String {
        Naming.identifier(allowList.renames["\(qualified).\(girName)"] ?? Naming.lowerCamel(girName))
    }

    private func method(named name: String?) -> GIRNode? {
        guard let name else { return nil }
        return node.children("method").first { $0["name"] == name }
    }

    private mutating func emitProperty(_ property: GIRNode, indent: String) -> String? {
        guard let girName = property["name"], !property.isDeprecated else { return nil }
        if let reason = allowList.skipped["\(qualified).\(girName)"] {
            notGenerated.append("property \(girName): \(reason)")
            return nil
        }
        let readable = property["readable"] != "0"
        let writable = property["writable"] == "1" && property["construct-only"] != "1"
        guard readable else {
            notGenerated.append("property \(girName): write-only")
            return nil
        }
        let getter = method(named: property["getter"]).flatMap { usable($0) ? $0 : nil }
        let setter = writable ? method(named: property["setter"]).flatMap { usable($0) ? $0 : nil } : nil

        // The type as the getter returns it (its nullability and ownership), else as declared.
        let getterReturn = getter?.child("return-value")
        guard let type = map(getterReturn ?? property, nullable: getterReturn.map(isNullable) ?? isTypeNullableByDefault(property)) else {
            notGenerated.append("property \(girName): type \(property.child("type")?["name"] ?? "?")")
            return nil
        }
        if let getter, getter.child("parameters")?.children("parameter").isEmpty == false { return nil }
        let name = propertyName(girName)
        guard !taken.contains(name) else {
            notGenerated.append("property \(girName): \(name) already declared")
            return nil
        }
        taken.insert(name)

        var getCode: String
        if let getter, let cName = getter["c:identifier"] {
            accessors.insert(cName)
            getCode = type.fromC("\(cName)(cast())", transferFull: getterReturn?["transfer-ownership"] == "full")
        } else {
            getCode = "getProperty(\"\(girName)\") { \(ValueAccess.read(type)) }"
        }
        var setCode: String?
        if writable {
            if let setter, let cName = setter["c:identifier"], let parameter = setter.child("parameters")?.children("parameter").first,
                setter.child("parameters")?.children("parameter").count == 1,
                parameter["direction"] == nil || parameter["direction"] == "in",
                let setterType = map(parameter, nullable: isNullable(parameter))
            {
                accessors.insert(cName)
                if type.isNullable && !setterType.isNullable {
                    setCode =
                        "if let newValue { \(cName)(cast(), \(setterType.toC("newValue", transferFull: parameter["transfer-ownership"] == "full"))) }"
                } else {
                    let passed = MappedType(kind: setterType.kind, isNullable: setterType.isNullable && type.isNullable)
                    setCode = "\(cName)(cast(), \(passed.toC("newValue", transferFull: parameter["transfer-ownership"] == "full")))"
                }
            } else {
                setCode = "setProperty(\"\(girName)\") { \(ValueAccess.write(type, "newValue")) }"
            }
        }
        properties.append((girName, name, type, setCode != nil))
        var out = "\n" + Naming.docComment(property.doc, indent: indent)
        out += "\(indent)public var \(name): \(type.swift) {\n"
        if let setCode {
            out += "\(indent)    get { \(getCode) }\n\(indent)    set { \(setCode) }\n"
        } else {
            out += "\(indent)    \(getCode)\n"
        }
        out += "\(indent)}\n"
        return out
    }

    /// Object and string properties without a getter may hold nothing.
    private func isTypeNullableByDefault(_ property: GIRNode) -> Bool {
        guard let name = property.child("type")?["name"] else { return false }
        return !["gboolean", "gint", "guint", "gdouble", "gfloat", "glong", "gulong", "gint64", "guint64"].contains(name)
            && generator.lookup(name, from: namespace).map { !["enumeration", "bitfield"].contains($0.node.name) } ?? true
    }

    private mutating func emitNotification(_ property: GIRNode, indent: String) -> String? {
        guard let girName = property["name"], !property.isDeprecated, allowList.skipped["\(qualified).\(girName)"] == nil else {
            return nil
        }
        let base = propertyName(girName).replacingOccurrences(of: "`", with: "")
        let name = "onNotify" + base.prefix(1).uppercased() + base.dropFirst()
        guard !taken.contains(name) else { return nil }
        taken.insert(name)
        var out = "\n\(indent)/// Calls `handler` after `\(base)` changed.\n"
        out += "\(indent)@discardableResult\n"
        out += "\(indent)public func \(name)(owner: AnyObject? = nil, _ handler: @escaping @MainActor () -> Void) -> SignalConnection {\n"
        out += "\(indent)    connectNotify(\"\(girName)\", owner: owner, handler)\n"
        out += "\(indent)}\n"
        return out
    }

    // MARK: Methods

    private mutating func emitMethod(_ method: GIRNode, indent: String) -> String? {
        guard let cName = method["c:identifier"], let girName = method["name"] else { return nil }
        if let reason = allowList.skipped[cName] {
            notGenerated.append("\(cName): \(reason)")
            return nil
        }
        guard usable(method), !accessors.contains(cName), !isPropertyAccessor(girName) else { return nil }
        let parameters: [Parameter]
        switch self.parameters(of: method, cName: cName) {
        case .success(let list): parameters = list
        case .failure(let reason):
            notGenerated.append("\(cName): \(reason.reason)")
            return nil
        }
        guard let returnValue = method.child("return-value") else { return nil }
        let returnType: MappedType?
        if returnValue.child("type")?["name"] == "none" {
            returnType = nil
        } else if returnValue.child("array") != nil {
            notGenerated.append("\(cName): returns an array")
            return nil
        } else if let mapped = map(returnValue, nullable: isNullable(returnValue)) {
            returnType = mapped
        } else {
            notGenerated.append("\(cName): returns \(returnValue.child("type")?["name"] ?? "?")")
            return nil
        }
        // get_width() → var width; is_drawable() / has_visible_focus() → var isDrawable / hasVisibleFocus.
        if parameters.isEmpty, let returnType,
            girName.hasPrefix("get_") || (returnType.swift == "Bool" && (girName.hasPrefix("is_") || girName.hasPrefix("has_")))
        {
            let stripped = girName.hasPrefix("get_") ? String(girName.dropFirst(4)) : girName
            let name = Naming.identifier(allowList.renames[cName] ?? Naming.lowerCamel(stripped))
            guard !taken.contains(name), !taken.contains(name + "()") else {
                notGenerated.append("\(cName): \(name) already declared")
                return nil
            }
            taken.insert(name)
            var out = "\n" + Naming.docComment(method.doc, indent: indent)
            out += "\(indent)public var \(name): \(returnType.swift) {\n"
            out += "\(indent)    \(returnType.fromC("\(cName)(cast())", transferFull: returnValue["transfer-ownership"] == "full"))\n"
            out += "\(indent)}\n"
            return out
        }
        let base = Naming.identifier(allowList.renames[cName] ?? Naming.lowerCamel(girName))
        let key = fullName(base, parameters)
        guard !taken.contains(key), !taken.contains(base) || parameters.count > 0 && !taken.contains(base + "()") && !isPropertyName(base)
        else {
            notGenerated.append("\(cName): \(key) already declared")
            return nil
        }
        taken.insert(key)
        taken.insert(base + "()")
        var out = "\n" + Naming.docComment(method.doc, indent: indent)
        let call = "\(cName)(cast()\(parameters.isEmpty ? "" : ", ")\(arguments(parameters)))"
        if let returnType {
            out += "\(indent)@discardableResult\n"
            out += "\(indent)public func \(base)(\(signature(parameters))) -> \(returnType.swift) {\n"
            out += "\(indent)    \(returnType.fromC(call, transferFull: returnValue["transfer-ownership"] == "full"))\n"
        } else {
            out += "\(indent)public func \(base)(\(signature(parameters))) {\n"
            out += "\(indent)    \(call)\n"
        }
        out += "\(indent)}\n"
        return out
    }

    /// `get_x`/`set_x` of a property `x` this type declares.
    private func isPropertyAccessor(_ girName: String) -> Bool {
        for prefix in ["get_", "set_"] where girName.hasPrefix(prefix) {
            let property = girName.dropFirst(prefix.count).replacingOccurrences(of: "_", with: "-")
            if node.children("property").contains(where: { $0["name"] == property }) { return true }
        }
        return false
    }

    private func isPropertyName(_ base: String) -> Bool {
        node.children("property").contains { propertyName($0["name"] ?? "") == base }
    }

    // MARK: Signals

    private mutating func emitSignal(_ signal: GIRNode, indent: String) -> String? {
        guard let girName = signal["name"], !signal.isDeprecated else { return nil }
        if let reason = allowList.skipped["\(qualified)::\(girName)"] {
            notGenerated.append("signal \(girName): \(reason)")
            return nil
        }
        var parameters: [Parameter]
        switch self.parameters(of: signal, cName: "\(qualified)::\(girName)") {
        case .success(let list): parameters = list
        case .failure(let reason):
            notGenerated.append("signal \(girName): \(reason.reason)")
            return nil
        }
        parameters = parameters.map {
            Parameter(girName: $0.girName, label: "_", name: $0.name, defaultValue: nil, type: $0.type, transferFull: false)
        }
        let returnNode = signal.child("return-value")
        let returnsBool: Bool
        switch returnNode?.child("type")?["name"] {
        case "none", nil: returnsBool = false
        case "gboolean": returnsBool = true
        default:
            notGenerated.append("signal \(girName): returns \(returnNode?.child("type")?["name"] ?? "?")")
            return nil
        }
        let name = "on" + Naming.upperCamel(girName)
        guard !taken.contains(name) else {
            notGenerated.append("signal \(girName): \(name) already declared")
            return nil
        }
        taken.insert(name)

        signals.append((girName, name, parameters.map(\.type), returnsBool))
        let swiftResult = returnsBool ? "Bool" : "Void"
        let handlerType = "@MainActor (\(parameters.map(\.type.swift).joined(separator: ", "))) -> \(swiftResult)"
        let cParameters = (["gpointer?"] + parameters.map(\.type.trampolineC) + ["gpointer?"]).joined(separator: ", ")
        let cNames = (["_"] + parameters.map { "c_" + $0.name.replacingOccurrences(of: "`", with: "") } + ["data"]).joined(separator: ", ")
        let swiftArguments = parameters.map { $0.type.fromC("c_" + $0.name.replacingOccurrences(of: "`", with: "")) }.joined(
            separator: ", ")
        let cResult = returnsBool ? "gboolean" : "Void"
        let defaultValue = returnsBool ? "false" : "()"

        var out = "\n" + Naming.docComment(signal.doc, indent: indent)
        out += "\(indent)@discardableResult\n"
        out += "\(indent)public func \(name)(owner: AnyObject? = nil, after: Bool = false,\n"
        out += "\(indent)    _ handler: @escaping \(handlerType)) -> SignalConnection {\n"
        out += "\(indent)    let trampoline: @convention(c) (\(cParameters)) -> \(cResult) = { \(cNames) in\n"
        let invoke =
            "MainActor.assumeIsolated { withBox(data, default: \(defaultValue)) { (handler: \(handlerType)) in handler(\(swiftArguments)) } }"
        out += "\(indent)        \(invoke)\(returnsBool ? " ? 1 : 0" : "")\n"
        out += "\(indent)    }\n"
        out += "\(indent)    return connect(\"\(girName)\", box: SignalBox(handler, owner: owner),\n"
        out += "\(indent)                   trampoline: unsafeBitCast(trampoline, to: GCallback.self), after: after)\n"
        out += "\(indent)}\n"
        // Action signals are meant to be emitted by callers (keybindings, tests).
        let emitName = "emit" + Naming.upperCamel(girName)
        if signal["action"] == "1", parameters.isEmpty, !returnsBool, !taken.contains(emitName + "()") {
            taken.insert(emitName + "()")
            out += "\n\(indent)/// Emits `\(girName)`, as GTK does when the user triggers it.\n"
            out += "\(indent)public func \(emitName)() {\n\(indent)    lbx_emit_by_name(rawPointer, \"\(girName)\")\n\(indent)}\n"
        }
        return out
    }
}

/// GValue accessors for properties without getter or setter functions.
enum ValueAccess {
    static func read(_ type: MappedType) -> String {
        switch type.kind {
        case .bool: "g_value_get_boolean($0) != 0"
        case .integer(let cType): "Int(\(getter(cType))($0))"
        case .floating(let cType): "Double(\(cType == "gfloat" ? "g_value_get_float" : "g_value_get_double")($0))"
        case .string: type.isNullable ? "borrowString(g_value_get_string($0))" : "borrowString(g_value_get_string($0)) ?? \"\""
        case .enumeration(let swift, let cType): "\(swift)(\(cType)(rawValue: numericCast(g_value_get_enum($0))))"
        case .flags(let swift, let cType): "\(swift)(\(cType)(rawValue: numericCast(g_value_get_flags($0))))"
        case .object: type.fromC("g_value_get_object($0)")
        }
    }

    static func write(_ type: MappedType, _ value: String) -> String {
        switch type.kind {
        case .bool: "g_value_set_boolean($0, \(value) ? 1 : 0)"
        case .integer(let cType): "\(getter(cType).replacingOccurrences(of: "_get_", with: "_set_"))($0, \(cType)(\(value)))"
        case .floating(let cType): cType == "gfloat" ? "g_value_set_float($0, gfloat(\(value)))" : "g_value_set_double($0, \(value))"
        case .string: "g_value_set_string($0, \(value))"
        case .enumeration: "g_value_set_enum($0, numericCast(\(value).c.rawValue))"
        case .flags: "g_value_set_flags($0, numericCast(\(value).c.rawValue))"
        case .object: type.isNullable ? "g_value_set_object($0, \(value)?.rawPointer)" : "g_value_set_object($0, \(value).rawPointer)"
        }
    }

    private static func getter(_ cType: String) -> String {
        switch cType {
        case "gint", "gint32", "gint16": "g_value_get_int"
        case "guint", "guint32", "guint16": "g_value_get_uint"
        case "glong", "gssize": "g_value_get_long"
        case "gulong", "gsize": "g_value_get_ulong"
        case "gint64": "g_value_get_int64"
        default: "g_value_get_uint64"
        }
    }
}
