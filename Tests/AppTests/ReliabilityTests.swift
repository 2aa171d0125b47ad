import Foundation
import GtkTestSupport
import XCTest

/// What used to crash the app or lose ratings, tried as a person would: the real binary,
/// real keys, checked through the accessibility tree and the catalog on disk.
final class ReliabilityTests: GtkTestCase {
    /// No FNumber and an ApertureValue of 2100/1: the aperture works out to infinity,
    /// which crashed the app as soon as the photo was selected (at every launch when newest).
    func testAPhotoWhoseApertureIsInfiniteIsShownAndTheAppStaysUp() throws {
        let fixture = try AppFixture()
        let name = "IMG_2100.jpg"
        let file = fixture.folder.appendingPathComponent(name).path
        try FileManager.default.copyItem(atPath: AppFixture.samples.appendingPathComponent("IMG_1000.jpg").path, toPath: file)
        Process.output(
            "/usr/bin/exiv2",
            [
                "-M", "set Exif.Photo.ApertureValue Rational 2100/1", "-M", "del Exif.Photo.FNumber",
                "-M", "set Exif.Photo.DateTimeOriginal 2030:01:01 09:30:00", file,
            ])
        let all = Set(AppFixture.sampleNames + [name])
        let (app, window) = try fixture.launch()
        defer { app.terminate() }

        var tree = app.waitForTree { $0.photoNames == all && $0.selectedPhotoName == name }
        XCTAssertEqual(tree.photoNames, all, "listed with the others")
        XCTAssertEqual(tree.selectedPhotoName, name, "the newest photo is selected at start-up")
        XCTAssertTrue(tree.contains { $0.name == "1 January 2030, 09:30" }, "its details are shown")
        XCTAssertFalse(tree.contains { $0.name.hasPrefix("ƒ/") }, "no aperture is made up")
        app.sendKeys("Down", to: window)
        tree = app.waitForTree { $0.selectedPhotoName != nil && $0.selectedPhotoName != name }
        app.sendKeys("Up", to: window)
        tree = app.waitForTree { $0.selectedPhotoName == name }
        XCTAssertEqual(tree.selectedPhotoName, name, "walked back to it")
        app.sendKeys("Return", to: window)
        tree = app.waitForTree { $0.contains(role: "push button", name: "Back") }
        XCTAssertTrue(tree.contains(role: "push button", name: "Back"), "its photo page opens")
        app.screenshot("infinite-aperture-photo-page", window: window)
        app.sendKeys("Escape", to: window)
        tree = app.waitForTree { $0.selectedPhotoName == name && !$0.contains(role: "push button", name: "Back") }
        XCTAssertEqual(tree.selectedPhotoName, name)
        app.sendKeys("ctrl+q", to: window)
        XCTAssertEqual(app.waitForExit(timeout: 10), 0, "the app stayed up and quits normally")
    }

    func testADamagedCatalogComesBackWithTheRatingsOfTheLastBackupAndTheWindowSaysSo() throws {
        let fixture = try AppFixture()
        let name = "IMG_1003.jpg"
        try rateAndQuit(name, stars: 4, in: fixture)
        let backups = (fixture.catalogPath as NSString).deletingLastPathComponent + "/backups"
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: backups).filter { $0.hasSuffix(".sqlite") }.count,
            1, "quitting made a backup")
        let handle = try XCTUnwrap(FileHandle(forUpdatingAtPath: fixture.catalogPath))
        handle.write(Data(repeating: 0x5A, count: 100))  // the header: nothing in the file can be read now
        try handle.close()

        let (app, window) = try fixture.launch()
        defer { app.terminate() }
        let tree = app.waitForTree {
            $0.photoNames.count == AppFixture.sampleNames.count && $0.contains { $0.name.hasPrefix("The photo catalog was damaged.") }
        }
        let message = try XCTUnwrap(tree.first { $0.name.hasPrefix("The photo catalog was damaged.") }?.name)
        XCTAssertTrue(message.contains("It was rebuilt from the backup of"), message)
        XCTAssertTrue(tree.contains { $0.role == "push button" && $0.name.hasPrefix("Close this message") }, "it can be closed")
        XCTAssertTrue(waitUntil { fixture.rating(of: name) == 4 }, "the rating came back from the backup")
        app.screenshot("catalog-recovered", window: window)
        app.sendKeys("ctrl+q", to: window)
        XCTAssertEqual(app.waitForExit(timeout: 10), 0)
    }

    func testAReadOnlyDataFolderSaysRatingsCantBeSavedAndLeavesNoTemporaryCatalog() throws {
        let fixture = try AppFixture()
        let data = (fixture.catalogPath as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        Process.output("/usr/bin/mount", ["-t", "tmpfs", "-o", "ro,size=1m", "tmpfs", data])
        defer { Process.output("/usr/bin/umount", [data]) }
        let temporaryCatalogs = {
            ((try? FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())) ?? [])
                .filter { $0.hasPrefix("lightbox-") && $0.contains(".sqlite") }
        }
        let before = temporaryCatalogs()
        let (app, window) = try fixture.launch()
        defer { app.terminate() }
        let reason =
            "Ratings can't be saved: the folder \(data) is on a read-only disk. "
            + "Photos are shown, but ratings and other changes are not kept."
        var tree = app.waitForTree { $0.photoNames.count == AppFixture.sampleNames.count && $0.contains { $0.name == reason } }
        XCTAssertTrue(tree.contains { $0.name == reason }, "the window says so, with the photos listed")
        app.select("IMG_1005.jpg", window: window)
        app.sendKeys("4", to: window)
        tree = app.waitForTree { $0.contains { $0.name.hasPrefix("The rating could not be saved") } }
        XCTAssertTrue(tree.contains { $0.name == "The rating could not be saved: the folder \(data) is on a read-only disk" })
        app.screenshot("read-only-data", window: window)
        app.sendKeys("ctrl+q", to: window)
        XCTAssertEqual(app.waitForExit(timeout: 10), 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: data), [])
        XCTAssertEqual(temporaryCatalogs(), before, "no temporary catalog is made or left behind")
    }

    /// The catalog's disk fills up during the first scan of 20,000 photos: the window says
    /// so for as long as it lasts, earlier ratings stay, and the scan finishes by itself
    /// once space is freed. Memory stays bounded meanwhile (peak RSS from /proc).
    func testADiskFullDuringAScanIsSaidLastinglyAndTheScanGoesOnWhenSpaceIsFreed() throws {
        let fixture = try AppFixture()
        let data = (fixture.catalogPath as NSString).deletingLastPathComponent
        let disk = (data as NSString).deletingLastPathComponent
        defer { try? FileManager.default.removeItem(at: fixture.home) }  // after the disk is unmounted
        Process.output("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=64m", "tmpfs", disk])
        defer { Process.output("/usr/bin/umount", [disk]) }
        let name = "IMG_1003.jpg"
        try rateAndQuit(name, stars: 4, in: fixture)
        // Hard links of a private copy (a file takes at most 65,000 links), removed after.
        let source = fixture.home.appendingPathComponent("IMG_1010.jpg").path
        try FileManager.default.copyItem(atPath: AppFixture.samples.appendingPathComponent("IMG_1010.jpg").path, toPath: source)
        Process.output(
            "/bin/sh",
            [
                "-c",
                "cd '\(fixture.folder.path)' && for f in $(seq 100 119); do mkdir Roll$f; "
                    + "for i in $(seq 1000 1999); do ln '\(source)' Roll$f/IMG_$i.jpg; done; done",
            ])
        let filler = disk + "/filler"
        let free = try XCTUnwrap(try FileManager.default.attributesOfFileSystem(forPath: disk)[.systemFreeSize] as? Int)
        Process.output("/usr/bin/fallocate", ["-l", "\(free - 384 * 1024)", filler])
        let total = AppFixture.sampleNames.count + 20_000

        let (app, window) = try fixture.launch()
        defer { app.terminate() }
        let message =
            "The disk holding the photo catalog is full. Scanning stopped and goes on by itself when space "
            + "is freed; ratings saved before are kept."
        var tree = app.waitForTree(timeout: 60) { $0.contains { $0.name == message } }
        XCTAssertTrue(tree.contains { $0.name == message }, "the window says the disk is full")
        XCTAssertEqual(fixture.rating(of: name), 4, "the rating made before is kept")
        XCTAssertLessThan(fixture.photoCount(), total, "the scan stopped part way")
        app.screenshot("disk-full", window: window)
        tree = app.waitForTree(timeout: 3) { !$0.contains { $0.name == message } }
        XCTAssertTrue(tree.contains { $0.name == message }, "the message lasts")

        try FileManager.default.removeItem(atPath: filler)
        tree = app.waitForTree(timeout: 240) { tree in
            !tree.photoNames.isEmpty && !tree.contains { $0.name == message || $0.name.hasPrefix("Scanning") }
        }
        XCTAssertFalse(tree.contains { $0.name == message }, "the message goes once space is freed")
        XCTAssertTrue(waitUntil(timeout: 120) { fixture.photoCount() == total }, "the scan finished by itself")
        XCTAssertEqual(fixture.rating(of: name), 4)
        let peak = try XCTUnwrap(app.peakMemory, "VmHWM of the app")
        print("Peak RSS of the app over the scan of \(total) photos: \(peak >> 20) MB")
        XCTAssertLessThan(peak, 300 << 20, "peak RSS of the 20,000-photo scan: \(peak >> 20) MB")
        app.sendKeys("ctrl+q", to: window)
        XCTAssertEqual(app.waitForExit(timeout: 10), 0)
    }

    func testTheOpenFolderMovedAwayEmptiesTheWindowAtOnceAndComesBackWithItsRatings() throws {
        let fixture = try AppFixture()
        let name = "IMG_1005.jpg"
        let (app, window) = try fixture.launch()
        defer { app.terminate() }
        _ = app.waitForTree { $0.photoNames.count == AppFixture.sampleNames.count }
        app.select(name, window: window)
        app.sendKeys("3", to: window)
        XCTAssertTrue(waitUntil { fixture.rating(of: name) == 3 }, "the rating is saved")
        let aside = fixture.home.appendingPathComponent("Elsewhere").path
        try FileManager.default.moveItem(atPath: fixture.folder.path, toPath: aside)
        let message = "The folder “\(fixture.folder.path)” was deleted or moved. Its photos will be shown again when it is back."
        var tree = app.waitForTree(timeout: 5) { $0.photoNames.isEmpty && $0.contains { $0.name == message } }
        XCTAssertEqual(tree.photoNames, [], "no photo of a folder that is gone is listed")
        XCTAssertTrue(tree.contains { $0.name == message }, "the window says why")
        XCTAssertTrue(tree.contains { $0.name == "Folder Unavailable" }, "the list says so too")
        app.screenshot("folder-unavailable", window: window)
        try FileManager.default.moveItem(atPath: aside, toPath: fixture.folder.path)
        tree = app.waitForTree(timeout: 10) { $0.photoNames.count == AppFixture.sampleNames.count && !$0.contains { $0.name == message } }
        XCTAssertEqual(tree.photoNames.count, AppFixture.sampleNames.count, "its photos are back")
        XCTAssertFalse(tree.contains { $0.name == message })
        XCTAssertEqual(fixture.rating(of: name), 3, "with their ratings")
        app.sendKeys("ctrl+q", to: window)
        XCTAssertEqual(app.waitForExit(timeout: 10), 0)
    }

    /// One session of the app: rates the photo `name` by key, waits until the catalog has
    /// it, quits.
    private func rateAndQuit(
        _ name: String, stars: Int, in fixture: AppFixture,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let (app, window) = try fixture.launch()
        defer { app.terminate() }
        _ = app.waitForTree { $0.photoNames.count == AppFixture.sampleNames.count }
        app.select(name, window: window)
        app.sendKeys("\(stars)", to: window)
        XCTAssertTrue(waitUntil { fixture.rating(of: name) == stars }, "the rating is saved", file: file, line: line)
        app.sendKeys("ctrl+q", to: window)
        XCTAssertEqual(app.waitForExit(timeout: 10), 0, file: file, line: line)
    }
}
