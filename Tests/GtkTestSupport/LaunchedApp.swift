import Foundation

/// The built `lightbox` executable, run in a private session: its own D-Bus session
/// bus (so single-instance does not reach a developer's running copy) and private
/// XDG directories. Driven with real X key events through `xdotool`.
public final class LaunchedApp: @unchecked Sendable {
    public let process: Process
    public let home: URL
    private let output = Pipe()

    /// The directory holding the built products (next to the test bundle).
    public static var productsDirectory: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    }

    public static var executable: URL { productsDirectory.appendingPathComponent("lightbox") }

    /// Private XDG directories under a fresh temporary home.
    public static func makeHome() throws -> URL {
        let home = FileManager.default.temporaryDirectory
            .appendingPathComponent("lightbox-test-\(UUID().uuidString)")
        for sub in ["data", "config", "cache", "Pictures"] {
            try FileManager.default.createDirectory(at: home.appendingPathComponent(sub),
                                                    withIntermediateDirectories: true)
        }
        return home
    }

    static func environment(home: URL) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = home.path
        environment["XDG_DATA_HOME"] = home.appendingPathComponent("data").path
        environment["XDG_CONFIG_HOME"] = home.appendingPathComponent("config").path
        environment["XDG_CACHE_HOME"] = home.appendingPathComponent("cache").path
        environment["XDG_PICTURES_DIR"] = home.appendingPathComponent("Pictures").path
        environment["GDK_BACKEND"] = "x11"
        environment["GSETTINGS_BACKEND"] = "memory"
        environment.removeValue(forKey: "DBUS_SESSION_BUS_ADDRESS")
        return environment
    }

    /// Runs the binary to completion (no display needed) and returns status and output.
    public static func run(_ arguments: [String], home: URL? = nil) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment(home: try home ?? makeHome())
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Starts the app inside `dbus-run-session` on the current display.
    public static func start(_ arguments: [String], home: URL? = nil) throws -> LaunchedApp {
        try LaunchedApp(arguments: arguments, home: home ?? makeHome())
    }

    private init(arguments: [String], home: URL) throws {
        self.home = home
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-run-session")
        process.arguments = ["--", LaunchedApp.executable.path] + arguments
        process.environment = LaunchedApp.environment(home: home)
        process.standardOutput = output
        process.standardError = output
        try process.run()
    }

    /// Waits for an X window with exactly this title; returns its X id.
    public func waitForWindow(named title: String, timeout: Double = 20) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline, process.isRunning {
            let result = Self.xdotool(["search", "--onlyvisible", "--name", "^\(title)$"])
            if let id = result.split(separator: "\n").first { return String(id) }
            usleep(100_000)
        }
        return nil
    }

    /// Sends real key presses ("ctrl+q", "Delete", "4") to the window.
    public func sendKeys(_ keys: String..., to window: String) {
        _ = Self.xdotool(["windowactivate", "--sync", window])
        for key in keys { _ = Self.xdotool(["key", "--clearmodifiers", "--window", window, key]) }
    }

    /// Waits for the app to exit; returns its status, or nil if it is still running.
    public func waitForExit(timeout: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(50_000) }
        return process.isRunning ? nil : process.terminationStatus
    }

    public func terminate() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    /// What the app printed so far (after it exited).
    public var printed: String {
        String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
    }

    @discardableResult
    static func xdotool(_ arguments: [String]) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return "" }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
