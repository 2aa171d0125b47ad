import LightboxMedia
import XCTest

@testable import Lightbox

/// Exported files' names from the template, and what the Export window says while it works.
final class FileNameTemplateTests: XCTestCase {
    private let photo = ExportItem(path: "/photos/Trip/IMG_0042.JPG", taken: "2024-05-17T14:30:05")

    func testTokensBecomeTheNameTheDateTheTimeAndTheNumberPaddedToTheCount() {
        let template = FileNameTemplate("{date} {time} {name} #{seq}")
        XCTAssertEqual(template.name(for: photo, index: 6, count: 120), "2024-05-17 14-30-05 IMG_0042 #007")
        XCTAssertEqual(template.name(for: photo, index: 0, count: 9), "2024-05-17 14-30-05 IMG_0042 #1")
        XCTAssertEqual(FileNameTemplate(FileNameTemplate.defaultTemplate).name(for: photo, index: 0, count: 1), "IMG_0042")
    }

    func testASlashANulAndLeadingDotsNeverMakeAPathOrAHiddenFile() {
        XCTAssertEqual(FileNameTemplate("../{name}/x\u{0}y").name(for: photo, index: 0, count: 1), "_IMG_0042_x_y")
        XCTAssertEqual(FileNameTemplate("...").name(for: photo, index: 0, count: 1), "IMG_0042", "nothing left: the photo's name")
        XCTAssertEqual(
            FileNameTemplate("{date}").name(for: ExportItem(path: "/p/a.jpg"), index: 0, count: 1), "a", "no date: the photo's name")
    }

    func testTheNamesOfAnExportKeepTheOriginalsExtensionOrSayJPEG() {
        let items = [photo, ExportItem(path: "/photos/IMG_7.CR2")]
        XCTAssertEqual(ExportRun.names(for: items, options: ExportOptions(folder: "/x")), ["IMG_0042.jpg", "IMG_7.jpg"])
        XCTAssertEqual(
            ExportRun.names(for: items, options: ExportOptions(format: .originals, folder: "/x")), ["IMG_0042.JPG", "IMG_7.CR2"])
    }

    func testProgressSaysHowManyAndTheTimeLeft() {
        XCTAssertEqual(ExportText.progress(ExportRun.Progress(done: 0, total: 20)), "0 of 20")
        XCTAssertEqual(ExportText.progress(ExportRun.Progress(done: 3, total: 20, secondsLeft: 42.2)), "3 of 20 · about 43 seconds left")
        XCTAssertEqual(ExportText.progress(ExportRun.Progress(done: 3, total: 20, secondsLeft: 61)), "3 of 20 · about 2 minutes left")
        XCTAssertEqual(ExportText.progress(ExportRun.Progress(done: 20, total: 20, secondsLeft: 0)), "20 of 20")
    }

    func testTheEndSaysHowManyWhatFailedAndWhy() {
        var summary = ExportRun.Summary(folder: "/x", exported: ["/x/a.jpg", "/x/b.jpg"])
        XCTAssertEqual(ExportText.toast(summary), "Exported 2 photos")
        summary.failures = [ExportRun.Failure(fileName: "broken.jpg", reason: "not an image format gdk-pixbuf can read")]
        XCTAssertEqual(ExportText.toast(summary), "Exported 2 photos, 1 failed")
        XCTAssertEqual(ExportText.failures(summary), "broken.jpg: not an image format gdk-pixbuf can read")
        summary.stopped = "the disk is full"
        XCTAssertEqual(ExportText.toast(summary), "Export stopped (the disk is full) after 2 photos")
        summary.stopped = nil
        summary.cancelled = true
        XCTAssertEqual(
            ExportText.toast(ExportRun.Summary(folder: "/x", exported: ["/x/a.jpg"], cancelled: true)), "Export cancelled after 1 photo")
    }
}
