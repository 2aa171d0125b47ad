import Foundation

/// What a photo row shows: one row type serves anything that can say these.
@MainActor
public protocol PhotoPresentable {
    /// The photo whose thumbnail the row shows.
    var thumbnailPhoto: Photo { get }
    var title: String { get }
    /// "12 March 2024, 14:05", or "" when unknown.
    var dateText: String { get }
    /// 0…5 stars.
    var rating: Int { get }
    /// Rejected while culling (shown dimmed, marked "Rejected").
    var isRejected: Bool { get }
    /// Why the file can't be shown, nil when fine.
    var errorText: String? { get }
    /// "RAW+JPEG" for a RAW file shown with the JPEG saved beside it, nil otherwise.
    var formatMark: String? { get }
}

extension PhotoPresentable {
    public var formatMark: String? { nil }
}

extension Photo: PhotoPresentable {
    public var thumbnailPhoto: Photo { self }
    public var title: String { name }
    public var dateText: String { PhotoFormat.date(taken) ?? "" }
    public var errorText: String? { error }
    public var formatMark: String? { companion == nil ? nil : "RAW+JPEG" }
}

/// How photo facts are written for people.
@MainActor
public enum PhotoFormat {
    private static let parser: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        return formatter
    }()

    private static func formatter(_ template: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = template
        return formatter
    }

    private static let dateTime = formatter("d MMMM yyyy, HH:mm")
    private static let dateOnly = formatter("d MMMM yyyy")
    private static let day = formatter("EEEE d MMMM yyyy")

    /// A catalog date (`yyyy-MM-ddTHH:mm:ss`, local time) as "12 March 2024, 14:05".
    public static func date(_ taken: String?) -> String? {
        remembered(taken, in: &dates) { dateTime.string(from: $0) }
    }

    /// A catalog date's day as "Tuesday 12 March 2024".
    public static func day(_ taken: String?) -> String? {
        remembered(taken, in: &days) { day.string(from: $0) }
    }

    /// A catalog date's day as "12 March 2024".
    public static func dayOnly(_ taken: String?) -> String? {
        remembered(taken, in: &daysOnly) { dateOnly.string(from: $0) }
    }

    /// Dates written so far: Foundation's formatters take about a millisecond a date
    /// here, too slow for a row configured in the frame of a key press.
    private static var dates: [String: String?] = [:]
    private static var days: [String: String?] = [:]
    private static var daysOnly: [String: String?] = [:]

    private static func remembered(_ taken: String?, in memory: inout [String: String?],
                                   _ write: (Date) -> String) -> String? {
        guard let taken else { return nil }
        if let known = memory[taken] { return known }
        if memory.count >= 20_000 { memory.removeAll(keepingCapacity: true) }
        let text = parser.date(from: taken).map(write)
        memory[taken] = text
        return text
    }

    /// "★★★☆☆".
    public static func stars(_ rating: Int) -> String {
        let stars = min(max(rating, 0), 5)
        return String(repeating: "★", count: stars) + String(repeating: "☆", count: 5 - stars)
    }

    /// What a screen reader says for a rating: "Rated 3 stars", "Not rated".
    public static func ratingDescription(_ rating: Int) -> String {
        switch min(max(rating, 0), 5) {
        case 0: "Not rated"
        case 1: "Rated 1 star"
        default: "Rated \(rating) stars"
        }
    }

    /// What a row or a screen reader says for a photo's stars and reject: "Rejected",
    /// "Rated 3 stars", "Not rated".
    public static func ratingDescription(_ rating: Int, isRejected: Bool) -> String {
        isRejected ? "Rejected" : ratingDescription(rating)
    }

    /// A keyword as people read it: levels of a hierarchy joined by "›" ("Places › Norway").
    public static func keyword(_ keyword: String) -> String {
        KeywordText.shown(keyword)
    }

    /// A file size as "2.4 MB".
    public static func fileSize(_ bytes: Int64) -> String {
        ByteCountFormatter.string(fromByteCount: max(0, bytes), countStyle: .file)
    }

    /// Degrees as "48.8584° N, 2.2945° E".
    public static func location(latitude: Double, longitude: Double) -> String {
        guard latitude.isFinite, longitude.isFinite else { return "unknown" }
        let north = String(format: "%.4f° %@", abs(latitude), latitude >= 0 ? "N" : "S")
        let east = String(format: "%.4f° %@", abs(longitude), longitude >= 0 ? "E" : "W")
        return "\(north), \(east)"
    }

    /// A number without a useless ".0": 50 → "50", 5.6 → "5.6"; "unknown" when not finite.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "unknown" }
        return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(format: "%.1f", value)
    }
}
