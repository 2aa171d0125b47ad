import Foundation
import GRDB
import XCTest

@testable import Lightbox

/// What reading another app's database says when it can't, and that it never writes there meanwhile.
final class OtherLibraryErrorTests: XCTestCase {
    private func error(_ read: () throws -> OtherLibrary) -> OtherLibraryError? {
        do {
            _ = try read()
            XCTFail("read a library")
            return nil
        } catch {
            return error as? OtherLibraryError
        }
    }

    func testAMissingFileIsNamed() {
        let path = LibraryFixtures.temporaryFolder(self) + "/photo.db"
        XCTAssertEqual(error { try ShotwellLibrary.read(at: path) }, .missing(path: path))
        XCTAssertEqual(OtherLibraryError.missing(path: path).description, "There is no database at \(path).")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent), [])
    }

    func testRandomBytesAndAnEmptyFileAreNotALibrary() throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        var generator = SystemRandomNumberGenerator()
        let noise = Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) })
        XCTAssertTrue(FileManager.default.createFile(atPath: folder + "/photo.db", contents: noise))
        XCTAssertTrue(FileManager.default.createFile(atPath: folder + "/library.db", contents: Data()))

        let damaged = error { try ShotwellLibrary.read(at: folder + "/photo.db") }
        XCTAssertEqual(damaged, .damaged(path: folder + "/photo.db", detail: "not an SQLite database"))
        XCTAssertEqual(damaged?.description, "\(folder)/photo.db is damaged (not an SQLite database).")
        XCTAssertEqual(
            error { try DarktableLibrary.read(at: folder + "/library.db") },
            .notThisApp(.darktable, path: folder + "/library.db", found: "an empty file"))
        XCTAssertEqual(OtherLibraryFixtures.contents(of: folder), ["photo.db": noise, "library.db": Data()])
    }

    func testATruncatedDatabaseIsDamaged() throws {
        let folder = OtherLibraryFixtures.copy("shotwell", self)
        let path = folder + "/photo.db"
        let whole = try XCTUnwrap(FileManager.default.contents(atPath: path))
        try whole.prefix(whole.count / 3).write(to: URL(fileURLWithPath: path))
        let before = OtherLibraryFixtures.contents(of: folder)

        guard case .damaged(let at, _) = error({ try ShotwellLibrary.read(at: path) }) else {
            return XCTFail("a truncated database is damaged")
        }
        XCTAssertEqual(at, path)
        XCTAssertEqual(OtherLibraryFixtures.contents(of: folder), before)
    }

    func testEachReaderNamesTheOtherAppsDatabase() {
        let shotwell = OtherLibraryFixtures.folder + "/shotwell/photo.db"
        let darktable = OtherLibraryFixtures.folder + "/darktable/library.db"
        let data = OtherLibraryFixtures.folder + "/darktable/data.db"
        XCTAssertEqual(
            error { try ShotwellLibrary.read(at: darktable) }, .notThisApp(.shotwell, path: darktable, found: "a darktable library"))
        XCTAssertEqual(
            error { try ShotwellLibrary.read(at: data) },
            .notThisApp(.shotwell, path: data, found: "darktable's data.db (its tags and presets)"))
        XCTAssertEqual(
            error { try DarktableLibrary.read(at: shotwell) }, .notThisApp(.darktable, path: shotwell, found: "a Shotwell library"))
        XCTAssertEqual(
            OtherLibraryError.notThisApp(.darktable, path: "/p/photo.db", found: "a Shotwell library").description,
            "/p/photo.db is not a darktable library: it is a Shotwell library.")
    }

    func testAFileThisUserMayNotReadIsNamed() throws {
        try XCTSkipIf(getuid() == 0, "root reads a file whatever its permissions, so chmod 000 can't make one unreadable")
        let path = OtherLibraryFixtures.copy("shotwell", self) + "/photo.db"
        XCTAssertEqual(chmod(path, 0), 0)
        addTeardownBlock { chmod(path, 0o644) }
        XCTAssertEqual(error { try ShotwellLibrary.read(at: path) }, .unreadable(path: path))
    }

    func testADatabaseAnotherProcessIsWritingIsReportedLockedWithoutWaitingLong() throws {
        let folder = OtherLibraryFixtures.copy("shotwell", self)
        let path = folder + "/photo.db"
        let (release, holder) = try OtherLibraryFixtures.holdExclusiveLock(on: path)
        let locked = error { try ShotwellLibrary.read(at: path) }
        release()
        holder.waitUntilExit()

        XCTAssertEqual(locked, .locked(.shotwell, path: path))
        XCTAssertEqual(locked?.description, "Shotwell is using \(path): close Shotwell and try again.")
        XCTAssertEqual(try ShotwellLibrary.read(at: path).photos.count, 8, "read once the other process let go")
    }

    /// An app killed in the middle of saving leaves a hot journal: only a writer may roll it back,
    /// so the reader says so and leaves the database and the journal as they are.
    func testAHotJournalIsReportedAndLeftAlone() throws {
        let source = OtherLibraryFixtures.copy("shotwell", self)
        let folder = LibraryFixtures.temporaryFolder(self, name: "hot-journal")
        let writer = try DatabaseQueue(path: source + "/photo.db")
        try writer.writeWithoutTransaction { db in
            // A change larger than the page cache spills into the file before the commit: the
            // journal is synced first, and copied then it is hot.
            try db.execute(sql: "PRAGMA cache_size = 2; BEGIN EXCLUSIVE; UPDATE PhotoTable SET rating = 0")
            try db.execute(
                sql: """
                    CREATE TABLE Filler (bytes BLOB);
                    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200)
                    INSERT INTO Filler SELECT randomblob(2000) FROM n
                    """)
            for name in ["photo.db", "photo.db-journal"] {
                try FileManager.default.copyItem(atPath: source + "/" + name, toPath: folder + "/" + name)
            }
            try db.execute(sql: "ROLLBACK")
        }
        try writer.close()
        let before = OtherLibraryFixtures.contents(of: folder)

        XCTAssertEqual(
            error { try ShotwellLibrary.read(at: folder + "/photo.db") }, .interruptedWrite(.shotwell, path: folder + "/photo.db"))
        XCTAssertEqual(OtherLibraryFixtures.contents(of: folder), before)
        XCTAssertEqual(Set(before.keys), ["photo.db", "photo.db-journal"])
    }

    func testAWriteAheadLogDatabaseIsReadFromACopyWhenNoProcessHasItOpen() throws {
        let folder = OtherLibraryFixtures.copy("shotwell", self)
        let path = folder + "/photo.db"
        try OtherLibraryFixtures.execute("PRAGMA journal_mode = WAL", in: path)
        let before = OtherLibraryFixtures.contents(of: folder)
        XCTAssertEqual(Set(before.keys), ["photo.db"])

        let library = try ShotwellLibrary.read(at: path)
        XCTAssertEqual(library.photos.count, 8)
        XCTAssertEqual(library.albums.count, 4)
        XCTAssertEqual(OtherLibraryFixtures.contents(of: folder), before)

        let open = try DatabaseQueue(path: path)
        try open.read { _ = try Int.fetchOne($0, sql: "SELECT count(*) FROM PhotoTable") }
        XCTAssertEqual(error { try ShotwellLibrary.read(at: path) }, .locked(.shotwell, path: path))
        try open.close()
    }
}
