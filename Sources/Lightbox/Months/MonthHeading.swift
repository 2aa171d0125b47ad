import Foundation

/// How a month of photos is named: "March 2024", "37 photos", in the person's locale.
@MainActor
enum MonthHeading {
    /// The month's name from a group key ("2024-03"); "No date" for photos without one.
    static func title(for key: String, formats: LocaleFormats = .current) -> String {
        let parts = key.split(separator: "-")
        guard parts.count == 2, let year = Int(parts[0]), let month = Int(parts[1]),
            let title = formats.month(year: year, month: month)
        else {
            // Translators: the heading of the photos whose date is unknown.
            return tr("No date")
        }
        return title
    }

    static func count(_ n: Int, formats: LocaleFormats = .current) -> String {
        formats.formattingLocale.counted(trn("%d photo", "%d photos", n), n)
    }

    /// "March 2024 · 37 photos".
    static func text(for group: PhotoGroup, formats: LocaleFormats = .current) -> String {
        // Translators: a month's heading and how many photos it has, "March 2024 · 37 photos".
        String(
            format: tr("%1$@ · %2$@"), title(for: group.id, formats: formats),
            count(group.photos.count, formats: formats))
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
