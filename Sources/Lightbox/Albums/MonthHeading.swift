import Foundation

/// How a month of photos is named: "March 2024", "37 photos".
enum MonthHeading {
    /// The month's name from a group key ("2024-03"); "No date" for photos without one.
    static func title(for key: String) -> String {
        let parser = DateFormatter()
        parser.locale = Locale(identifier: "en_US_POSIX")
        parser.dateFormat = "yyyy-MM"
        guard let date = parser.date(from: key) else { return "No date" }
        let formatter = DateFormatter()
        formatter.dateFormat = "LLLL yyyy"
        return formatter.string(from: date)
    }

    static func count(_ n: Int) -> String { n == 1 ? "1 photo" : "\(n) photos" }

    /// "March 2024 · 37 photos".
    static func text(for group: PhotoGroup) -> String {
        "\(title(for: group.id)) · \(count(group.photos.count))"
    }
}

extension Array where Element == PhotoGroup {
    /// Newest month first; photos without a date last.
    func newestFirst() -> [PhotoGroup] {
        sorted { a, b in
            if a.id.isEmpty != b.id.isEmpty { return !a.id.isEmpty }
            return a.id > b.id
        }
    }
}
