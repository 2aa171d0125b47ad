import Foundation
import LightboxMedia

/// A search as typed in the search bar: words a photo's name, title, caption, camera, lens or
/// keywords must all hold, and terms that ask about the photo itself, each `name:value`
/// (a value with spaces in double quotes):
///
/// | term | matches |
/// |---|---|
/// | `stars:4` (`rating:4`) | 4 stars or more |
/// | `rejected:yes`, `rejected:no` | rejected photos, or the others |
/// | `keyword:Norway` (`tag:`) | photos with that keyword (or a keyword under it: `Places` finds `Places|Norway`); several terms: all of them |
/// | `keyword:Norway,Sweden` | photos with any of them |
/// | `camera:canon`, `lens:50mm` | the camera's or lens's name holds it |
/// | `taken:2023`, `taken:2023-05`, `taken:2023-01..2023-06` (`date:`) | taken then (a year, month or day, or from one to another) |
/// | `folder:Trips` | the photo's folder's path holds it |
/// | `kind:raw`, `kind:phone` (HEIC, HEIF, AVIF), `kind:jpeg`, `kind:png`… (`type:`) | files of that kind (a RAW+JPEG pair is both) |
/// | `place:yes`, `place:no` | with a GPS position or without |
///
/// Names are compared case aside. An unknown `name:` is a word like any other
/// (a file named `10:30.jpg`). What a saved search keeps is its text.
public struct PhotoSearch: Sendable, Equatable {
    public var words: [String] = []
    /// Each group: the photo has one of its keywords (compared as `KeywordText.key`); every group must match.
    public var keywordGroups: [[String]] = []
    public var minimumRating: Int?
    public var rejected: Bool?
    public var cameras: [String] = []
    public var lenses: [String] = []
    /// From the first prefix to the last, as `Photo.taken` ("2024-03-12 10:00:00") sorts.
    public var taken: (from: String, through: String)?
    public var folders: [String] = []
    public var kinds: Set<Kind> = []
    public var hasPlace: Bool?

    public enum Kind: String, Sendable, CaseIterable {
        case raw, phone, jpeg, png, tiff, gif, webp, jxl, video
    }

    public init(_ text: String) {
        for token in Self.tokens(text) {
            guard let colon = token.firstIndex(of: ":"), colon != token.startIndex,
                apply(name: token[..<colon].lowercased(), value: String(token[token.index(after: colon)...]))
            else {
                words.append(Self.folded(token))
                continue
            }
        }
    }

    public static func == (a: PhotoSearch, b: PhotoSearch) -> Bool {
        a.words == b.words && a.keywordGroups == b.keywordGroups && a.minimumRating == b.minimumRating
            && a.rejected == b.rejected && a.cameras == b.cameras && a.lenses == b.lenses && a.taken?.from == b.taken?.from
            && a.taken?.through == b.taken?.through && a.folders == b.folders && a.kinds == b.kinds && a.hasPlace == b.hasPlace
    }

    /// Whether it asks nothing: every photo matches.
    public var isEmpty: Bool { self == PhotoSearch("") }

    /// Whether a photo's stars or reject can change its answer (the list must search again
    /// when they change).
    var asksRatingOrReject: Bool { minimumRating != nil || rejected != nil }

    // MARK: Matching

    public func matches(_ photo: Photo) -> Bool {
        if let minimumRating, photo.rating < minimumRating { return false }
        if let rejected, photo.isRejected != rejected { return false }
        if let hasPlace, (photo.latitude != nil) != hasPlace { return false }
        if let taken {
            guard let date = photo.taken, date >= taken.from, date <= taken.through else { return false }
        }
        if !kinds.isEmpty, !kinds.contains(where: { Self.isOfKind($0, photo) }) { return false }
        if !cameras.isEmpty {
            let camera = Self.folded(photo.camera ?? "")
            guard cameras.allSatisfy(camera.contains) else { return false }
        }
        if !lenses.isEmpty {
            let lens = Self.folded(photo.lens ?? "")
            guard lenses.allSatisfy(lens.contains) else { return false }
        }
        if !folders.isEmpty {
            let folder = Self.folded((photo.path as NSString).deletingLastPathComponent)
            guard folders.allSatisfy(folder.contains) else { return false }
        }
        if !keywordGroups.isEmpty {
            let keys = photo.keywords.map(KeywordText.key)
            guard keywordGroups.allSatisfy({ group in group.contains { Self.has(keys, $0) } }) else { return false }
        }
        guard !words.isEmpty else { return true }
        let haystack = Self.folded(
            ([photo.name, photo.title ?? "", photo.caption ?? "", photo.camera ?? "", photo.lens ?? ""] + photo.keywords)
                .joined(separator: " "))
        return words.allSatisfy(haystack.contains)
    }

    /// A keyword, or one under it in a hierarchy (`places` finds `places|norway`).
    private static func has(_ keys: [String], _ wanted: String) -> Bool {
        keys.contains { $0 == wanted || $0.hasPrefix(wanted + "|") }
    }

    private static func isOfKind(_ kind: Kind, _ photo: Photo) -> Bool {
        let extensions = [photo.path] + (photo.companion.map { [$0] } ?? [])
        return extensions.contains { path in
            let ext = ImageFamily.fileExtension(of: path)
            switch kind {
            case .raw: return ImageFamily.rawExtensions.contains(ext)
            case .phone: return ImageFamily.heifExtensions.contains(ext)
            case .jpeg: return ext == "jpg" || ext == "jpeg"
            case .tiff: return ext == "tif" || ext == "tiff"
            case .png, .gif, .webp, .jxl: return ext == kind.rawValue
            case .video: return VideoFile.extensions.contains(ext)
            }
        }
    }

    // MARK: Reading

    /// Applies the term `name:value`; false when `name` is not a term's (the token is a word).
    private mutating func apply(name: String, value: String) -> Bool {
        let value = value.trimmingCharacters(in: .whitespaces)
        switch name {
        case "stars", "rating":
            let digits = value.filter(\.isNumber)
            guard let stars = Int(digits), (0...5).contains(stars) else { return false }
            minimumRating = stars
        case "rejected":
            guard let yes = Self.yesOrNo(value) else { return false }
            rejected = yes
        case "place":
            guard let yes = Self.yesOrNo(value) else { return false }
            hasPlace = yes
        case "keyword", "tag":
            let group = value.split(separator: ",").compactMap { KeywordText.stored(String($0)).map(KeywordText.key) }
            guard !group.isEmpty else { return false }
            keywordGroups.append(group)
        case "camera": cameras.append(Self.folded(value))
        case "lens": lenses.append(Self.folded(value))
        case "folder": folders.append(Self.folded(value))
        case "kind", "type":
            let found = value.split(separator: ",").compactMap { Kind(rawValue: Self.kindName(String($0))) }
            guard !found.isEmpty else { return false }
            kinds.formUnion(found)
        case "taken", "date":
            let ends = value.components(separatedBy: "..")
            guard ends.count <= 2, let from = ends.first, Self.isDatePrefix(from), Self.isDatePrefix(ends.last ?? from) else {
                return false
            }
            // "~" sorts after every character of a date and time: the last day of a month or year included.
            taken = (from, (ends.last ?? from) + "~")
        default: return false
        }
        return true
    }

    private static func kindName(_ name: String) -> String {
        switch name.lowercased() {
        case "jpg": "jpeg"
        case "tif": "tiff"
        case "heic", "heif", "avif": "phone"
        case "videos", "movie", "movies": "video"
        default: name.lowercased()
        }
    }

    /// "2023", "2023-05", "2023-05-01".
    private static func isDatePrefix(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        return (1...3).contains(parts.count) && parts[0].count == 4
            && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
    }

    private static func yesOrNo(_ value: String) -> Bool? {
        switch value.lowercased() {
        case "yes", "true", "1", "y": true
        case "no", "false", "0", "n": false
        default: nil
        }
    }

    /// Words, and `"…"` runs as one (`camera:"EOS R5"`).
    static func tokens(_ text: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        var quoted = false
        for character in text {
            if character == "\"" {
                quoted.toggle()
            } else if character.isWhitespace, !quoted {
                if !current.isEmpty { tokens.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }

    /// Compared case aside (as the search always has: a fold of accents too costs a search of 100,000 photos several times as much).
    static func folded(_ text: String) -> String {
        text.lowercased()
    }
}
