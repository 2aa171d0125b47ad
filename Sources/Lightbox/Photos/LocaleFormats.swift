import Foundation

/// The locale Lightbox writes dates, numbers and sizes in, taken from the process
/// environment once. Foundation on Linux does not follow the environment: `Locale.current`
/// is `en_001` whatever `LANG`/`LC_ALL` say (and `setlocale` does not change it), so the
/// POSIX order of precedence is applied here: `LC_ALL`, then `LC_TIME`, then `LC_MESSAGES`,
/// then `LANG`.
///
/// The C and POSIX locales (no language chosen, as under `LANG=C.UTF-8` in tests and
/// containers) mean the English Lightbox has always written: British English names and
/// numbers ("25 November 2026, 04:07", "December 2024", "12,345", "33 KB"), with the
/// patterns of `LocaleFormats.DateStyle.plainEnglishPattern`. This is the one place that decision is made.
public struct FormattingLocale: Sendable, Equatable {
    /// The ICU locale formats use ("en_GB" for C/POSIX).
    public let locale: Locale
    /// The C or POSIX locale: Lightbox's own English patterns, not ICU's for `en_GB`.
    public let isPlainEnglish: Bool

    /// A locale named as in the environment: "zh_CN.UTF-8", "de_DE@euro", "C.UTF-8", "POSIX".
    public init(posixName: String) {
        let name = posixName.split(separator: ".").first.map { String($0.split(separator: "@").first ?? $0) } ?? ""
        if name.isEmpty || name == "C" || name == "POSIX" {
            locale = Locale(identifier: "en_GB")
            isPlainEnglish = true
        } else {
            locale = Locale(identifier: name)
            isPlainEnglish = false
        }
    }

    /// The locale the environment names (`LC_ALL` > `LC_TIME` > `LC_MESSAGES` > `LANG`;
    /// none of them set is the C locale).
    public init(environment: [String: String]) {
        let name = ["LC_ALL", "LC_TIME", "LC_MESSAGES", "LANG"].lazy
            .compactMap { environment[$0] }.first { !$0.isEmpty }
        self.init(posixName: name ?? "C")
    }

    /// The process's locale, read from its environment once.
    public static let current = FormattingLocale(environment: ProcessInfo.processInfo.environment)
}

/// Dates, numbers, file sizes and photo values written for a locale: ICU's patterns for
/// the locale (`setLocalizedDateFormatFromTemplate`, `DateIntervalFormatter`, number and
/// byte-count format styles), or Lightbox's English for the C locale. The app uses
/// `LocaleFormats.current`; tests make their own for a locale they name.
@MainActor
public final class LocaleFormats {
    /// The formats of the process's locale.
    public static let current = LocaleFormats(.current)

    public let formattingLocale: FormattingLocale
    private var locale: Locale { formattingLocale.locale }

    /// What a date is written as: ICU's pattern for the style's template in the locale, or
    /// in the C locale the English pattern Lightbox has always shown.
    public enum DateStyle: Sendable {
        /// "12 March 2024, 14:05" (a photo row, the details pane).
        case dateTime
        /// "12 March 2024".
        case day
        /// "Tuesday 12 March 2024" (the title of a day's photos).
        case weekday
        /// "March 2024" (a month heading).
        case month
        /// "9 March 2024 at 16:00" (a moment in a sentence).
        case moment

        /// The skeleton ICU turns into the locale's pattern (`j`: the locale's 12- or 24-hour clock).
        var template: String {
            switch self {
            case .dateTime, .moment: "yMMMMdjmm"
            case .day: "yMMMMd"
            case .weekday: "yMMMMEEEEd"
            case .month: "yMMMM"
            }
        }

        /// The pattern in the C locale.
        var plainEnglishPattern: String {
            switch self {
            case .dateTime: "d MMMM yyyy, HH:mm"
            case .day: "d MMMM yyyy"
            case .weekday: "EEEE d MMMM yyyy"
            case .month: "LLLL yyyy"
            case .moment: "d MMMM yyyy 'at' HH:mm"
            }
        }
    }

    public init(_ formattingLocale: FormattingLocale) {
        self.formattingLocale = formattingLocale
    }

    public convenience init(posixName: String) {
        self.init(FormattingLocale(posixName: posixName))
    }

    // MARK: Dates

    /// Catalog dates are local times without a zone (`yyyy-MM-ddTHH:mm:ss`): read and
    /// written in UTC so no zone shifts them.
    private static let parser: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        return formatter
    }()

    /// A catalog date as a moment (read in UTC, as it is written). The usual form, a year from
    /// 1900 on, is read here with the C library's `timegm`; anything else by `parser`, which
    /// decides what it accepts (creating an ICU parser and reading through it cost a few
    /// milliseconds of startup).
    static func catalogDate(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        func separator(at offset: Int) -> UInt8? {
            switch offset {
            case 4, 7: UInt8(ascii: "-")
            case 10: UInt8(ascii: "T")
            case 13, 16: UInt8(ascii: ":")
            default: nil
            }
        }
        guard bytes.count == 19,
            bytes.indices.allSatisfy({ at in
                separator(at: at).map { bytes[at] == $0 } ?? (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[at])
            })
        else { return parser.date(from: text) }
        func number(_ range: Range<Int>) -> Int32 { bytes[range].reduce(0) { $0 * 10 + Int32($1 - UInt8(ascii: "0")) } }
        var parts = tm()
        parts.tm_year = number(0..<4) - 1900
        parts.tm_mon = number(5..<7) - 1
        parts.tm_mday = number(8..<10)
        parts.tm_hour = number(11..<13)
        parts.tm_min = number(14..<16)
        parts.tm_sec = number(17..<19)
        let written = parts
        let seconds = timegm(&parts)
        // `timegm` moves an impossible moment (30 February, 25:00) to a real one: such text is ICU's to judge.
        guard written.tm_year >= 0, parts.tm_year == written.tm_year, parts.tm_mon == written.tm_mon,
            parts.tm_mday == written.tm_mday, parts.tm_hour == written.tm_hour, parts.tm_min == written.tm_min,
            parts.tm_sec == written.tm_sec
        else { return parser.date(from: text) }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    private lazy var dateTime = Self.formatter(.dateTime, in: formattingLocale)
    private lazy var dayOnly = Self.formatter(.day, in: formattingLocale)
    private lazy var weekday = Self.formatter(.weekday, in: formattingLocale)
    private lazy var month = Self.formatter(.month, in: formattingLocale)
    private lazy var dayInterval: DateIntervalFormatter = {
        let formatter = DateIntervalFormatter()
        formatter.locale = locale
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateTemplate = DateStyle.day.template
        return formatter
    }()

    /// A formatter for `style` in `formattingLocale` (catalog dates: UTC).
    nonisolated static func formatter(_ style: DateStyle, in formattingLocale: FormattingLocale) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = formattingLocale.locale
        formatter.timeZone = TimeZone(identifier: "UTC")
        if formattingLocale.isPlainEnglish {
            formatter.dateFormat = style.plainEnglishPattern
        } else {
            formatter.setLocalizedDateFormatFromTemplate(style.template)
        }
        return formatter
    }

    /// A catalog date as "12 March 2024, 14:05" ("2024年3月12日 14:05").
    public func date(_ taken: String?) -> String? {
        remembered(taken, in: &dates) { dateTime.string(from: $0) }
    }

    /// A catalog date's day as "Tuesday 12 March 2024" ("2024年3月12日 星期二").
    public func day(_ taken: String?) -> String? {
        remembered(taken, in: &days) { weekday.string(from: $0) }
    }

    /// A catalog date's day as "12 March 2024" ("2024年3月12日").
    public func dayOnly(_ taken: String?) -> String? {
        remembered(taken, in: &daysOnly) { dayOnly.string(from: $0) }
    }

    /// The days from `first` to `last` (catalog dates): "28 December 2024 – 25 November
    /// 2026" ("2024年12月28日至2026年11月25日"), one day when both fall on it.
    public func dayRange(_ first: String?, _ last: String?) -> String? {
        guard let start = dayOnly(first), let end = dayOnly(last) else { return nil }
        if start == end { return start }
        if formattingLocale.isPlainEnglish { return "\(start) – \(end)" }
        guard let from = first.flatMap(Self.catalogDate), let to = last.flatMap(Self.catalogDate),
            from <= to
        else { return "\(start) – \(end)" }
        return dayInterval.string(from: from, to: to)
    }

    /// A month as "March 2024" ("2024年3月"), from its year and month (1…12).
    public func month(year: Int, month number: Int) -> String? {
        guard (1...12).contains(number),
            let date = Self.parser.date(from: String(format: "%04d-%02d-01T00:00:00", year, number))
        else { return nil }
        return month.string(from: date)
    }

    /// A moment of the clock (the local zone) in a sentence: "9 March 2024 at 16:00"
    /// ("2024年3月9日 16:00").
    nonisolated public static func moment(
        _ date: Date, in formattingLocale: FormattingLocale = .current,
        timeZone: TimeZone = .current
    ) -> String {
        let formatter = formatter(.moment, in: formattingLocale)
        formatter.timeZone = timeZone
        return formatter.string(from: date)
    }

    /// Dates written so far: Foundation's formatters take about a millisecond a date
    /// here, too slow for a row configured in the frame of a key press.
    private var dates: [String: String?] = [:]
    private var days: [String: String?] = [:]
    private var daysOnly: [String: String?] = [:]

    private func remembered(
        _ taken: String?, in memory: inout [String: String?],
        _ write: (Date) -> String
    ) -> String? {
        guard let taken else { return nil }
        if let known = memory[taken] { return known }
        if memory.count >= 20_000 { memory.removeAll(keepingCapacity: true) }
        let text = Self.catalogDate(taken).map(write)
        memory[taken] = text
        return text
    }
}

/// Numbers, file sizes and photo values written for the locale (no cache needed: these
/// formats are cheap, and callable from any thread).
extension FormattingLocale {
    /// A count with the locale's grouping: "12,345".
    public func count(_ n: Int) -> String {
        n.formatted(.number.locale(locale))
    }

    /// A plural message for `n` (from `trn`, with one `%d`) with `n` written with the
    /// locale's grouping: `counted(trn("%d photo", "%d photos", n), n)` → "12,345 photos".
    public func counted(_ format: String, _ n: Int) -> String {
        let grouped = count(n)
        return format.replacingOccurrences(of: "%1$d", with: grouped).replacingOccurrences(of: "%d", with: grouped)
            .replacingOccurrences(of: "%%", with: "%")
    }

    /// A number without a useless ".0": 50 → "50", 5.6 → "5.6" ("5,6" in German);
    /// "unknown" when not finite.
    public func number(_ value: Double) -> String {
        guard value.isFinite else { return tr("unknown") }
        if isPlainEnglish {
            return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(format: "%.1f", value)
        }
        return value.formatted(.number.locale(locale).grouping(.never).precision(.fractionLength(0...1)))
    }

    /// A file size as "2.4 MB" (Foundation's byte counts; "33 KB" in the C locale as ever).
    public func fileSize(_ bytes: Int64) -> String {
        if isPlainEnglish {
            return ByteCountFormatter.string(fromByteCount: max(0, bytes), countStyle: .file)
        }
        return max(0, bytes).formatted(.byteCount(style: .file).locale(locale))
    }

    /// An exposure time ("1/125", "2.5", as the catalog keeps it) with its unit: "1/125 s".
    public func exposure(_ time: String) -> String {
        let shown = time.contains(".") ? Double(time).map(number) ?? time : time
        // Translators: an exposure time in seconds ("1/125 s", "2.5 s"); %@ is the time.
        return String(format: tr("%@ s"), shown)
    }

    /// An aperture as "ƒ/11".
    public func aperture(_ fNumber: Double) -> String {
        // Translators: an aperture (f-number) as photographers write it, "ƒ/11"; %@ is the number.
        String(format: tr("ƒ/%@"), number(fNumber))
    }

    /// A focal length as "50 mm".
    public func focalLength(_ millimetres: Double) -> String {
        // Translators: a lens's focal length in millimetres, "50 mm"; %@ is the number.
        String(format: tr("%@ mm"), number(millimetres))
    }

    /// Pixel dimensions as "640 × 480".
    public func dimensions(width: Int, height: Int) -> String {
        // Translators: an image's size in pixels, "640 × 480": %1$d is the width, %2$d the height.
        String(format: tr("%1$d × %2$d"), width, height)
    }

    /// Degrees as "48.8584° N, 2.2945° E".
    public func location(latitude: Double, longitude: Double) -> String {
        guard latitude.isFinite, longitude.isFinite else { return tr("unknown") }
        let north = degrees(abs(latitude))
        let east = degrees(abs(longitude))
        let latitudeText =
            latitude >= 0
            // Translators: a latitude north of the equator, "48.8584° N"; %@ is the degrees.
            ? String(format: tr("%@° N"), north)
            // Translators: a latitude south of the equator, "33.8688° S"; %@ is the degrees.
            : String(format: tr("%@° S"), north)
        let longitudeText =
            longitude >= 0
            // Translators: a longitude east of Greenwich, "2.2945° E"; %@ is the degrees.
            ? String(format: tr("%@° E"), east)
            // Translators: a longitude west of Greenwich, "74.0445° W"; %@ is the degrees.
            : String(format: tr("%@° W"), east)
        // Translators: a position as latitude and longitude, "48.8584° N, 2.2945° E".
        return String(format: trc("latitude, longitude", "%1$@, %2$@"), latitudeText, longitudeText)
    }

    private func degrees(_ value: Double) -> String {
        if isPlainEnglish { return String(format: "%.4f", value) }
        return value.formatted(.number.locale(locale).grouping(.never).precision(.fractionLength(4)))
    }
}
