import Foundation
import GtkTestSupport
import XCTest

@testable import Lightbox

/// Tests/Fixtures/OtherLibraries' databases with their photos made real: a copy of the
/// database whose paths say `<root>/Bilder` instead of `/home/kari/Bilder`, and there a copy
/// of a sample photo under each name (胡同.jpg is IMG_1013.jpg, which has 4 stars of its
/// own; the others IMG_1000.jpg, none) and a file for Shotwell's video.
@MainActor
struct LibraryImportFixture {
    static let photoNames = [
        "Bergen/brygge.jpg", "Bergen/fjord-ærø.jpg", "Bergen/regn.jpg", "北京/长城.jpg", "北京/故宫.jpg", "北京/胡同.jpg", "北京/模糊.jpg",
    ]

    /// The copy of the app's folder (its database and, for darktable, data.db).
    let folder: String
    let database: String
    /// Where the photos are: `Bilder/Bergen`, `Bilder/北京`.
    let bilder: String
    /// The fixture's original files and the copy's, as they were before any import.
    let originals: [String: Data]
    let copied: [String: Data]
    let app: String

    /// `sql` is run on the copy after its paths are rewritten (`{bilder}` stands for `bilder`).
    init(_ app: String, _ test: XCTestCase, sql: String = "") throws {
        self.app = app
        originals = OtherLibraryFixtures.contents(of: OtherLibraryFixtures.folder + "/" + app)
        folder = OtherLibraryFixtures.copy(app, test)
        database = folder + (app == "shotwell" ? "/photo.db" : "/library.db")
        bilder = LibraryFixtures.temporaryFolder(test, name: "home") + "/Bilder"
        for name in Self.photoNames {
            let sample = LibraryFixtures.samples + (name == "北京/胡同.jpg" ? "/IMG_1013.jpg" : "/IMG_1000.jpg")
            try FileManager.default.createDirectory(
                atPath: (bilder + "/" + name as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: sample, toPath: bilder + "/" + name)
        }
        try Data("RIFF".utf8).write(to: URL(fileURLWithPath: bilder + "/Bergen/båt.avi"))
        let rewrite =
            app == "shotwell"
            ? """
            UPDATE PhotoTable SET filename = replace(filename, '/home/kari/Bilder', '\(bilder)');
            UPDATE VideoTable SET filename = replace(filename, '/home/kari/Bilder', '\(bilder)');
            """
            : "UPDATE film_rolls SET folder = replace(folder, '/home/kari/Bilder', '\(bilder)');"
        try OtherLibraryFixtures.execute(rewrite + sql.replacingOccurrences(of: "{bilder}", with: bilder), in: database)
        copied = OtherLibraryFixtures.contents(of: folder)
    }

    func path(_ name: String) -> String { bilder + "/" + name }

    /// The library as the app's reader gives it (English, UTC: Shotwell's event names).
    func read() throws -> OtherLibrary {
        app == "shotwell"
            ? try ShotwellLibrary.read(at: database, locale: Locale(identifier: "en_US_POSIX"), timeZone: TimeZone(identifier: "UTC")!)
            : try DarktableLibrary.read(at: database, timeZone: TimeZone(identifier: "UTC")!)
    }

    /// A Store over `folder` (`bilder` by default), scanned.
    func store(_ test: XCTestCase, folder: String? = nil) -> CatalogStore {
        let catalog = LibraryFixtures.temporaryFolder(test, name: "catalog") + "/catalog.sqlite"
        let store = CatalogStore(
            catalog: try! Catalog(path: catalog),
            images: ImageSource(cache: ThumbnailCache(directory: LibraryFixtures.temporaryFolder(test, name: "thumbs"))))
        store.open(folder: folder ?? bilder)
        pump(until: { !store.isScanning && store.isUpToDate }, timeout: 20, "the scan")
        return store
    }

    /// Neither the fixture nor the copy read was changed by reading it.
    func assertDatabasesUnchanged(file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(
            OtherLibraryFixtures.contents(of: OtherLibraryFixtures.folder + "/" + app), originals, "the fixture", file: file, line: line)
        XCTAssertEqual(OtherLibraryFixtures.contents(of: folder), copied, "the copy imported from", file: file, line: line)
    }
}

/// Runs `importer` to its end on the main loop.
@MainActor
func imported(_ importer: LibraryImport, addingFolders: Bool = false) throws -> LibraryImportResult {
    var outcome: Result<LibraryImportResult, Error>?
    Task {
        do {
            outcome = .success(try await importer.run(addingFolders: addingFolders))
        } catch {
            outcome = .failure(error)
        }
    }
    pump(until: { outcome != nil }, timeout: 30, "the import")
    return try XCTUnwrap(outcome).get()
}

/// `importer`'s preview, on the main loop.
@MainActor
func previewed(_ importer: LibraryImport) throws -> LibraryImportReport {
    var report: LibraryImportReport?
    Task { report = await importer.preview() }
    pump(until: { report != nil }, timeout: 30, "the preview")
    return try XCTUnwrap(report)
}
