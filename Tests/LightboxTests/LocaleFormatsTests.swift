import Foundation
import GtkTestSupport
import XCTest

@testable import Lightbox

/// Dates, numbers and sizes written for the person's locale: the English Lightbox has always
/// written under the C locale, ICU's Chinese under zh_CN. Each test names its locale (no
/// test depends on the machine's).
final class LocaleFormatsTests: GtkTestCase {
    /// 25 November 2026, 04:07:09, as the catalog keeps it (a local time without a zone).
    let taken = "2026-11-25T04:07:09"

    func testTheCLocaleWritesTheEnglishLightboxHasAlwaysWritten() {
        let formats = LocaleFormats(posixName: "C.UTF-8")
        XCTAssertTrue(formats.formattingLocale.isPlainEnglish)
        XCTAssertEqual(formats.date(taken), "25 November 2026, 04:07")
        XCTAssertEqual(formats.day(taken), "Wednesday 25 November 2026")
        XCTAssertEqual(formats.dayOnly(taken), "25 November 2026")
        XCTAssertEqual(formats.month(year: 2024, month: 12), "December 2024")
        XCTAssertEqual(formats.dayRange("2024-12-28T10:00:00", taken), "28 December 2024 – 25 November 2026")
        XCTAssertEqual(formats.dayRange("2026-11-25T01:00:00", taken), "25 November 2026", "one day")
        XCTAssertNil(formats.dayRange(nil, taken))
        XCTAssertEqual(
            LocaleFormats.moment(
                Date(timeIntervalSince1970: 1_710_000_000), in: formats.formattingLocale,
                timeZone: TimeZone(identifier: "UTC")!), "9 March 2024 at 16:00")
        let numbers = formats.formattingLocale
        XCTAssertEqual(numbers.counted(trn("%d photo", "%d photos", 12_345), 12_345), "12,345 photos")
        XCTAssertEqual(numbers.counted(trn("%d photo", "%d photos", 1), 1), "1 photo")
        XCTAssertEqual(numbers.fileSize(33_000), "33 KB")
        XCTAssertEqual(numbers.fileSize(2_400_000), "2.4 MB")
        XCTAssertEqual(numbers.exposure("1/125"), "1/125 s")
        XCTAssertEqual(numbers.exposure("2.5"), "2.5 s")
        XCTAssertEqual(numbers.aperture(11), "ƒ/11")
        XCTAssertEqual(numbers.aperture(5.6), "ƒ/5.6")
        XCTAssertEqual(numbers.focalLength(50), "50 mm")
        XCTAssertEqual(numbers.dimensions(width: 640, height: 480), "640 × 480")
        XCTAssertEqual(numbers.location(latitude: 48.85822, longitude: -2.2945), "48.8582° N, 2.2945° W")
        XCTAssertEqual(MonthHeading.title(for: "2024-12", formats: formats), "December 2024")
        XCTAssertEqual(MonthHeading.title(for: "not a month", formats: formats), "No date")
        XCTAssertEqual(MonthHeading.count(12_345, formats: formats), "12,345 photos")
    }

    /// Catalog dates are read without ICU in their usual form, to the same moment ICU reads;
    /// what is not that form (an impossible day, an old year, other text) is left to ICU.
    func testCatalogDatesAreReadAsICUReadsThem() {
        XCTAssertEqual(LocaleFormats.catalogDate(taken)?.timeIntervalSince1970, 1_795_579_629)
        XCTAssertEqual(LocaleFormats.catalogDate("2000-02-29T23:59:59")?.timeIntervalSince1970, 951_868_799)
        XCTAssertEqual(LocaleFormats.catalogDate("1900-01-01T00:00:00")?.timeIntervalSince1970, -2_208_988_800)
        let icu = DateFormatter()
        icu.locale = Locale(identifier: "en_US_POSIX")
        icu.timeZone = TimeZone(identifier: "UTC")
        icu.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        var moment = icu.date(from: "1899-12-25T13:14:15")!
        while moment < icu.date(from: "2101-01-01T00:00:00")! {
            let text = icu.string(from: moment)
            XCTAssertEqual(LocaleFormats.catalogDate(text), moment, text)
            moment += 86_400 * 3 + 3_671
        }
        for text in [
            "2023-02-29T10:00:00", "2024-13-01T10:00:00", "2024-04-31T10:00:00", "1582-10-20T12:00:00",
            "2024-01-01 10:00:00", "2024-01-01T10:00", "2024-01-01T10:00:00Z", "", "２０２４-01-01T10:00:00",
        ] {
            XCTAssertEqual(LocaleFormats.catalogDate(text), icu.date(from: text), text)
        }
    }

    func testSimplifiedChineseIsWrittenTheChineseWay() {
        let formats = LocaleFormats(posixName: "zh_CN.UTF-8")
        XCTAssertFalse(formats.formattingLocale.isPlainEnglish)
        XCTAssertEqual(formats.date(taken), "2026年11月25日 04:07")
        XCTAssertEqual(formats.day(taken), "2026年11月25日 星期三")
        XCTAssertEqual(formats.dayOnly(taken), "2026年11月25日")
        XCTAssertEqual(formats.month(year: 2024, month: 12), "2024年12月")
        XCTAssertEqual(formats.dayRange("2024-12-28T10:00:00", taken), "2024年12月28日至2026年11月25日")
        XCTAssertEqual(
            LocaleFormats.moment(
                Date(timeIntervalSince1970: 1_710_000_000), in: formats.formattingLocale,
                timeZone: TimeZone(identifier: "UTC")!), "2024年3月9日 16:00")
        let numbers = formats.formattingLocale
        XCTAssertEqual(numbers.count(12_345), "12,345")
        XCTAssertEqual(numbers.fileSize(800), "800字节")
        XCTAssertEqual(numbers.fileSize(2_400_000), "2.4 MB")
        XCTAssertEqual(MonthHeading.title(for: "2024-12", formats: formats), "2024年12月")
    }

    func testNumbersFollowTheLocalesSeparators() {
        let numbers = FormattingLocale(posixName: "de_DE.UTF-8")
        XCTAssertEqual(numbers.count(12_345), "12.345")
        XCTAssertEqual(numbers.number(5.6), "5,6")
        XCTAssertEqual(numbers.number(50), "50")
        XCTAssertEqual(numbers.exposure("2.5"), "2,5 s", "a decimal exposure as the catalog keeps it, rewritten")
        XCTAssertEqual(numbers.fileSize(2_400_000), "2,4 MB")
        XCTAssertEqual(numbers.number(.nan), "unknown")
        XCTAssertEqual(LocaleFormats(numbers).date(taken), "25. November 2026 um 04:07")
    }

    func testTheLocaleIsReadFromTheEnvironmentInPosixOrder() {
        func identifier(_ environment: [String: String]) -> String {
            let locale = FormattingLocale(environment: environment)
            return locale.isPlainEnglish ? "C" : locale.locale.identifier
        }
        XCTAssertEqual(identifier([:]), "C", "nothing set is the C locale")
        XCTAssertEqual(identifier(["LANG": "C.UTF-8"]), "C")
        XCTAssertEqual(identifier(["LANG": "POSIX"]), "C")
        XCTAssertEqual(identifier(["LANG": "zh_CN.UTF-8"]), "zh_CN")
        XCTAssertEqual(identifier(["LANG": "de_DE@euro"]), "de_DE")
        XCTAssertEqual(identifier(["LANG": "zh_CN.UTF-8", "LC_MESSAGES": "de_DE.UTF-8"]), "de_DE")
        XCTAssertEqual(identifier(["LANG": "zh_CN.UTF-8", "LC_MESSAGES": "de_DE.UTF-8", "LC_TIME": "fr_FR.UTF-8"]), "fr_FR")
        XCTAssertEqual(identifier(["LANG": "zh_CN.UTF-8", "LC_TIME": "fr_FR.UTF-8", "LC_ALL": "C.UTF-8"]), "C", "LC_ALL wins")
        XCTAssertEqual(identifier(["LANG": "zh_CN.UTF-8", "LC_ALL": ""]), "zh_CN", "an empty variable counts as unset")
    }

    /// Foundation on Linux does not follow `LANG` (its `Locale.current` stays `en_001`), which
    /// is why `FormattingLocale` reads the environment itself: a child process started with
    /// `LANG=zh_CN.UTF-8` writes Chinese dates through it.
    func testAProcessStartedInChineseWritesChineseDates() throws {
        let report = NSTemporaryDirectory() + "locale-probe-\(getpid()).txt"
        defer { try? FileManager.default.removeItem(atPath: report) }
        _ = try TestLocale.runInChild(
            "\(String(reflecting: Self.self))/testLocaleProbe", locale: "zh_CN.UTF-8",
            changing: [
                "LC_ALL": nil, "LC_TIME": nil, "LC_MESSAGES": nil, "LANG": "zh_CN.UTF-8", Self.probeVariable: report,
            ])
        let lines = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 3, "\(lines)")
        XCTAssertNotEqual(lines.first, "zh_CN", "Foundation's Locale.current follows LANG now: FormattingLocale could use it")
        XCTAssertEqual(lines.dropFirst().first, "zh_CN")
        XCTAssertEqual(lines.last, "2026年11月25日 04:07")
    }

    static let probeVariable = "LIGHTBOX_LOCALE_PROBE"

    /// Run by the test above in a child process: writes what Foundation and Lightbox make of
    /// the child's environment. Does nothing in an ordinary run.
    func testLocaleProbe() throws {
        guard let report = ProcessInfo.processInfo.environment[Self.probeVariable] else { return }
        let lines = [
            Locale.current.identifier, FormattingLocale.current.locale.identifier,
            LocaleFormats.current.date(taken) ?? "nil",
        ]
        try lines.joined(separator: "\n").write(toFile: report, atomically: true, encoding: .utf8)
    }
}
