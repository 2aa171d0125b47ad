import Foundation
import XCTest

/// A private D-Bus session bus for one test (`dbus-daemon --session`), ended with the test.
final class PrivateBus {
    let address: String
    private let daemon: Process

    init(_ test: XCTestCase) throws {
        daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        daemon.arguments = ["--session", "--nofork", "--nosyslog", "--print-address=1"]
        let out = Pipe()
        daemon.standardOutput = out
        try daemon.run()
        // The daemon prints its address, one line, once it listens.
        var line = Data()
        while !line.contains(0x0A) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        address = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let daemon = daemon
        test.addTeardownBlock {
            daemon.terminate()
            daemon.waitUntilExit()
        }
        if address.isEmpty {
            throw NSError(domain: "PrivateBus", code: 1, userInfo: [NSLocalizedDescriptionKey: "dbus-daemon printed no address"])
        }
    }
}

/// A stand-in for a desktop service (the file manager, the portal) on a private bus: a
/// python3-gi script that owns `name`, answers `method` and writes each call's arguments
/// as a JSON line to `calls`.
final class FakeDesktopService {
    let calls: String
    private let process: Process
    private let ready: String

    /// - Parameters:
    ///   - arguments: the method's in-arguments as (name, D-Bus type).
    ///   - reply: the out-argument's type and value in GVariant text ("o", "'/request/1'"), or nil.
    ///   - response: for a portal request, the `Response` code sent after the reply (0 done,
    ///     1 cancelled, 2 failed) on the request the caller's `handle_token` names; nil for none.
    init(
        _ test: XCTestCase, bus: PrivateBus, name: String, path: String, interface: String, method: String,
        arguments: [(String, String)], reply: (type: String, value: String)? = nil, response: UInt32? = nil
    ) throws {
        let folder = NSTemporaryDirectory() + "lightbox-service-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        calls = folder + "/calls.jsonl"
        ready = folder + "/ready"
        let args = arguments.map { "<arg direction='in' name='\($0.0)' type='\($0.1)'/>" }.joined()
        let out = reply.map { "<arg direction='out' name='result' type='\($0.type)'/>" } ?? ""
        let script = """
            import json, os, sys
            from gi.repository import Gio, GLib
            node = Gio.DBusNodeInfo.new_for_xml("<node><interface name='\(interface)'><method name='\(method)'>\(args)\(out)</method></interface></node>")
            handles = [\(arguments.enumerated().filter { $0.element.1 == "h" }.map { String($0.offset) }.joined(separator: ", "))]
            def call(connection, sender, path, interface, method, parameters, invocation):
                values = list(parameters.unpack())
                # A file handed over as a descriptor (`h`) is recorded as the path it has open.
                for index in handles:
                    fd = invocation.get_message().get_unix_fd_list().get(values[index])
                    values[index] = os.readlink("/proc/self/fd/%d" % fd)
                reply = \(reply.map { "GLib.Variant.parse(GLib.VariantType.new('(\($0.type))'), \(pythonString("(" + $0.value + ",)")), None, None)" } ?? "None")
                invocation.return_value(reply)
                token = values[-1].get("handle_token") if values and isinstance(values[-1], dict) else None
                if \(response.map(String.init) ?? "None") is not None and token:
                    request = "/org/freedesktop/portal/desktop/request/%s/%s" % (sender[1:].replace(".", "_"), token)
                    connection.emit_signal(sender, request, "org.freedesktop.portal.Request", "Response",
                                           GLib.Variant("(ua{sv})", (\(response.map(String.init) ?? "0"), {})))
                # Recorded last: once the test sees the call, the reply and the response are sent.
                with open(\(pythonString(calls)), "a") as f:
                    f.write(json.dumps(values) + "\\n")
            def acquired(connection, name):
                open(\(pythonString(ready)), "w").close()
            def bus_acquired(connection, name):
                connection.register_object(\(pythonString(path)), node.interfaces[0], call, None, None)
            Gio.bus_own_name(Gio.BusType.SESSION, \(pythonString(name)), Gio.BusNameOwnerFlags.NONE, bus_acquired, acquired, None)
            GLib.MainLoop().run()
            """
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script]
        process.environment = ProcessInfo.processInfo.environment.merging(["DBUS_SESSION_BUS_ADDRESS": bus.address]) { $1 }
        try process.run()
        let process = process
        test.addTeardownBlock {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// Whether the service owns its name on the bus yet.
    var isReady: Bool { FileManager.default.fileExists(atPath: ready) }

    /// The calls received so far, each the list of its arguments.
    var receivedCalls: [[Any]] {
        guard let text = try? String(contentsOfFile: calls, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [Any]
        }
    }
}

private func pythonString(_ value: String) -> String {
    "'" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
}
