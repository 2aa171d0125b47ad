import CGtk

/// How a wrapper receives its GObject.
public enum Ownership: Sendable {
    /// The caller hands over one reference (a `transfer full` return or a new,
    /// possibly floating, object). The wrapper adopts it.
    case full
    /// The caller keeps its reference (a `transfer none` return, a signal argument).
    case borrowed
}

private let wrapperQuark: GQuark = g_quark_from_static_string("gtk-swift-wrapper")

/// The Swift face of one GObject.
///
/// Ownership model (toggle references, as PyGObject and gjs do it):
/// - the wrapper holds exactly one reference to its GObject, a *toggle* reference;
/// - while anybody else (GTK) also holds the object, the wrapper keeps itself alive,
///   so a widget that GTK keeps (a child in a box) keeps its Swift subclass and its
///   state reachable, and `Object.wrapper(of:)` returns the same instance;
/// - when only the wrapper's reference is left, the wrapper's lifetime is Swift's:
///   dropping the last Swift reference finalizes the GObject.
/// The GObject points at the wrapper through qdata, unretained, so there is no cycle.
@MainActor
open class Object {
    /// The wrapped instance. Interop-layer only.
    let gobject: UnsafeMutablePointer<GObject>
    /// Set while the GObject has references other than ours.
    private var keepAlive: Object?

    /// Number of live wrappers (for leak tests).
    package private(set) static var liveCount = 0

    /// Wraps `pointer`, which must be a GObject instance. For the generated bindings of
    /// this package (`@_spi(GtkBinding) import Gtk`): as plain `package`, Swift 6.3 warns of
    /// an infinite recursion in every subclass another module of the package declares.
    @_spi(GtkBinding) public init(_ pointer: UnsafeMutableRawPointer, ownership: Ownership) {
        let object = pointer.assumingMemoryBound(to: GObject.self)
        precondition(
            g_object_get_qdata(object, wrapperQuark) == nil,
            "A GObject (\(String(cString: lbx_type_name_of(object)))) can have only one Swift wrapper; use Object.wrapper(of:)")
        gobject = object
        switch ownership {
        case .full:
            if g_object_is_floating(object) != 0 { g_object_ref_sink(object) }
        case .borrowed:
            g_object_ref_sink(object)
        }
        g_object_set_qdata(object, wrapperQuark, Unmanaged.passUnretained(self).toOpaque())
        g_object_add_toggle_ref(object, toggleNotify, nil)
        g_object_unref(object)
        if lbx_ref_count(object) > 1 { keepAlive = self }
        Object.liveCount += 1
    }

    isolated deinit {
        Object.liveCount -= 1
        g_object_set_qdata(gobject, wrapperQuark, nil)
        // Drops our (last) reference: the object is disposed and finalized here.
        g_object_remove_toggle_ref(gobject, toggleNotify, nil)
    }

    fileprivate func toggled(lastReference: Bool) {
        keepAlive = lastReference ? nil : self
    }

    /// The existing Swift wrapper of a GObject, if one was made.
    /// Nonisolated: only reads qdata, so the toggle-ref callback can use it too.
    nonisolated static func existingWrapper(of pointer: UnsafeMutableRawPointer) -> Object? {
        guard let raw = g_object_get_qdata(pointer.assumingMemoryBound(to: GObject.self), wrapperQuark) else {
            return nil
        }
        return Unmanaged<Object>.fromOpaque(raw).takeUnretainedValue()
    }

    /// The wrapper of a GObject handed back by C: the existing one, or a new one
    /// made by `make` that borrows the object.
    static func wrapper<T: Object>(of pointer: UnsafeMutableRawPointer, make: (UnsafeMutableRawPointer) -> T) -> T {
        if let existing = existingWrapper(of: pointer) {
            guard let typed = existing as? T else {
                preconditionFailure("The wrapper of this \(existing.typeName) is a \(type(of: existing)), not a \(T.self)")
            }
            return typed
        }
        return make(pointer)
    }

    /// The GType name of the wrapped object, e.g. "GtkButton".
    public var typeName: String { String(cString: lbx_type_name_of(gobject)) }

    /// Number of references the GObject currently has (for tests and diagnostics).
    package var referenceCount: Int { Int(lbx_ref_count(gobject)) }

    package var rawPointer: UnsafeMutableRawPointer { UnsafeMutableRawPointer(gobject) }

    package func cast<T>(_ type: T.Type = T.self) -> UnsafeMutablePointer<T> {
        UnsafeMutableRawPointer(gobject).assumingMemoryBound(to: T.self)
    }

    /// For GTK types whose struct is private (imported as OpaquePointer).
    package func cast() -> OpaquePointer { OpaquePointer(gobject) }

    /// A plain wrapper of a GObject whose type has no class here (a `GFileMonitor`, say),
    /// for the package's other interop modules (they wrap; only generated bindings subclass).
    package static func wrapping(_ pointer: UnsafeMutableRawPointer, ownership: Ownership) -> Object {
        Object(pointer, ownership: ownership)
    }
}

/// A GObject pointer whose C type is private (imported as OpaquePointer), as raw.
func raw(_ pointer: OpaquePointer?) -> UnsafeMutableRawPointer {
    guard let pointer else { preconditionFailure("GTK returned NULL for a new object") }
    return UnsafeMutableRawPointer(pointer)
}

private let toggleNotify: GToggleNotify = { _, object, isLastRef in
    guard let object, let wrapper = Object.existingWrapper(of: UnsafeMutableRawPointer(object)) else { return }
    MainActor.assumeIsolated {
        wrapper.toggled(lastReference: isLastRef != 0)
    }
}

/// Observes the finalization of a GObject without keeping it alive
/// (a GObject weak reference). For leak tests in every layer of this package.
@MainActor
package final class FinalizationObserver {
    package private(set) var isFinalized = false
    private var box: Unmanaged<FinalizationObserver>?

    package init(_ object: Object) {
        let box = Unmanaged.passRetained(self)
        self.box = box
        g_object_weak_ref(
            object.gobject,
            { data, _ in
                guard let data else { return }
                let observer = Unmanaged<FinalizationObserver>.fromOpaque(data)
                MainActor.assumeIsolated {
                    observer.takeUnretainedValue().isFinalized = true
                    observer.takeUnretainedValue().box = nil
                }
                observer.release()
            }, box.toOpaque())
    }
}
