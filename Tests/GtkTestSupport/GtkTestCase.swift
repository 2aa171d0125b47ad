import Foundation
import Gtk
import XCTest

/// Base class for tests that need a real GTK display.
///
/// - Opens GTK on `$DISPLAY`, or starts a private Xvfb when there is none.
/// - Fails the test on any GLib warning or critical logged while it ran.
/// - Offers main-loop pumping with a timeout that fails the test.
///
/// Test methods run on the main actor: subclasses inherit the isolation, so a test body
/// calls GTK, the kit and `pump(until:)` directly, with no `MainActor.assumeIsolated` per
/// test. What swift-corelibs-xctest in Swift 6.3.1 on Linux allows, tried one by one:
/// - `@MainActor` alone, on the class or on a test method, compiles without a diagnostic,
///   but the test bundle aborts while listing its tests: the discovered-tests file SwiftPM
///   generates converts each method to XCTest's non-isolated closure type at run time
///   ("Could not cast value of type '(FooTests) -> @Swift.MainActor () -> ()' to
///   '(FooTests) -> () -> ()'").
/// - `@preconcurrency @MainActor` (here): the test bodies are main-actor isolated when
///   compiled, the discovered-tests file sees plain closures, and XCTest calls them on the
///   main thread, which is the main actor.
/// - `async` test methods on the main actor run on the main thread and can call GTK, but
///   they run as a job of libdispatch's main queue, which does not run other jobs
///   meanwhile: while such a body pumps the GLib loop synchronously, no `Task { @MainActor in }`
///   or `DispatchQueue.main.async` work runs, so a `pump(until:)` waiting on it times out.
///   Test methods therefore stay synchronous; an `async` one that awaits is fine.
/// - `setUp()` and `tearDown()` override XCTestCase's non-isolated methods and cannot be
///   main-actor isolated ("main actor-isolated instance method 'setUp()' has different
///   actor isolation from nonisolated overridden declaration"): they run on the main thread
///   and say so with `MainActor.assumeIsolated`.
@preconcurrency @MainActor
open class GtkTestCase: XCTestCase {
    override open func setUp() {
        super.setUp()
        MainActor.assumeIsolated {
            TestDisplay.shared.open()
            _ = GLibLog.takeProblems()
        }
    }

    override open func tearDown() {
        let problems = MainActor.assumeIsolated {
            closeAllWindows()
            return GLibLog.takeProblems()
        }
        for problem in problems {
            XCTFail("GLib \(problem)")
        }
        super.tearDown()
    }
}

/// Destroys every toplevel window the test left open.
@MainActor
public func closeAllWindows() {
    for window in Window.toplevels { window.destroy() }
    MainLoop.drain()
}

/// Runs the main loop until `condition` holds; fails the test after `timeout` seconds.
@MainActor @discardableResult
public func pump(
    until condition: () -> Bool, timeout: Double = 5,
    _ message: @autoclosure () -> String = "condition",
    file: StaticString = #filePath, line: UInt = #line
) -> Bool {
    let ok = MainLoop.run(until: condition, timeout: timeout)
    if !ok { XCTFail("Timed out after \(timeout) s waiting for \(message())", file: file, line: line) }
    return ok
}

/// Runs the main loop until `widget`'s window has painted its next frame: what changed
/// before the call is then laid out and drawn. The widget must be in a shown window.
@MainActor
public func pumpUntilPainted(_ widget: Widget, file: StaticString = #filePath, line: UInt = #line) {
    var painted = false
    widget.onNextPaint { painted = true }
    pump(until: { painted }, "\(type(of: widget)) to paint a frame", file: file, line: line)
}

/// Presents `window` and waits until it is mapped, has been given a size and has painted.
@MainActor
public func show(_ window: Window, file: StaticString = #filePath, line: UInt = #line) {
    window.present()
    pump(until: { window.isMapped && window.width > 0 }, "window to map", file: file, line: line)
    pumpUntilPainted(window, file: file, line: line)
}

/// Where tests put screenshots and other artifacts.
public var testArtifactsDirectory: URL {
    let root =
        ProcessInfo.processInfo.environment["LIGHTBOX_TEST_ARTIFACTS"]
        ?? FileManager.default.currentDirectoryPath + "/test-artifacts"
    let url = URL(fileURLWithPath: root)
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Renders `widget` to `test-artifacts/<name>.png` and returns the path.
@MainActor
public func screenshot(
    _ widget: Widget, name: String,
    file: StaticString = #filePath, line: UInt = #line
) -> String {
    let path = testArtifactsDirectory.appendingPathComponent("\(name).png").path
    // A widget that just changed draws nothing until GTK has laid it out again: wait for that frame.
    let rendered = MainLoop.run(until: { widget.renderPNG(to: path) }, timeout: 3)
    XCTAssertTrue(rendered, "could not render \(name)", file: file, line: line)
    return path
}

/// The display tests run on: `$DISPLAY` if set, otherwise a private Xvfb; and the
/// session bus: `$DBUS_SESSION_BUS_ADDRESS` if set, otherwise a private one (GLib would
/// otherwise autolaunch a bus bound to the display, which outlives the tests when the
/// display is the developer's). A private Xvfb and bus end with this process, even when
/// it crashes or is killed.
@MainActor
public final class TestDisplay {
    public static let shared = TestDisplay()
    private var opened = false
    private var xvfb: Process?
    private var bus: TestSession?

    public func open() {
        guard !opened else { return }
        opened = true
        GLibLog.startRecording()
        let environment = ProcessInfo.processInfo.environment
        if environment["DISPLAY"] == nil && environment["WAYLAND_DISPLAY"] == nil {
            startXvfb()
        }
        if environment["DBUS_SESSION_BUS_ADDRESS"] == nil {
            do {
                let bus = try TestSession()
                setenv("DBUS_SESSION_BUS_ADDRESS", bus.address, 1)
                self.bus = bus
            } catch {
                preconditionFailure("No session bus and dbus-daemon could not start: \(error). Install dbus.")
            }
        }
        TestLocale.pin()
        setenv("GDK_BACKEND", "x11", 0)
        setenv("GSK_RENDERER", "cairo", 0)
        setenv("GTK_A11Y", "none", 0)
        // No desktop settings daemon: keep animations and theme predictable.
        setenv("GSETTINGS_BACKEND", "memory", 0)
        precondition(initializeGtk(), "GTK could not open a display (DISPLAY=\(getenv("DISPLAY").map { String(cString: $0) } ?? "unset"))")
    }

    private func startXvfb() {
        for number in 90..<140 where !FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock") {
            // setpriv: the kernel sends Xvfb SIGTERM when this (main) thread ends, so a crashed
            // or killed test process leaves no X server behind; a normal exit ends it in atexit.
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = [
                "--pdeathsig", "TERM", "--", "/usr/bin/Xvfb", ":\(number)",
                "-screen", "0", "1280x1024x24", "-nolisten", "tcp", "-noreset",
            ]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            do { try process.run() } catch {
                preconditionFailure("No DISPLAY and Xvfb could not start: \(error). Install xvfb.")
            }
            let socket = "/tmp/.X11-unix/X\(number)"
            waitUntil(timeout: 5, interval: 0.01) { FileManager.default.fileExists(atPath: socket) || !process.isRunning }
            guard process.isRunning else { continue }
            setenv("DISPLAY", ":\(number)", 1)
            xvfb = process
            atexit { kill(TestDisplayProcess.pid, SIGTERM) }
            TestDisplayProcess.pid = process.processIdentifier
            return
        }
        preconditionFailure("Could not start Xvfb on displays :90 to :139")
    }
}

enum TestDisplayProcess {
    nonisolated(unsafe) static var pid: pid_t = 0
}
