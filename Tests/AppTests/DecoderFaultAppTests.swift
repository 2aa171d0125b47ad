import Foundation
import GtkTestSupport
import XCTest

/// The real app on a folder with files that crash the image decoder (the test-only decoder
/// faults, switched on through the environment the app and its workers inherit).
final class DecoderFaultAppTests: GtkTestCase {
    func testFilesThatCrashTheDecoderAreListedWithTheErrorAndTheAppStaysUp() throws {
        let fixture = try AppFixture()
        let crashing = "IMG_3000-crash-decoder.jpg"
        let undecodable = "IMG_3001-crash-pixels.jpg"
        for name in [crashing, undecodable] {
            try FileManager.default.copyItem(
                atPath: AppFixture.samples.appendingPathComponent("IMG_1000.jpg").path,
                toPath: fixture.folder.appendingPathComponent(name).path)
        }
        setenv("LIGHTBOX_TEST_DECODER_FAULTS", "1", 1)
        defer { unsetenv("LIGHTBOX_TEST_DECODER_FAULTS") }
        let all = Set(AppFixture.sampleNames + [crashing, undecodable])
        let (app, window) = try fixture.launch()
        defer { app.terminate() }

        var tree = app.waitForTree(timeout: 20) {
            $0.photoNames == all && $0.contains { $0.name == "this file crashed the image decoder" }
        }
        XCTAssertEqual(tree.photoNames, all, "every file is listed")
        XCTAssertEqual(
            tree.filter { $0.name == "this file crashed the image decoder" }.count, 1,
            "the file that crashed the metadata read says so; the other one's metadata was read")
        // The one that only crashes decodes: selected, its preview and photo page crash workers, not the app.
        app.sendKeys("ctrl+f", to: window)
        app.type("crash-pixels", to: window)
        tree = app.waitForTree { $0.photoNames == [undecodable] }
        XCTAssertEqual(tree.photoNames, [undecodable], "search finds it")
        app.sendKeys("Return", "Escape", to: window)
        tree = app.waitForTree { $0.photoNames == all && $0.selectedPhotoName == String(undecodable.prefix(12)) }
        XCTAssertEqual(tree.selectedPhotoName, "IMG_3001-cra", "selected, with its preview decoded (or not) in a worker")
        app.sendKeys("Return", to: window)
        tree = app.waitForTree { $0.contains(role: "push button", name: "Back") }
        XCTAssertTrue(tree.contains(role: "push button", name: "Back"), "its photo page opens")
        app.sendKeys("Escape", "ctrl+q", to: window)
        XCTAssertEqual(app.waitForExit(timeout: 10), 0, "the app stayed up and quits normally")
    }
}
