import Foundation
import GtkTestSupport
import XCTest

/// An import from a card by keys, end to end: the real binary opened on the card
/// (`lightbox --import CARD`), its photos read through the accessibility tree, one turned off
/// with the arrow keys and Space, Import by its access key, the files read back from the disk.
final class ImportAppTests: GtkTestCase {
    func testAnImportByKeysCopiesTheChosenNewPhotosAndSkipsTheLibrarys() throws {
        let fixture = try AppFixture()
        // The library is the fixture's folder: one launch on it, its scan over.
        do {
            let (app, _) = try fixture.launch()
            _ = app.waitForTree { $0.photoNames.count == AppFixture.sampleNames.count }
            app.terminate()
        }
        // The card: IMG_1000 as the library has it; IMG_1001 (taken 12 August 2024) and IMG_1002
        // (23 March 2024) with bytes of their own, new.
        let card = fixture.home.appendingPathComponent("card/DCIM/100CANON")
        try FileManager.default.createDirectory(at: card, withIntermediateDirectories: true)
        for (index, name) in ["IMG_1000", "IMG_1001", "IMG_1002"].enumerated() {
            var data = try Data(contentsOf: AppFixture.samples.appendingPathComponent(name + ".jpg"))
            if index > 0 { data.append(contentsOf: Array("card \(index)".utf8)) }
            try data.write(to: card.appendingPathComponent(name + ".JPG"))
        }

        let app = try LaunchedApp.start(["--import", fixture.home.appendingPathComponent("card").path], home: fixture.home)
        defer { app.terminate() }
        guard let window = app.waitForWindow(named: "Import From card") else { return XCTFail("no import window: \(app.printed)") }
        var tree = app.waitForTree(timeout: 30) { $0.contains { $0.name.hasSuffix(" · 1 in the library already") } }
        XCTAssertTrue(
            tree.contains { $0.role == "label" && $0.name.hasPrefix("2 photos and videos to import (") },
            "two new: \(tree.map(\.name))")
        // Newest day first; the library's photo marked.
        // Toggle buttons (GTK 4.8 tells them as push buttons that are pressed or not); the keyboard on the first.
        let cells = tree.filter { $0.role == "push button" && $0.name.hasPrefix("IMG_") }
        XCTAssertEqual(cells.map(\.name), ["IMG_1001.JPG", "IMG_1002.JPG", "IMG_1000.JPG, in the library already"])
        XCTAssertEqual(cells.map { $0.states.contains("pressed") }, [true, true, false])
        XCTAssertTrue(cells[0].states.contains("focused"))
        XCTAssertTrue(tree.contains { $0.name == "Monday 12 August 2024" })
        app.screenshot("import-window", window: window)

        // The keyboard starts on the first photo: Right, Space turns IMG_1002 off; Alt+I imports.
        app.sendKeys("Right", "space", to: window)
        tree = app.waitForTree { $0.contains { $0.name.hasPrefix("1 photo or video to import (") } }
        XCTAssertTrue(tree.contains { $0.name.hasPrefix("1 photo or video to import (") }, "\(tree.map(\.name))")
        let turnedOff = tree.first { $0.role == "push button" && $0.name == "IMG_1002.JPG" }
        XCTAssertEqual(turnedOff?.states.contains("pressed"), false)
        XCTAssertEqual(turnedOff?.states.contains("focused"), true)
        app.sendKeys("alt+i", to: window)
        tree = app.waitForTree(timeout: 30) { $0.contains { $0.name == "Imported 1 file" } }
        XCTAssertTrue(tree.contains { $0.name == "Imported 1 file" }, "the page and the toast say it: \(tree.map(\.name))")
        let imported = fixture.folder.appendingPathComponent("2024/2024-08-12/IMG_1001.JPG")
        XCTAssertEqual(try Data(contentsOf: imported), try Data(contentsOf: card.appendingPathComponent("IMG_1001.JPG")))
        XCTAssertFalse(FileManager.default.fileExists(atPath: fixture.folder.appendingPathComponent("2024/2024-03-23").path))
        // Looked at again: the imported one is in the library now.
        tree = app.waitForTree(timeout: 30) { $0.contains { $0.name == "IMG_1001.JPG, in the library already" } }
        XCTAssertTrue(tree.contains { $0.name == "IMG_1001.JPG, in the library already" }, "\(tree.map(\.name))")
    }
}
