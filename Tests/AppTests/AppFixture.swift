import Foundation
import Gtk
import GtkTestSupport
import XCTest

/// A private copy of the sample library, the app started on it, and what the tests
/// read back: the accessibility tree, the catalog database, screenshots.
struct AppFixture {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let samples = packageRoot.appendingPathComponent("data/samples")
    static let artifacts = packageRoot.appendingPathComponent("test-artifacts")
    /// The window is titled with the folder's name.
    static let folderName = "Holiday"

    let home: URL
    var folder: URL { home.appendingPathComponent(Self.folderName) }
    var catalogPath: String { home.appendingPathComponent("data/io.github.lightbox.Lightbox/catalog.sqlite").path }

    init() throws {
        home = try LaunchedApp.makeHome()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in Self.sampleNames {
            try FileManager.default.copyItem(
                at: Self.samples.appendingPathComponent(name),
                to: folder.appendingPathComponent(name))
        }
        // IMG_1025.jpg has no date in the file: its file's time is its date. Fixed here (15 June
        // 2025, 12:00 UTC), so that what the app shows does not depend on when it was checked out.
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_749_988_800)],
            ofItemAtPath: folder.appendingPathComponent("IMG_1025.jpg").path)
    }

    static var sampleNames: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: samples.path)) ?? []).filter { $0.hasSuffix(".jpg") }.sorted()
    }

    /// Starts the app on the folder in `locale` (C.UTF-8: English) and waits for its window
    /// (fails the test if none).
    func launch(_ arguments: [String]? = nil, locale: String = TestLocale.standard) throws -> (LaunchedApp, String) {
        let app = try LaunchedApp.start(arguments ?? [folder.path], home: home, locale: locale)
        guard let window = app.waitForWindow(named: Self.folderName) else {
            app.terminate()
            throw LaunchError(message: "no window titled \(Self.folderName) appeared: \(app.printed)")
        }
        return (app, window)
    }

    /// The catalog's rating for a file (read with sqlite3, as any tool would).
    func rating(of name: String) -> Int? {
        let path = folder.appendingPathComponent(name).path.replacingOccurrences(of: "'", with: "''")
        let output = Process.output("/usr/bin/sqlite3", [catalogPath, "SELECT rating FROM photo WHERE path = '\(path)'"])
        return Int(output.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

extension AppFixture {
    /// Rows in the catalog (read with sqlite3).
    func photoCount() -> Int {
        let output = Process.output("/usr/bin/sqlite3", [catalogPath, "SELECT count(*) FROM photo"])
        return Int(output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }
}

struct LaunchError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

extension LaunchedApp {
    /// Polls the accessibility tree until `condition` holds; returns the last tree read.
    func waitForTree(timeout: Double = 10, _ condition: ([AccessibleNode]) -> Bool) -> [AccessibleNode] {
        var tree: [AccessibleNode] = []
        waitUntil(timeout: timeout, interval: 0.25) {
            tree = accessibilityTree()
            return condition(tree)
        }
        return tree
    }

    /// Selects a photo: searches for its name, Enter selects the first match, Escape
    /// closes the search (the selection stays); else walks the list from the top.
    func select(_ name: String, window: String) {
        sendKeys("ctrl+f", to: window)
        type(String(name.dropLast(4)), to: window)
        _ = waitForTree(timeout: 5) { $0.photoNames == [name] }
        sendKeys("Return", "Escape", to: window)
        if waitForTree(timeout: 3, { $0.photoNames.count > 1 && $0.selectedPhotoName == name })
            .selectedPhotoName == name
        {
            return
        }
        sendKeys("Home", to: window)
        for _ in AppFixture.sampleNames {
            if waitForTree(timeout: 1, { $0.selectedPhotoName == name }).selectedPhotoName == name { return }
            sendKeys("Down", to: window)
        }
    }

    /// The most memory the app has held at once (VmHWM in /proc), in bytes.
    var peakMemory: Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        else { return nil }
        return kilobytes * 1024
    }

    /// Activates one of the application's actions over D-Bus (`org.gtk.Actions`, as
    /// `gapplication action` does): what a menu item for that action does when clicked.
    /// `parameter` is the target in GVariant text (`"'dark'"`), as a menu item's target;
    /// `objectPath` the window's (`…/window/1`, as GtkApplicationWindow exports its actions)
    /// for one of the window's.
    func activateAction(_ name: String, parameter: String? = nil, objectPath: String = "/io/github/lightbox/Lightbox") -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/gdbus")
        process.arguments = [
            "call", "--session", "--dest", "io.github.lightbox.Lightbox",
            "--object-path", objectPath,
            "--method", "org.gtk.Actions.Activate", name,
            parameter.map { "[<\($0)>]" } ?? "[]", "{}",
        ]
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = session.address
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// Types text into the focused widget.
    func type(_ text: String, to window: String) {
        Process.output("/usr/bin/xdotool", ["windowfocus", "--sync", window])
        Process.output("/usr/bin/xdotool", ["type", "--delay", "40", text])
    }

    /// Saves a window (the whole screen when nil) under test-artifacts/NAME.png and
    /// checks it is not blank or a single colour.
    @discardableResult
    func screenshot(_ name: String, window: String? = nil, file: StaticString = #filePath, line: UInt = #line) -> URL {
        try? FileManager.default.createDirectory(at: AppFixture.artifacts, withIntermediateDirectories: true)
        let url = AppFixture.artifacts.appendingPathComponent("\(name).png")
        // `import` waits forever for a window that is gone with its app.
        guard process.isRunning else {
            XCTFail("no screenshot \(name): the app is not running", file: file, line: line)
            return url
        }
        // Transitions and thumbnails settle: captures are taken until two in a row show the
        // same picture, but for a few hundred pixels (a blinking caret, a spinner).
        var image: RasterImage?
        waitUntil(timeout: 5, interval: 0.05) {
            Process.output("/usr/bin/import", ["-window", window ?? "root", url.path])
            let previous = image
            image = RasterImage(contentsOf: url.path)
            guard let image, let previous, image.width == previous.width, image.height == previous.height else {
                return false
            }
            return zip(image.pixels, previous.pixels).lazy.filter { $0 != $1 }.count <= 500
        }
        XCTAssertNotNil(image, "screenshot \(name) was not written", file: file, line: line)
        XCTAssertGreaterThan(
            image?.distinctColorCount(limit: 64) ?? 0, 16,
            "screenshot \(name) is blank or single-coloured", file: file, line: line)
        return url
    }
}

/// What the tree says about photos: the distinct sample file names shown by labels.
extension Array where Element == AccessibleNode {
    var photoNames: Set<String> {
        Set(filter { $0.name.hasPrefix("IMG_") && $0.name.hasSuffix(".jpg") }.map(\.name))
    }

    func contains(role: String, name: String) -> Bool { contains { $0.role == role && $0.name == name } }

    /// The file name shown inside the selected list item (GTK 4.8 reports the selected
    /// row of a focused single-selection list as the focused item).
    var selectedPhotoName: String? {
        guard
            let start = firstIndex(where: {
                $0.role == "list item" && ($0.states.contains("selected") || $0.states.contains("focused"))
            })
        else { return nil }
        let depth = self[start].depth
        for node in self[(start + 1)...] {
            if node.depth <= depth { break }
            if node.name.hasPrefix("IMG_") { return String(node.name.prefix(12)) }
        }
        return nil
    }
}

extension Process {
    @discardableResult
    static func output(_ path: String, _ arguments: [String]) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return "" }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
