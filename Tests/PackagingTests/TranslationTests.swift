import Foundation
import Gtk
import XCTest

@testable import Lightbox

/// gettext the GNOME way: every catalog compiles, the template is what the sources make,
/// every marked message reaches it, the desktop entry and metainfo carry the translations,
/// and the app finds its catalogs (installed, in a build tree, or not at all).
final class TranslationTests: XCTestCase {
    func testEveryLanguageCompilesWithMsgfmtCheckAndHasChinesePluralForms() throws {
        XCTAssertEqual(try PackageFiles.languages(), ["zh_CN", "zh_TW"])
        for language in try PackageFiles.languages() {
            let result = try runCommand(["msgfmt", "--check", "--statistics", "--output-file=/dev/null", "po/\(language).po"])
            XCTAssertEqual(result.status, 0, "po/\(language).po: \(result.output)")
            XCTAssertTrue(result.output.contains("translated message"), result.output)
            let text = try String(contentsOfFile: PackageFiles.path("po/\(language).po"), encoding: .utf8)
            XCTAssertTrue(text.contains("\"Language: \(language)\\n\""), "po/\(language).po names another language")
            XCTAssertTrue(text.contains("\"Plural-Forms: nplurals=1; plural=0;\\n\""), "po/\(language).po: Chinese has one form")
            XCTAssertTrue(text.contains("\"Content-Type: text/plain; charset=UTF-8\\n\""), "po/\(language).po is not UTF-8")
        }
    }

    /// A screen reader hears a photo's stars as a state (the row's "已评 3 星", rated 3 stars)
    /// and the details pane's star buttons as a command ("评为 3 星", rate 3 stars): in
    /// Chinese too the two never read the same.
    func testTheStarsOfAPhotoReadAsAStateAndTheStarButtonsAsACommand() throws {
        let expected = [
            "zh_CN": (state: "已评 %d 星", rejected: "已淘汰，已评 %d 星", command: "评为 %d 星"),
            "zh_TW": (state: "已評 %d 星", rejected: "已淘汰，已評 %d 星", command: "評為 %d 星"),
        ]
        for language in try PackageFiles.languages() {
            let text = try String(contentsOfFile: PackageFiles.path("po/\(language).po"), encoding: .utf8)
            func translation(_ singular: String) -> String? {
                guard let entry = text.range(of: "msgid \"\(singular)\"\n"),
                    let form = text.range(of: "msgstr[0] \"", range: entry.upperBound..<text.endIndex),
                    let end = text.range(of: "\"\n", range: form.upperBound..<text.endIndex)
                else { return nil }
                return String(text[form.upperBound..<end.lowerBound])
            }
            XCTAssertEqual(translation("Rated %d star"), expected[language]?.state, "\(language): a photo's stars")
            XCTAssertEqual(translation("Rejected, rated %d star"), expected[language]?.rejected, "\(language): a reject's stars")
            XCTAssertEqual(translation("Rate %d star"), expected[language]?.command, "\(language): a star button")
        }
    }

    func testTheTemplateIsWhatUpdatePotMakesFromTheSources() throws {
        let pot = try makeTemporaryDirectory(for: self).appendingPathComponent("lightbox.pot").path
        let result = try runCommand(["po/update-pot", "--pot=\(pot)"])
        XCTAssertEqual(result.status, 0, result.output)
        let made = try String(contentsOfFile: pot, encoding: .utf8)
        let committed = try String(contentsOfFile: PackageFiles.path("po/lightbox.pot"), encoding: .utf8)
        XCTAssertTrue(made == committed, "po/lightbox.pot is out of date: run po/update-pot and commit it")
        XCTAssertFalse(committed.contains("POT-Creation-Date"), "the template carries a date that changes every run")
    }

    /// xgettext has no Swift parser: this reads every call of the marking functions the way
    /// Swift does and proves each is a plain literal the template holds, in a listed file.
    func testEveryMarkedMessageIsALiteralInTheTemplateAndItsFileIsListed() throws {
        let template = try Self.messages(inTemplate: String(contentsOfFile: PackageFiles.path("po/lightbox.pot"), encoding: .utf8))
        let listed = Set(
            try String(contentsOfFile: PackageFiles.path("po/POTFILES"), encoding: .utf8)
                .split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") })
        var calls = 0
        for file in Self.swiftSources() {
            let text = try String(contentsOfFile: PackageFiles.path(file), encoding: .utf8)
            let found = Self.markedCalls(in: text)
            guard !found.isEmpty else { continue }
            XCTAssertTrue(listed.contains(file), "\(file) has marked messages but is not in po/POTFILES")
            for call in found {
                calls += 1
                guard let messages = call.messages else {
                    XCTFail("\(file):\(call.line): \(call.function)( takes plain string literals only: \(call.text)")
                    continue
                }
                for message in messages {
                    XCTAssertTrue(template.contains(message), "\(file):\(call.line): \"\(message)\" is not in po/lightbox.pot")
                }
            }
        }
        XCTAssertGreaterThan(calls, 150, "the scan found too few marked calls to be reading the sources")
    }

    func testTheScanRejectsInterpolatedAndComputedMessages() {
        let calls = Self.markedCalls(
            in: """
                a = tr("Plain \\"quoted\\"\\n")
                b = tr("Hello \\(name)")
                c = trn("%d photo", "%d photos", n)
                d = trc("sort key", "_Rating")
                e = kitText(message)
                f = String(format: tr("“%1$@” copied"), name)
                """)
        XCTAssertEqual(
            calls.map(\.messages),
            [
                ["Plain \"quoted\"\n"], nil, ["%d photo", "%d photos"],
                ["sort key\u{4}_Rating"], nil, ["“%1$@” copied"],
            ])
    }

    func testDesktopEntryAndMetainfoCarryTheChineseTranslation() throws {
        let desktop = try String(
            contentsOfFile: try PackageFiles.translated("\(PackageFiles.appID).desktop.in", for: self),
            encoding: .utf8)
        XCTAssertTrue(desktop.contains("\nName=Lightbox\n"), desktop)
        XCTAssertTrue(desktop.contains("\nName[zh_CN]=Lightbox\n"), desktop)
        XCTAssertTrue(desktop.contains("\nComment[zh_CN]=浏览、评分和整理照片\n"), desktop)
        let metainfo = try String(
            contentsOfFile: try PackageFiles.translated("\(PackageFiles.appID).metainfo.xml.in", for: self),
            encoding: .utf8)
        XCTAssertTrue(metainfo.contains("<summary xml:lang=\"zh_CN\">浏览、评分和整理照片</summary>"), metainfo)
        XCTAssertTrue(metainfo.contains("<summary>Browse, rate and sort your photos</summary>"), metainfo)
    }

    /// A catalog the test writes and compiles: `Translation` returns its message, the plural
    /// form for a count, and the message of a context.
    func testTranslationReadsACompiledCatalogInItsLocale() throws {
        let folder = try makeTemporaryDirectory(for: self)
        let po = folder.appendingPathComponent("test.po")
        try """
        msgid ""
        msgstr ""
        "Language: zh_CN\\n"
        "Content-Type: text/plain; charset=UTF-8\\n"
        "Plural-Forms: nplurals=2; plural=(n != 1);\\n"

        msgid "Back"
        msgstr "返回"

        msgid "%d photo"
        msgid_plural "%d photos"
        msgstr[0] "%d 张照片（单）"
        msgstr[1] "%d 张照片"

        msgctxt "sort key"
        msgid "_Rating"
        msgstr "评分(_R)"

        """.write(to: po, atomically: true, encoding: .utf8)
        let catalogs = folder.appendingPathComponent("locale")
        try FileManager.default.createDirectory(
            at: catalogs.appendingPathComponent("zh_CN/LC_MESSAGES"),
            withIntermediateDirectories: true)
        let compiled = try runCommand(["msgfmt", "--check", "--output-file=\(catalogs.path)/zh_CN/LC_MESSAGES/lightbox-test.mo", po.path])
        XCTAssertEqual(compiled.status, 0, compiled.output)

        let previous = String(cString: setlocale(LC_MESSAGES, nil))
        guard setlocale(LC_MESSAGES, "zh_CN.UTF-8") != nil else {
            return XCTFail("the zh_CN.UTF-8 locale is missing: run .ci/install-deps --test")
        }
        defer { setlocale(LC_MESSAGES, previous) }
        Translation.bind(domain: "lightbox-test", to: catalogs.path)
        XCTAssertEqual(Translation.text("Back", domain: "lightbox-test"), "返回")
        XCTAssertEqual(Translation.text("%d photo", plural: "%d photos", count: 1, domain: "lightbox-test"), "%d 张照片（单）")
        XCTAssertEqual(Translation.text("%d photo", plural: "%d photos", count: 3, domain: "lightbox-test"), "%d 张照片")
        XCTAssertEqual(Translation.text("_Rating", context: "sort key", domain: "lightbox-test"), "评分(_R)")
        XCTAssertEqual(Translation.text("Not in the catalog", domain: "lightbox-test"), "Not in the catalog")
        XCTAssertEqual(Translation.text("_Rating", context: "another context", domain: "lightbox-test"), "_Rating")
    }

    func testABuildTreeCompilesItsCatalogsOnlyWhenAPoFileIsNewer() throws {
        let folder = try makeTemporaryDirectory(for: self)
        let poFolder = folder.appendingPathComponent("po")
        try FileManager.default.createDirectory(at: poFolder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: PackageFiles.path("po/zh_CN.po"), toPath: poFolder.appendingPathComponent("zh_CN.po").path)
        let bin = folder.appendingPathComponent("debug")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let chosen = TranslationCatalogs.folder(
            executable: bin.appendingPathComponent("lightbox").path,
            sourceTree: folder.path, environment: [:])
        XCTAssertEqual(chosen, bin.appendingPathComponent("locale").path)
        let mo = chosen + "/zh_CN/LC_MESSAGES/lightbox.mo"
        XCTAssertTrue(FileManager.default.fileExists(atPath: mo), "the build tree's zh_CN catalog was not compiled")
        // Not compiled again while the .mo is newer: a marker written over it stays.
        try Data("kept".utf8).write(to: URL(fileURLWithPath: mo))
        _ = TranslationCatalogs.folder(executable: bin.appendingPathComponent("lightbox").path, sourceTree: folder.path, environment: [:])
        XCTAssertEqual(FileManager.default.contents(atPath: mo), Data("kept".utf8))
        // A newer .po is compiled again.
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(60)],
            ofItemAtPath: poFolder.appendingPathComponent("zh_CN.po").path)
        _ = TranslationCatalogs.folder(executable: bin.appendingPathComponent("lightbox").path, sourceTree: folder.path, environment: [:])
        XCTAssertNotEqual(FileManager.default.contents(atPath: mo), Data("kept".utf8))
    }

    func testAnInstalledBinaryUsesItsPrefixAndTheOverrideWins() throws {
        let prefix = try makeTemporaryDirectory(for: self)
        try FileManager.default.createDirectory(at: prefix.appendingPathComponent("share/lightbox"), withIntermediateDirectories: true)
        let executable = prefix.appendingPathComponent("bin/lightbox").path
        XCTAssertEqual(
            TranslationCatalogs.folder(executable: executable, sourceTree: "/nonexistent", environment: [:]),
            prefix.appendingPathComponent("share/locale").path)
        XCTAssertEqual(
            TranslationCatalogs.folder(
                executable: executable, sourceTree: "/nonexistent",
                environment: ["LIGHTBOX_LOCALE_DIR": "/tmp/catalogs"]), "/tmp/catalogs")
    }

    func testABinaryWithNeitherAPrefixNorASourceTreeLooksInItsPrefixAndCompilesNothing() throws {
        let prefix = try makeTemporaryDirectory(for: self)
        let executable = prefix.appendingPathComponent("bin/lightbox").path
        XCTAssertEqual(
            TranslationCatalogs.folder(executable: executable, sourceTree: nil, environment: [:]),
            prefix.appendingPathComponent("share/locale").path)
        XCTAssertFalse(FileManager.default.fileExists(atPath: prefix.appendingPathComponent("bin/locale").path))
    }

    func testABrokenPoFileIsReportedWithMsgfmtsWords() throws {
        let folder = try makeTemporaryDirectory(for: self)
        try "msgid \"Back\"\nmsgstr \"返回\nbroken\n".write(to: folder.appendingPathComponent("xx.po"), atomically: true, encoding: .utf8)
        XCTAssertThrowsError(
            try CatalogCompiler.compile(
                poFolder: folder.path, domain: "lightbox",
                into: folder.appendingPathComponent("locale").path)
        ) { error in
            let failure = error as? CatalogCompileError
            XCTAssertEqual(failure?.file, folder.appendingPathComponent("xx.po").path)
            XCTAssertTrue(failure?.description.contains("xx.po:3: end-of-line within string") == true, "\(error)")
        }
    }

    // MARK: Reading the sources and the template

    struct MarkedCall {
        let function: String
        let line: Int
        let text: String
        /// The msgids it marks (a context joined to its message by U+0004, as in a .mo);
        /// nil when an argument is not a plain literal.
        let messages: [String]?
    }

    /// Every Swift file under Sources, relative to the package root.
    static func swiftSources() -> [String] {
        filesBelow(PackageFiles.path("Sources")).filter { $0.hasSuffix(".swift") && !$0.hasSuffix("/Translated.swift") }
            .map { "Sources/" + $0 }
    }

    /// The calls of `tr(`, `trn(`, `trc(` and `kitText(` in Swift source, with their literal
    /// arguments: one string for tr/kitText, two for trn (then a count) and trc.
    static func markedCalls(in source: String) -> [MarkedCall] {
        let literal = #/"((?:[^"\\\n]|\\.)*)"/#
        let call = #/\b(tr|trn|trc|kitText)\(/#
        var calls: [MarkedCall] = []
        for match in source.matches(of: call) {
            let before = source[..<match.range.lowerBound]
            if before.hasSuffix("func ") || before.hasSuffix(".") { continue }
            let function = String(match.output.1)
            let line = before.filter { $0 == "\n" }.count + 1
            // Literals may start, and arguments go on, on the next line.
            var rest = source[match.range.upperBound...].drop(while: { $0.isWhitespace })
            let wanted = function == "trn" || function == "trc" ? 2 : 1
            var messages: [String] = []
            for index in 0..<wanted {
                guard let found = rest.prefixMatch(of: literal) else { break }
                let raw = String(found.output.1)
                if raw.contains("\\(") { break }
                messages.append(unescape(raw))
                rest = rest[found.range.upperBound...]
                let separator: Character = index + 1 < wanted || function == "trn" ? "," : ")"
                rest = rest.drop(while: { $0.isWhitespace })
                guard rest.first == separator else {
                    messages = []
                    break
                }
                rest = rest.dropFirst().drop(while: { $0.isWhitespace })
            }
            let end = source[match.range.lowerBound...].firstIndex(of: "\n") ?? source.endIndex
            let text = String(source[match.range.lowerBound..<end])
            if messages.count == wanted {
                calls.append(
                    MarkedCall(
                        function: function, line: line, text: text,
                        messages: function == "trc" ? [messages[0] + "\u{4}" + messages[1]] : messages))
            } else {
                calls.append(MarkedCall(function: function, line: line, text: text, messages: nil))
            }
        }
        return calls
    }

    private static func unescape(_ raw: String) -> String {
        var result = ""
        var escaped = false
        for character in raw {
            if escaped {
                switch character {
                case "n": result.append("\n")
                case "t": result.append("\t")
                default: result.append(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// The msgids and msgid_plurals of a .pot (a context joined by U+0004), entry by entry
    /// (entries are separated by blank lines; a field's text may go on over "…" lines).
    static func messages(inTemplate pot: String) -> Set<String> {
        var messages: Set<String> = []
        for entry in pot.components(separatedBy: "\n\n") {
            var fields: [String: String] = [:]
            var field = ""
            for line in entry.split(separator: "\n") {
                if line.hasPrefix("\"") {
                    fields[field, default: ""] += unescape(String(line.dropFirst().dropLast()))
                } else if let name = ["msgctxt", "msgid_plural", "msgid"].first(where: { line.hasPrefix($0 + " \"") }) {
                    field = name
                    fields[name] = unescape(String(line.dropFirst(name.count + 2).dropLast()))
                } else {
                    field = ""
                }
            }
            guard let id = fields["msgid"], !id.isEmpty else { continue }
            messages.insert((fields["msgctxt"].map { $0 + "\u{4}" } ?? "") + id)
            if let plural = fields["msgid_plural"] { messages.insert(plural) }
        }
        return messages
    }
}
