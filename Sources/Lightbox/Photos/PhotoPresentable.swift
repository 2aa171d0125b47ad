import Foundation

/// What a photo row shows: one row type serves anything that can say these.
@MainActor
public protocol PhotoPresentable {
    /// The photo whose thumbnail the row shows.
    var thumbnailPhoto: Photo { get }
    /// The row's first line: the file name.
    var rowTitle: String { get }
    /// "12 March 2024, 14:05", or "" when unknown.
    var dateText: String { get }
    /// 0…5 stars.
    var stars: Int { get }
    /// Rejected while culling (shown dimmed, marked "Rejected").
    var isMarkedRejected: Bool { get }
    /// Why the file can't be shown, nil when fine.
    var errorText: String? { get }
    /// "RAW+JPEG" for a RAW file shown with the JPEG saved beside it, "Live Photo" for a photo
    /// that moves, nil otherwise.
    var formatMark: String? { get }
}

extension PhotoPresentable {
    public var formatMark: String? { nil }
}

extension Photo: PhotoPresentable {
    public var thumbnailPhoto: Photo { self }
    public var rowTitle: String { name }
    public var dateText: String { PhotoFormat.date(self.taken) ?? "" }
    public var stars: Int { self.rating }
    public var isMarkedRejected: Bool { self.isRejected }
    public var errorText: String? { self.error }
    public var formatMark: String? {
        // Translators: the mark of a photo with seconds of motion (an iPhone's, a Pixel's motion photo).
        if self.isLive { return tr("Live Photo") }
        // Translators: the mark of a RAW file shown with the JPEG saved beside it.
        return self.companion == nil ? nil : tr("RAW+JPEG")
    }
}

/// How photo facts are written for people.
@MainActor
public enum PhotoFormat {
    /// The formats of the person's locale (see `LocaleFormats`).
    private static var formats: LocaleFormats { .current }

    /// A catalog date (`yyyy-MM-ddTHH:mm:ss`, local time) as "12 March 2024, 14:05".
    public static func date(_ taken: String?) -> String? { formats.date(taken) }

    /// A catalog date's day as "Tuesday 12 March 2024".
    public static func day(_ taken: String?) -> String? { formats.day(taken) }

    /// "★★★☆☆".
    public static func stars(_ rating: Int) -> String {
        let stars = min(max(rating, 0), 5)
        return String(repeating: "★", count: stars) + String(repeating: "☆", count: 5 - stars)
    }

    /// What a screen reader says for a rating: "Rated 3 stars", "Not rated".
    public static func ratingDescription(_ rating: Int) -> String {
        let stars = min(max(rating, 0), 5)
        // Translators: what a screen reader says for a photo without stars.
        return stars == 0
            ? tr("Not rated")
            // Translators: what a screen reader says for a photo's stars.
            : String(format: trn("Rated %d star", "Rated %d stars", stars), stars)
    }

    /// What a row or a screen reader says for a photo's stars and reject: "Rejected",
    /// "Rated 3 stars", "Not rated".
    public static func ratingDescription(_ rating: Int, isRejected: Bool) -> String {
        // Translators: a photo marked as rejected while culling.
        isRejected ? tr("Rejected") : ratingDescription(rating)
    }

    /// A keyword as people read it: levels of a hierarchy joined by "›" ("Places › Norway").
    public static func keyword(_ keyword: String) -> String {
        KeywordText.shown(keyword)
    }

    /// A file size as "2.4 MB".
    public static func fileSize(_ bytes: Int64) -> String { FormattingLocale.current.fileSize(bytes) }

    /// Degrees as "48.8584° N, 2.2945° E".
    public static func location(latitude: Double, longitude: Double) -> String {
        FormattingLocale.current.location(latitude: latitude, longitude: longitude)
    }

    /// A number without a useless ".0": 50 → "50", 5.6 → "5.6"; "unknown" when not finite.
    public static func number(_ value: Double) -> String { FormattingLocale.current.number(value) }
}
