import Foundation
import GtkTestSupport
import XCTest

/// The real binary in Simplified Chinese (`LANG=zh_CN.UTF-8`), end to end: real keys, the
/// accessibility tree. The app's words come from po/zh_CN.po (compiled by the build tree),
/// its dates from ICU's Chinese patterns, and GTK's own words from GTK's catalog, which
/// follows the locale the app set. The expected texts are literal Chinese.
final class ChineseAppTests: GtkTestCase {
    /// `.ci/install-deps --test` generates the locales: a machine without them fails here
    /// rather than passing in English.
    private func requireLocale(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let locales = Process.output("/usr/bin/locale", ["-a"]).split(separator: "\n").map { $0.lowercased() }
        guard locales.contains(name.lowercased()) else {
            XCTFail("the \(name) locale is not generated (run .ci/install-deps --test): \(locales)", file: file, line: line)
            throw LaunchError(message: "no \(name) locale")
        }
    }

    func testTheWindowTheDetailsTheTrashToastAndTheAlbumsSpeakChinese() throws {
        try requireLocale("zh_CN.utf8")
        let fixture = try AppFixture()
        let (app, window) = try fixture.launch(locale: "zh_CN.UTF-8")
        defer { app.terminate() }
        var tree = app.waitForTree { $0.photoNames.count == AppFixture.sampleNames.count }
        XCTAssertEqual(tree.photoNames.count, AppFixture.sampleNames.count, "every sample is listed")
        // The header: the page switcher, the search and main menu buttons.
        for page in ["照片", "相册", "关键词", "重复照片"] {
            XCTAssertTrue(tree.contains { $0.name == page }, "the page switcher names \(page)")
        }
        XCTAssertTrue(tree.contains { $0.name == "主菜单" }, "the main menu button")
        XCTAssertTrue(tree.contains { $0.name == "搜索" }, "the search button")
        XCTAssertFalse(tree.contains { $0.name == "Photos" || $0.name == "Main Menu" }, "no English left in the header")

        // The details of a photo: Chinese labels, a Chinese date.
        let name = "IMG_1007.jpg"
        app.select(name, window: window)
        tree = app.waitForTree { $0.contains { $0.name == "2024年2月22日 15:31" } }
        XCTAssertTrue(tree.contains { $0.name == "2024年2月22日 15:31" }, "the date taken, written the Chinese way")
        for label in ["评分", "拍摄日期", "相机", "镜头", "曝光", "光圈", "焦距", "文件大小", "文件夹"] {
            XCTAssertTrue(tree.contains { $0.name == label }, "the details pane labels a row \(label)")
        }
        app.screenshot("zh_CN-photos", window: window)

        // Delete: the toast says so in Chinese, with 撤销; Ctrl+Z brings the photo back.
        app.sendKeys("Delete", to: window)
        let gone = app.waitForTree { !$0.photoNames.contains(name) && $0.contains { $0.name == "已移到回收站" } }
        XCTAssertTrue(gone.contains { $0.name == "已移到回收站" }, "the toast says the photo moved to the trash")
        XCTAssertTrue(
            gone.contains { $0.role == "push button" && $0.name.hasPrefix("撤销") },
            "with an Undo button: \(gone.filter { $0.role == "push button" }.map(\.name))")
        app.screenshot("zh_CN-trash-toast", window: window)
        app.sendKeys("ctrl+z", to: window)
        let back = app.waitForTree { $0.photoNames.contains(name) && !$0.contains { $0.name == "已移到回收站" } }
        XCTAssertTrue(back.photoNames.contains(name), "Ctrl+Z put the photo back")
        XCTAssertTrue(FileManager.default.fileExists(atPath: fixture.folder.appendingPathComponent(name).path))

        // The Albums page: month headings the Chinese way.
        app.sendKeys("ctrl+3", to: window)
        let albums = app.waitForTree { $0.contains { $0.name == "2024年12月 · 2 张照片" } }
        XCTAssertTrue(albums.contains { $0.name == "2024年12月 · 2 张照片" }, "a month heading in Chinese")
        XCTAssertTrue(albums.contains { $0.name == "2024年1月 · 3 张照片" })
        XCTAssertFalse(albums.contains { $0.name.hasPrefix("December 2024") }, "no English month")
        XCTAssertFalse(albums.contains { $0.name.contains("Open Folder") }, "the empty pages' button is translated too")
        app.screenshot("zh_CN-albums", window: window)
        app.sendKeys("ctrl+1", to: window)

        // The shortcuts window: its title and entries are the app's; its search results page
        // and the window's buttons are GTK's own words, from GTK's catalog (gtk40).
        app.sendKeys("ctrl+question", to: window)
        let shortcuts = app.waitForWindow(named: "键盘快捷键", timeout: 5)
        XCTAssertNotNil(shortcuts, "the shortcuts window is titled 键盘快捷键")
        let listed = app.waitForTree { $0.contains { $0.name == "移到回收站" } && $0.contains { $0.name == "搜索结果" } }
        XCTAssertTrue(listed.contains { $0.name == "移到回收站" }, "the shortcuts window lists Delete in Chinese")
        XCTAssertTrue(listed.contains { $0.name == "搜索结果" }, "GTK's “Search Results” in Chinese")
        XCTAssertTrue(listed.contains { $0.name == "未找到项目" }, "GTK's “No Results Found” in Chinese")
        XCTAssertTrue(listed.contains { $0.role == "push button" && $0.name == "最大化" }, "GTK's window buttons in Chinese")
        XCTAssertFalse(listed.contains { $0.name == "Search Results" || $0.name == "Maximize" }, "no GTK English left")
        if let shortcuts { app.screenshot("zh_CN-shortcuts", window: shortcuts) }
    }

    /// Traditional Chinese too: the header's page names.
    func testTheHeaderSpeaksTraditionalChineseInZhTW() throws {
        try requireLocale("zh_TW.utf8")
        let fixture = try AppFixture()
        let (app, _) = try fixture.launch(locale: "zh_TW.UTF-8")
        defer { app.terminate() }
        let tree = app.waitForTree { $0.contains { $0.name == "相簿" } }
        for page in ["照片", "相簿", "關鍵字"] {
            XCTAssertTrue(tree.contains { $0.name == page }, "the page switcher names \(page)")
        }
        XCTAssertTrue(tree.contains { $0.name == "主選單" }, "the main menu button")
    }
}
