import Foundation
import GtkTestSupport
import XCTest

/// `lightbox --import-from`, the real binary in a private home: the report, the exit status,
/// and what `lightbox --list` shows afterwards.
final class ImportCommandTests: GtkTestCase {
    private static let fixtures = AppFixture.packageRoot.appendingPathComponent("Tests/Fixtures/OtherLibraries").path
    private static let names = [
        "Bergen/brygge.jpg", "Bergen/fjord-ærø.jpg", "Bergen/regn.jpg", "北京/长城.jpg", "北京/故宫.jpg", "北京/胡同.jpg", "北京/模糊.jpg",
    ]

    /// A private home with `Bilder/` holding the fixture's photos (copies of IMG_1000.jpg) and,
    /// at `database`, a copy of Shotwell's fixture pointing at them (its video left out).
    private func makeHome(database: ((URL) -> String)? = nil) throws -> (home: URL, database: String, bilder: String) {
        let home = try LaunchedApp.makeHome()
        addTeardownBlock { try? FileManager.default.removeItem(at: home) }
        let bilder = home.appendingPathComponent("Bilder").path
        for name in Self.names {
            try FileManager.default.createDirectory(
                atPath: (bilder + "/" + name as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: AppFixture.samples.path + "/IMG_1000.jpg", toPath: bilder + "/" + name)
        }
        let target = database?(home) ?? home.appendingPathComponent("shotwell.db").path
        try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.fixtures + "/shotwell/photo.db", toPath: target)
        XCTAssertEqual(
            sqlite(
                target,
                "UPDATE PhotoTable SET filename = replace(filename, '/home/kari/Bilder', '\(bilder)'); SELECT changes(); DELETE FROM VideoTable;"
            ),
            "7\n")
        return (home, target, bilder)
    }

    private func sqlite(_ database: String, _ sql: String) -> String {
        Process.output("/usr/bin/sqlite3", [database, sql])
    }

    /// `lightbox --list folder`'s rows by file name.
    private func listed(_ folder: String, home: URL) throws -> [String: [String: Any]] {
        let result = try LaunchedApp.run(["--list", folder], home: home)
        XCTAssertEqual(result.status, 0, result.output)
        var rows: [String: [String: Any]] = [:]
        for line in result.output.split(separator: "\n") {
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], String(line))
            rows[String((object["path"] as! String).dropFirst(folder.count + 1))] = object
        }
        return rows
    }

    func testShotwellsLibraryIsBroughtAcrossAndListedWithItsAlbums() throws {
        let (home, database, bilder) = try makeHome()
        let outside = try LaunchedApp.run(["--import-from", "shotwell", database], home: home)
        XCTAssertEqual(outside.status, 1, outside.output)
        XCTAssertTrue(
            outside.output.hasSuffix(
                """
                0 photos came across.
                7 photos are outside the library's folders; add these folders to the library to bring them along:
                  \(bilder) (7 photos)

                """), outside.output)

        let result = try LaunchedApp.run(["--import-from", "shotwell", database, "--add-folders"], home: home)
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertEqual(
            result.output,
            """
            From the Shotwell library \(database):
            7 photos came across.
              5 photos got their stars
              1 photo was rejected
              4 photos got keywords
              3 photos got titles
              2 photos got captions
            4 albums made:
              Sommer i Bergen
              Sat Jul 15, 2023
              北京之旅
              Wed Apr 3, 2024
            1 folder was added to the library first:
              \(bilder)

            """)

        let rows = try listed(bilder, home: home)
        XCTAssertEqual(rows.count, 7)
        let brygge = try XCTUnwrap(rows["Bergen/brygge.jpg"])
        XCTAssertEqual(brygge["rating"] as? Int, 5)
        XCTAssertEqual(brygge["keywords"] as? [String], ["Familie", "Places|Norway|Bergen", "Red", "Sommer"])
        XCTAssertEqual(brygge["title"] as? String, "Bryggen i Bergen")
        XCTAssertEqual(brygge["caption"] as? String, "Tyskebryggen en tidlig morgen")
        XCTAssertEqual(brygge["albums"] as? [String], ["Sommer i Bergen"])
        XCTAssertEqual(rows["北京/长城.jpg"]?["albums"] as? [String], ["北京之旅"])
        XCTAssertEqual(rows["北京/模糊.jpg"]?["rejected"] as? Bool, true)
        XCTAssertEqual(rows["北京/模糊.jpg"]?["albums"] as? [String], ["Wed Apr 3, 2024"])
        XCTAssertEqual(rows["北京/胡同.jpg"]?["rating"] as? Int, 0)
        XCTAssertEqual(try listed(AppFixture.samples.path, home: home)["IMG_1000.jpg"]?["albums"] as? [String], [], "no albums: []")

        let again = try LaunchedApp.run(["--import-from", "shotwell", database], home: home)
        XCTAssertEqual(again.status, 0, again.output)
        XCTAssertTrue(again.output.hasSuffix("7 photos came across.\n  Nothing changed: Lightbox had every value already.\n"), again.output)
    }

    /// The window: the bar offers Shotwell's library at launch; the main menu's Bring a Library
    /// Along… shows what would come and brings it; Ctrl+Z takes it back.
    func testTheWindowOffersShotwellsLibraryBringsItAndUndoTakesItBack() throws {
        let (home, _, bilder) = try makeHome { $0.appendingPathComponent("data/shotwell/data/photo.db").path }
        let catalog = home.appendingPathComponent("data/io.github.lightbox.Lightbox/catalog.sqlite").path
        let app = try LaunchedApp.start([bilder], home: home, locale: TestLocale.standard)
        defer { app.terminate() }
        let offer = app.waitForTree { $0.contains { $0.name.hasPrefix("Your Shotwell library can come along") } }
        XCTAssertTrue(offer.contains { $0.name.hasPrefix("Your Shotwell library can come along") }, "the bar at launch")
        XCTAssertTrue(offer.contains(role: "push button", name: "Bring Along…"))
        guard let window = app.waitForWindow(named: "Bilder") else { return XCTFail("no window: \(app.printed)") }
        app.sendKeys("F10", "b", to: window)
        guard let importWindow = app.waitForWindow(named: "Bring a Library Along") else { return XCTFail("no import window") }
        app.sendKeys("alt+l", to: importWindow)
        let preview = app.waitForTree { $0.contains { $0.name.hasPrefix("Shotwell knows 7 photos.") } }
        let text = preview.first { $0.name.hasPrefix("Shotwell knows 7 photos.") }?.name ?? ""
        XCTAssertEqual(
            text,
            """
            Shotwell knows 7 photos.
            7 of them are in the library:
              • 5 photos get their stars
              • 1 photo is rejected
              • 4 photos get keywords
              • 3 photos get titles
              • 2 photos get captions
            4 albums come from its events.
            """)
        app.screenshot("import-preview", window: importWindow)
        app.sendKeys("alt+b", to: importWindow)
        let done = app.waitForTree { $0.contains { $0.name.hasPrefix("From the Shotwell library") } }
        XCTAssertTrue(done.contains { $0.name.contains("7 photos came across.") }, "what came across")
        XCTAssertEqual(sqlite(catalog, "SELECT count(*) FROM album"), "4\n")
        XCTAssertFalse(offer.isEmpty)
        app.sendKeys("Escape", to: importWindow)
        app.sendKeys("ctrl+z", to: window)
        waitUntil(timeout: 5, interval: 0.1) { self.sqlite(catalog, "SELECT count(*) FROM album") == "0\n" }
        XCTAssertEqual(sqlite(catalog, "SELECT count(*) FROM album"), "0\n", "one undo takes the albums back")
        XCTAssertEqual(
            sqlite(catalog, "SELECT count(*) FROM photo WHERE rating > 0 OR title IS NOT NULL"), "0\n", "and the stars and titles")
        app.sendKeys("ctrl+q", to: window)
        XCTAssertEqual(app.waitForExit(timeout: 10), 0)
        let relaunched = try LaunchedApp.start([bilder], home: home, locale: TestLocale.standard)
        defer { relaunched.terminate() }
        _ = relaunched.waitForWindow(named: "Bilder")
        let tree = relaunched.waitForTree(timeout: 3) { $0.contains { $0.name.hasPrefix("Your Shotwell library") } }
        XCTAssertFalse(tree.contains { $0.name.hasPrefix("Your Shotwell library") }, "answered once, not offered again")
    }

    func testTheDefaultDatabaseIsTheAppsOwnUnderXDGDataHome() throws {
        let (home, database, _) = try makeHome { $0.appendingPathComponent("data/shotwell/data/photo.db").path }
        let result = try LaunchedApp.run(["--import-from", "shotwell", "--add-folders"], home: home)
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertTrue(result.output.hasPrefix("From the Shotwell library \(database):\n7 photos came across.\n"), result.output)
        let darktable = try LaunchedApp.run(["--import-from", "darktable"], home: home)
        XCTAssertEqual(darktable.status, 2)
        XCTAssertEqual(darktable.output, "lightbox: There is no database at \(home.path)/config/darktable/library.db.\n")
    }

    func testADatabaseThatCantBeReadExits2AndChangesNothing() throws {
        let (home, database, bilder) = try makeHome()
        XCTAssertEqual(try LaunchedApp.run(["--import-from", "shotwell", database, "--add-folders"], home: home).status, 0)
        let before = try LaunchedApp.run(["--list", bilder], home: home)
        let catalog = home.appendingPathComponent("data/io.github.lightbox.Lightbox/catalog.sqlite").path
        let rows = sqlite(catalog, "SELECT path, rating, title FROM photo ORDER BY path; SELECT name FROM album ORDER BY name;")

        let damaged = home.appendingPathComponent("damaged.db").path
        try Data(repeating: 0x5a, count: 4096).write(to: URL(fileURLWithPath: damaged))
        let notSQLite = try LaunchedApp.run(["--import-from", "shotwell", damaged], home: home)
        XCTAssertEqual(notSQLite.status, 2)
        XCTAssertEqual(notSQLite.output, "lightbox: \(damaged) is damaged (not an SQLite database).\n")

        let darktable = home.appendingPathComponent("darktable").path
        try FileManager.default.copyItem(atPath: Self.fixtures + "/darktable", toPath: darktable)
        let other = try LaunchedApp.run(["--import-from", "shotwell", darktable + "/library.db", "--add-folders"], home: home)
        XCTAssertEqual(other.status, 2)
        XCTAssertTrue(other.output.hasPrefix("lightbox: \(darktable)/library.db is not a Shotwell library: it is "), other.output)

        let holder = try SQLiteLockHolder(path: database)
        let locked = try LaunchedApp.run(["--import-from", "shotwell", database], home: home)
        holder.release()
        holder.process.waitUntilExit()
        XCTAssertEqual(locked.status, 2)
        XCTAssertEqual(locked.output, "lightbox: Shotwell is using \(database): close Shotwell and try again.\n")

        XCTAssertEqual(sqlite(catalog, "SELECT path, rating, title FROM photo ORDER BY path; SELECT name FROM album ORDER BY name;"), rows)
        let after = try LaunchedApp.run(["--list", bilder], home: home)
        XCTAssertEqual(after.output, before.output, "the catalog as it was")
    }

    func testAWrongCommandLineOrACatalogThatCantBeWrittenExits2() throws {
        let (home, database, _) = try makeHome()
        let wrong = try LaunchedApp.run(["--import-from", "picasa"], home: home)
        XCTAssertEqual(wrong.status, 2)
        XCTAssertEqual(
            wrong.output,
            "lightbox: --import-from needs shotwell or darktable (not picasa)\nusage: lightbox --import-from shotwell|darktable [PATH] [--add-folders]\n"
        )
        let option = try LaunchedApp.run(["--import-from", "darktable", database, "--all"], home: home)
        XCTAssertEqual(option.status, 2)
        XCTAssertTrue(option.output.hasPrefix("lightbox: unknown option --all for --import-from\n"), option.output)
        let two = try LaunchedApp.run(["--import-from", "darktable", database, database], home: home)
        XCTAssertEqual(two.status, 2)
        XCTAssertTrue(two.output.hasPrefix("lightbox: --import-from takes one PATH\n"), two.output)

        let readOnly = try LaunchedApp.run(
            ["--import-from", "shotwell", database], home: home, variables: ["XDG_DATA_HOME": database])
        XCTAssertEqual(readOnly.status, 2)
        XCTAssertTrue(readOnly.output.hasPrefix("lightbox: nothing was brought across: "), readOnly.output)
    }
}
