import Foundation
import LightboxMedia

/// Finds the groups of photos that are one picture among a library's, without comparing
/// every pair: exact copies share their size and content fingerprint; near copies share at
/// least one of `blocks` pieces of their hash (two hashes within `nearDistance` bits differ
/// in at most that many pieces, so one piece is left whole: multi-index hashing). Only the
/// pairs that meet there are compared, and only those whose hashes and sizes say so are read
/// (`DuplicateChecks`).
///
/// Near copies must also look alike in shape (the aspect within `aspectTolerance`) and not
/// say they were taken at other moments: the frames of a burst are as alike as a resized copy
/// (measured: 2–6 bits apart for frames a subject moved between, 0–2 for copies), but each
/// has its own moment, which copies keep. Pictures with too little detail (`PerceptualHash.isTelling`)
/// are only ever exact copies.
public struct DuplicateFinder: Sendable {
    /// The most bits two near copies' hashes differ in.
    public static let nearDistance = 4
    /// How far apart two near copies' shapes may be (a 5% crop on one side is 5%).
    static let aspectTolerance = 0.08
    /// The hash's pieces: one more than `nearDistance`, so that one is shared whole.
    private static let blocks: [(shift: UInt64, mask: UInt64)] = [
        (0, 0x1FFF), (13, 0x1FFF), (26, 0x1FFF), (39, 0x1FFF), (52, 0xFFF),
    ]

    public var checks: DuplicateChecks

    public init(checks: DuplicateChecks = .files) { self.checks = checks }

    /// The groups among `candidates` (pairs in `notDuplicates` kept apart), each with the copy
    /// to keep first; groups in the order of their first path.
    public func groups(in candidates: [DuplicateCandidate], notDuplicates: Set<DuplicatePair> = []) -> [DuplicateGroup] {
        let units = DuplicateUnits(candidates)
        var compared: Set<DuplicatePair> = []
        // The pairs that are one picture, found first and joined after: the same bytes, then the
        // nearest hashes first, so that a copy that lost its moment joins the frame of a burst it
        // is nearest to, and the other frame's group stays apart (`MomentGroups`).
        var sameBytes: [(a: Int, b: Int)] = []
        var near: [(distance: Int, a: Int, b: Int)] = []

        /// Whether `a` and `b` hold the same bytes (when `sameFile` asks); else notes them when near.
        @discardableResult
        func consider(_ a: Int, _ b: Int, sameFile: Bool) -> Bool {
            guard units.unit[a] != units.unit[b] else { return false }
            let first = candidates[a]
            let second = candidates[b]
            guard !notDuplicates.contains(DuplicatePair(first.row, second.row)),
                compared.insert(DuplicatePair(Int64(a), Int64(b))).inserted
            else { return false }
            if sameFile, checks.sameBytes(first.path, second.path) {
                sameBytes.append((a, b))
                return true
            } else if Self.areNearCopies(first, second), let hashA = first.hash, let hashB = second.hash {
                near.append((hashA.distance(to: hashB), a, b))
            }
            return false
        }

        // Exact copies: the same size and fingerprint. The same bytes is an equivalence: each
        // file is read against one file of each set of identical ones found so far, not against
        // every other (a thousand copies of one file are a thousand reads, not half a million).
        var byContent: [ContentKey: [Int]] = [:]
        for (index, candidate) in candidates.enumerated() where candidate.fingerprint != nil {
            byContent[ContentKey(size: candidate.fileSize, fingerprint: candidate.fingerprint!), default: []].append(index)
        }
        /// Each candidate's first file with the same bytes (its own index when none).
        var original = Array(candidates.indices)
        for indices in byContent.values where indices.count > 1 {
            var originals: [Int] = []
            for b in indices {
                if let a = originals.first(where: { consider($0, b, sameFile: true) }) {
                    original[b] = a
                } else {
                    originals.append(b)
                }
            }
        }
        // Near copies: a piece of the hash in common.
        let hashed = candidates.indices.filter { candidates[$0].isReadable && candidates[$0].hash?.isTelling == true }
        // Most pairs that meet in a bucket are far apart: told by their bits alone, before
        // anything else of theirs is looked at (100,000 photos meet in millions of pairs).
        let bits = candidates.map { $0.hash?.bits ?? 0 }
        for block in Self.blocks {
            var buckets: [UInt64: [Int]] = [:]
            for index in hashed { buckets[(bits[index] >> block.shift) & block.mask, default: []].append(index) }
            for indices in buckets.values where indices.count > 1 {
                for (position, a) in indices.enumerated() {
                    for b in indices[(position + 1)...]
                    where (bits[a] ^ bits[b]).nonzeroBitCount <= Self.nearDistance && original[a] != original[b] {
                        consider(a, b, sameFile: false)
                    }
                }
            }
        }

        var joined = MomentGroups(candidates)
        var exact = UnionFind(count: candidates.count)
        for pair in sameBytes where joined.join(pair.a, pair.b) { exact.union(pair.a, pair.b) }
        near.sort { ($0.distance, $0.a, $0.b) < ($1.distance, $1.a, $1.b) }
        for pair in near where joined.join(pair.a, pair.b) && exact.find(pair.a) != exact.find(pair.b) {
            let first = candidates[pair.a]
            let second = candidates[pair.b]
            if first.hash == second.hash, first.width == second.width, first.height == second.height,
                checks.samePixels(first.path, second.path)
            {
                exact.union(pair.a, pair.b)
            }
        }
        return makeGroups(candidates, units: units, joined: &joined.sets, exact: &exact)
    }

    /// Whether two pictures' hashes, shapes and moments say they are one picture.
    static func areNearCopies(_ a: DuplicateCandidate, _ b: DuplicateCandidate) -> Bool {
        guard let first = a.hash, let second = b.hash, first.isTelling, second.isTelling,
            first.distance(to: second) <= nearDistance
        else { return false }
        if let aspectA = a.shownAspect, let aspectB = b.shownAspect, abs(log(aspectA / aspectB)) > aspectTolerance { return false }
        return momentsAgree(a.moment, b.moment)
    }

    /// Whether two moments the cameras wrote can be one: the same second, and the same
    /// fraction of it when both say one (a copy may have lost the fraction, never changed it).
    static func momentsAgree(_ a: String?, _ b: String?) -> Bool {
        guard let a, let b else { return true }
        let (secondA, fractionA) = split(a)
        let (secondB, fractionB) = split(b)
        guard secondA == secondB else { return false }
        guard let fractionA, let fractionB else { return true }
        return Double("0." + fractionA) == Double("0." + fractionB)
    }

    /// Of two moments that agree, the one that says more (its fraction of a second).
    static func preciser(_ a: String?, _ b: String?) -> String? {
        guard let a else { return b }
        guard let b else { return a }
        return a.contains(".") ? a : b
    }

    /// "2024-05-01T10:00:00.25" as its second and its fraction.
    private static func split(_ moment: String) -> (Substring, Substring?) {
        guard let dot = moment.firstIndex(of: ".") else { return (moment[...], nil) }
        return (moment[..<dot], moment[moment.index(after: dot)...])
    }

    private func makeGroups(
        _ candidates: [DuplicateCandidate], units: DuplicateUnits, joined: inout UnionFind, exact: inout UnionFind
    ) -> [DuplicateGroup] {
        var members: [Int: [Int]] = [:]
        for index in candidates.indices where joined.size(of: index) > 1 {
            members[joined.find(index), default: []].append(index)
        }
        var groups: [DuplicateGroup] = []
        for indices in members.values {
            // A pair's two files are one photo, the RAW's.
            var byUnit: [String: Int] = [:]
            for index in indices {
                let unit = units.unit[index]
                if byUnit[unit] == nil || units.isRaw(candidates[index].path) { byUnit[unit] = index }
            }
            guard byUnit.count > 1 else { continue }
            let root = exact.find(indices[0])
            let kind: DuplicateGroup.Kind = indices.allSatisfy { exact.find($0) == root } ? .exact : .near
            let ranked = byUnit.map { unit, index in (unit, candidates[index]) }.sorted { a, b in
                Self.keepsBefore(a.1, b.1, aHasRaw: units.hasRaw(a.0), bHasRaw: units.hasRaw(b.0))
            }
            groups.append(DuplicateGroup(kind: kind, photos: ranked.map(\.0)))
        }
        return groups.sorted { $0.id < $1.id }
    }

    /// Whether `a` is a better copy to keep than `b`: a RAW (or RAW+JPEG pair) before a JPEG,
    /// more pixels, rated, not in a download folder, more bytes, then the path.
    static func keepsBefore(_ a: DuplicateCandidate, _ b: DuplicateCandidate, aHasRaw: Bool, bHasRaw: Bool) -> Bool {
        if aHasRaw != bHasRaw { return aHasRaw }
        let pixelsA = a.width * a.height
        let pixelsB = b.width * b.height
        if pixelsA != pixelsB { return pixelsA > pixelsB }
        if (a.rating > 0) != (b.rating > 0) { return a.rating > 0 }
        let downloadedA = isDownloaded(a.path)
        let downloadedB = isDownloaded(b.path)
        if downloadedA != downloadedB { return downloadedB }
        if a.fileSize != b.fileSize { return a.fileSize > b.fileSize }
        return a.path < b.path
    }

    /// Whether `path` is in a downloads folder (the person's, or any folder named so).
    static func isDownloaded(_ path: String) -> Bool {
        if let downloads = FileNames.downloadsDirectory, path.hasPrefix(downloads + "/") { return true }
        return path.split(separator: "/").dropLast().contains { $0.lowercased().hasPrefix("download") }
    }

    private struct ContentKey: Hashable {
        let size: Int64
        let fingerprint: Int64
    }
}

/// How a pair the hashes and sizes point at is read to be sure.
public struct DuplicateChecks: Sendable {
    /// Whether two files hold the same bytes.
    public var sameBytes: @Sendable (String, String) -> Bool
    /// Whether two files with the same hash and size hold the same pixels (other metadata).
    public var samePixels: @Sendable (String, String) -> Bool

    public init(sameBytes: @escaping @Sendable (String, String) -> Bool, samePixels: @escaping @Sendable (String, String) -> Bool) {
        self.sameBytes = sameBytes
        self.samePixels = samePixels
    }

    /// The files on disk read (pixels decoded by `decode`, in the app's workers by default).
    public static let files = DuplicateChecks(
        sameBytes: { FileNames.haveSameBytes($0, $1) },
        samePixels: { a, b in
            let decode = { (path: String) in
                try?
                    (WorkerPool.shared?.decode(
                        path: path, fitting: Photo.maxSide, maxPixels: PhotoReader.maxPixels, timeout: ImageSource.decodeTimeout,
                        urgent: false) ?? PixelImage.decode(path: path, fitting: Photo.maxSide, maxPixels: PhotoReader.maxPixels))
            }
            guard let first = decode(a), let second = decode(b) else { return false }
            return first.hasSamePixels(as: second)
        })
}

/// The photos a library lists: a RAW file and the JPEG beside it of the same name are one
/// (`RawJpegPairs`), known by the RAW's path.
struct DuplicateUnits {
    /// Each candidate's photo: its own path, or its RAW's for a companion JPEG.
    let unit: [String]
    private let raws: Set<String>

    init(_ candidates: [DuplicateCandidate]) {
        let paths = Set(candidates.map(\.path))
        var owner: [String: String] = [:]
        var raws: Set<String> = []
        for candidate in candidates where RawJpegPairs.isRaw(candidate.path) {
            raws.insert(candidate.path)
            if let jpeg = RawJpegPairs.companion(of: candidate.path, exists: paths.contains) { owner[jpeg] = candidate.path }
        }
        unit = candidates.map { owner[$0.path] ?? $0.path }
        self.raws = raws
    }

    func isRaw(_ path: String) -> Bool { raws.contains(path) }
    func hasRaw(_ unit: String) -> Bool { raws.contains(unit) }
}

/// Groups of photos whose moments agree, all of them: pairs agree one by one, but a copy that
/// lost its moment agrees with both frames of a burst, and joined to each it would join them.
/// Each group keeps the moment that says the most of its photos' (`preciser`), and two groups
/// are joined only when theirs agree.
struct MomentGroups {
    var sets: UnionFind
    /// By group (its root in `sets`): the moment its photos say, nil when none says one.
    private var moments: [String?]

    init(_ candidates: [DuplicateCandidate]) {
        sets = UnionFind(count: candidates.count)
        moments = candidates.map(\.moment)
    }

    /// Joins the groups of `a` and `b` when their moments agree; whether they are one group now.
    mutating func join(_ a: Int, _ b: Int) -> Bool {
        let rootA = sets.find(a)
        let rootB = sets.find(b)
        guard rootA != rootB else { return true }
        guard DuplicateFinder.momentsAgree(moments[rootA], moments[rootB]) else { return false }
        let moment = DuplicateFinder.preciser(moments[rootA], moments[rootB])
        sets.union(rootA, rootB)
        moments[sets.find(rootA)] = moment
        return true
    }
}

/// Disjoint sets of indices, joined by `union` (path halving, union by size).
struct UnionFind {
    private var parent: [Int]
    private var sizes: [Int]

    init(count: Int) {
        parent = Array(0..<count)
        sizes = Array(repeating: 1, count: count)
    }

    mutating func find(_ index: Int) -> Int {
        var index = index
        while parent[index] != index {
            parent[index] = parent[parent[index]]
            index = parent[index]
        }
        return index
    }

    mutating func union(_ a: Int, _ b: Int) {
        var rootA = find(a)
        var rootB = find(b)
        guard rootA != rootB else { return }
        if sizes[rootA] < sizes[rootB] { swap(&rootA, &rootB) }
        parent[rootB] = rootA
        sizes[rootA] += sizes[rootB]
    }

    mutating func size(of index: Int) -> Int { sizes[find(index)] }
}
