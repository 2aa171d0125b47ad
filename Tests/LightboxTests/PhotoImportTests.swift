import Foundation
import Gtk
import GtkTestSupport
import LightboxMedia
import XCTest

@testable import Lightbox

/// Importing from a card (a folder laid out as a camera writes one): every new file copied,
/// checked and named in the library, nothing copied twice, nothing lost or half-written when
/// the import is stopped, the card pulled or the disk full.
final class PhotoImportTests: XCTestCase {
    private var card = ""
    private var library = ""
    private var catalog: Catalog!

    override func setUpWithError() throws {
        card = LibraryFixtures.temporaryFolder(self, name: "card") + "/DCIM/100CANON"
        library = LibraryFixtures.temporaryFolder(self, name: "library")
        catalog = try Catalog(path: LibraryFixtures.temporaryFolder(self, name: "catalog") + "/catalog.sqlite")
    }

    /// The card's first `count` samples: IMG_1000.jpg (taken 2024-01-01 08:00), IMG_1001.jpg
    /// (2024-08-12 09:13), IMG_1002.jpg (2024-03-23 10:26), …
    @discardableResult
    private func fillCard(_ count: Int) -> [String] {
        LibraryFixtures.copySamples(to: card, count: count)
    }

    private func survey() throws -> ImportSurvey { try ImportSurvey.read(card, catalog: catalog) }

    private func importCard(
        _ importer: PhotoImport = PhotoImport(), progress: (PhotoImport.Progress) -> Void = { _ in },
        isCancelled: () -> Bool = { false }
    ) throws -> PhotoImportReport {
        let catalog = self.catalog!
        return try importer.run(
            survey().groups, into: library, record: { _ = try catalog.save($0) }, progress: progress, isCancelled: isCancelled)
    }

    /// Every file under the library folder, relative to it, hidden ones included.
    private func libraryFiles() -> [String] {
        (FileManager.default.enumerator(atPath: library)?.allObjects as? [String] ?? [])
            .filter { !isFolder(library + "/" + $0) }.sorted()
    }

    private func isFolder(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
    }

    private func relative(_ paths: [String?]) -> [String] {
        paths.map { ($0 ?? "").replacingOccurrences(of: library + "/", with: "").replacingOccurrences(of: card + "/", with: "") }
    }

    func testACardGoesIntoFoldersByDayAndASecondImportCopiesNothing() throws {
        fillCard(3)
        let first = try survey()
        XCTAssertEqual(first.mediaCount, 3)
        XCTAssertEqual(first.groups.map(\.hasNew), [true, true, true])

        let report = try importCard()
        XCTAssertEqual(relative(report.copied.map(\.source)), ["IMG_1000.jpg", "IMG_1001.jpg", "IMG_1002.jpg"])
        XCTAssertEqual(
            relative(report.copied.map(\.path)),
            ["2024/2024-01-01/IMG_1000.jpg", "2024/2024-08-12/IMG_1001.jpg", "2024/2024-03-23/IMG_1002.jpg"])
        XCTAssertEqual(report.failed, [])
        XCTAssertTrue(report.isComplete)
        XCTAssertEqual(libraryFiles(), ["2024/2024-01-01/IMG_1000.jpg", "2024/2024-03-23/IMG_1002.jpg", "2024/2024-08-12/IMG_1001.jpg"])
        for entry in report.copied {
            XCTAssertEqual(FileManager.default.contents(atPath: entry.path!), FileManager.default.contents(atPath: entry.source))
            let source = try FileManager.default.attributesOfItem(atPath: entry.source)[.modificationDate] as? Date
            let copy = try FileManager.default.attributesOfItem(atPath: entry.path!)[.modificationDate] as? Date
            XCTAssertEqual(copy, source, "the copy keeps the camera's file time")
        }
        let recorded = try catalog.photos(in: library)
        XCTAssertEqual(recorded.map(\.name), ["IMG_1000.jpg", "IMG_1002.jpg", "IMG_1001.jpg"])
        XCTAssertEqual(recorded.map(\.taken), ["2024-01-01T08:00:00", "2024-03-23T10:26:58", "2024-08-12T09:13:29"])

        let second = try survey()
        XCTAssertEqual(second.groups.map(\.hasNew), [false, false, false], "by content: the library has them")
        let again = try importCard()
        XCTAssertEqual(again.copied, [])
        XCTAssertEqual(relative(again.skipped.map(\.path)), relative(report.copied.map(\.path)))
        XCTAssertEqual(libraryFiles().count, 3)
    }

    /// The app imports below its window's priority: the batches are checked, named and
    /// recorded on a thread at the importing thread's priority, not on a shared pool's.
    func testBatchesAreFinishedAtTheImportingThreadsPriority() throws {
        fillCard(3)
        let groups = try survey().groups
        let catalog = self.catalog!
        let library = self.library
        let finished = expectation(description: "imported")
        let nices = NiceValues()
        Thread.detachNewThread {
            ThreadPriority.lowerCurrentThread()
            var importer = PhotoImport()
            importer.batchFiles = 1
            let report = importer.run(
                groups, into: library,
                record: { photos in
                    nices.add(ThreadPriority.currentThreadNice)
                    _ = try catalog.save(photos)
                })
            XCTAssertEqual(report.copied.count, 3)
            finished.fulfill()
        }
        wait(for: [finished], timeout: 30)
        XCTAssertEqual(nices.values, [10, 10, 10], "one batch a file, each recorded at nice 10")
        XCTAssertEqual(try catalog.photos(in: library).count, 3)
    }

    func testOtherFoldersAndNamesComeFromTheTemplates() throws {
        fillCard(2)
        let importer = PhotoImport(template: ImportTemplate(folders: "YYYY/MM", names: "YYYYMMDD_hhmmss"))
        let report = try importCard(importer)
        XCTAssertEqual(relative(report.copied.map(\.path)), ["2024/01/20240101_080000.jpg", "2024/08/20240812_091329.jpg"])
        XCTAssertEqual(ImportTemplate(folders: "", names: "YYYY-MM-DD_NAME").folder(for: .init(taken: "2024-01-01T08:00:00")!), "")
        XCTAssertEqual(
            ImportTemplate(names: "YYYY-MM-DD_NAME").name(for: .init(taken: "2024-01-01T08:00:00")!, cameraName: "IMG_1000"),
            "2024-01-01_IMG_1000")
        XCTAssertEqual(ImportTemplate(folders: "YYYY/../x").problem, "a folder template is folder names with / between them")
        XCTAssertEqual(ImportTemplate(names: "a/b").problem, "a name template can’t be empty, hold a / or start with a dot")
        XCTAssertNil(ImportTemplate(names: "YYYYMMDD_hhmmss").problem)
    }

    /// A name a file of the library has (another photo): the copy gets the next free one, the
    /// library's file is untouched.
    func testANameTakenInTheLibraryGetsTheNextFreeOne() throws {
        fillCard(1)
        let folder = library + "/2024/2024-01-01"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: LibraryFixtures.samplePaths[5], toPath: folder + "/IMG_1000.jpg")
        try FileManager.default.copyItem(atPath: LibraryFixtures.samplePaths[6], toPath: folder + "/IMG_1000_1.jpg")
        let report = try importCard()
        XCTAssertEqual(relative(report.copied.map(\.path)), ["2024/2024-01-01/IMG_1000_2.jpg"])
        XCTAssertEqual(
            FileManager.default.contents(atPath: folder + "/IMG_1000.jpg"),
            FileManager.default.contents(atPath: LibraryFixtures.samplePaths[5]), "never overwritten")
    }

    /// A RAW and its JPEG, a Live Photo's still and motion, and a sidecar share one folder and
    /// one name, taken together when one of them is.
    func testFilesOfOnePhotoStayTogetherUnderOneName() throws {
        fillCard(1)
        let still = card + "/IMG_1000.jpg"
        try FileManager.default.copyItem(atPath: LibraryFixtures.samplePaths[1], toPath: card + "/IMG_1000.CR2")
        LibraryFixtures.shell(
            "ffmpeg -loglevel error -y -f lavfi -i color=red:s=64x48:r=10:d=0.5 -pix_fmt yuv420p '\(card)/IMG_1000.MOV'")
        try Data("<x:xmpmeta xmlns:x='adobe:ns:meta/'/>".utf8).write(to: URL(fileURLWithPath: still + ".xmp"))
        let folder = library + "/2024/2024-01-01"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("another file".utf8).write(to: URL(fileURLWithPath: folder + "/IMG_1000.MOV"))

        let survey = try survey()
        XCTAssertEqual(survey.groups.count, 1)
        XCTAssertEqual(
            relative(survey.groups[0].items.map(\.source)), ["IMG_1000.CR2", "IMG_1000.MOV", "IMG_1000.jpg", "IMG_1000.jpg.xmp"])
        let report = try importCard()
        XCTAssertEqual(
            relative(report.copied.map(\.path)),
            [
                "2024/2024-01-01/IMG_1000_1.CR2", "2024/2024-01-01/IMG_1000_1.MOV", "2024/2024-01-01/IMG_1000_1.jpg",
                "2024/2024-01-01/IMG_1000_1.jpg.xmp",
            ], "the video's name was taken: all of them get the next one")
    }

    /// Stopped after the first file: what was copied is in place, the rest is reported, no
    /// temporary file is left, and the next import copies only the rest.
    func testAStoppedImportKeepsWhatItCopiedAndTheNextOneCopiesTheRest() throws {
        fillCard(4)
        var files = 0
        let report = try importCard(progress: { files = $0.files }, isCancelled: { files >= 1 })
        XCTAssertEqual(relative(report.copied.map(\.source)), ["IMG_1000.jpg"])
        XCTAssertEqual(report.stopped, "the import was stopped")
        XCTAssertEqual(report.failed.map(\.error), Array(repeating: "not copied: the import was stopped", count: 3))
        XCTAssertEqual(libraryFiles(), ["2024/2024-01-01/IMG_1000.jpg"])

        let rest = try importCard()
        XCTAssertEqual(relative(rest.copied.map(\.source)), ["IMG_1001.jpg", "IMG_1002.jpg", "IMG_1003.jpg"])
        XCTAssertEqual(relative(rest.skipped.map(\.source)), ["IMG_1000.jpg"])
        XCTAssertEqual(libraryFiles().count, 4)
    }

    /// The card pulled while the second file is copied: the files gone are errors, nothing of
    /// theirs is in the library, and once the card is back the import completes.
    func testACardPulledMidImportLeavesNothingHalfWritten() throws {
        let originals = fillCard(3)
        let aside = LibraryFixtures.temporaryFolder(self, name: "aside")
        var importer = PhotoImport()
        importer.batchFiles = 1
        let report = try importCard(
            importer,
            progress: { progress in
                guard progress.files == 1, FileManager.default.fileExists(atPath: originals[1]) else { return }
                for path in originals.dropFirst() {
                    try? FileManager.default.moveItem(atPath: path, toPath: aside + "/" + (path as NSString).lastPathComponent)
                }
            })
        XCTAssertEqual(relative(report.copied.map(\.source)), ["IMG_1000.jpg"])
        XCTAssertEqual(
            report.failed.map(\.error),
            Array(repeating: "the original could not be read: No such file or directory", count: 2))
        XCTAssertEqual(libraryFiles(), ["2024/2024-01-01/IMG_1000.jpg"], "no temporary file, no part of a file")

        for path in originals.dropFirst() {
            try FileManager.default.moveItem(atPath: aside + "/" + (path as NSString).lastPathComponent, toPath: path)
        }
        let rest = try importCard()
        XCTAssertEqual(relative(rest.copied.map(\.source)), ["IMG_1001.jpg", "IMG_1002.jpg"])
        XCTAssertTrue(rest.isComplete)
    }

    /// A destination too small (a 160 KB tmpfs, where the test may mount one): the import stops
    /// at the file that doesn't fit, the ones before it are in place, and no part of it is.
    func testAFullDiskStopsTheImportWithWhatFitInPlace() throws {
        guard getuid() == 0, LibraryFixtures.tryShell("mount -t tmpfs -o size=160k lightbox-test '\(library)'") else {
            throw XCTSkip("needs to mount a small tmpfs (root)")
        }
        addTeardownBlock { [library] in LibraryFixtures.shell("umount '\(library)'") }
        fillCard(6)
        let report = try importCard()
        XCTAssertEqual(report.stopped, "the disk is full")
        XCTAssertFalse(report.copied.isEmpty)
        XCTAssertEqual(report.failed.first?.error, "the disk is full")
        XCTAssertEqual(report.copied.count + report.failed.count, 6)
        XCTAssertEqual(
            report.failed.dropFirst().map(\.error), Array(repeating: "not copied: the disk is full", count: report.failed.count - 1))
        XCTAssertEqual(libraryFiles().count, report.copied.count, "no temporary file")
        for entry in report.copied {
            XCTAssertEqual(FileManager.default.contents(atPath: entry.path!), FileManager.default.contents(atPath: entry.source))
        }
    }

    /// Deleting from the card after the import: the files copied and checked, and those the
    /// library has byte for byte; not a file the library only seemed to have (the same size and
    /// ends, other bytes between), nor one that could not be copied.
    func testDeletingFromTheCardTakesOnlyFilesTheLibraryHolds() throws {
        let originals = fillCard(4)
        // IMG_1000 is in the library already, IMG_1001 seems to be.
        let kept = library + "/kept"
        try FileManager.default.createDirectory(atPath: kept, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: originals[0], toPath: kept + "/A.jpg")
        var lookalike = try Data(contentsOf: URL(fileURLWithPath: originals[1]))
        lookalike[lookalike.count / 2] ^= 0xFF
        try lookalike.write(to: URL(fileURLWithPath: kept + "/B.jpg"))
        _ = try CatalogSync(catalog: catalog).run(folder: kept)
        // IMG_1002 (taken 2024-03-23) can't be copied: a file is where its folder would be.
        try FileManager.default.createDirectory(atPath: library + "/2024", withIntermediateDirectories: true)
        try Data().write(to: URL(fileURLWithPath: library + "/2024/2024-03-23"))

        let report = try importCard(PhotoImport(deletesFromSource: true))
        XCTAssertEqual(relative(report.skipped.map(\.source)), ["IMG_1000.jpg", "IMG_1001.jpg"])
        XCTAssertEqual(relative(report.copied.map(\.source)), ["IMG_1003.jpg"])
        XCTAssertEqual(relative(report.failed.map(\.source)), ["IMG_1002.jpg"])
        XCTAssertEqual(relative(report.deleted), ["IMG_1000.jpg", "IMG_1003.jpg"])
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: card).sorted(), ["IMG_1001.jpg", "IMG_1002.jpg"])
    }

    /// What a killed import left (a hidden temporary file of a process that is gone) is removed
    /// by the next import into that folder; a running import's is not.
    func testLeftoversOfAKilledImportAreRemovedByTheNextOne() throws {
        fillCard(1)
        let folder = library + "/2024/2024-01-01"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let gone = folder + "/.IMG_1000.jpg.999999999.lightbox-import"
        let running = folder + "/.IMG_0001.jpg.1.lightbox-import"
        try Data("half".utf8).write(to: URL(fileURLWithPath: gone))
        try Data("busy".utf8).write(to: URL(fileURLWithPath: running))
        let report = try importCard()
        XCTAssertEqual(relative(report.copied.map(\.path)), ["2024/2024-01-01/IMG_1000.jpg"])
        XCTAssertEqual(libraryFiles(), ["2024/2024-01-01/.IMG_0001.jpg.1.lightbox-import", "2024/2024-01-01/IMG_1000.jpg"])
    }
}

/// The steps of a checked copy on their own: what each refuses.
final class CheckedCopyTests: XCTestCase {
    func testACopyThatNoLongerMatchesItsOriginalFailsItsCheckAndNamesAreNeverReplaced() throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        let source = folder + "/IMG_1000.jpg"
        try FileManager.default.copyItem(atPath: LibraryFixtures.samplePaths[0], toPath: source)
        var pieces: [Int64] = []
        let copy = try CheckedCopy.copy(source, to: folder + "/.copy") {
            pieces.append($0)
            return true
        }
        XCTAssertEqual(copy.size, 32_772)
        XCTAssertEqual(pieces, [32_772])
        XCTAssertNoThrow(try copy.check(folder + "/.copy"))

        // The original changed after it was copied (a camera still writing it): its first bytes differ.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: source))
        bytes[100] ^= 0xFF
        try bytes.write(to: URL(fileURLWithPath: source))
        XCTAssertThrowsError(try copy.check(folder + "/.copy")) { error in
            XCTAssertEqual((error as? CheckedCopy.Failure)?.kind, .mismatch)
            XCTAssertEqual("\(error)", "the copy differs from the original")
        }

        XCTAssertThrowsError(try CheckedCopy.copy(source, to: folder + "/.copy") { _ in true }) { error in
            XCTAssertEqual("\(error)", "the copy could not be written: File exists", "a copy is never made over a file")
        }
        XCTAssertThrowsError(try CheckedCopy.rename(folder + "/.copy", to: source)) { error in
            XCTAssertEqual((error as? CheckedCopy.Failure)?.kind, .exists)
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: source)), bytes, "the file with the name is untouched")

        XCTAssertThrowsError(try CheckedCopy.copy(source, to: folder + "/.stopped") { _ in false }) { error in
            XCTAssertEqual((error as? CheckedCopy.Failure)?.kind, .cancelled)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/.stopped"), "a stopped copy leaves nothing")
    }
}

/// Nice values seen by an import's threads.
private final class NiceValues: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [Int32] = []
    func add(_ value: Int32) { lock.withLock { seen.append(value) } }
    var values: [Int32] { lock.withLock { seen } }
}
