import Foundation
@testable import Lightbox
import XCTest

final class CatalogTests: XCTestCase {
    private func makeCatalog() throws -> Catalog {
        try Catalog(path: LibraryFixtures.temporaryFolder(self, name: "catalog") + "/catalog.sqlite")
    }

    func testRescanReadsOnlyNewAndChangedFilesAndDropsRemovedOnes() throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        let paths = LibraryFixtures.copySamples(to: folder, count: 4)
        let sync = CatalogSync(catalog: try makeCatalog())

        let first = try sync.run(folder: folder)
        XCTAssertEqual(first.read, 4)
        XCTAssertEqual(try sync.catalog.photos(in: folder).map(\.path), paths)

        let second = try sync.run(folder: folder)
        XCTAssertEqual(second.read, 0)
        XCTAssertEqual(second.unchanged, 4)

        try FileManager.default.removeItem(atPath: paths[0])
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000)],
                                              ofItemAtPath: paths[1])
        let third = try sync.run(folder: folder)
        XCTAssertEqual(third.read, 1)
        XCTAssertEqual(third.removed, 1)
        XCTAssertEqual(try sync.catalog.photos(in: folder).map(\.path), Array(paths.dropFirst()))
    }

    func testARatingSurvivesARescanOfTheChangedFileAndEmbeddedRatingsSeedNewRows() throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        let paths = LibraryFixtures.copySamples(to: folder, count: 2)  // IMG_1001 carries Xmp.xmp.Rating 2
        let sync = CatalogSync(catalog: try makeCatalog())
        _ = try sync.run(folder: folder)
        XCTAssertEqual(try sync.catalog.photo(at: paths[1])?.rating, 2)

        XCTAssertTrue(try sync.catalog.setRating(5, path: paths[0]))
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: paths[0])
        _ = try sync.run(folder: folder)
        XCTAssertEqual(try sync.catalog.photo(at: paths[0])?.rating, 5)
        XCTAssertFalse(try sync.catalog.setRating(1, path: folder + "/missing.jpg"))
    }

    func testFoldersWithCommonPrefixesAreKeptApart() throws {
        let root = LibraryFixtures.temporaryFolder(self)
        for name in ["a", "a b", "a-2"] {
            try FileManager.default.createDirectory(atPath: root + "/" + name, withIntermediateDirectories: true)
            LibraryFixtures.copySamples(to: root + "/" + name, count: 1)
        }
        let sync = CatalogSync(catalog: try makeCatalog())
        _ = try sync.run(folder: root)
        _ = try sync.run(folder: root + "/a")
        XCTAssertEqual(try sync.catalog.photos(in: root + "/a").count, 1)
        XCTAssertEqual(try sync.catalog.photos(in: root).count, 3, "scanning a/ keeps the rows of a b/ and a-2/")
    }

    func testACorruptCatalogIsMovedAsideAndRebuilt() throws {
        for garbage in ["this is not a database", "SQLite format 3\0" + String(repeating: "\u{7}", count: 5000)] {
            let path = LibraryFixtures.temporaryFolder(self, name: "catalog") + "/catalog.sqlite"
            try garbage.write(toFile: path, atomically: true, encoding: .utf8)

            let catalog = try Catalog(path: path)

            let aside = try XCTUnwrap(catalog.movedAsidePath)
            XCTAssertEqual(try String(contentsOfFile: aside, encoding: .utf8), garbage, "the damaged file is kept")
            _ = try CatalogSync(catalog: catalog).run(folder: LibraryFixtures.samples)
            XCTAssertEqual(try catalog.photos(in: LibraryFixtures.samples).count, LibraryFixtures.samplePaths.count)
            XCTAssertNil(try Catalog(path: path).movedAsidePath, "the rebuilt catalog opens cleanly")
        }
    }

    func testAnUnwritableCatalogLocationIsAnError() {
        XCTAssertThrowsError(try Catalog(path: LibraryFixtures.samplePaths[0] + "/catalog.sqlite"))
    }
}
