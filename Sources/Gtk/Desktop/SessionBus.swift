import CGtk
import Glibc

/// A D-Bus value for a method's arguments (GVariant underneath): what desktop services
/// such as the file manager and the portals take.
public indirect enum BusValue: Sendable, Equatable {
    case string(String)
    case boolean(Bool)
    case objectPath(String)
    /// An array of strings (`as`).
    case strings([String])
    /// A string-keyed dictionary of variants (`a{sv}`): a portal's options.
    case options([String: BusValue])
    /// A tuple: a method's arguments.
    case tuple([BusValue])
    /// A file handed over as an open, read-only file descriptor (`h`), as the portals take
    /// files from a sandbox: the call opens the file and passes the descriptor along.
    case file(path: String)

    /// A new floating GVariant for the value; file descriptors go to `files`.
    fileprivate func makeVariant(files: FileDescriptors) throws(BusError) -> OpaquePointer {
        switch self {
        case .file(let path):
            return g_variant_new_handle(try files.append(path))
        case .string(let value):
            return g_variant_new_string(value)
        case .boolean(let value):
            return g_variant_new_boolean(value ? 1 : 0)
        case .objectPath(let value):
            return g_variant_new_object_path(value)
        case .strings(let values):
            var children: [OpaquePointer?] = values.map { g_variant_new_string($0) }
            return g_variant_new_array(g_variant_type_checked_("s"), &children, gsize(children.count))
        case .options(let options):
            var entries: [OpaquePointer?] = []
            for key in options.keys.sorted() {
                let value = try options[key]!.makeVariant(files: files)
                entries.append(g_variant_new_dict_entry(g_variant_new_string(key), g_variant_new_variant(value)))
            }
            return g_variant_new_array(g_variant_type_checked_("{sv}"), &entries, gsize(entries.count))
        case .tuple(let values):
            var children: [OpaquePointer?] = []
            for value in values { children.append(try value.makeVariant(files: files)) }
            return g_variant_new_tuple(&children, gsize(children.count))
        }
    }
}

/// The file descriptors a call passes (a GUnixFDList), opened from paths.
final class FileDescriptors {
    private(set) var list: UnsafeMutablePointer<GUnixFDList>?

    /// Opens `path` read-only and returns its index in the list.
    func append(_ path: String) throws(BusError) -> Int32 {
        let descriptor = open(PathBytes.c(path), O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw BusError("“\(PathBytes.displayName(path))” can’t be opened: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        if list == nil { list = g_unix_fd_list_new() }
        // The list keeps a duplicate of the descriptor.
        return g_unix_fd_list_append(list, descriptor, nil)
    }

    deinit { if let list { g_object_unref(UnsafeMutableRawPointer(list)) } }
}

/// Why a D-Bus call failed: GLib's message and, for an error the bus or the service
/// sent, its D-Bus name (`org.freedesktop.DBus.Error.ServiceUnknown`).
public struct BusError: Error, CustomStringConvertible, Sendable {
    public let message: String
    public let name: String?

    /// Nobody answered: no service owns the name (and none could be started), the
    /// service does not offer the method (a portal without that backend), or it did
    /// not reply in time.
    public var isUnanswered: Bool {
        guard let name else { return isTimeout }
        return [
            "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner",
            "org.freedesktop.DBus.Error.NoReply", "org.freedesktop.DBus.Error.UnknownMethod",
            "org.freedesktop.DBus.Error.UnknownInterface", "org.freedesktop.DBus.Error.UnknownObject",
            "org.freedesktop.DBus.Error.Spawn.ChildExited", "org.freedesktop.DBus.Error.Spawn.ExecFailed",
            "org.freedesktop.DBus.Error.TimedOut",
        ].contains(name)
    }
    let isTimeout: Bool

    public var description: String { message }

    init(taking error: UnsafeMutablePointer<GError>) {
        if let remote = g_dbus_error_get_remote_error(error) {
            name = String(cString: remote)
            g_free(remote)
            g_dbus_error_strip_remote_error(error)
        } else {
            name = nil
        }
        isTimeout = error.pointee.domain == g_io_error_quark() && error.pointee.code == G_IO_ERROR_TIMED_OUT.rawValue
        message = String(cString: error.pointee.message)
        g_error_free(error)
    }

    public init(_ message: String) {
        self.message = message
        name = nil
        isTimeout = false
    }
}

/// A connection to a message bus (GDBusConnection): the user's session bus, or a bus at
/// an address (a test's private bus).
@MainActor
public final class BusConnection {
    let connection: OpaquePointer

    /// The session bus every desktop service is on (GIO's shared connection).
    public static func session() throws(BusError) -> BusConnection {
        var error: UnsafeMutablePointer<GError>?
        guard let connection = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
            throw error.map { BusError(taking: $0) } ?? BusError("No session bus")
        }
        return BusConnection(taking: connection)
    }

    /// A new connection to the message bus at `address` ("unix:path=…").
    public convenience init(address: String) throws(BusError) {
        var error: UnsafeMutablePointer<GError>?
        let flags = GDBusConnectionFlags(
            rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
                | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
        guard let connection = g_dbus_connection_new_for_address_sync(address, flags, nil, nil, &error) else {
            throw error.map { BusError(taking: $0) } ?? BusError("No bus at \(address)")
        }
        self.init(taking: connection)
    }

    private init(taking connection: OpaquePointer) { self.connection = connection }

    isolated deinit { g_object_unref(UnsafeMutableRawPointer(connection)) }

    /// Calls `method` of `interface` on the object at `path` of the service `name`,
    /// starting the service when the bus can; `completion` runs on the main thread.
    /// `arguments` must be a `.tuple`.
    public func call(
        _ name: String, path: String, interface: String, method: String, arguments: BusValue,
        timeout: Duration = .seconds(25),
        completion: @escaping @MainActor (Result<Void, BusError>) -> Void
    ) {
        let files = FileDescriptors()
        let parameters: OpaquePointer
        do { parameters = try arguments.makeVariant(files: files) } catch {
            return completion(.failure(error))
        }
        let box = Unmanaged.passRetained(CallCompletion(completion)).toOpaque()
        let milliseconds = Int32(timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        g_dbus_connection_call_with_unix_fd_list(
            connection, name, path, interface, method, parameters, nil,
            G_DBUS_CALL_FLAGS_NONE, milliseconds, files.list, nil,
            { source, result, data in
                let completion = Unmanaged<CallCompletion>.fromOpaque(data!).takeRetainedValue()
                var error: UnsafeMutablePointer<GError>?
                let reply = g_dbus_connection_call_with_unix_fd_list_finish(OpaquePointer(source), nil, result, &error)
                if let reply { g_variant_unref(reply) }
                MainActor.assumeIsolated {
                    completion.handler(reply != nil ? .success(()) : .failure(error.map { BusError(taking: $0) } ?? BusError("No reply")))
                }
            }, box)
    }
}

extension BusConnection {
    /// Calls a portal method that answers later (an `org.freedesktop.portal.Request`): the
    /// reply only says the request started; `completion` gets the `Response` code (0 done,
    /// 1 cancelled by the person, 2 failed) or why the call itself failed. The request's
    /// `handle_token` is added to the `.options` that end `arguments`, and its `Response`
    /// is listened for before the call, as the portal documentation asks.
    public func callPortal(
        _ interface: String, method: String, arguments: [BusValue], options: [String: BusValue],
        completion: @escaping @MainActor (Result<UInt32, BusError>) -> Void
    ) {
        Self.requestCount += 1
        let token = "\(Self.requestTokenPrefix)\(Self.requestCount)"
        let sender = uniqueName.dropFirst().replacingOccurrences(of: ".", with: "_")
        let request = "/org/freedesktop/portal/desktop/request/\(sender)/\(token)"
        var finished = false
        let subscription = subscribe(interface: "org.freedesktop.portal.Request", member: "Response", path: request) { code in
            guard !finished else { return }
            finished = true
            completion(.success(code))
        }
        var options = options
        options["handle_token"] = .string(token)
        call(
            "org.freedesktop.portal.Desktop", path: "/org/freedesktop/portal/desktop", interface: interface,
            method: method, arguments: .tuple(arguments + [.options(options)])
        ) { [weak self] result in
            guard case .failure(let error) = result else { return }
            self?.unsubscribe(subscription)
            guard !finished else { return }
            finished = true
            completion(.failure(error))
        }
    }

    private static var requestCount = 0

    /// The start of this process's request tokens: its program name (`g_get_prgname`, which
    /// `GApplication` sets from the command line), so a request's path says which program
    /// made it.
    static var requestTokenPrefix: String {
        requestTokenPrefix(programName: g_get_prgname().map { String(cString: $0) })
    }

    /// `programName` in the letters, digits and underscores an object path element may
    /// hold ("request" when there is none).
    nonisolated static func requestTokenPrefix(programName: String?) -> String {
        let token = String(
            (programName ?? "").unicodeScalars.map { scalar -> Character in
                switch scalar {
                case "a"..."z", "A"..."Z", "0"..."9", "_": Character(scalar)
                default: "_"
                }
            })
        return token.isEmpty ? "request" : token
    }

    /// The connection's unique name on the bus (":1.42").
    public var uniqueName: String { g_dbus_connection_get_unique_name(connection).map { String(cString: $0) } ?? "" }

    /// Calls `handler` with the first `u` argument of each `member` signal of `interface`
    /// emitted on `path`, once: the subscription ends with the first signal.
    func subscribe(
        interface: String, member: String, path: String,
        _ handler: @escaping @MainActor (UInt32) -> Void
    ) -> UInt32 {
        let box = Unmanaged.passRetained(SignalCompletion(handler)).toOpaque()
        var id: guint = 0
        id = g_dbus_connection_signal_subscribe(
            connection, nil, interface, member, path, nil,
            G_DBUS_SIGNAL_FLAGS_NONE,
            { connection, _, _, _, _, parameters, data in
                let completion = Unmanaged<SignalCompletion>.fromOpaque(data!).takeUnretainedValue()
                var code: UInt32 = 2
                if let parameters, g_variant_n_children(parameters) > 0, let first = g_variant_get_child_value(parameters, 0) {
                    if g_variant_is_of_type(first, g_variant_type_checked_("u")) != 0 { code = g_variant_get_uint32(first) }
                    g_variant_unref(first)
                }
                MainActor.assumeIsolated {
                    if let id = completion.id { g_dbus_connection_signal_unsubscribe(connection, id) }
                    completion.handler(code)
                }
            }, box, { data in Unmanaged<SignalCompletion>.fromOpaque(data!).release() })
        (Unmanaged<SignalCompletion>.fromOpaque(box).takeUnretainedValue()).id = id
        return id
    }

    func unsubscribe(_ id: UInt32) { g_dbus_connection_signal_unsubscribe(connection, id) }
}

/// Keeps a signal subscription's handler until it is unsubscribed.
private final class SignalCompletion {
    let handler: @MainActor (UInt32) -> Void
    var id: guint?
    init(_ handler: @escaping @MainActor (UInt32) -> Void) { self.handler = handler }
}

/// Keeps a call's completion until GIO answers.
private final class CallCompletion {
    let handler: @MainActor (Result<Void, BusError>) -> Void
    init(_ handler: @escaping @MainActor (Result<Void, BusError>) -> Void) { self.handler = handler }
}
