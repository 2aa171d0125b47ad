import Foundation
import XCTest

/// The staged app starts like an installed GNOME app: from its desktop file and by
/// D-Bus activation through its service file, under Xvfb in a private session bus,
/// and shows its main window in the accessibility tree.
final class LaunchTests: XCTestCase {
    private let id = PackageFiles.appID
    private let objectPath = "/io/github/lightbox/Lightbox"

    func testLaunchingTheDesktopFileShowsTheMainWindow() throws {
        let install = try StagedInstall.shared()
        let desktopFile = install.runnablePrefix + "/share/applications/\(id).desktop"
        let result = try runInSession(install: install, start: "gio launch '\(desktopFile)'")
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertTrue(result.output.contains("window: frame 'Lightbox'"), result.output)
    }

    func testDBusActivationThroughTheServiceFileStartsTheApp() throws {
        let install = try StagedInstall.shared()
        let activate =
            "gdbus call --session --dest \(id) --object-path \(objectPath) "
            + "--method org.freedesktop.Application.Activate '{}'"
        let result = try runInSession(install: install, start: activate)
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertTrue(result.output.contains("window: frame 'Lightbox'"), result.output)
        XCTAssertTrue(
            result.output.contains("command: \(install.runnablePrefix)/bin/lightbox --gapplication-service"),
            "not started by the service file:\n\(result.output)")
    }

    func testAccessibilityCheckFailsWhenNoWindowAppears() throws {
        let install = try StagedInstall.shared()
        let result = try runInSession(install: install, start: "true", timeout: 2)
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.output.contains("no window named 'Lightbox'"), result.output)
    }

    /// Runs `start` in a new session bus (whose service directories include the prefix's)
    /// on a private Xvfb, waits for the window through AT-SPI, then quits the app.
    private func runInSession(install: StagedInstall, start: String, timeout: Int = 30) throws -> CommandResult {
        let home = try makeTemporaryDirectory(for: self)
        var environment = ProcessInfo.processInfo.environment
        for name in [
            "DISPLAY", "WAYLAND_DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "GTK_A11Y", "GDK_BACKEND",
            "NO_AT_BRIDGE", "GSETTINGS_SCHEMA_DIR",
        ] {
            environment[name] = nil
        }
        environment["XDG_DATA_DIRS"] = "\(install.runnablePrefix)/share:/usr/local/share:/usr/share"
        environment["PATH"] = "\(install.runnablePrefix)/bin:" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["GSETTINGS_BACKEND"] = "memory"
        for (name, folder) in [
            ("HOME", ""), ("XDG_CONFIG_HOME", "/config"), ("XDG_DATA_HOME", "/data"),
            ("XDG_CACHE_HOME", "/cache"),
        ] {
            environment[name] = home.path + folder
        }
        let script = """
            set -u
            \(start) >/dev/null || exit 10
            /usr/bin/python3 -c "$1" Lightbox \(timeout) || exit 11
            gdbus call --session --dest \(id) --object-path \(objectPath) \
              --method org.gtk.Actions.Activate quit '[]' '{}' >/dev/null
            """
        return try runCommand(
            [
                "timeout", "\(timeout + 30)", "xvfb-run", "-a", "dbus-run-session", "--",
                "bash", "-c", script, "session", Self.windowCheck,
            ],
            in: home.path, environment: environment)
    }

    /// Waits (argv[2] seconds) for a top-level frame named argv[1] in the AT-SPI tree,
    /// prints it and its process's command line, and waits for that process to end
    /// after the caller quits it (in the background, so the script goes on).
    private static let windowCheck = #"""
        import sys, time, pyatspi
        name, timeout = sys.argv[1], float(sys.argv[2])
        deadline = time.time() + timeout
        while time.time() < deadline:
            for app in pyatspi.Registry.getDesktop(0):
                if app is None:
                    continue
                try:
                    for index in range(app.childCount):
                        window = app.getChildAtIndex(index)
                        if window is not None and window.getRoleName() == "frame" and window.name == name:
                            pid = app.get_process_id()
                            with open(f"/proc/{pid}/cmdline", "rb") as f:
                                command = f.read().replace(b"\0", b" ").decode().strip()
                            print(f"window: frame '{window.name}' of application '{app.name}'")
                            print(f"command: {command}")
                            sys.exit(0)
                except Exception:
                    pass
            time.sleep(0.2)
        print(f"no window named '{name}' within {timeout:.0f} s")
        sys.exit(1)
        """#
}
