/// How one GIR type crosses between Swift and C in generated code.
struct MappedType {
    enum Kind {
        case bool
        /// A C integer type (`gint`, `guint`, ...) shown as Swift `Int`.
        case integer(cType: String)
        /// `gfloat` or `gdouble`, shown as Swift `Double`.
        case floating(cType: String)
        case string
        /// A generated enum or option set: its Swift name and C type.
        case enumeration(swift: String, cType: String)
        case flags(swift: String, cType: String)
        /// A wrapped GObject class or interface (`isInterface`: a Swift protocol).
        case object(swift: String, isInterface: Bool)
    }

    let kind: Kind
    let isNullable: Bool

    /// The Swift type shown to callers.
    var swift: String {
        let base: String =
            switch kind {
            case .bool: "Bool"
            case .integer: "Int"
            case .floating: "Double"
            case .string: "String"
            case .enumeration(let swift, _), .flags(let swift, _): swift
            case .object(let swift, let isInterface): isInterface ? "any \(swift)" : swift
            }
        guard isNullable else { return base }
        if case .object(_, true) = kind { return "(\(base))?" }
        return base + "?"
    }

    /// The C type of this value as a `@convention(c)` signal handler receives it.
    var trampolineC: String {
        switch kind {
        case .bool: "gboolean"
        case .integer(let cType), .floating(let cType): cType
        case .string: "UnsafePointer<CChar>?"
        case .enumeration(_, let cType), .flags(_, let cType): cType
        case .object: "gpointer?"
        }
    }

    /// Swift expression → C argument. `transferFull`: C takes a reference (objects).
    func toC(_ expression: String, transferFull: Bool = false) -> String {
        switch kind {
        case .bool: return "\(expression) ? 1 : 0"
        case .integer(let cType), .floating(let cType): return "\(cType)(\(expression))"
        case .string: return expression
        case .enumeration: return isNullable ? "\(expression)?.c" : "\(expression).c"
        case .flags: return "\(expression).c"
        case .object:
            let method = transferFull ? "transferredCast()" : "cast()"
            return isNullable ? "\(expression)?.\(method)" : "\(expression).\(method)"
        }
    }

    /// C value → Swift expression. `transferFull`: the caller owns the returned
    /// reference or string.
    func fromC(_ expression: String, transferFull: Bool = false) -> String {
        switch kind {
        case .bool: return "\(expression) != 0"
        case .integer, .floating: return "\(swift)(\(expression))"
        case .string:
            let function = transferFull ? "takeString" : "borrowString"
            return isNullable ? "\(function)(\(expression))" : "\(function)(\(expression)) ?? \"\""
        case .enumeration(let swift, _), .flags(let swift, _): return "\(swift)(\(expression))"
        case .object(let swift, let isInterface):
            let ownership = transferFull ? ".full" : ".borrowed"
            let wrapped =
                isInterface
                ? "Object.wrapped(\(expression), ownership: \(ownership)) as? any \(swift)"
                : "Object.wrapped(\(expression), ownership: \(ownership), as: \(swift).self)"
            return isNullable ? wrapped : "(\(wrapped))!"
        }
    }

    /// A sample value for the generated round-trip test, if this type has one.
    func sampleValues(enumCases: [String: [String]]) -> [String]? {
        switch kind {
        case .bool: return ["true", "false"]
        case .integer: return ["3", "7"]
        case .floating: return ["0.25", "0.75"]
        case .string: return ["\"Lörem ipsüm\"", "\"Dolor sit\""]
        case .enumeration(let swift, _):
            // Not the first case (often the default) and not the last (often a special value).
            guard let cases = enumCases[swift], cases.count > 1 else { return nil }
            return cases.count >= 3
                ? ["\(swift).\(cases[1])", "\(swift).\(cases[cases.count - 2])"]
                : ["\(swift).\(cases[1])", "\(swift).\(cases[0])"]
        case .flags, .object: return nil
        }
    }
}
