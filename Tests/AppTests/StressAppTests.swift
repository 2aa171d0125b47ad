import Foundation
import GtkTestSupport
import XCTest

/// Culling at full speed through the real binary: commands from the shortcut table at 20 a
/// second, with write-back on over a folder where some files refuse it (each refusal is a
/// message). The app stays up, prints no GLib critical or warning, quits with 0, and the
/// catalog and the files hold what the app showed the commands did.
final class StressAppTests: GtkTestCase {
    /// Files that take a row but refuse write-back: a cut-off JPEG, text and nothing, named as photos.
    static let damaged = ["broken-cut.jpg", "broken-text.jpg", "broken-empty.jpg"]

    func testTwoHundredCommandsAtTwentyASecondKeepTheAppUpAndTheCatalogTrue() throws {
        let fixture = try AppFixture()
        try Self.addDamagedFiles(to: fixture.folder)
        try Self.turnOnWriteBack(home: fixture.home)
        let total = AppFixture.sampleNames.count + Self.damaged.count
        let (app, window) = try fixture.launch()
        defer { app.terminate() }
        _ = app.waitForTree { $0.photoNames.count == AppFixture.sampleNames.count }

        // Bursts whose outcome is known: the last of seven ratings pressed 50 ms apart wins;
        // five rejects in a row reject five photos, two undos take two back, three deletes
        // trash three files.
        app.select("IMG_1000.jpg", window: window)
        _ = app.waitForTree { $0.photoNames.count == AppFixture.sampleNames.count && $0.selectedPhotoName == "IMG_1000.jpg" }
        app.sendKeysQuickly(["1", "2", "3", "4", "5", "0", "4"], to: window)
        XCTAssertTrue(waitUntil(timeout: 10) { fixture.rating(of: "IMG_1000.jpg") == 4 }, "the last rating pressed")
        app.sendKeysQuickly(["9", "9", "9", "9", "9"], to: window)
        XCTAssertTrue(
            waitUntil(timeout: 10) { fixture.rejectedCount() == 5 },
            "five photos rejected: \(fixture.catalogRows().filter(\.value.rejected).keys.sorted())")
        app.sendKeysQuickly(["ctrl+z", "ctrl+z"], to: window)
        XCTAssertTrue(waitUntil(timeout: 10) { fixture.rejectedCount() == 3 }, "two rejects undone: \(fixture.rejectedCount())")
        app.sendKeysQuickly(["Delete", "Delete", "Delete"], to: window)
        XCTAssertTrue(waitUntil(timeout: 10) { fixture.filesInFolder().count == total - 3 }, "three files in the trash")
        XCTAssertTrue(app.process.isRunning, "up after the bursts")

        var generator = SeededGenerator(seed: 39)
        let commands = (0..<200).map { _ in Self.commands.randomElement(using: &generator)! }
        app.sendKeysQuickly(commands, to: window)
        XCTAssertTrue(app.process.isRunning, "up after 200 commands: \(app.printed)")

        // Back to the list of all photos (a search the keys may have started ended), where
        // every row says its rating.
        app.sendKeysQuickly(["Escape", "Escape", "ctrl+1", "alt+1", "ctrl+f", "ctrl+a", "BackSpace", "Escape"], to: window)
        var mismatch: String? = "not checked"
        waitUntil(timeout: 20, interval: 0.5) {
            mismatch = fixture.mismatch(with: app.accessibilityTree(), total: total)
            return mismatch == nil
        }
        XCTAssertNil(mismatch, "the app's rows, the catalog and the files agree")
        app.screenshot("stress-after", window: window)

        app.sendKeys("ctrl+q", to: window)
        XCTAssertEqual(app.waitForExit(timeout: 20), 0, "quits cleanly")
        let printed = app.printed
        XCTAssertFalse(printed.contains("CRITICAL"), printed)
        XCTAssertFalse(printed.contains("-WARNING **"), printed)
    }

    /// The keys a person culls with (the shortcut table), weighted as culling goes: rejects,
    /// ratings, undo and redo, trash, next unrated, pages, list and grid, the photo page and back,
    /// zoom (the photo page's, the grid's thumbnails).
    static let commands: [String] =
        Array(repeating: "9", count: 4) + Array(repeating: "ctrl+z", count: 3) + Array(repeating: "ctrl+shift+z", count: 2)
        + [
            "Delete", "Delete", "0", "1", "2", "3", "4", "5", "u", "shift+u", "ctrl+1", "ctrl+2", "ctrl+3", "ctrl+4",
            "alt+1", "alt+2", "Return", "Return", "Escape", "Escape", "Left", "Right", "Down", "Up",
            "ctrl+plus", "ctrl+minus", "ctrl+0",
        ]

    static func addDamagedFiles(to folder: URL) throws {
        let sample = try Data(contentsOf: AppFixture.samples.appendingPathComponent("IMG_1003.jpg"))
        try sample.prefix(2000).write(to: folder.appendingPathComponent(damaged[0]))
        try Data("not a photo\n".utf8).write(to: folder.appendingPathComponent(damaged[1]))
        try Data().write(to: folder.appendingPathComponent(damaged[2]))
    }

    static func turnOnWriteBack(home: URL) throws {
        let settings = home.appendingPathComponent("config/glib-2.0/settings")
        try FileManager.default.createDirectory(at: settings, withIntermediateDirectories: true)
        try "[io/github/lightbox/Lightbox]\nsave-metadata-in-files=true\n"
            .write(to: settings.appendingPathComponent("keyfile"), atomically: true, encoding: .utf8)
    }
}

extension LaunchedApp {
    /// Real key presses 50 ms apart (20 a second), as one burst.
    func sendKeysQuickly(_ keys: [String], to window: String) {
        Process.output("/usr/bin/xdotool", ["windowfocus", "--sync", window])
        Process.output("/usr/bin/xdotool", ["key", "--clearmodifiers", "--delay", "50"] + keys)
    }
}

extension AppFixture {
    /// The file names in the library folder.
    func filesInFolder() -> Set<String> {
        Set((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }
    }

    /// How many photos the catalog has rejected.
    func rejectedCount() -> Int {
        Int(
            Process.output("/usr/bin/sqlite3", [catalogPath, "SELECT count(*) FROM photo WHERE rejected != 0"])
                .trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    /// The catalog's rating and reject of every photo, by file name.
    func catalogRows() -> [String: (rating: Int, rejected: Bool)] {
        let output = Process.output("/usr/bin/sqlite3", ["-separator", "\t", catalogPath, "SELECT path, rating, rejected FROM photo"])
        var rows: [String: (rating: Int, rejected: Bool)] = [:]
        for line in output.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 3, let rating = Int(fields[1]), let rejected = Int(fields[2]) else { continue }
            rows[(String(fields[0]) as NSString).lastPathComponent] = (rating, rejected != 0)
        }
        return rows
    }

    /// What disagrees between the files, the trash, the catalog and the rows the app shows;
    /// nil when nothing does.
    func mismatch(with tree: [AccessibleNode], total: Int) -> String? {
        let files = filesInFolder()
        let trashed = Set(
            (try? FileManager.default.contentsOfDirectory(
                atPath: home.appendingPathComponent("data/Trash/files").path)) ?? [])
        guard files.count + trashed.count == total, files.isDisjoint(with: trashed) else {
            return "files lost: \(files.count) in the folder, \(trashed.count) in the trash, of \(total)"
        }
        let rows = catalogRows()
        if let missing = files.first(where: { rows[$0] == nil }) { return "\(missing) has no catalog row" }
        if let stale = trashed.first(where: { rows[$0] != nil }) { return "\(stale) is in the trash and in the catalog" }
        let rejected = files.filter { rows[$0]?.rejected == true }.count
        let hidden = tree.first { $0.role == "label" && $0.name.hasSuffix(" hidden") && $0.name.contains("rejected photo") }
        let shown = tree.first { $0.role == "label" && $0.name.hasSuffix(" shown") && $0.name.contains("rejected photo") }
        let bar = hidden ?? shown
        if rejected > 0, bar?.name.hasPrefix("\(rejected) rejected photo") != true {
            let names = files.filter { rows[$0]?.rejected == true }.sorted()
            return "\(rejected) rejected in the catalog (\(names)), the bar says \(bar?.name ?? "nothing")"
        }
        let expectedRows = hidden == nil ? files : files.filter { rows[$0]?.rejected != true }
        for name in expectedRows {
            // The row's readout: "IMG_1000.jpg, 22 February 2024 15:31, Rated 4 stars".
            guard let readout = tree.first(where: { $0.name.hasPrefix(name + ", ") })?.name else {
                return "no row for \(name)"
            }
            guard let row = rows[name] else { continue }
            // A damaged file's row says what is wrong with it instead of its stars.
            guard ["Rejected", "Rated ", "Not rated"].contains(where: readout.contains) else { continue }
            let saysRejected = readout.contains("Rejected")
            if saysRejected != row.rejected { return "\(readout): the catalog says rejected \(row.rejected)" }
            if !row.rejected {
                let stars = row.rating == 0 ? "Not rated" : row.rating == 1 ? "Rated 1 star" : "Rated \(row.rating) stars"
                if !readout.contains(stars) { return "\(readout): the catalog says \(stars)" }
            }
        }
        return nil
    }
}
