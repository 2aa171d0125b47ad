import Foundation
import LightboxMedia

/// A change of the date taken of one photo or several (the Date and Time window): every date
/// shifted by the same amount, which keeps the spacing between the photos (a camera whose clock
/// was an hour off, a trip in another time zone), or every date set to one moment; and the time
/// zone the new dates are in, or each photo's own kept.
///
/// Dates are the catalog's local `yyyy-MM-ddTHH:mm:ss`, counted in UTC: a shift across a
/// daylight saving change moves every photo by exactly the amount asked.
public struct DateAdjustment: Equatable, Sendable {
    public enum Change: Equatable, Sendable {
        /// Every date moves by this many seconds (negative: earlier).
        case shift(seconds: Int)
        /// Every date becomes this local `yyyy-MM-ddTHH:mm:ss`.
        case set(String)
    }

    public var change: Change
    /// The time zone of the new dates ("+09:00"); nil keeps each photo's own.
    public var timeZone: String?

    public init(_ change: Change, timeZone: String? = nil) {
        self.change = change
        self.timeZone = timeZone
    }

    /// Whether it changes nothing: no shift, no time zone.
    public var isNothing: Bool { change == .shift(seconds: 0) && timeZone == nil }

    /// `taken` after the change; nil when a shift has no date to move (`taken` nil or not a catalog date).
    public func adjusted(_ taken: String?) -> String? {
        switch change {
        case .set(let moment): return moment
        case .shift(let seconds):
            guard let taken, let date = Self.date(taken) else { return nil }
            return Self.text(date.addingTimeInterval(TimeInterval(seconds)))
        }
    }

    /// The time zone a photo whose zone is `offset` has after the change.
    public func adjustedTimeZone(_ offset: String?) -> String? { timeZone ?? offset }

    // MARK: Catalog dates

    private static let utc = TimeZone(identifier: "UTC") ?? .current

    /// A catalog date as a moment, counted in UTC (nil when it is not a real date and time).
    public static func date(_ text: String) -> Date? {
        let parts = text.split(whereSeparator: { "-T:".contains($0) }).map { Int($0) }
        guard text.utf8.count == 19, parts.count == 6, case let numbers = parts.compactMap({ $0 }), numbers.count == 6 else {
            return nil
        }
        return date(year: numbers[0], month: numbers[1], day: numbers[2], hour: numbers[3], minute: numbers[4], second: numbers[5])
    }

    /// The moment of a date and a time (counted in UTC); nil for an impossible one (30 February, 25:00).
    static func date(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard (1...9999).contains(year), let date = calendar.date(from: components) else { return nil }
        let back = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        guard back.year == year, back.month == month, back.day == day, back.hour == hour, back.minute == minute,
            back.second == second
        else { return nil }
        return date
    }

    /// A moment (counted in UTC) as a catalog date.
    public static func text(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0, c.minute ?? 0, c.second ?? 0)
    }

    /// Seconds from one catalog date to another (nil unless both are dates).
    public static func seconds(from start: String, to end: String) -> Int? {
        guard let start = date(start), let end = date(end) else { return nil }
        return Int(end.timeIntervalSince(start).rounded())
    }

    // MARK: Time zones

    /// A time zone as typed: "+9", "+09", "+0900", "+09:00", "UTC+9", "GMT-5:30", "Z" (UTC);
    /// as EXIF writes it ("+09:00"). Nil when it is none of those, or past ±14 hours.
    public static func timeZone(parsing typed: String) -> String? {
        var text = typed.trimmingCharacters(in: .whitespaces).uppercased().replacingOccurrences(of: "−", with: "-")
        if text == "Z" || text == "UTC" || text == "GMT" { return "+00:00" }
        for prefix in ["UTC", "GMT"] where text.hasPrefix(prefix) { text = String(text.dropFirst(prefix.count)) }
        guard let sign = text.first, sign == "+" || sign == "-" else { return nil }
        let digits = text.dropFirst()
        var hours: Int?
        var minutes = 0
        if let colon = digits.firstIndex(of: ":") {
            hours = Int(digits[..<colon])
            guard digits[digits.index(after: colon)...].count == 2, let value = Int(digits[digits.index(after: colon)...]) else {
                return nil
            }
            minutes = value
        } else if digits.count == 4, let value = Int(digits) {
            (hours, minutes) = (value / 100, value % 100)
        } else if (1...2).contains(digits.count) {
            hours = Int(digits)
        }
        guard let hours, digits.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ":") }), minutes < 60 else { return nil }
        let total = hours * 60 + minutes
        guard total <= 14 * 60 else { return nil }
        return TimeZoneOffset.text(sign == "-" ? -total : total)
    }

    // MARK: Shifts

    /// The marks a number of days may carry in a shift: "+2 d 01:00", and the person's
    /// language's own (`dayMark`).
    static func dayMarks(_ dayMark: String) -> [String] { [dayMark, "d", "D"] }

    /// A shift as typed: a sign, then days with their mark, then hours, minutes and seconds
    /// ("+1:00" an hour, "-0:30" half an hour earlier, "+2 d 03:00:00", "+1 d", "+8" eight
    /// hours); nil when it is not one. `dayMark` is the person's language's mark of days.
    public static func shift(parsing typed: String, dayMark: String = "d") -> Int? {
        var text = Substring(typed.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "−", with: "-"))
        var sign = 1
        if text.first == "+" || text.first == "-" {
            if text.first == "-" { sign = -1 }
            text = text.dropFirst().drop(while: { $0 == " " })
        }
        var days = 0
        if let mark = dayMarks(dayMark).lazy.compactMap({ text.range(of: $0) }).first {
            guard let value = Int(text[..<mark.lowerBound].trimmingCharacters(in: .whitespaces)), value >= 0 else { return nil }
            days = value
            text = text[mark.upperBound...].drop(while: { $0 == " " })
            if text.isEmpty { return sign * days * 86_400 }
        }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }),
            case let numbers = parts.compactMap({ Int($0) }), numbers.count == parts.count, numbers.allSatisfy({ $0 >= 0 }),
            numbers.dropFirst().allSatisfy({ $0 < 60 })
        else { return nil }
        let seconds = numbers[0] * 3600 + (numbers.count > 1 ? numbers[1] * 60 : 0) + (numbers.count > 2 ? numbers[2] : 0)
        return sign * (days * 86_400 + seconds)
    }

    /// A shift as the window writes it, and reads back: "+1:00:00", "-0:30:00", "+2 d 03:00:00".
    public static func text(shift seconds: Int, dayMark: String = "d") -> String {
        let sign = seconds < 0 ? "-" : "+"
        let total = abs(seconds)
        let days = total / 86_400
        let clock = total % 86_400
        let (hours, minutes, rest) = (clock / 3600, clock % 3600 / 60, clock % 60)
        return days > 0
            ? String(format: "%@%d %@ %02d:%02d:%02d", sign, days, dayMark, hours, minutes, rest)
            : String(format: "%@%d:%02d:%02d", sign, hours, minutes, rest)
    }
}
