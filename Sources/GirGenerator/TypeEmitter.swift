/// Emits the Swift wrapper of one GIR class (an `open class`) or interface (a protocol
/// with an extension): constructors, properties, methods, signals, property notifications.
struct TypeEmitter {
    let generator: Generator
    let namespace: String
    let node: GIRNode
    /// The Swift types of this type's members (and the enums they use).
    private var types: TypeResolver
    var enums: EnumCollector { types.enums }
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
        types = TypeResolver(generator: generator, namespace: namespace)
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
        switch types.parameters(of: constructor, cName: cName) {
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
        let key = Parameter.fullName("init", parameters)
        guard !ownInits.contains(key) else {
            notGenerated.append("\(cName): same Swift signature as another initializer")
            return ""
        }
        ownInits.insert(key)
        let overrides = taken.contains(key)
        let ownership = constructor.child("return-value")?["transfer-ownership"] == "full" ? ".full" : ".borrowed"
        var out = "\n" + Naming.docComment(constructor.doc, indent: "    ")
        out += "    \(overrides ? "override " : "")public init(\(Parameter.signature(parameters))) {\n"
        out += "        super.init(UnsafeMutableRawPointer(\(cName)(\(Parameter.arguments(parameters)))), ownership: \(ownership))\n"
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
        guard
            let type = types.map(
                getterReturn ?? property, nullable: getterReturn.map(types.isNullable) ?? types.isTypeNullableByDefault(property))
        else {
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

        let access = PropertyAccessors(
            girName: girName, type: type, getter: getter, setter: setter, writable: writable, types: &types)
        accessors.formUnion(access.functions)
        properties.append((girName, name, type, access.set != nil))
        var out = "\n" + Naming.docComment(property.doc, indent: indent)
        out += "\(indent)public var \(name): \(type.swift) {\n"
        if let set = access.set {
            out += "\(indent)    get { \(access.get) }\n"
            if allowList.setOnlyWhenChanged.contains("\(qualified).\(girName)") {
                out += "\(indent)    set {\n\(indent)        guard newValue != \(name) else { return }\n"
                out += "\(indent)        \(set)\n\(indent)    }\n"
            } else {
                out += "\(indent)    set { \(set) }\n"
            }
        } else {
            out += "\(indent)    \(access.get)\n"
        }
        out += "\(indent)}\n"
        return out
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
        switch types.parameters(of: method, cName: cName) {
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
        } else if let mapped = types.map(returnValue, nullable: types.isNullable(returnValue)) {
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
        let key = Parameter.fullName(base, parameters)
        guard !taken.contains(key), !taken.contains(base) || parameters.count > 0 && !taken.contains(base + "()") && !isPropertyName(base)
        else {
            notGenerated.append("\(cName): \(key) already declared")
            return nil
        }
        taken.insert(key)
        taken.insert(base + "()")
        var out = "\n" + Naming.docComment(method.doc, indent: indent)
        let call = "\(cName)(cast()\(parameters.isEmpty ? "" : ", ")\(Parameter.arguments(parameters)))"
        if let returnType {
            out += "\(indent)@discardableResult\n"
            out += "\(indent)public func \(base)(\(Parameter.signature(parameters))) -> \(returnType.swift) {\n"
            out += "\(indent)    \(returnType.fromC(call, transferFull: returnValue["transfer-ownership"] == "full"))\n"
        } else {
            out += "\(indent)public func \(base)(\(Parameter.signature(parameters))) {\n"
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
        switch types.parameters(of: signal, cName: "\(qualified)::\(girName)") {
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
        let code = SignalCode(girName: girName, name: name, parameters: parameters, returnsBool: returnsBool)
        var out = code.connectMethod(doc: Naming.docComment(signal.doc, indent: indent), indent: indent)
        // Action signals are meant to be emitted by callers (keybindings, tests).
        let emitName = "emit" + Naming.upperCamel(girName)
        if signal["action"] == "1", parameters.isEmpty, !returnsBool, !taken.contains(emitName + "()") {
            taken.insert(emitName + "()")
            out += code.emitMethod(named: emitName, indent: indent)
        }
        return out
    }
}
