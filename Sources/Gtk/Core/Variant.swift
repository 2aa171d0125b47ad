import CGtk

/// A GVariant value (action parameters and state).
public final class Variant: @unchecked Sendable {
    let variant: OpaquePointer

    init(taking variant: OpaquePointer) {
        self.variant = g_variant_ref_sink(variant)
    }

    deinit { g_variant_unref(variant) }

    public convenience init(_ value: String) { self.init(taking: g_variant_new_string(value)) }
    public convenience init(_ value: Int32) { self.init(taking: g_variant_new_int32(value)) }
    public convenience init(_ value: UInt32) { self.init(taking: g_variant_new_uint32(value)) }
    public convenience init(_ value: Bool) { self.init(taking: g_variant_new_boolean(value ? 1 : 0)) }
    /// A tuple of `values` (an action's "(ubb)" parameter, say).
    public convenience init(tuple values: [Variant]) {
        let children: [OpaquePointer?] = values.map(\.raw)
        self.init(taking: children.withUnsafeBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) })
        withExtendedLifetime(values) {}
    }

    static func borrowing(_ variant: OpaquePointer?) -> Variant? {
        guard let variant else { return nil }
        return Variant(taking: g_variant_ref(variant))
    }

    var raw: OpaquePointer { variant }

    public var string: String? {
        guard g_variant_is_of_type(raw, g_variant_type_checked_("s")) != 0 else { return nil }
        return String(cString: g_variant_get_string(raw, nil))
    }

    public var int32: Int32? {
        guard g_variant_is_of_type(raw, g_variant_type_checked_("i")) != 0 else { return nil }
        return g_variant_get_int32(raw)
    }

    public var uint32: UInt32? {
        guard g_variant_is_of_type(raw, g_variant_type_checked_("u")) != 0 else { return nil }
        return g_variant_get_uint32(raw)
    }

    public var bool: Bool? {
        guard g_variant_is_of_type(raw, g_variant_type_checked_("b")) != 0 else { return nil }
        return g_variant_get_boolean(raw) != 0
    }
}
