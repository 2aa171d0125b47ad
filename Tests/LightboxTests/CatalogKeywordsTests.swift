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

    /// One transaction giving many photos a keyword (an import): keywords added after a
    /// photo's own are linked after them, others replace them, and each name is one row.
    func testABatchAddingAndReplacingKeywordsKeepsEachPhotosOrderAndEachNameOnce() throws {
        let catalog = try Catalog(path: catalogPath())
        try catalog.restore([photo("/p/a.jpg", keywords: ["A"]), photo("/p/b.jpg", keywords: ["B", "A"]), photo("/p/c.jpg")])
        let missing = try catalog.setMetadata([
            "/p/a.jpg": PhotoMetadata(keywords: ["A", "Färg|Röd"]),
            "/p/b.jpg": PhotoMetadata(keywords: ["A", "Färg|Röd"]),
            "/p/c.jpg": PhotoMetadata(keywords: ["Färg|Röd", "A"]),
            "/p/gone.jpg": PhotoMetadata(keywords: ["Färg|Röd"]),
        ])
        XCTAssertEqual(missing, ["/p/gone.jpg"])
        let (links, names) = try tables(catalog)
        XCTAssertEqual(links, ["1: A, Färg|Röd", "2: A, Färg|Röd", "3: Färg|Röd, A"])
        XCTAssertEqual(names, ["A", "Färg|Röd"], "B, which no photo has any more, is gone; Färg|Röd is one row")
        XCTAssertEqual(try catalog.photos(in: "/p").map(\.keywords), [["A", "Färg|Röd"], ["A", "Färg|Röd"], ["Färg|Röd", "A"]])
    }

    func testACatalogOfTheLastVersionOpensWithEveryKeywordInItsOrderAndEverythingElseKept() throws {
        let path = catalogPath()
        do {
            let queue = try DatabaseQueue(path: path)
            try Catalog.migrator.migrate(queue, upTo: "v7-photo-identity")
            try queue.write { db in
                let rows: [(String?, Int, Bool, String?, Double?)] = [
                    ("/p/a.jpg", 4, false, "zeta\nPlaces|Norway|Bergen\nalpha", nil),
                    ("/p/b.jpg", 0, true, nil, nil),
                    ("/p/c.jpg", 2, false, "alpha\nBergen\nbergen\nalpha", nil),
                    ("/p/d.jpg", 5, false, "Places|Norway", nil),
                    // A photo whose file went missing and whose place another file took.
                    (nil, 3, false, "lost\nalpha", 1_700_000_000),
                ]
                for (path, rating, rejected, keywords, missingSince) in rows {
                    try db.execute(
                        sql: """
                            INSERT INTO photo (path, fileSize, modified, width, height, orientation, rating, rejected, keywords,
                                device, inode, fingerprint, missingSince)
                            VALUES (?, 1, 1, 600, 400, 1, ?, ?, ?, 2049, 77, 123456789, ?)
                            """, arguments: [path, rating, rejected, keywords, missingSince])
                }
                try db.execute(sql: "INSERT INTO pending_write (path, queued_at, version) VALUES ('/p/a.jpg', 1700000001, 3)")
                try db.execute(sql: "INSERT INTO library_folder (path, added, removed) VALUES ('/p', 1600000000, NULL)")
                try db.execute(sql: "INSERT INTO library_folder (path, added, removed) VALUES ('/old', 1500000000, 1650000000)")
            }
        }
        let catalog = try Catalog(path: path)
        let expected: [[String]] = [
            ["zeta", "Places|Norway|Bergen", "alpha"], [], ["alpha", "Bergen", "bergen"], ["Places|Norway"],
        ]
        let photos = try catalog.photos(in: "/p")
        XCTAssertEqual(photos.map(\.keywords), expected, "a keyword twice on a photo is kept once")
        XCTAssertEqual(try catalog.photo(at: "/p/a.jpg")?.keywords, expected[0])
        XCTAssertEqual(photos.map(\.rating), [4, 0, 2, 5])
        XCTAssertEqual(photos.map(\.isRejected), [false, true, false, false])
        XCTAssertEqual(photos.first?.identity, FileIdentity(device: 2049, inode: 77, fingerprint: 123_456_789))
        XCTAssertEqual(try catalog.pendingWrites().map { "\($0.path) v\($0.version)" }, ["/p/a.jpg v3"])
        XCTAssertEqual(try catalog.libraryFolders().map(\.path), ["/p"])
        XCTAssertEqual(
            try catalog.database.read { db in try String.fetchAll(db, sql: "SELECT path FROM library_folder ORDER BY path") },
            ["/old", "/p"], "a folder taken out is kept for a while")
        XCTAssertEqual(try tables(catalog).links.last, "5: lost, alpha", "the missing photo keeps its keywords by its row")
        XCTAssertEqual(
            try tables(catalog).names, ["Bergen", "Places|Norway", "Places|Norway|Bergen", "alpha", "bergen", "lost", "zeta"],
            "each keyword once, whatever photos have it")
        let columns = try catalog.database.read { db in try db.columns(in: "photo").map(\.name) }
        XCTAssertFalse(columns.contains("keywords"), "the column they were in is gone")

        XCTAssertEqual(try catalog.forgetMissing(before: Date()), 1)
        XCTAssertEqual(
            try tables(catalog).names, ["Bergen", "Places|Norway", "Places|Norway|Bergen", "alpha", "bergen", "zeta"],
            "a keyword only a photo let go had goes with it")
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
        XCTAssertEqual(try tables(catalog).names, [], "nor their names, once no photo has them")
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
