import Foundation

/// A date and a time as the person reads and types them in the Date and Time window: the
/// locale's numeric date ("28/11/2026" in British English, "2026/11/28" in Chinese) and its
/// 24-hour time with seconds ("14:05:09"); in the C locale, ISO's "2026-11-28". Turned into
/// and out of the catalog's local `yyyy-MM-ddTHH:mm:ss`.
public struct DateFields: Sendable {
    public let locale: FormattingLocale

    public init(_ locale: FormattingLocale) {
        self.locale = locale
    }

    /// The pattern of the date field ("dd/MM/yyyy"), also shown as a hint.
    public var datePattern: String {
        if locale.isPlainEnglish { return "yyyy-MM-dd" }
        return DateFormatter.dateFormat(fromTemplate: "yyyyMMdd", options: 0, locale: locale.locale) ?? "yyyy-MM-dd"
    }

    /// The pattern of the time field ("HH:mm:ss").
    public var timePattern: String {
        if locale.isPlainEnglish { return "HH:mm:ss" }
        return DateFormatter.dateFormat(fromTemplate: "HHmmss", options: 0, locale: locale.locale) ?? "HH:mm:ss"
    }

    private func formatter(_ pattern: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = locale.isPlainEnglish ? Locale(identifier: "en_US_POSIX") : locale.locale
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = pattern
        formatter.isLenient = false
        return formatter
    }

    /// The date and the time fields' text for a catalog date; nil when it is not one.
    public func text(of taken: String) -> (date: String, time: String)? {
        guard let moment = DateAdjustment.date(taken) else { return nil }
        return (formatter(datePattern).string(from: moment), formatter(timePattern).string(from: moment))
    }

    /// The catalog date the fields say; nil when either is not a real date or time.
    /// Days and months may be typed without their leading zero ("1/3/2024").
    public func catalogDate(date: String, time: String) -> String? {
        let date = date.trimmingCharacters(in: .whitespaces)
        let time = time.trimmingCharacters(in: .whitespaces)
        guard !date.isEmpty, !time.isEmpty,
            let day = formatter(datePattern).date(from: date) ?? formatter(Self.unpadded(datePattern)).date(from: date),
            let clock = formatter(timePattern).date(from: time) ?? formatter("H:mm").date(from: time)
        else { return nil }
        let dayText = DateAdjustment.text(day)
        let clockText = DateAdjustment.text(clock)
        return String(dayText.prefix(11)) + String(clockText.suffix(8))
    }

    /// A pattern whose days, months and hours may have one digit.
    private static func unpadded(_ pattern: String) -> String {
        pattern.replacingOccurrences(of: "dd", with: "d").replacingOccurrences(of: "MM", with: "M")
    }
}
