import Foundation
import Gtk
import Lightbox
import XCTest

/// GSettings through the `Settings` wrapper, and Lightbox's persisted state.
/// On the main actor, as `GtkTestCase` explains.
@preconcurrency @MainActor
final class SettingsTests: XCTestCase {
    private let id = PackageFiles.appID

    override func setUp() {
        super.setUp()
        // Tests never touch the user's settings.
        setenv("GSETTINGS_BACKEND", "memory", 1)
    }

    func testAppSchemaIsCompiledFromTheSourceTreeNextToTheBinary() throws {
        let binary = try makeTemporaryDirectory(for: self).appendingPathComponent("bin")
        let settings = try Settings.forApplication(
            id: id, executableDirectory: binary.path,
            sourceDataDirectory: PackageFiles.path("data"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: binary.path + "/schemas/gschemas.compiled"))
        XCTAssertEqual(settings.schemaID, id)
        XCTAssertEqual(settings.string("sort-key"), "date-taken")
        XCTAssertEqual(settings.int("window-width"), 1000)
    }

    func testLightboxSettingsWorkFromTheBuildTree() throws {
        let settings = try Settings.lightbox()
        XCTAssertEqual(settings.schemaID, id)
        let binaryFolder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        XCTAssertTrue(FileManager.default.fileExists(atPath: binaryFolder.path + "/schemas/gschemas.compiled"))
        XCTAssertNotNil(settings.string("last-folder"))
    }

    func testAppSchemaIsFoundInThePrefixTheBinaryIsInstalledIn() throws {
        let prefix = try makeTemporaryDirectory(for: self)
        let schemas = prefix.appendingPathComponent("share/glib-2.0/schemas")
        try FileManager.default.createDirectory(at: schemas, withIntermediateDirectories: true)
        XCTAssertEqual(try runCommand(["glib-compile-schemas", "--targetdir=\(schemas.path)", "data"]).status, 0)
        let settings = try Settings.forApplication(
            id: id,
            executableDirectory: prefix.appendingPathComponent("bin").path,
            sourceDataDirectory: "/nonexistent")
        XCTAssertEqual(settings.bool("window-maximized"), false)
    }

    func testMissingSchemaIsAnError() throws {
        let empty = try makeTemporaryDirectory(for: self).path
        XCTAssertThrowsError(
            try Settings.forApplication(
                id: "org.example.Absent", executableDirectory: empty,
                sourceDataDirectory: empty)
        ) { error in
            guard case Settings.LookupError.schemaNotFound(let id, _) = error else {
                return XCTFail("unexpected \(error)")
            }
            XCTAssertEqual(id, "org.example.Absent")
        }
        XCTAssertThrowsError(try Settings(schemaID: id, compiledIn: empty))
    }

    func testBrokenSchemaInTheSourceTreeIsACompileError() throws {
        let source = try makeTemporaryDirectory(for: self)
        try "<schemalist><schema id=\"org.example.Broken\"><key name=\"x\" type=\"i\"/></schema></schemalist>"
            .write(to: source.appendingPathComponent("org.example.Broken.gschema.xml"), atomically: true, encoding: .utf8)
        XCTAssertThrowsError(
            try Settings.forApplication(
                id: "org.example.Broken",
                executableDirectory: source.appendingPathComponent("bin").path,
                sourceDataDirectory: source.path)
        ) { error in
            guard let failure = error as? SchemaCompileError else {
                return XCTFail("unexpected \(error)")
            }
            XCTAssertFalse(failure.message.isEmpty)
        }
    }

    func testTypedKeysRoundTripAndNotifyChanges() throws {
        let settings = try testSettings()
        var changed: [String] = []
        let connection = settings.onChange { changed.append($0) }
        XCTAssertTrue(settings.set("flag", true))
        XCTAssertTrue(settings.set("count", 42))
        XCTAssertTrue(settings.set("zoom", 1.5))
        XCTAssertTrue(settings.set("title", "Holidays"))
        MainLoop.run(until: { changed.count == 4 }, timeout: 2)
        XCTAssertEqual(settings.bool("flag"), true)
        XCTAssertEqual(settings.int("count"), 42)
        XCTAssertEqual(settings.double("zoom"), 1.5)
        XCTAssertEqual(settings.string("title"), "Holidays")
        XCTAssertEqual(changed, ["flag", "count", "zoom", "title"])
        settings.reset("count")
        XCTAssertEqual(settings.int("count"), 7)
        connection.disconnect()
    }

    func testUnknownKeysWrongTypesAndOutOfRangeValuesAreRefused() throws {
        let settings = try testSettings()
        XCTAssertNil(settings.bool("no-such-key"))
        XCTAssertFalse(settings.set("no-such-key", true))
        XCTAssertNil(settings.int("flag"), "flag is a boolean")
        XCTAssertNil(settings.string("count"), "count is an integer")
        XCTAssertFalse(settings.set("zoom", "big"))
        XCTAssertFalse(settings.set("count", 1000), "above the range's maximum")
        XCTAssertFalse(settings.set("count", Int(Int32.max) + 1))
        XCTAssertFalse(settings.set("mode", "sideways"), "not one of the choices")
        XCTAssertTrue(settings.set("mode", "grid"))
        XCTAssertEqual(settings.int("count"), 7, "a refused value leaves the key unchanged")
        XCTAssertEqual(settings.string("mode"), "grid")
    }

    func testPersistedStateRoundTripsThroughTheAppSchema() throws {
        let settings = try appSettings()
        XCTAssertEqual(PersistedState(from: settings), PersistedState(), "the schema's defaults")
        let state = PersistedState(
            windowWidth: 1400, windowHeight: 900, isMaximized: true, panePosition: 620,
            page: .albums, sortKey: .camera, sortAscending: true,
            showsRejected: true, minimumRating: 3, lastFolder: "/home/ada/Pictures/2024")
        XCTAssertEqual(state.save(to: settings), [])
        XCTAssertEqual(PersistedState(from: settings), state)
        XCTAssertEqual(settings.string("current-page"), "albums")
        XCTAssertEqual(settings.string("sort-key"), "camera")
        XCTAssertEqual(settings.bool("show-rejected"), true)
        XCTAssertEqual(settings.int("minimum-rating"), 3)
        var cleared = state
        cleared.lastFolder = nil
        cleared.save(to: settings)
        XCTAssertEqual(settings.string("last-folder"), "")
        XCTAssertNil(PersistedState(from: settings).lastFolder)
    }

    func testPersistedStateReportsRefusedKeysAndKeepsTheirOldValues() throws {
        let settings = try appSettings()
        let tiny = PersistedState(windowWidth: 10, windowHeight: 10)
        XCTAssertEqual(tiny.save(to: settings), ["window-width", "window-height"])
        XCTAssertEqual(PersistedState(from: settings).windowWidth, 1000)
        let sixStars = PersistedState(minimumRating: 6)
        XCTAssertEqual(sixStars.save(to: settings), ["minimum-rating"], "a rating is 0 to 5 stars")
        XCTAssertEqual(PersistedState(from: settings).minimumRating, 0)
    }

    // MARK: Helpers

    /// Lightbox's schema, compiled for this test, with every key at its default.
    @MainActor
    private func appSettings() throws -> Settings {
        let binary = try makeTemporaryDirectory(for: self).appendingPathComponent("bin")
        let settings = try Settings.forApplication(
            id: id, executableDirectory: binary.path,
            sourceDataDirectory: PackageFiles.path("data"))
        for key in [
            "window-width", "window-height", "window-maximized", "pane-position", "current-page",
            "sort-key", "sort-ascending", "show-rejected", "minimum-rating", "last-folder",
        ] {
            settings.reset(key)
        }
        return settings
    }

    /// A schema with a key of every type the wrapper reads, compiled into a temporary folder.
    @MainActor
    private func testSettings() throws -> Settings {
        let folder = try makeTemporaryDirectory(for: self)
        let schema = """
            <schemalist>
              <schema id="org.example.SettingsTest" path="/org/example/SettingsTest/">
                <key name="flag" type="b"><default>false</default></key>
                <key name="count" type="i"><range min="0" max="100"/><default>7</default></key>
                <key name="zoom" type="d"><default>1.0</default></key>
                <key name="title" type="s"><default>''</default></key>
                <key name="mode" type="s">
                  <choices><choice value="list"/><choice value="grid"/></choices>
                  <default>'list'</default>
                </key>
              </schema>
            </schemalist>
            """
        try schema.write(
            to: folder.appendingPathComponent("org.example.SettingsTest.gschema.xml"),
            atomically: true, encoding: .utf8)
        let compile = try runCommand(["glib-compile-schemas", "--strict", folder.path])
        XCTAssertEqual(compile.status, 0, compile.output)
        let settings = try Settings(schemaID: "org.example.SettingsTest", compiledIn: folder.path)
        for key in ["flag", "count", "zoom", "title", "mode"] { settings.reset(key) }
        return settings
    }
}

extension SettingsTests {
    func testPhotosViewAndGridThumbnailSizeRoundTripAndRefuseWhatTheSchemaDoesNot() throws {
        let settings = try appSettings()
        settings.reset("photos-view")
        settings.reset("grid-thumbnail-size")
        XCTAssertEqual(PersistedState(from: settings).photosView, .list, "the list by default")
        XCTAssertEqual(PersistedState(from: settings).gridThumbnailSize, 160)
        var state = PersistedState()
        state.photosView = .grid
        state.gridThumbnailSize = 240
        XCTAssertEqual(state.save(to: settings), [])
        XCTAssertEqual(settings.string("photos-view"), "grid")
        XCTAssertEqual(settings.int("grid-thumbnail-size"), 240)
        XCTAssertEqual(PersistedState(from: settings).photosView, .grid)
        state.gridThumbnailSize = 1_000
        XCTAssertEqual(state.save(to: settings), ["grid-thumbnail-size"], "96 to 320 pixels")
        XCTAssertEqual(PersistedState(from: settings).gridThumbnailSize, 240, "the refused size keeps the last one")
        XCTAssertFalse(settings.set("photos-view", "mosaic"), "only list or grid")
        XCTAssertEqual(PersistedState(from: settings).photosView, .grid)
    }
}
