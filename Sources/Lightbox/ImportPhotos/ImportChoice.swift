import Foundation

/// What the import page shows of a source and what the person chose: the source's photos
/// (a survey's groups) by day, newest day first, each new one chosen unless the person turned
/// it off; the ones the library has can't be chosen. Made again when the survey is read (the
/// first look only listed the files), keeping what the person turned off.
struct ImportChoice: Equatable {
    /// The groups in the order the page shows them.
    private(set) var groups: [ImportSurvey.Group] = []
    /// The days, newest first, each with the positions of its groups in `groups`.
    private(set) var days: [Day] = []
    /// The groups the person turned off, by their first file (stable across surveys).
    private(set) var turnedOff: Set<String> = []
    private(set) var isRead = false

    struct Day: Equatable {
        var year: Int
        var month: Int
        var day: Int
        var groups: Range<Int>
        /// As the catalog writes a date: what the locale formats.
        var catalogDate: String { String(format: "%04d-%02d-%02dT12:00:00", year, month, day) }
    }

    init() {}

    init(_ survey: ImportSurvey, keeping earlier: ImportChoice? = nil) {
        turnedOff = earlier?.turnedOff ?? []
        isRead = survey.isRead
        let byDay = Dictionary(grouping: survey.groups) { DayKey(year: $0.moment.year, month: $0.moment.month, day: $0.moment.day) }
        for key in byDay.keys.sorted(by: >) {
            let members = byDay[key]!.sorted { ($0.moment.seconds, $0.items[0].source) < ($1.moment.seconds, $1.items[0].source) }
            days.append(Day(year: key.year, month: key.month, day: key.day, groups: groups.count..<groups.count + members.count))
            groups += members
        }
    }

    private struct DayKey: Hashable, Comparable {
        var year, month, day: Int
        static func < (a: DayKey, b: DayKey) -> Bool { (a.year, a.month, a.day) < (b.year, b.month, b.day) }
    }

    static func key(of group: ImportSurvey.Group) -> String { group.items[0].source }

    /// Whether the library has every photo of the group at `position` (it can't be chosen).
    func isInLibrary(_ position: Int) -> Bool { isRead && !groups[position].hasNew }

    func isChosen(_ position: Int) -> Bool {
        !isInLibrary(position) && !turnedOff.contains(Self.key(of: groups[position]))
    }

    mutating func setChosen(_ chosen: Bool, _ positions: some Sequence<Int>) {
        for position in positions where !isInLibrary(position) {
            let key = Self.key(of: groups[position])
            if chosen { turnedOff.remove(key) } else { turnedOff.insert(key) }
        }
    }

    /// The groups the import copies.
    var chosenGroups: [ImportSurvey.Group] { groups.indices.filter(isChosen).map { groups[$0] } }

    /// What the import would copy: photos and videos (sidecars aside), and the bytes with their sidecars.
    var toCopy: (files: Int, bytes: Int64) {
        var files = 0
        var bytes: Int64 = 0
        for position in groups.indices where isChosen(position) {
            for item in groups[position].items where item.isNew {
                if item.record != nil { files += 1 }
                bytes += item.size
            }
        }
        return (files, bytes)
    }

    /// The photos and videos shown, sidecars aside.
    var mediaCount: Int { groups.reduce(0) { $0 + $1.items.filter { $0.record != nil }.count } }

    /// Photos and videos the library has already (known once the survey is read).
    var inLibraryCount: Int {
        guard isRead else { return 0 }
        return groups.reduce(0) { $0 + $1.items.filter { $0.record != nil && !$0.isNew }.count }
    }

    /// The page's lines at `columns` cells a line: each day's heading, then its groups.
    func lines(columns: Int) -> [ImportLine] {
        let columns = max(1, columns)
        var lines: [ImportLine] = []
        for (index, day) in days.enumerated() {
            lines.append(ImportLine(day: index, groups: day.groups.lowerBound..<day.groups.lowerBound))
            for start in stride(from: day.groups.lowerBound, to: day.groups.upperBound, by: columns) {
                lines.append(ImportLine(day: index, groups: start..<min(start + columns, day.groups.upperBound)))
            }
        }
        return lines
    }
}

/// A line of the import page: a day's heading (no groups), or up to a line's worth of its groups.
struct ImportLine: Hashable {
    /// The day's position in `ImportChoice.days`.
    var day: Int
    /// Positions in `ImportChoice.groups`.
    var groups: Range<Int>
    var isHeading: Bool { groups.isEmpty }
}

extension ImportTemplate.Moment {
    /// For ordering within a day.
    var seconds: Int { ((((year * 13 + month) * 32 + day) * 24 + hour) * 60 + minute) * 60 + second }
}
