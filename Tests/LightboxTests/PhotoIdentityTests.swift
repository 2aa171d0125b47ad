import Foundation
import GRDB
import GtkTestSupport
import XCTest

@testable import Lightbox

/// A photo is not its path: what the person gave it stays when its file moves.
final class PhotoIdentityTests: XCTestCase {
    private var catalog: Catalog!
    private var library: String!

    override func setUpWithError() throws {
        catalog = try Catalog(path: LibraryFixtures.temporaryFolder(self, name: "catalog") + "/catalog.sqlite")
        library = LibraryFixtures.temporaryFolder(self)
    }

    private func scan(_ folder: String) throws -> CatalogSync.Summary {
        try CatalogSync(catalog: catalog).run(folder: folder)
    }

    private func move(_ from: String, _ to: String) throws {
        try FileManager.default.createDirectory(
            atPath: (to as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        XCTAssertEqual(rename(from, to), 0, String(cString: strerror(errno)))
    }

    private func give(_ path: String, rating: Int, rejected: Bool = false, keywords: [String] = []) throws {
        try catalog.setMetadata([path: PhotoMetadata(rating: rating, isRejected: rejected, keywords: keywords)])
    }

    private func values(_ folder: String) throws -> [String: String] {
        var result: [String: String] = [:]
        for photo in try catalog.photos(in: folder) {
            let relative = String(photo.path.dropFirst(folder.count + 1))
            result[relative] = "\(photo.rating)\(photo.isRejected ? " rejected" : "")\(photo.keywords.map { " " + $0 }.joined())"
        }
        return result
    }

    func testARenamedFileAndOneMovedIntoANewSubfolderKeepTheirRatingsAfterTheAppWasClosed() throws {
        let paths = LibraryFixtures.copySamples(to: library, count: 3)
        _ = try scan(library)
        try give(paths[0], rating: 4, keywords: ["harbour"])
        try give(paths[1], rating: 0, rejected: true)
        try give(paths[2], rating: 2)

        try move(paths[0], library + "/renamed.jpg")
        try move(paths[2], library + "/2008/" + (paths[2] as NSString).lastPathComponent)
        let shown = Collected()
        let summary = try CatalogSync(catalog: catalog).run(folder: library, onBatch: { $0.photos.forEach(shown.add) })

        XCTAssertEqual(
            try values(library),
            ["renamed.jpg": "4 harbour", "IMG_1001.jpg": "0 rejected", "2008/IMG_1002.jpg": "2"])
        XCTAssertEqual(summary.removed, [], "nothing went missing: both were found again")
        let renamed = try XCTUnwrap(shown.photos[library + "/renamed.jpg"], "the moved photo given to the window")
        XCTAssertEqual(renamed.rating, 4)
        XCTAssertEqual(renamed.keywords, ["harbour"])
        XCTAssertEqual(try catalog.missingPhotos(in: library).count, 0)
    }

    func testNamesPassedAlongAChainOfRenamesStayWithTheirPhotosWhicheverIsSeenFirst() throws {
        for newName in ["A.jpg", "z.jpg"] {  // walked before, or after, the name it left
            let folder = LibraryFixtures.temporaryFolder(self, name: "chain")
            let paths = LibraryFixtures.copySamples(to: folder, count: 2)
            _ = try scan(folder)
            try give(paths[0], rating: 5)
            try move(paths[0], folder + "/" + newName)
            try move(paths[1], paths[0])
            _ = try scan(folder)
            XCTAssertEqual(try values(folder), [newName: "5", "IMG_1000.jpg": "2"], newName)
            XCTAssertEqual(try catalog.missingPhotos(in: folder).count, 0)
        }
    }

    func testAFileMovedToAnotherLibraryFolderKeepsItsRatingWhicheverFolderIsScannedFirst() throws {
        let first = library + "/first"
        let second = library + "/second"
        let paths = LibraryFixtures.copySamples(to: first, count: 2)
        try FileManager.default.createDirectory(atPath: second, withIntermediateDirectories: true)
        _ = try scan(first)
        try give(paths[1], rating: 5, keywords: ["Places|Norway"])

        try move(paths[1], second + "/IMG_1001.jpg")
        _ = try scan(second)  // the new place first: the old one was not rescanned yet
        let missing = try scan(first)

        XCTAssertEqual(try values(second), ["IMG_1001.jpg": "5 Places|Norway"])
        XCTAssertEqual(try values(first), ["IMG_1000.jpg": "0"])
        XCTAssertEqual(missing.removed, [])
    }

    func testACopyOnAnotherDiskIsFoundByItsContentWhenTheOldFolderIsTakenOut() throws {
        let old = library + "/old-disk"
        let new = library + "/new-disk"
        let paths = LibraryFixtures.copySamples(to: old, count: 3)
        try catalog.changeLibraryFolders(add: [old])
        _ = try scan(old)
        try give(paths[0], rating: 3)
        try give(paths[2], rating: 1, rejected: true, keywords: ["grandma"])

        // Copied (a new inode, the copy's own modification time), the old folder kept on
        // disk but taken out of the library, the new one added.
        try FileManager.default.createDirectory(atPath: new, withIntermediateDirectories: true)
        for path in paths {
            let copy = new + "/" + (path as NSString).lastPathComponent
            try Data(contentsOf: URL(fileURLWithPath: path)).write(to: URL(fileURLWithPath: copy))
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 2_000_000_000)], ofItemAtPath: copy)
        }
        try catalog.changeLibraryFolders(add: [new], remove: [old])
        _ = try scan(new)

        XCTAssertEqual(try values(new), ["IMG_1000.jpg": "3", "IMG_1001.jpg": "2", "IMG_1002.jpg": "1 rejected grandma"])
    }

    func testACopyMadeWhileTheOriginalIsStillInTheLibraryIsAPhotoOfItsOwn() throws {
        let path = LibraryFixtures.copySamples(to: library, count: 1)[0]
        _ = try scan(library)
        try give(path, rating: 5)
        try FileManager.default.copyItem(atPath: path, toPath: library + "/copy.jpg")
        _ = try scan(library)
        XCTAssertEqual(try values(library), ["IMG_1000.jpg": "5", "copy.jpg": "0"])
    }

    func testTwoDifferentPhotosOfTheSameSizeAreNeverTakenForEachOther() throws {
        let paths = LibraryFixtures.copySamples(to: library, count: 2)
        // Padded to one size after the image's end, as some cameras' files are.
        let sizes = try paths.map { try XCTUnwrap(FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int) }
        let size = sizes.max()!
        for (path, own) in zip(paths, sizes) where own < size {
            let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(count: size - own))
            try handle.close()
        }
        let identities = paths.map { FileIdentity.read($0)! }
        XCTAssertNotEqual(identities[0].fingerprint, identities[1].fingerprint)

        _ = try scan(library)
        let outside = LibraryFixtures.temporaryFolder(self, name: "outside")
        try move(paths[1], outside + "/IMG_1001.jpg")
        _ = try scan(library)
        try catalog.setMetadata([paths[0]: PhotoMetadata(rating: 4, isRejected: false, keywords: [])])
        try move(paths[0], outside + "/IMG_1000.jpg")
        _ = try scan(library)
        // The other photo, of the same size, comes back under the first one's old name.
        try move(outside + "/IMG_1001.jpg", paths[0])
        _ = try scan(library)

        XCTAssertEqual(try values(library), ["IMG_1000.jpg": "2"], "IMG_1001's own rating (2), not the 4 of the photo that left")
    }

    func testAVanishedPhotoIsKeptMissingAndComesBackWithItsRatingFromTheTrash() throws {
        let paths = LibraryFixtures.copySamples(to: library, count: 2)
        _ = try scan(library)
        try give(paths[0], rating: 5, keywords: ["kept"])
        let trash = LibraryFixtures.temporaryFolder(self, name: "trash")
        try move(paths[0], trash + "/IMG_1000.jpg")

        let gone = try scan(library)
        XCTAssertEqual(gone.removed, [paths[0]])
        XCTAssertEqual(try values(library), ["IMG_1001.jpg": "2"])
        XCTAssertEqual(try catalog.missingPhotos(in: library).map(\.photo.path), [paths[0]])
        XCTAssertEqual(try catalog.missingCount(in: [library]), 1)

        try move(trash + "/IMG_1000.jpg", paths[0])
        _ = try scan(library)
        XCTAssertEqual(try values(library), ["IMG_1000.jpg": "5 kept", "IMG_1001.jpg": "2"])
        XCTAssertEqual(try catalog.missingPhotos(in: library).count, 0)
    }

    func testMissingPhotosAreLetGoOnlyAfterTheirTime() throws {
        let path = LibraryFixtures.copySamples(to: library, count: 1)[0]
        _ = try scan(library)
        try FileManager.default.removeItem(atPath: path)
        _ = try scan(library)
        XCTAssertEqual(try catalog.forgetMissing(before: Date(timeIntervalSinceNow: -Catalog.missingPhotosKept)), 0)
        XCTAssertEqual(try catalog.missingPhotos(in: library).count, 1)
        XCTAssertEqual(try catalog.forgetMissing(before: Date(timeIntervalSinceNow: 1)), 1)
        XCTAssertEqual(try catalog.missingPhotos(in: library).count, 0)
    }

    func testOneOfTwelveHardLinksRenamedKeepsItsRating() throws {
        let first = LibraryFixtures.copySamples(to: library, count: 1)[0]
        let links = (1...11).map { library + "/link\($0).jpg" }
        for link in links { XCTAssertEqual(Foundation.link(first, link), 0, String(cString: strerror(errno))) }
        _ = try scan(library)
        // The last by name: the scan reads a folder in name order, so the last photo of the file.
        try give(links[8], rating: 5)

        try move(links[8], library + "/renamed.jpg")
        _ = try scan(library)

        XCTAssertEqual(try values(library)["renamed.jpg"], "5", "the rating went with the renamed link")
        XCTAssertEqual(try values(library).count, 12, "every link a photo, none missing")
        XCTAssertEqual(try catalog.missingPhotos(in: library).count, 0)
    }

    func testAFingerprintTellsAByteChangedAtEitherEndAndKnowsACopy() throws {
        func fingerprint(_ bytes: [UInt8]) throws -> Int64? {
            let path = library + "/\(UUID().uuidString)"
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            return FileIdentity.read(path)?.fingerprint
        }
        for size in [1, 7, 33, 100, 40_000] {
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) }
            let original = try XCTUnwrap(try fingerprint(bytes))
            XCTAssertEqual(try fingerprint(bytes), original, "a copy of \(size) bytes")
            var first = bytes
            first[0] ^= 1
            XCTAssertNotEqual(try fingerprint(first), original, "the first of \(size) bytes changed")
            var last = bytes
            last[size - 1] ^= 0x80
            XCTAssertNotEqual(try fingerprint(last), original, "the last of \(size) bytes changed")
            XCTAssertNotEqual(try fingerprint(bytes + [0]), original, "a zero byte added to \(size)")
        }
    }

    /// Catalogs keep fingerprints: the same bytes must keep giving the same one, whatever
    /// the reads behind it (sizes around the sampled ends and the reader's first read).
    func testAFilesFingerprintStaysWhatCatalogsStored() throws {
        var found: [Int: Int64] = [:]
        for size in [1, 31, 32, 4_095, 4_096, 4_097, 8_192, 8_193, 65_535, 65_536, 65_537, 69_632, 69_633, 200_000] {
            let path = library + "/sized-\(size)"
            try Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }).write(to: URL(fileURLWithPath: path))
            found[size] = try XCTUnwrap(FileIdentity.read(path)?.fingerprint)
        }
        XCTAssertEqual(
            found,
            [
                1: 8_154_662_466_908_293_720, 31: -6_518_904_481_408_002_373, 32: 3_192_777_972_180_802_991,
                4_095: -1_416_101_789_936_501_510, 4_096: 3_315_366_262_380_113_284, 4_097: 8_495_601_918_943_245_750,
                8_192: -4_257_416_003_238_687_314, 8_193: -6_355_701_965_624_798_019, 65_535: -3_883_237_263_903_149_353,
                65_536: 4_658_751_081_559_131_262, 65_537: -2_268_657_979_832_838_475, 69_632: -3_164_131_727_439_854_080,
                69_633: -4_999_315_725_697_029_120, 200_000: -8_308_097_148_528_533_697,
            ])
    }

    func testAnEditAfterAScanStillWaitsForTheDisk() throws {
        let paths = LibraryFixtures.copySamples(to: library, count: 2)
        _ = try scan(library)
        try move(paths[0], library + "/moved/" + (paths[0] as NSString).lastPathComponent)
        _ = try scan(library)
        try give(paths[1], rating: 3)
        // 2 is FULL: a scan's commits don't wait for the disk, the connection goes back to waiting after.
        XCTAssertEqual(try catalog.database.write { try Int.fetchOne($0, sql: "PRAGMA synchronous") }, 2)
    }

    func testAScanLooksForMovedPhotosOnlyWhereTheCatalogKnowsTheFile() throws {
        let paths = LibraryFixtures.copySamples(to: library, count: 2)
        _ = try scan(library)
        let known = MovedFiles(catalog: catalog, removedFolders: [])
        let same = try XCTUnwrap(FileIdentity.read(paths[0]))
        XCTAssertTrue(known.mayBeKnown(same), "the file itself")
        let copy = library + "/copy.jpg"
        try FileManager.default.copyItem(atPath: paths[1], toPath: copy)
        XCTAssertTrue(known.mayBeKnown(try XCTUnwrap(FileIdentity.read(copy))), "a copy: its fingerprint")
        let other = library + "/other.jpg"
        try Data("not one of the catalog's".utf8).write(to: URL(fileURLWithPath: other))
        XCTAssertFalse(known.mayBeKnown(try XCTUnwrap(FileIdentity.read(other))), "a new file")
        XCTAssertFalse(MovedFiles(catalog: try Catalog(path: library + "/empty.sqlite"), removedFolders: []).mayBeKnown(same))
    }

    func testMovesInARowAddUpAndAnEditFollowsThem() {
        XCTAssertEqual(Catalog.Saved.moves(["/a": "/b", "/x": "/y"], then: ["/b": "/c", "/y": "/x"]), ["/a": "/c"])
        let edit = MetadataEdit(
            before: ["/a": PhotoMetadata(rating: 1), "/b": PhotoMetadata(rating: 2), "/c": PhotoMetadata(rating: 3)],
            after: ["/a": PhotoMetadata(rating: 5), "/b": PhotoMetadata(rating: 5), "/c": PhotoMetadata(rating: 5)])
        // a and b swapped names; a file moved to c, whose photo went missing.
        let moved = edit.following(["/a": "/b", "/b": "/a", "/d": "/c"])
        XCTAssertEqual(moved.before.mapValues(\.rating), ["/b": 1, "/a": 2])
        XCTAssertEqual(moved.after.mapValues(\.rating), ["/b": 5, "/a": 5])
    }

    func testAPendingWriteMovesWithItsPhoto() throws {
        let path = LibraryFixtures.copySamples(to: library, count: 1)[0]
        _ = try scan(library)
        try catalog.setMetadata([path: PhotoMetadata(rating: 3, isRejected: false, keywords: [])], queueingWrites: true)
        try move(path, library + "/moved.jpg")
        _ = try scan(library)
        XCTAssertEqual(try catalog.pendingWrites().map(\.path), [library + "/moved.jpg"])
    }

    func testACatalogOfTheCurrentReleaseKeepsEverythingAndItsFilesCanMoveAfterTheUpgrade() throws {
        let paths = LibraryFixtures.copySamples(to: library, count: 3)
        let file = LibraryFixtures.temporaryFolder(self, name: "release") + "/catalog.sqlite"
        // The schema as the current release leaves it, with its rows.
        do {
            let queue = try DatabaseQueue(path: file)
            try Catalog.migrator.migrate(queue, upTo: "v6-library-folders")
            try queue.write { db in
                for (index, path) in paths.enumerated() {
                    var info = stat()
                    XCTAssertEqual(stat(path, &info), 0)
                    try db.execute(
                        sql: """
                            INSERT INTO photo (path, fileSize, modified, width, height, orientation, rating, rejected, keywords)
                            VALUES (?, ?, ?, 600, 400, 1, ?, ?, ?)
                            """,
                        arguments: [
                            path, Int64(info.st_size), FileStamp(info).modified, index + 3, index == 1, index == 2 ? "a\nb|c" : nil,
                        ])
                }
                try db.execute(sql: "INSERT INTO pending_write (path, queued_at) VALUES (?, 1)", arguments: [paths[0]])
                try db.execute(sql: "INSERT INTO library_folder (path, added) VALUES (?, 1)", arguments: [library])
            }
        }
        catalog = try Catalog(path: file)
        XCTAssertEqual(try values(library), ["IMG_1000.jpg": "3", "IMG_1001.jpg": "4 rejected", "IMG_1002.jpg": "5 a b|c"])
        XCTAssertEqual(try catalog.pendingWrites().map(\.path), [paths[0]])
        XCTAssertEqual(try catalog.libraryFolders().map(\.path), [library])

        let first = try scan(library)
        XCTAssertEqual(first.read, 0, "unchanged files are not read again")
        try move(paths[2], library + "/2024/IMG_1002.jpg")
        _ = try scan(library)
        XCTAssertEqual(
            try values(library), ["IMG_1000.jpg": "3", "IMG_1001.jpg": "4 rejected", "2024/IMG_1002.jpg": "5 a b|c"])
    }

    func testKillingTheAppWhileItFindsMovedPhotosAgainLosesNoRating() throws {
        let paths = LibraryFixtures.copySamples(to: library + "/a", count: 20)
        _ = try scan(library)
        try catalog.setMetadata(Dictionary(uniqueKeysWithValues: paths.map { ($0, PhotoMetadata(rating: 3, keywords: ["kept"])) }))
        let rounds = try LibraryFixtures.runChildAndKill("CatalogRelinkChild", catalogPath: catalog.path, folder: library, after: 3)
        XCTAssertGreaterThanOrEqual(rounds, 3)

        let summary = try scan(library)
        let photos = try catalog.photos(in: library)
        XCTAssertEqual(photos.count, 20, "each photo once, wherever its file is: \(summary)")
        XCTAssertEqual(Set(photos.map(\.name)), Set(paths.map { ($0 as NSString).lastPathComponent }))
        XCTAssertEqual(photos.filter { $0.rating == 3 && $0.keywords == ["kept"] }.count, 20, "every rating and keyword kept")
        XCTAssertEqual(try catalog.missingPhotos(in: library).count, 0)
    }
}
