import Foundation
import Gtk
import Lightbox

/// A display (Xvfb unless `$DISPLAY` is set), a private session bus and private XDG
/// directories for the child processes.
final class BenchEnvironment {
    let work: String
    var dataHome: String { work + "/data" }
    private var xvfb: Process?
    private var bus: Process?
    private var environment = ProcessInfo.processInfo.environment

    init(work: String) { self.work = work }

    /// Makes the 10,000-photo library and its complete catalog, then starts the display and
    /// the bus; returns the library's folder.
    func startWithLibrary() throws -> String {
        let library = work + "/library"
        try LibraryBenchmark.makeLibrary(at: library)
        try FileManager.default.createDirectory(atPath: dataHome + "/" + AppInfo.id, withIntermediateDirectories: true)
        let catalog = try Catalog(path: dataHome + "/\(AppInfo.id)/catalog.sqlite")
        _ = try CatalogSync(catalog: catalog).run(folder: library)
        try start()
        return library
    }

    func start() throws {
        for folder in ["data", "config", "cache"] {
            try FileManager.default.createDirectory(atPath: work + "/" + folder, withIntermediateDirectories: true)
        }
        environment["XDG_DATA_HOME"] = dataHome
        environment["XDG_CONFIG_HOME"] = work + "/config"
        environment["XDG_CACHE_HOME"] = work + "/cache"
        environment["GSETTINGS_BACKEND"] = "memory"
        environment["GDK_BACKEND"] = "x11"
        if environment["DISPLAY"] == nil {
            let xvfb = Process()
            xvfb.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
            xvfb.arguments = [":87", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"]
            try xvfb.run()
            self.xvfb = xvfb
            while !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X87") { usleep(20_000) }
            environment["DISPLAY"] = ":87"
        }
        let bus = Process()
        bus.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        bus.arguments = ["--session", "--nofork", "--print-address=1"]
        let pipe = Pipe()
        bus.standardOutput = pipe
        try bus.run()
        self.bus = bus
        var address = Data()
        while !address.contains(UInt8(ascii: "\n")) { address.append(pipe.fileHandleForReading.availableData) }
        environment["DBUS_SESSION_BUS_ADDRESS"] = String(decoding: address, as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func stop() {
        bus?.terminate()
        xvfb?.terminate()
    }

    /// Milliseconds from spawning a child to its first painted frame.
    func timeToFirstPaint(_ arguments: [String], overrides: [String: String] = [:]) throws -> Double {
        let start = monotonicNanoseconds()
        let result = try child(arguments, timeout: 60, overrides: overrides)
        guard let painted = result["painted_ns"] else { throw BenchFailure("child \(arguments) did not paint") }
        return (painted - Double(start)) / 1e6
    }

    /// Runs `lightbox-bench app-child ARGUMENTS` and returns the JSON object it prints.
    func child(_ arguments: [String], timeout: Double, overrides: [String: String] = [:]) throws -> [String: Double] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["app-child"] + arguments
        process.environment = environment.merging(overrides) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            process.terminate()
            throw BenchFailure("child \(arguments) did not finish in \(Int(timeout)) s")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Double] else {
            throw BenchFailure("child \(arguments) printed no result")
        }
        return object
    }

    /// Milliseconds `executable ARGUMENTS` takes, its output thrown away.
    func timed(_ executable: String, _ arguments: [String], overrides: [String: String]) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment.merging(overrides) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let start = monotonicNanoseconds()
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchFailure("\(executable) \(arguments) failed") }
        return Double(monotonicNanoseconds() - start) / 1e6
    }
}

struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
