import CGtk

/// A value a test emits a signal with; converted to the signal's parameter type.
package enum SignalArgument {
    case bool(Bool)
    case integer(Int)
    case double(Double)
    case string(String)
    case object(Object)
    /// NULL, for a pointer or boxed parameter (an event sequence).
    case null
}

extension Object {
    /// Emits `signal` with `arguments`, as GTK would, and returns a boolean signal's
    /// result (false for other signals). For tests of signal connections.
    @discardableResult
    package func emitForTesting(_ signal: String, _ arguments: [SignalArgument]) -> Bool {
        let id = g_signal_lookup(signal, lbx_type_of(gobject))
        precondition(id != 0, "\(typeName) has no signal \"\(signal)\"")
        var query = GSignalQuery()
        g_signal_query(id, &query)
        precondition(Int(query.n_params) == arguments.count, "\"\(signal)\" takes \(query.n_params) arguments")
        var values = [GValue](repeating: GValue(), count: arguments.count + 1)
        g_value_init(&values[0], lbx_type_of(gobject))
        g_value_set_object(&values[0], gobject)
        for (index, argument) in arguments.enumerated() {
            let type = query.param_types[index] & ~GType(1)  // G_SIGNAL_TYPE_STATIC_SCOPE
            g_value_init(&values[index + 1], type)
            set(&values[index + 1], fundamental: String(cString: g_type_name(g_type_fundamental(type))), to: argument)
        }
        var result = GValue()
        let returnsBool = String(cString: g_type_name(query.return_type)) == "gboolean"
        if returnsBool { g_value_init(&result, query.return_type) }
        values.withUnsafeMutableBufferPointer { buffer in
            if returnsBool {
                g_signal_emitv(buffer.baseAddress, id, 0, &result)
            } else {
                g_signal_emitv(buffer.baseAddress, id, 0, nil)
            }
        }
        for index in values.indices { g_value_unset(&values[index]) }
        defer { if returnsBool { g_value_unset(&result) } }
        return returnsBool && g_value_get_boolean(&result) != 0
    }

    private func set(_ value: inout GValue, fundamental: String, to argument: SignalArgument) {
        switch (argument, fundamental) {
        case (.bool(let bool), "gboolean"): g_value_set_boolean(&value, bool ? 1 : 0)
        case (.integer(let number), "gint"): g_value_set_int(&value, gint(number))
        case (.integer(let number), "guint"): g_value_set_uint(&value, guint(number))
        case (.integer(let number), "glong"): g_value_set_long(&value, glong(number))
        case (.integer(let number), "gulong"): g_value_set_ulong(&value, gulong(number))
        case (.integer(let number), "gint64"): g_value_set_int64(&value, gint64(number))
        case (.integer(let number), "guint64"): g_value_set_uint64(&value, guint64(number))
        case (.integer(let number), "GEnum"): g_value_set_enum(&value, gint(number))
        case (.integer(let number), "GFlags"): g_value_set_flags(&value, guint(number))
        case (.double(let number), "gdouble"): g_value_set_double(&value, number)
        case (.double(let number), "gfloat"): g_value_set_float(&value, gfloat(number))
        case (.string(let string), "gchararray"): g_value_set_string(&value, string)
        case (.object(let object), "GObject"), (.object(let object), "GInterface"): g_value_set_object(&value, object.rawPointer)
        case (.null, "gpointer"): g_value_set_pointer(&value, nil)
        case (.null, "GBoxed"): g_value_set_boxed(&value, nil)
        default: preconditionFailure("Cannot pass \(argument) as a \(fundamental)")
        }
    }
}
