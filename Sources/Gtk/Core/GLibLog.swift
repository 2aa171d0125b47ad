import CGtk
import Synchronization

/// One GLib log message.
package struct GLibLogMessage: Sendable, CustomStringConvertible {
    package enum Level: Sendable { case error, critical, warning, message, info, debug }
    package let level: Level
    package let domain: String
    package let text: String
    package var description: String { "\(domain)-\(level): \(text)" }
}

/// Watches GLib's structured log: every warning and critical is recorded (and still
/// printed), so tests can fail on any of them.
public enum GLibLog {
    private static let recorded = Mutex<[GLibLogMessage]>([])
    private static let installed = Mutex(false)

    /// Installs the recording log writer (once per process).
    package static func startRecording() {
        let first = installed.withLock { done in
            defer { done = true }
            return !done
        }
        guard first else { return }
        g_log_set_writer_func(
            { level, fields, count, data in
                let flags = level.rawValue
                let severity: GLibLogMessage.Level? =
                    flags & G_LOG_LEVEL_ERROR.rawValue != 0
                    ? .error
                    : flags & G_LOG_LEVEL_CRITICAL.rawValue != 0 ? .critical : flags & G_LOG_LEVEL_WARNING.rawValue != 0 ? .warning : nil
                if let severity, let fields {
                    var domain = ""
                    var text = ""
                    for index in 0..<Int(count) {
                        let field = fields[index]
                        guard let key = field.key, let value = field.value else { continue }
                        let name = String(cString: key)
                        let string =
                            field.length < 0
                            ? String(cString: value.assumingMemoryBound(to: CChar.self))
                            : String(decoding: UnsafeRawBufferPointer(start: value, count: Int(field.length)), as: UTF8.self)
                        if name == "MESSAGE" { text = string } else if name == "GLIB_DOMAIN" { domain = string }
                    }
                    let message = GLibLogMessage(level: severity, domain: domain, text: text)
                    GLibLog.recorded.withLock { $0.append(message) }
                }
                return g_log_writer_default(level, fields, count, data)
            }, nil, nil)
    }

    /// Returns the warnings and criticals recorded since the last call, and forgets them.
    package static func takeProblems() -> [GLibLogMessage] {
        recorded.withLock { messages in
            defer { messages.removeAll() }
            return messages
        }
    }

    /// The log domain of this binding's own messages. Code built on the binding logs in
    /// its own domain (a library's name, an application's name), so that a message says
    /// which layer it comes from and `G_MESSAGES_DEBUG` can pick one out.
    public static let bindingDomain = "Gtk-Swift"

    /// Logs a critical in `domain` (what a release build does for a programming error
    /// it can survive).
    public static func critical(_ text: String, domain: String = bindingDomain) {
        lbx_log(domain, G_LOG_LEVEL_CRITICAL, text)
    }

    /// Logs a warning in `domain`.
    public static func warning(_ text: String, domain: String = bindingDomain) {
        lbx_log(domain, G_LOG_LEVEL_WARNING, text)
    }
}
