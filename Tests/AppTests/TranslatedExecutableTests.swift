import Foundation
import GtkTestSupport
import XCTest

/// The real binary binds its translations before it says anything, in the locale it is
/// started in, and stays English in C.UTF-8 whatever the catalogs hold.
final class TranslatedExecutableTests: XCTestCase {
    /// A catalog made from the real template, every message its own English except the
    /// usage line of --help, compiled into `<folder>/zh_CN/LC_MESSAGES/lightbox.mo`.
    private func makeCatalogs() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lightbox-catalogs-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let messages = folder.appendingPathComponent("zh_CN/LC_MESSAGES")
        try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
        let pot = AppFixture.packageRoot.appendingPathComponent("po/lightbox.pot").path
        let po = folder.appendingPathComponent("zh_CN.po").path
        let script = """
            msgen "$1" | msgfilter --keep-header -o - sed -e 's/^usage: lightbox/用法：lightbox/' \
              | sed -e 's/^"Plural-Forms: .*"$/"Plural-Forms: nplurals=1; plural=0;\\\\n"/' > "$2" \
              && msgfmt --check -o "$3" "$2"
            """
        let made = Process.output("/bin/sh", ["-c", script, "sh", pot, po, messages.appendingPathComponent("lightbox.mo").path])
        XCTAssertTrue(FileManager.default.fileExists(atPath: messages.appendingPathComponent("lightbox.mo").path), made)
        return folder
    }

    func testHelpIsTranslatedInTheLocaleTheBinaryIsStartedIn() throws {
        let catalogs = try makeCatalogs()
        let chinese = try LaunchedApp.run(["--help"], locale: "zh_CN.UTF-8", variables: ["LIGHTBOX_LOCALE_DIR": catalogs.path])
        XCTAssertEqual(chinese.status, 0, chinese.output)
        XCTAssertTrue(chinese.output.hasPrefix("用法：lightbox [FOLDER]"), chinese.output)
        XCTAssertTrue(chinese.output.hasSuffix("\nLightbox 0.1.0\n"), chinese.output)

        let english = try LaunchedApp.run(["--help"], variables: ["LIGHTBOX_LOCALE_DIR": catalogs.path])
        XCTAssertEqual(english.status, 0, english.output)
        XCTAssertTrue(english.output.hasPrefix("usage: lightbox [FOLDER]"), english.output)
    }
}
