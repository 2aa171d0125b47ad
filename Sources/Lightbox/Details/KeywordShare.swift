/// A keyword of the photos the editor shows, and how many of them have it: with several
/// photos shown, the editor lists every keyword any of them has ("on 2 of 3").
public struct KeywordShare: Identifiable, Equatable, Sendable {
    /// As the catalog keeps it (`Places|Norway|Bergen`).
    public let keyword: String
    /// The shown photos that have it.
    public let count: Int
    /// The photos shown.
    public let total: Int

    public init(keyword: String, count: Int, total: Int) {
        self.keyword = keyword
        self.count = count
        self.total = total
    }

    /// Case-insensitive, as the Store compares keywords.
    public var id: String { KeywordText.key(keyword) }
    /// "Places › Norway › Bergen".
    public var shownKeyword: String { KeywordText.shown(keyword) }
    public var isOnAll: Bool { count == total }
    /// "on 2 of 3" when only some of the photos have it.
    public var shareText: String? {
        // Translators: how many of the shown photos have a keyword, "on 2 of 3".
        isOnAll ? nil : String(format: tr("on %1$d of %2$d"), count, total)
    }

    /// Every keyword of `photos`, in the order met (a photo's keywords in the order they were
    /// added), with how many of them have it; keywords differing only in case are one.
    public static func union(of photos: [Photo]) -> [KeywordShare] {
        var order: [String] = []
        var spelling: [String: String] = [:]
        var counts: [String: Int] = [:]
        for photo in photos {
            var seen = Set<String>()  // a keyword twice on one photo counts once
            for keyword in photo.keywords {
                let key = KeywordText.key(keyword)
                guard seen.insert(key).inserted else { continue }
                if spelling[key] == nil {
                    spelling[key] = keyword
                    order.append(key)
                }
                counts[key, default: 0] += 1
            }
        }
        return order.map { KeywordShare(keyword: spelling[$0]!, count: counts[$0]!, total: photos.count) }
    }
}
