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
