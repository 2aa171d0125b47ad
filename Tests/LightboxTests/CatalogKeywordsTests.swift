import Foundation
import GRDB
import GtkTestSupport
import XCTest

@testable import Lightbox

/// Keywords in the catalog's tables of their own (`keyword`, `photo_keyword`).
final class CatalogKeywordsTests: XCTestCase {
    private func catalogPath() -> String {
        LibraryFixtures.temporaryFolder(self, name: "catalog") + "/catalog.sqlite"
    }

    private func photo(_ path: String, keywords: [String] = [], rating: Int = 0) -> Photo {
        var photo = Photo(path: path, fileSize: 100, modified: 1)
        photo.width = 600
        photo.height = 400
        photo.keywords = keywords
        photo.rating = rating
        return photo
    }

    /// The keyword tables' rows, as `photo id: name, name…` in order, and the names kept.
    private func tables(_ catalog: Catalog) throws -> (links: [String], names: [String]) {
        try catalog.database.read { db in
            let links = try Row.fetchAll(
                db,
                sql: """
                    SELECT photo_keyword.photo, group_concat(name, ', ') FROM (SELECT * FROM photo_keyword ORDER BY photo, position)
                    AS photo_keyword JOIN keyword ON keyword.id = photo_keyword.keyword GROUP BY photo_keyword.photo ORDER BY photo
                    """
            ).map { "\($0[0] as Int64): \($0[1] as String)" }
            return (links, try String.fetchAll(db, sql: "SELECT name FROM keyword ORDER BY name"))
        }
    }

    func testACatalogOfTheLastVersionOpensWithEveryKeywordInItsOrder() throws {
        let path = catalogPath()
        do {
            let queue = try DatabaseQueue(path: path)
            try Catalog.migrator.migrate(queue, upTo: "v7-photo-identity")
            try queue.write { db in
                let rows: [(String, String?)] = [
                    ("/p/a.jpg", "zeta\nPlaces|Norway|Bergen\nalpha"),
                    ("/p/b.jpg", nil),
                    ("/p/c.jpg", "alpha\nBergen\nbergen\nalpha"),
                    ("/p/d.jpg", "Places|Norway"),
                ]
                for (path, keywords) in rows {
                    try db.execute(
                        sql: """
                            INSERT INTO photo (path, fileSize, modified, width, height, orientation, rating, keywords)
                            VALUES (?, 1, 1, 600, 400, 1, 2, ?)
                            """, arguments: [path, keywords])
                }
            }
        }
        let catalog = try Catalog(path: path)
        let expected: [[String]] = [
            ["zeta", "Places|Norway|Bergen", "alpha"], [], ["alpha", "Bergen", "bergen"], ["Places|Norway"],
        ]
        XCTAssertEqual(try catalog.photos(in: "/p").map(\.keywords), expected, "a keyword twice on a photo is kept once")
        XCTAssertEqual(try catalog.photo(at: "/p/a.jpg")?.keywords, expected[0])
        XCTAssertEqual(try catalog.photos(in: "/p").map(\.rating), [2, 2, 2, 2])
        XCTAssertEqual(
            try tables(catalog).names, ["Bergen", "Places|Norway", "Places|Norway|Bergen", "alpha", "bergen", "zeta"],
            "each keyword once, whatever photos have it")
        let columns = try catalog.database.read { db in try db.columns(in: "photo").map(\.name) }
        XCTAssertFalse(columns.contains("keywords"), "the column they were in is gone")
    }

    func testSavingAndEditingKeepEachPhotosKeywordsAndForgetTheUnused() throws {
        let catalog = try Catalog(path: catalogPath())
        try catalog.save([photo("/p/a.jpg", keywords: ["harbour", "A|B"]), photo("/p/b.jpg"), photo("/p/c.jpg", keywords: ["A|B"])])
        // A file read again: the catalog's keywords stay, whatever the file says now.
        let saved = try catalog.save([photo("/p/a.jpg", keywords: ["from the file"]), photo("/p/b.jpg", keywords: ["new"])])
        XCTAssertEqual(saved.photos.map(\.keywords), [["harbour", "A|B"], []])
        XCTAssertEqual(try catalog.photos(in: "/p").map(\.keywords), [["harbour", "A|B"], [], ["A|B"]])

        XCTAssertEqual(
            try catalog.setMetadata([
                "/p/a.jpg": PhotoMetadata(rating: 4, keywords: ["A|B", "Line\nbreak"]),
                "/p/c.jpg": PhotoMetadata(rating: 1, keywords: []),
                "/p/gone.jpg": PhotoMetadata(rating: 1, keywords: ["never"]),
            ]), ["/p/gone.jpg"])
        XCTAssertEqual(try catalog.photos(in: "/p").map(\.keywords), [["A|B", "Line break"], [], []])
        XCTAssertEqual(try catalog.photos(in: "/p").map(\.rating), [4, 0, 1])
        XCTAssertEqual(try tables(catalog).names, ["A|B", "Line break"], "keywords no photo has leave the table")

        // Taken out (the trash) and put back (undo): the links go with the row and come back with it.
        let a = try XCTUnwrap(catalog.photo(at: "/p/a.jpg"))
        try catalog.remove(paths: ["/p/a.jpg"])
        XCTAssertEqual(try tables(catalog).links, [])
        try catalog.restore([a])
        XCTAssertEqual(try catalog.photo(at: "/p/a.jpg")?.keywords, ["A|B", "Line break"])
        XCTAssertEqual(try tables(catalog).links.count, 1)
    }

    func testRowsReadBackFromADamagedCatalogKeepTheirKeywords() throws {
        let path = catalogPath()
        try Catalog(path: path).save([photo("/p/a.jpg", keywords: ["b", "A|B"]), photo("/p/b.jpg"), photo("/p/c.jpg", keywords: ["b"])])
        XCTAssertEqual(CatalogRecovery.readableRows(of: path).map(\.keywords), [["b", "A|B"], [], ["b"]])
    }

    func testAKeywordsPhotosAreFoundThroughTheIndexWhateverItsCase() throws {
        let catalog = try Catalog(path: catalogPath())
        try catalog.save([
            photo("/p/a.jpg", keywords: ["Bergen"]), photo("/p/b.jpg", keywords: ["bergen", "Oslo"]), photo("/p/c.jpg"),
            photo("/q/d.jpg", keywords: ["BERGEN"]),
        ])
        XCTAssertEqual(try catalog.paths(withKeyword: "BerGen", in: "/p"), ["/p/a.jpg", "/p/b.jpg"])
        XCTAssertEqual(try catalog.paths(withKeyword: "oslo", in: "/"), ["/p/b.jpg"])
        XCTAssertEqual(try catalog.paths(withKeyword: "Trondheim", in: "/"), [])
        let plan = try catalog.database.read { db in
            try Row.fetchAll(
                db, sql: "EXPLAIN QUERY PLAN SELECT photo FROM keyword JOIN photo_keyword ON keyword = keyword.id WHERE key = ?",
                arguments: ["bergen"]
            )
            .map { $0["detail"] as String }
        }
        XCTAssertTrue(plan.allSatisfy { !$0.hasPrefix("SCAN") }, "\(plan)")
    }
}
