import CGtk

// What generated bindings call: wrapping pointers GTK hands back, passing wrappers to C,
// properties without accessor functions, strings, and property notifications.

extension Object {
    /// The wrapper of an object GTK hands back: the existing one, or a new wrapper of the
    /// most derived generated class. `.full`: the caller got a reference it must drop.
    package static func wrapped(_ pointer: UnsafeMutableRawPointer?, ownership: Ownership) -> Object? {
        guard let pointer else { return nil }
        if let existing = existingWrapper(of: pointer) {
            if ownership == .full { g_object_unref(pointer) }
            return existing
        }
        let objectType = lbx_type_of(pointer)
        var type = objectType
        while type != 0 {
            if let make = classesByType[type] { return make(pointer, ownership) }
            type = g_type_parent(type)
        }
        // A class this binding does not wrap: a wrapper that still speaks its interface.
        for (interface, make) in interfacesByType where g_type_is_a(objectType, interface) != 0 {
            return make(pointer, ownership)
        }
        return Object(pointer, ownership: ownership)
    }

    package static func wrapped(_ pointer: OpaquePointer?, ownership: Ownership) -> Object? {
        wrapped(pointer.map(UnsafeMutableRawPointer.init), ownership: ownership)
    }

    package static func wrapped<P>(_ pointer: UnsafeMutablePointer<P>?, ownership: Ownership) -> Object? {
        wrapped(pointer.map(UnsafeMutableRawPointer.init), ownership: ownership)
    }

    package static func wrapped<T: Object>(_ pointer: UnsafeMutableRawPointer?, ownership: Ownership, as type: T.Type) -> T? {
        guard let object = wrapped(pointer, ownership: ownership) else { return nil }
        guard let typed = object as? T else {
            preconditionFailure("The wrapper of this \(object.typeName) is a \(Swift.type(of: object)), not a \(T.self)")
        }
        return typed
    }

    package static func wrapped<T: Object>(_ pointer: OpaquePointer?, ownership: Ownership, as type: T.Type) -> T? {
        wrapped(pointer.map(UnsafeMutableRawPointer.init), ownership: ownership, as: type)
    }

    package static func wrapped<P, T: Object>(_ pointer: UnsafeMutablePointer<P>?, ownership: Ownership, as type: T.Type) -> T? {
        wrapped(pointer.map(UnsafeMutableRawPointer.init), ownership: ownership, as: type)
    }

    private static let interfacesByType = gtkInterfaces.map { ($0.type(), $0.make) }

    private static var classesByType: [GType: @MainActor @Sendable (UnsafeMutableRawPointer, Ownership) -> Object] = {
        Dictionary(gtkClasses.map { ($0.type(), $0.make) }, uniquingKeysWith: { first, _ in first })
    }()

    /// Adds another module's generated classes (libadwaita's), so objects of those types
    /// get their wrappers too.
    package static func registerGeneratedClasses(
        _ classes: [(type: () -> GType, make: @MainActor @Sendable (UnsafeMutableRawPointer, Ownership) -> Object)]
    ) {
        for entry in classes { classesByType[entry.type()] = entry.make }
    }

    /// The instance for a C call that takes a reference (`transfer full`).
    package func transferredCast<T>(_ type: T.Type = T.self) -> UnsafeMutablePointer<T> {
        g_object_ref(gobject)
        return cast()
    }

    package func transferredCast() -> OpaquePointer {
        g_object_ref(gobject)
        return cast()
    }

    /// Reads a property through a GValue of the property's type (properties without a getter function).
    package func getProperty<T>(_ name: String, _ read: (UnsafeMutablePointer<GValue>) -> T) -> T {
        var value = GValue()
        g_value_init(&value, lbx_property_type(gobject, name))
        defer { g_value_unset(&value) }
        g_object_get_property(gobject, name, &value)
        return read(&value)
    }

    /// Writes a property through a GValue of the property's type (properties without a setter function).
    package func setProperty(_ name: String, _ write: (UnsafeMutablePointer<GValue>) -> Void) {
        var value = GValue()
        g_value_init(&value, lbx_property_type(gobject, name))
        defer { g_value_unset(&value) }
        write(&value)
        g_object_set_property(gobject, name, &value)
    }

    /// `notify::name`: the property changed.
    package func connectNotify(_ property: String, owner: AnyObject?, _ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        typealias Handler = @MainActor () -> Void
        let trampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, _, data in
            MainActor.assumeIsolated { withBox(data, default: ()) { (handler: Handler) in handler() } }
        }
        return connect(
            "notify::\(property)", box: SignalBox(handler, owner: owner),
            trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }
}

/// A C string GTK keeps owning, as a Swift string.
package func borrowString(_ string: UnsafePointer<CChar>?) -> String? {
    string.map { String(cString: $0) }
}

/// A C string the caller owns (`transfer full`), as a Swift string; the C string is freed.
package func takeString(_ string: UnsafeMutablePointer<CChar>?) -> String? {
    guard let string else { return nil }
    defer { g_free(string) }
    return String(cString: string)
}

/// The strings of a NULL-terminated array of C strings, in order; the caller frees the array
/// as its maker wants (`g_strfreev` for GLib's).
package func borrowStrings(_ array: UnsafePointer<UnsafeMutablePointer<CChar>?>) -> [String] {
    var result: [String] = []
    var index = 0
    while let string = array[index] {
        result.append(String(cString: string))
        index += 1
    }
    return result
}
