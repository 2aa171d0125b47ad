import Foundation

/// A private D-Bus session bus, so the app's single-instance name and its
/// accessibility bus never reach a developer's desktop. Both the app and the
/// accessibility client (pyatspi) connect to it.
public final class TestSession: @unchecked Sendable {
    public let address: String
    private let daemon: Process
    private let lock = NSLock()
    private var ended = false

    /// Starts the bus. Started on the main thread, it also ends when this process ends,
    /// however it ends (a crash, SIGKILL): the kernel signals it when the thread that started
    /// it ends, and only the main thread lives as long as the process.
    public init() throws {
        daemon = Process()
        let command = ["/usr/bin/dbus-daemon", "--session", "--nofork", "--print-address=1"]
        if Thread.isMainThread {
            daemon.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            daemon.arguments = ["--pdeathsig", "TERM", "--"] + command
        } else {
            daemon.executableURL = URL(fileURLWithPath: command[0])
            daemon.arguments = Array(command.dropFirst())
        }
        let pipe = Pipe()
        daemon.standardOutput = pipe
        try daemon.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        address = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !address.isEmpty else { throw TestSessionError.noBusAddress }
    }

    deinit { end() }

    /// Ends every process on this bus, then the bus, and returns once all of them are gone:
    /// the app if it still runs, and what the bus started for it (the accessibility bus
    /// launcher, its own bus and the registry, which the bus daemon does not parent and
    /// which would otherwise outlive it), found by their `DBUS_SESSION_BUS_ADDRESS`.
    public func end() {
        let first = lock.withLock {
            defer { ended = true }
            return !ended
        }
        guard first else { return }
        SessionProcesses.end(SessionProcesses.on(bus: address))
        if daemon.isRunning { daemon.terminate() }
        daemon.waitUntilExit()
    }

    /// Reads the accessibility tree of the application named `appName`.
    public func accessibilityTree(of appName: String) -> [AccessibleNode] {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Scripts/a11y_tree.py").path
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = address
        let output = Process.runQuietly("/usr/bin/python3", [script, appName], environment: environment)
        return output.split(separator: "\n").compactMap { line in
            try? JSONDecoder().decode(AccessibleNode.self, from: Data(line.utf8))
        }
    }
}

enum TestSessionError: Error { case noBusAddress }

/// Processes of this user found through `/proc`, for ending what a test session started.
enum SessionProcesses {
    /// Every process (but this one) whose session bus is `address`.
    static func on(bus address: String) -> [pid_t] {
        let entry = Data(("DBUS_SESSION_BUS_ADDRESS=" + address).utf8)
        let own = getpid()
        let pids = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { pid_t($0) }
        return pids.filter { pid in
            guard pid != own, let environment = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else {
                return false
            }
            return environment.split(separator: 0).contains { Data($0) == entry }
        }
    }

    /// Sends SIGTERM to `pids` and waits until they are gone (SIGKILL after `timeout` seconds).
    static func end(_ pids: [pid_t], timeout: Double = 5) {
        for pid in pids { kill(pid, SIGTERM) }
        waitUntil(timeout: timeout, interval: 0.01) { !pids.contains(where: isAlive) }
        for pid in pids where isAlive(pid) { kill(pid, SIGKILL) }
    }

    /// Running, as opposed to gone or a zombie (processes that were reparented to an init
    /// that doesn't reap stay zombies).
    static func isAlive(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = stat.range(of: ") ", options: .backwards)
        else { return false }
        return !stat[end.upperBound...].hasPrefix("Z")
    }
}

/// One node of an application's accessibility tree, as a screen reader sees it.
public struct AccessibleNode: Decodable, Sendable {
    public let depth: Int
    public let role: String
    public let name: String
    public let states: [String]
    public let children: Int
    /// A window's position and size as the application lays it out ([x, y, width, height]).
    public let extents: [Int]?
    /// A window's [width, height] as the application lays it out.
    public var size: [Int]? { extents.map { Array($0.suffix(2)) } }
}

extension Process {
    /// Runs a command to completion and returns its standard output ("" when it can't run).
    static func runQuietly(_ path: String, _ arguments: [String], environment: [String: String]? = nil) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return "" }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}

/// The built `lightbox` executable, run in a private session (its own D-Bus session
/// bus and private XDG directories), driven with real X key events through `xdotool`
/// and read through the accessibility tree.
public final class LaunchedApp: @unchecked Sendable {
    public let process: Process
    public let home: URL
    public let session: TestSession
    private let output = Pipe()
    /// Left when the process has exited (its termination handler).
    private let running = DispatchGroup()

    /// The directory holding the built products (next to the test bundle).
    public static var productsDirectory: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    }

    /// The binary the tests drive: the test build's, or the one `LIGHTBOX_EXECUTABLE` names
    /// (a release build: `LIGHTBOX_EXECUTABLE=.build/release/lightbox swift test --filter StressAppTests`).
    public static var executable: URL {
        if let path = ProcessInfo.processInfo.environment["LIGHTBOX_EXECUTABLE"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return productsDirectory.appendingPathComponent("lightbox")
    }

    /// Private XDG directories under a fresh temporary home.
    public static func makeHome() throws -> URL {
        let home = FileManager.default.temporaryDirectory
            .appendingPathComponent("lightbox-test-\(UUID().uuidString)")
        for sub in ["data", "config", "cache", "Pictures"] {
            try FileManager.default.createDirectory(
                at: home.appendingPathComponent(sub),
                withIntermediateDirectories: true)
        }
        return home
    }

    static func environment(home: URL, bus: String?, locale: String = TestLocale.standard) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = home.path
        environment["XDG_DATA_HOME"] = home.appendingPathComponent("data").path
        environment["XDG_CONFIG_HOME"] = home.appendingPathComponent("config").path
        environment["XDG_CACHE_HOME"] = home.appendingPathComponent("cache").path
        environment["XDG_PICTURES_DIR"] = home.appendingPathComponent("Pictures").path
        environment["GDK_BACKEND"] = "x11"
        // Settings persist in the private $XDG_CONFIG_HOME, as on a desktop without dconf.
        environment["GSETTINGS_BACKEND"] = "keyfile"
        environment.removeValue(forKey: "GTK_A11Y")
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus
        // Dates the tests read back as literal text: English month names, UTC clock times;
        // the messages in English unless the test asks for another locale.
        environment.merge(PinnedLocale.environment) { $1 }
        environment.merge(TestLocale.environment(locale)) { $1 }
        environment.removeValue(forKey: "LANGUAGE")
        return environment
    }

    /// Runs the binary to completion (no display needed) and returns status and output;
    /// `locale` is its `LC_ALL` and `LANG` (C.UTF-8, English, unless a test asks); `variables`
    /// are set on top (`LIGHTBOX_LOCALE_DIR`, say).
    public static func run(
        _ arguments: [String], home: URL? = nil, locale: String = TestLocale.standard,
        variables: [String: String] = [:]
    ) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment(home: try home ?? makeHome(), bus: nil, locale: locale)
            .merging(variables) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Starts the app on the current display, on `session`'s bus (a new one by default), in
    /// `locale` (`LC_ALL` and `LANG`; C.UTF-8, English, unless a test asks for `zh_CN.UTF-8`…).
    public static func start(
        _ arguments: [String], home: URL? = nil, session: TestSession? = nil,
        locale: String = TestLocale.standard
    ) throws -> LaunchedApp {
        try LaunchedApp(arguments: arguments, home: home ?? makeHome(), session: session ?? TestSession(), locale: locale)
    }

    private init(arguments: [String], home: URL, session: TestSession, locale: String) throws {
        self.home = home
        self.session = session
        process = Process()
        process.executableURL = LaunchedApp.executable
        process.arguments = arguments
        process.environment = LaunchedApp.environment(home: home, bus: session.address, locale: locale)
        process.standardOutput = output
        process.standardError = output
        running.enter()
        process.terminationHandler = { [running] _ in running.leave() }
        do { try process.run() } catch {
            running.leave()
            throw error
        }
    }

    /// Waits for an X window with exactly this title; returns its X id.
    public func waitForWindow(named title: String, timeout: Double = 20) -> String? {
        var window: String?
        waitUntil(timeout: timeout, interval: 0.1) {
            window = Self.xdotool(["search", "--onlyvisible", "--name", "^\(title)$"])
                .split(separator: "\n").first.map(String.init)
            return window != nil || !process.isRunning
        }
        return window
    }

    /// Sends real key presses ("ctrl+q", "Delete", "4") to the window.
    public func sendKeys(_ keys: String..., to window: String) {
        // No window manager runs under Xvfb: give the window input focus directly, then
        // type through XTEST, as a keyboard would (not synthetic XSendEvent events).
        Self.xdotool(["windowfocus", "--sync", window])
        for key in keys { Self.xdotool(["key", "--clearmodifiers", key]) }
    }

    /// Waits for the app to exit; returns its status, or nil if it is still running.
    public func waitForExit(timeout: Double) -> Int32? {
        guard running.wait(timeout: .now() + timeout) == .success else { return nil }
        return process.terminationStatus
    }

    public func terminate() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    /// What the app printed so far (after it exited).
    public var printed: String {
        String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
    }

    /// The window's size as the X server sees it.
    public func windowSize(_ window: String) -> (width: Int, height: Int)? {
        let output = Self.xdotool(["getwindowgeometry", "--shell", window])
        var values: [String: Int] = [:]
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: "=")
            if parts.count == 2, let value = Int(parts[1]) { values[String(parts[0])] = value }
        }
        guard let width = values["WIDTH"], let height = values["HEIGHT"] else { return nil }
        return (width, height)
    }

    /// Asks the X server to resize the window, as a window manager would.
    public func resize(_ window: String, width: Int, height: Int) {
        Self.xdotool(["windowsize", "--sync", window, String(width), String(height)])
    }

    /// The app's accessibility tree (waits until the app is on the accessibility bus).
    public func accessibilityTree(appName: String = "lightbox", timeout: Double = 10) -> [AccessibleNode] {
        var tree: [AccessibleNode] = []
        waitUntil(timeout: timeout, interval: 0.2) {
            tree = session.accessibilityTree(of: appName)
            return !tree.isEmpty
        }
        return tree
    }

    @discardableResult
    static func xdotool(_ arguments: [String]) -> String {
        Process.runQuietly("/usr/bin/xdotool", arguments)
    }
}
