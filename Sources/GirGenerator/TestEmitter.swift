/// Emits the tests every generated binding must pass: each property reads back what was
/// written, and each signal's handler receives the values the signal was emitted with.
struct TestEmitter {
    let generator: Generator
    private var enumCases: [String: [String]] = [:]
    /// Option sets: a member's name and value, for signal arguments.
    private var flagSamples: [String: (name: String, value: Int64)] = [:]

    init(generator: Generator) { self.generator = generator }

    private var allowList: AllowList { generator.allowList }

    /// Emitted members of each allow-listed type, and the enum cases they use.
    private mutating func emitters() -> [(qualified: String, emitter: TypeEmitter)] {
        var result: [(String, TypeEmitter)] = []
        for qualified in allowList.types {
            let (namespace, node) = generator.wrappedNode(qualified)!
            var emitter = TypeEmitter(generator: generator, namespace: namespace, node: node)
            _ = node.name == "interface" ? emitter.emitInterface() : emitter.emitClass()
            for name in emitter.enums.names {
                let node = emitter.enums.nodes[name]!
                let enumEmitter = EnumEmitter(node: node, swiftName: "")
                enumCases[generator.swiftName(ofEnum: name)] = enumEmitter.caseNames
                if node.name == "bitfield", let member = enumEmitter.nonZeroMembers.first {
                    flagSamples[generator.swiftName(ofEnum: name)] = member
                }
            }
            result.append((qualified, emitter))
        }
        return result
    }

    /// How a test makes an instance of `qualified` (a class, or an interface through a
    /// class that implements it); nil when it cannot.
    private func instance(of qualified: String) -> String? {
        if let expression = allowList.testInstances[qualified] { return expression.isEmpty ? nil : expression }
        guard let (_, node) = generator.wrappedNode(qualified) else { return nil }
        if node.name == "interface" {
            for other in allowList.types where generator.wrappedNode(other)?.node.name == "class" {
                let (space, otherNode) = generator.wrappedNode(other)!
                if generator.wrappedInterfaces(of: otherNode, namespace: space, inherited: true).contains(qualified),
                    let expression = instance(of: other)
                {
                    return expression
                }
            }
            return nil
        }
        // `new` without parameters, or with defaults for all of them in the allow-list.
        let hasPlainInit =
            node["abstract"] != "1"
            && node.children("constructor").contains { constructor in
                constructor["name"] == "new"
                    && (constructor.child("parameters")?.children("parameter") ?? []).allSatisfy {
                        allowList.parameters["\(constructor["c:identifier"] ?? "").\($0["name"] ?? "")"]?.contains("=") == true
                    }
            }
        // Module-qualified: libadwaita reuses GTK's class names.
        if hasPlainInit { return "\(allowList.module).\(node["name"]!)()" }
        // An abstract class (or one without a plain initializer): test on a subclass.
        for other in allowList.types where other != qualified && generator.wrappedAncestry(of: other).contains(qualified) {
            if let expression = instance(of: other) { return expression }
        }
        return nil
    }

    /// Whether `instance` makes a window (which a test destroys when done).
    private func makesWindow(_ instance: String) -> Bool {
        allowList.types.contains { qualified in
            let name = generator.swiftName(ofWrapped: qualified) ?? ""
            return generator.wrappedAncestry(of: qualified).contains("Gtk.Window")
                && (instance.hasPrefix("\(name)(") || instance.hasPrefix("\(allowList.module).\(name)("))
        }
    }

    private func sample(for type: MappedType) -> [String]? {
        if case .object(let swift, let isInterface) = type.kind {
            let key = isInterface ? "any \(swift)" : swift
            if let expression = allowList.testSamples[key] { return [expression] }
            if let qualified = allowList.types.first(where: { generator.swiftName(ofWrapped: $0) == swift }), !isInterface,
                let expression = instance(of: qualified)
            {
                return [expression]
            }
            return nil
        }
        return type.sampleValues(enumCases: enumCases)
    }

    /// The test file's imports and the class name prefix (none for the GTK binding).
    private var testImports: String {
        (allowList.module == "Gtk" ? ["Gtk"] : [allowList.module, "Gtk"]).map { "import \($0)\n" }.joined()
            + "import GtkTestSupport\nimport XCTest\n\n"
    }
    var classPrefix: String { allowList.module == "Gtk" ? "" : allowList.module }
    /// What a module's tests do first (libadwaita needs its init).
    private var setUp: String {
        guard allowList.module == "Adw" else { return "" }
        return "    override func setUp() {\n        super.setUp()\n        MainActor.assumeIsolated { Adwaita.initialize() }\n    }\n"
    }

    private func testName(_ qualified: String) -> String { qualified.replacingOccurrences(of: ".", with: "") }

    private func classBody(_ body: String, instance: String) -> String {
        var out = "        let object = \(instance)\n"
        if makesWindow(instance) {
            out += "        defer { object.destroy() }\n"
        }
        return out + body
    }

    // MARK: Properties

    mutating func emitPropertyTests() -> String {
        var out = testImports
        out += "/// Every generated property reads back what was written (two values each, so a getter\n"
        out += "/// returning a constant fails).\n"
        out += "final class \(classPrefix)GeneratedPropertyTests: GtkTestCase {\n" + setUp
        var untested: [String] = []
        for (qualified, emitter) in emitters() {
            let writable = emitter.properties.filter(\.writable)
            guard !writable.isEmpty else { continue }
            guard let instance = instance(of: qualified) else {
                untested += writable.map { "\(qualified).\($0.girName): no instance to test on" }
                continue
            }
            var body = ""
            for property in writable {
                if let reason = allowList.testSkipped["\(qualified).\(property.girName)"] {
                    untested.append("\(qualified).\(property.girName): \(reason)")
                    continue
                }
                guard let samples = allowList.testPropertyValues["\(qualified).\(property.girName)"] ?? sample(for: property.type) else {
                    untested.append("\(qualified).\(property.girName): no sample \(property.type.swift)")
                    continue
                }
                // A fresh object per property: properties that constrain each other do not interfere.
                body += "        do {\n            let object = \(instance)\n"
                if makesWindow(instance) { body += "            defer { object.destroy() }\n" }
                for value in samples {
                    if case .object = property.type.kind {
                        body += "            let sample = \(value)\n"
                        body += "            object.\(property.name) = sample\n"
                        body += "            XCTAssertTrue(object.\(property.name) === sample, \"\(property.name)\")\n"
                    } else {
                        body += "            object.\(property.name) = \(value)\n"
                        body += "            XCTAssertEqual(object.\(property.name), \(value), \"\(property.name)\")\n"
                    }
                }
                body += "        }\n"
            }
            guard !body.isEmpty else { continue }
            out += "\n    func test\(testName(qualified))() {\n" + body + "    }\n"
        }
        out += "}\n"
        if !untested.isEmpty { out += "\n// Not tested:\n" + untested.map { "// - \($0)\n" }.joined() }
        return out
    }

    // MARK: Signals

    mutating func emitSignalTests() -> String {
        var out = testImports
        out += "/// Every generated signal connection calls its handler with the values the signal was\n"
        out += "/// emitted with (and a boolean handler's answer reaches the emitter).\n"
        out += "final class \(classPrefix)GeneratedSignalTests: GtkTestCase {\n" + setUp
        var untested: [String] = []
        for (qualified, emitter) in emitters() {
            for signal in emitter.signals {
                let key = "\(qualified)::\(signal.girName)"
                if let reason = allowList.testSkipped[key] {
                    untested.append("\(key): \(reason)")
                    continue
                }
                guard let instance = instance(of: qualified) else {
                    untested.append("\(key): no instance to test on")
                    continue
                }
                var values: [String] = []
                var arguments: [String] = []
                var expected: [String] = []
                var setup = ""
                var supported = true
                for (index, type) in signal.parameters.enumerated() {
                    guard let value = sample(for: type)?.last ?? (flagSamples[type.swift] != nil ? "" : nil) else {
                        supported = false
                        break
                    }
                    switch type.kind {
                    case .bool:
                        arguments.append(".bool(\(value))")
                        expected.append(value)
                    // A different value per argument: swapped arguments fail the test.
                    case .integer:
                        arguments.append(".integer(\(3 + 4 * index))")
                        expected.append("\(3 + 4 * index)")
                    case .floating:
                        arguments.append(".double(\(Double(index) + 0.25))")
                        expected.append("\(Double(index) + 0.25)")
                    case .string:
                        arguments.append(".string(\(value))")
                        expected.append(String(value.dropFirst().dropLast()))
                    case .enumeration:
                        arguments.append(".integer(Int(\(value).rawValue))")
                        expected.append(String(value.split(separator: ".").last!))
                    case .flags(let swift, _):
                        guard let member = flagSamples[swift] else {
                            supported = false
                            break
                        }
                        arguments.append(".integer(Int(\(swift).\(member.name).rawValue))")
                        expected.append("\(swift)(rawValue: \(member.value))")
                    case .object:
                        setup += "        let sample\(index) = \(value)\n"
                        arguments.append(".object(sample\(index))")
                        expected.append("same")
                    }
                    if case .object = type.kind {
                        values.append("(a\(index) === sample\(index) ? \"same\" : \"other\")")
                    } else {
                        values.append("\"\\(a\(index))\"")
                    }
                }
                guard supported else {
                    untested.append("\(key): no sample argument")
                    continue
                }
                let parameters = signal.parameters.indices.map { "a\($0)" }.joined(separator: ", ")
                out += "\n    func test\(testName(qualified))\(Naming.upperCamel(signal.girName))() {\n"
                var body = setup
                body += "        var received: [[String]] = []\n"
                body +=
                    "        object.\(signal.name) { \(parameters.isEmpty ? "" : parameters + " in ")received.append([\(values.joined(separator: ", "))])\(signal.returnsBool ? "; return true" : "") }\n"
                body += "        let handled = object.emitForTesting(\"\(signal.girName)\", [\(arguments.joined(separator: ", "))])\n"
                body += "        XCTAssertEqual(received, [[\(expected.map { "\"\($0)\"" }.joined(separator: ", "))]])\n"
                if signal.returnsBool, allowList.testSkipped["\(key).result"] == nil {
                    body += "        XCTAssertEqual(handled, true)\n"
                } else {
                    body += "        _ = handled\n"
                }
                out += classBody(body, instance: instance) + "    }\n"
            }
        }
        out += "}\n"
        if !untested.isEmpty { out += "\n// Not tested:\n" + untested.map { "// - \($0)\n" }.joined() }
        return out
    }
}
