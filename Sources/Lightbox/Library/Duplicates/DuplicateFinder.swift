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
        var joined = UnionFind(count: candidates.count)
        var exact = UnionFind(count: candidates.count)
        // Each group's moment: a copy with none (stripped) joins one frame of a burst, never two.
        var moments = candidates.map(\.moment)

        /// Joins two groups whose moments agree; returns whether it did.
        func join(_ a: Int, _ b: Int) -> Bool {
            let rootA = joined.find(a)
            let rootB = joined.find(b)
            guard rootA != rootB else { return true }
            let momentA = moments[rootA]
            let momentB = moments[rootB]
            guard Self.momentsAgree(momentA, momentB) else { return false }
            joined.union(a, b)
            moments[joined.find(a)] = Self.preciser(momentA, momentB)
            return true
        }

        func apart(_ a: Int, _ b: Int) -> Bool {
            units.unit[a] == units.unit[b] || notDuplicates.contains(DuplicatePair(candidates[a].row, candidates[b].row))
        }
        /// Joins two near copies; the same hash and size are worth reading for the same pixels.
        func link(_ a: Int, _ b: Int) {
            guard join(a, b) else { return }
            let first = candidates[a]
            let second = candidates[b]
            if first.hash == second.hash, first.width == second.width, first.height == second.height,
                exact.find(a) != exact.find(b), Self.isOneFile(first, second) || checks.samePixels(first.path, second.path)
            {
                exact.union(a, b)
            }
        }

        // Exact copies: the same size and fingerprint, each read against the distinct contents
        // met so far with them (not against every other: a library may hold thousands of one file).
        var byContent: [ContentKey: [Int]] = [:]
        for (index, candidate) in candidates.enumerated() {
            guard let fingerprint = candidate.fingerprint else { continue }
            byContent[ContentKey(size: candidate.fileSize, fingerprint: fingerprint), default: []].append(index)
        }
        for indices in byContent.values where indices.count > 1 {
            var contents: [Int] = []
            for index in indices {
                if let same = contents.first(where: {
                    !apart($0, index)
                        && (Self.isOneFile(candidates[$0], candidates[index])
                            || checks.sameBytes(candidates[$0].path, candidates[index].path))
                }) {
                    _ = join(same, index)
                    exact.union(same, index)
                } else {
                    contents.append(index)
                }
            }
        }

        // Near copies with the same hash: each against the distinct pictures (moment, shape) met so far.
        var byBits: [UInt64: [Int]] = [:]
        for (index, candidate) in candidates.enumerated() where candidate.isReadable && candidate.hash?.isTelling == true {
            byBits[candidate.hash!.bits, default: []].append(index)
        }
        var pictures: [UInt64: [Int]] = [:]
        for (bits, indices) in byBits {
            var distinct: [Int] = []
            for index in indices {
                if let same = distinct.first(where: { !apart($0, index) && Self.areNearCopies(candidates[$0], candidates[index]) }) {
                    link(same, index)
                } else {
                    distinct.append(index)
                }
            }
            pictures[bits] = distinct
        }
        // Near copies with other hashes: only those that share a piece of it are compared, the
        // nearest first, so that a copy that lost its moment joins the frame of a burst it is
        // nearest to (and no longer agrees with the other frame's).
        let keys = Array(pictures.keys)
        var nearKeys: Set<DuplicatePair> = []
        for block in Self.blocks {
            var buckets: [UInt64: [Int]] = [:]
            for (position, bits) in keys.enumerated() { buckets[(bits >> block.shift) & block.mask, default: []].append(position) }
            for positions in buckets.values where positions.count > 1 {
                for (offset, first) in positions.enumerated() {
                    for second in positions[(offset + 1)...] where (keys[first] ^ keys[second]).nonzeroBitCount <= Self.nearDistance {
                        nearKeys.insert(DuplicatePair(Int64(first), Int64(second)))
                    }
                }
            }
        }
        let nearest = nearKeys.map { pair in
            (
                distance: (keys[Int(pair.first)] ^ keys[Int(pair.second)]).nonzeroBitCount, first: keys[Int(pair.first)],
                second: keys[Int(pair.second)]
            )
        }.sorted { ($0.distance, $0.first, $0.second) < ($1.distance, $1.first, $1.second) }
        for pair in nearest {
            for a in pictures[pair.first]! {
                for b in pictures[pair.second]! where joined.find(a) != joined.find(b) && !apart(a, b) {
                    if Self.areNearCopies(candidates[a], candidates[b]) { link(a, b) }
                }
            }
        }
        return makeGroups(candidates, units: units, joined: &joined, exact: &exact)
    }

    /// Whether two paths are one file (hard links): the same bytes, nothing to read.
    static func isOneFile(_ a: DuplicateCandidate, _ b: DuplicateCandidate) -> Bool {
        guard let fileA = a.file, let fileB = b.file else { return false }
        return fileA.device == fileB.device && fileA.inode == fileB.inode
    }

    /// Whether two pictures' hashes, shapes and moments say they are one picture.
    static func areNearCopies(_ a: DuplicateCandidate, _ b: DuplicateCandidate) -> Bool {
        guard let first = a.hash, let second = b.hash, first.isTelling, second.isTelling,
            first.distance(to: second) <= nearDistance
        else { return false }
        if let aspectA = a.shownAspect, let aspectB = b.shownAspect, abs(log(aspectA / aspectB)) > aspectTolerance { return false }
        return momentsAgree(a.moment, b.moment)
    }

    /// Whether two moments the cameras wrote can be one (either unknown: they may be).
    static func momentsAgree(_ a: Moment?, _ b: Moment?) -> Bool {
        guard let a, let b else { return true }
        return a.agrees(with: b)
    }

    /// Of two moments that agree, the one that says more (its fraction of a second).
    static func preciser(_ a: Moment?, _ b: Moment?) -> Moment? {
        guard let a else { return b }
        guard let b else { return a }
        return a.fraction != nil ? a : b
    }

    private func makeGroups(
        _ candidates: [DuplicateCandidate], units: DuplicateUnits, joined: inout UnionFind, exact: inout UnionFind
    ) -> [DuplicateGroup] {
        var members: [Int: [Int]] = [:]
        for index in candidates.indices where joined.size(of: index) > 1 {
            members[joined.find(index), default: []].append(index)
        }
        var groups: [DuplicateGroup] = []
        let downloads = FileNames.downloadsDirectory
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
            let ranked = byUnit.map { unit, index in
                KeepRank(candidates[index], unit: unit, hasRaw: units.hasRaw(unit), downloads: downloads)
            }.sorted()
            groups.append(
                DuplicateGroup(kind: kind, photos: ranked.map(\.unit), bytes: byUnit.values.reduce(0) { $0 + candidates[$1].fileSize }))
        }
        return groups.sorted { $0.id < $1.id }
    }

    /// What makes a copy a better one to keep, first first: a RAW (or RAW+JPEG pair) before a
    /// JPEG, more pixels, rated, not in a download folder, more bytes, then the path.
    struct KeepRank: Comparable {
        let unit: Photo.ID
        /// Each smaller for the better copy (tuples compare in order; 0 or 1 for yes or no).
        private let key: (notRaw: Int, fewerPixels: Int, unrated: Int, downloaded: Int, fewerBytes: Int64)

        init(_ candidate: DuplicateCandidate, unit: Photo.ID, hasRaw: Bool, downloads: String?) {
            self.unit = unit
            key = (
                hasRaw ? 0 : 1, -candidate.width * candidate.height, candidate.rating == 0 ? 1 : 0,
                DuplicateFinder.isDownloaded(candidate.path, downloads: downloads) ? 1 : 0, -candidate.fileSize
            )
        }

        static func < (a: KeepRank, b: KeepRank) -> Bool {
            if a.key != b.key { return a.key < b.key }
            return a.unit < b.unit
        }

        static func == (a: KeepRank, b: KeepRank) -> Bool { a.key == b.key && a.unit == b.unit }
    }

    /// Whether `path` is in a downloads folder (the person's, or any folder named so).
    static func isDownloaded(_ path: String, downloads: String? = FileNames.downloadsDirectory) -> Bool {
        if let downloads, path.hasPrefix(downloads + "/") { return true }
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
/// (`RawJpegPairs`), known by the RAW's path; so are a Live Photo's still and the short video
/// of its name (`LivePhotos`), known by the still's.
struct DuplicateUnits {
    /// Each candidate's photo: its own path, or its RAW's for a companion JPEG, its still's
    /// for a Live Photo's motion.
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
        for candidate in candidates where LivePhotos.isMotion(candidate.path) {
            let stem = (candidate.path as NSString).deletingPathExtension
            if let still = LivePhotos.stillExtensions.lazy.map({ stem + "." + $0 }).first(where: paths.contains) {
                owner[candidate.path] = still
            }
        }
        unit = candidates.map { owner[$0.path] ?? $0.path }
        self.raws = raws
    }

    func isRaw(_ path: String) -> Bool { raws.contains(path) }
    func hasRaw(_ unit: String) -> Bool { raws.contains(unit) }
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
