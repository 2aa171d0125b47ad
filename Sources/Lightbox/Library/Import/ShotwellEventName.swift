import Foundation

/// The name Shotwell 0.30 shows for an event nobody named (Event.get_name and
/// get_formatted_daterange, misc.vala's format_local_date and format_local_datespan): the dates
/// of its first and last photo in the local time zone, in Shotwell's English formats (`%a %b %d, %Y`
/// for one day, `%a %b %d - %d, %Y` for consecutive days of a month, `%a %b %d - %a %b %d, %Y`
/// within a year, the long form twice across years), with the zero of a day's number dropped.
/// The day and month names follow `locale`; translations of Shotwell reorder the formats, which
/// this keeps in English.
struct ShotwellEventName {
    var locale: Locale
    var timeZone: TimeZone

    /// `times` are the exposure times (seconds since 1970, 0 for unknown) of the event's photos and videos.
    func name(of event: Int64, times: [Int64]) -> String {
        // Shotwell sorts an event's photos by date: the start is the first known date, the end the last.
        let sorted = times.sorted()
        let start = sorted.first { $0 != 0 } ?? 0
        let end = sorted.last ?? 0
        if start == 0 && end == 0 { return "Event \(event)" }
        if end == 0 { return Self.stripLeadingZeroes(format(start, year: true)) }
        let from = calendar.dateComponents([.year, .month, .day], from: date(start))
        let to = calendar.dateComponents([.year, .month, .day], from: date(end))
        // Shotwell compares the day twice and the year never, so the same day of the same month a
        // year later still shows as one date.
        if from.day == to.day && from.month == to.month {
            return Self.stripLeadingZeroes(format(start, year: true))
        }
        let span: String
        if from.year != to.year {
            span = format(start, year: true) + " - " + format(end, year: true)
        } else if from.month == to.month, let day = from.day, to.day == day + 1 {
            span = format(start, year: false) + " - " + pattern("dd, yyyy", end)
        } else {
            span = format(start, year: false) + " - " + format(end, year: true)
        }
        return Self.stripLeadingZeroes(span)
    }

    /// String.strip_leading_zeroes: every "0" at the start or after a space goes.
    static func stripLeadingZeroes(_ text: String) -> String {
        var stripped = ""
        var afterSpace = true
        for character in text {
            if !afterSpace || character != "0" {
                stripped.append(character)
                afterSpace = character.isWhitespace
            }
        }
        return stripped
    }

    private var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    private func date(_ time: Int64) -> Date { Date(timeIntervalSince1970: TimeInterval(time)) }

    private func format(_ time: Int64, year: Bool) -> String {
        pattern(year ? "EEE MMM dd, yyyy" : "EEE MMM dd", time)
    }

    private func pattern(_ pattern: String, _ time: Int64) -> String {
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.timeZone = timeZone
        formatter.calendar = calendar
        formatter.dateFormat = pattern
        return formatter.string(from: date(time))
    }
}
