import Foundation
import LightboxMedia

/// Keywords as people type and read them, and as the catalog keeps them: levels of a
/// hierarchy are kept as `Places|Norway|Bergen` (Lightroom's `hierarchicalSubject`) and
/// read as `Places › Norway › Bergen`.
public enum KeywordText {
    /// What the catalog keeps for `typed`: levels separated by "|" or "›" (either way,
    /// trimmed, empty levels dropped), joined by "|". Nil when nothing is left.
    public static func stored(_ typed: String) -> String? {
        let levels = typed.split(whereSeparator: { $0 == "|" || $0 == "›" })
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }
        return levels.isEmpty ? nil : levels.joined(separator: "|")
    }

    /// A keyword as people read it: "Places › Norway › Bergen".
    public static func shown(_ keyword: String) -> String { keyword.split(separator: "|").joined(separator: " › ") }

    /// The keyword compared as the Store compares keywords (case ignored).
    static func key(_ keyword: String) -> String { keyword.lowercased() }
}

/// A keyword of the library and how many photos have it.
public struct KeywordCount: Identifiable, Hashable, Sendable {
    /// As the catalog keeps it (`Places|Norway|Bergen`).
    public let keyword: String
    public let count: Int

    public init(keyword: String, count: Int) {
        self.keyword = keyword
        self.count = count
    }

    /// Case-insensitive, as photos are matched to it.
    public var id: String { KeywordText.key(keyword) }
    /// "Places › Norway › Bergen".
    public var shownKeyword: String { KeywordText.shown(keyword) }
    /// "12 photos", "1 photo".
    public var countText: String { FormattingLocale.current.counted(trn("%d photo", "%d photos", count), count) }

    /// Every keyword of `photos` with its photo count, sorted by name as GNOME Files sorts
    /// names (`FileNames.sortKey` of the keyword as shown). Keywords that differ only in
    /// case are one, spelt as first met.
    public static func counts(in photos: [Photo]) -> [KeywordCount] {
        var spelling: [String: String] = [:]
        var counts: [String: Int] = [:]
        for photo in photos {
            for keyword in photo.keywords {
                let key = KeywordText.key(keyword)
                if spelling[key] == nil { spelling[key] = keyword }
                counts[key, default: 0] += 1
            }
        }
        let sortKeys = spelling.mapValues { FileNames.sortKey(KeywordText.shown($0)) }
        return counts.keys.sorted { a, b in
            sortKeys[a]! == sortKeys[b]! ? a < b : sortKeys[a]! < sortKeys[b]!
        }.map { KeywordCount(keyword: spelling[$0]!, count: counts[$0]!) }
    }
}

extension Photo {
    /// Whether the photo has `keyword` (case ignored, as search and edits compare).
    public func has(keyword: String) -> Bool {
        let key = KeywordText.key(keyword)
        return self.keywords.contains { KeywordText.key($0) == key }
    }
}

/// The open library's keywords with their photo counts (`CatalogStore.keywords`), for the
/// Keywords page and the keyword editor's completion. Counted on demand (`update`), at
/// once for a small library and off the main thread for a large one, as the Store
/// searches; while a page follows them (`beginFollowing`), again after every change.
@MainActor
public final class LibraryKeywords {
    /// As last counted (see `isCurrent`).
    public private(set) var counts: [KeywordCount] = []
    /// Whether `counts` were counted from the library as it is now.
    public private(set) var isCurrent = false
    private unowned let store: CatalogStore
    private var observers = ObserverList<[KeywordCount]>()
    /// Whether a count runs off the main thread now.
    public private(set) var isCounting = false
    private var followers = 0

    init(store: CatalogStore) {
        self.store = store
        store.observeLibrary(owner: self) { [weak self] _ in self?.libraryChanged() }
    }

    /// Calls `handler` with the counts after every count that changed them, while `owner` lives.
    public func observe(owner: AnyObject, _ handler: @escaping @MainActor ([KeywordCount]) -> Void) {
        observers.add(owner: owner, handler)
    }

    /// Counts again unless `counts` are current or a count is under way.
    public func update() {
        guard !isCurrent, !isCounting else { return }
        isCurrent = true  // a change from here on makes them stale again
        let photos = store.allPhotos
        // A RAW+JPEG pair is one photo (see `RawJpegPairs`).
        guard photos.count >= store.offMainThreshold else { return show(KeywordCount.counts(in: PairedFiles.paired(photos))) }
        isCounting = true
        Task { [weak self] in
            let counts = await Task.detached(priority: .background) { KeywordCount.counts(in: PairedFiles.paired(photos)) }.value
            guard let self else { return }
            self.isCounting = false
            self.show(counts)
            if self.followers > 0 { self.update() }  // changed while counting
        }
    }

    /// A page showing the counts: they are counted again after every change until `endFollowing`.
    public func beginFollowing() {
        followers += 1
        update()
    }

    public func endFollowing() { followers = max(0, followers - 1) }

    /// The library's keywords, most used first, whose shown form contains `text` (case
    /// ignored); a level typed as "Places › Nor" matches too.
    public func completions(for text: String, limit: Int = 6) -> [KeywordCount] {
        let typed = (KeywordText.stored(text) ?? "").lowercased()
        guard !typed.isEmpty else { return [] }
        func startsALevel(_ keyword: KeywordCount) -> Bool {
            keyword.id.hasPrefix(typed) || keyword.id.split(separator: "|").contains { $0.hasPrefix(typed) }
        }
        // Keywords with a level starting with the text first, then the most used, then by name.
        let ranked = counts.enumerated().filter { $0.element.id.contains(typed) }.sorted { a, b in
            let aStarts = startsALevel(a.element)
            let bStarts = startsALevel(b.element)
            if aStarts != bStarts { return aStarts }
            return a.element.count != b.element.count ? a.element.count > b.element.count : a.offset < b.offset
        }
        return ranked.prefix(limit).map(\.element)
    }

    private func libraryChanged() {
        isCurrent = false
        if followers > 0 { update() }
    }

    private func show(_ counts: [KeywordCount]) {
        guard counts != self.counts else { return }
        self.counts = counts
        observers.send(counts)
    }
}
