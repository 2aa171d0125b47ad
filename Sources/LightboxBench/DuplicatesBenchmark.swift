import Foundation
import Lightbox
import LightboxMedia

/// Part of `lightbox-bench library` (`lightbox-bench duplicates` alone): finding the duplicates
/// of a 100,000-photo library from its catalog. The rows and their hashes are generated (no
/// files), seeded so every run sees the same library: 2,000 near copies planted (each a copy
/// of a random photo: its hash with 0–3 bits flipped, its moment or none, fewer pixels, some in
/// a Downloads folder), 10,000 burst pairs (two frames of one camera second, their fractions of
/// it different, hashes 2–6 bits apart, one size) and random photos for the rest.
///
/// - `duplicates_100k_ms`: from reading the candidates out of the catalog to every group,
///   best of `LibraryBenchmark.rounds`; goal < 2000.
/// - `duplicates_100k_recall`: the planted copies found in their original's group, of 2,000;
///   goal ≥ 0.98.
/// - `duplicates_100k_false_groups`: groups joining a burst's two frames or photos that are
///   not copies of one another; goal 0.
/// - `duplicates_100k_read_ms` (information): the part of the best run spent reading the catalog.
enum DuplicatesBenchmark {
    static let photoCount = 100_000
    static let copyCount = 2_000
    static let burstCount = 10_000
    static let folder = "/bench/duplicates"

    /// `lightbox-bench duplicates [--json]`: these measures alone.
    static func runAlone(json: Bool) {
        let work = NSTemporaryDirectory() + "lightbox-bench-duplicates-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: work) }
        do {
            try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
            Bench.report(Dictionary(uniqueKeysWithValues: try run(work: work)), json: json)
        } catch {
            FileHandle.standardError.write(Data("lightbox-bench duplicates: \(error)\n".utf8))
            exit(1)
        }
    }

    static func run(work: String) throws -> [(String, Double)] {
        let library = GeneratedLibrary()
        let catalog = try Catalog(path: work + "/duplicates.sqlite")
        try catalog.restore(library.photos)
        try catalog.savePictureHashes(
            library.photos.indices.map { (library.photos[$0].path, library.photos[$0].modified, library.hashes[$0]) })
        // The files don't exist: no pair may be read. No two generated photos share their bytes
        // or pixels (every fingerprint is its own, every copy is smaller than its original), so
        // the truth is "no" for any pair the finder would read.
        let finder = DuplicateFinder(checks: DuplicateChecks(sameBytes: { _, _ in false }, samePixels: { _, _ in false }))
        var groups: [DuplicateGroup] = []
        var failure: Error?
        var reading = Double.infinity
        let seconds = Bench.best(of: LibraryBenchmark.rounds) {
            LibraryBenchmark.time {
                do {
                    var candidates: [DuplicateCandidate] = []
                    var notDuplicates: Set<DuplicatePair> = []
                    reading = min(
                        reading,
                        try LibraryBenchmark.time {
                            candidates = try catalog.duplicateCandidates(in: [folder])
                            notDuplicates = try catalog.notDuplicatePairs()
                        })
                    groups = finder.groups(in: candidates, notDuplicates: notDuplicates)
                } catch {
                    failure = error
                }
            }
        }
        if let failure { throw failure }
        let (recall, falseGroups) = library.score(groups)
        return [
            ("duplicates_100k_ms", seconds * 1000),
            ("duplicates_100k_recall", recall),
            ("duplicates_100k_false_groups", Double(falseGroups)),
            ("duplicates_100k_groups", Double(groups.count)),
            ("duplicates_100k_read_ms", reading * 1000),
        ]
    }
}

/// The generated library and what is true of it: which photo each copy was made from, which
/// photos are the two frames of a burst.
private struct GeneratedLibrary {
    var photos: [Photo] = []
    var hashes: [PerceptualHash] = []
    /// Each planted copy's path, with its original's.
    var originalOfCopy: [String: String] = [:]
    /// Each burst frame's path, with the other frame's.
    var otherFrame: [String: String] = [:]

    init() {
        var random = SplitMix(seed: 32)
        let randomCount = DuplicatesBenchmark.photoCount - DuplicatesBenchmark.copyCount - 2 * DuplicatesBenchmark.burstCount
        for index in 0..<randomCount {
            // One in ten without a moment (scans, screenshots); a few with a fraction of a second.
            let second = random.next() % 100_000_000
            add(
                path: "Pictures/\(index / 1000)/IMG_\(index).jpg", width: 6000, height: 4000,
                moment: random.next() % 10 == 0 ? nil : Self.moment(second), subsecond: random.next() % 4 == 0 ? "25" : nil,
                hash: PerceptualHash(bits: random.next(), detail: Self.detail(&random)), random: &random)
        }
        for index in 0..<DuplicatesBenchmark.burstCount {
            let moment = Self.moment(random.next() % 100_000_000)
            let bits = random.next()
            let detail = Self.detail(&random)
            let firstFrame = add(
                path: "Pictures/Bursts/\(index / 1000)/B\(index)_1.jpg", width: 6000, height: 4000, moment: moment, subsecond: "10",
                hash: PerceptualHash(bits: bits, detail: detail), random: &random)
            let secondFrame = add(
                path: "Pictures/Bursts/\(index / 1000)/B\(index)_2.jpg", width: 6000, height: 4000, moment: moment, subsecond: "35",
                hash: PerceptualHash(bits: Self.flip(bits, 2 + Int(random.next() % 5), &random), detail: detail), random: &random)
            otherFrame[firstFrame] = secondFrame
            otherFrame[secondFrame] = firstFrame
        }
        // Copies of any of them, burst frames too: a copy keeps its original's moment, fraction
        // and all, or has none (then only its hash and shape tell which frame it is of).
        let originals = photos.count
        for index in 0..<DuplicatesBenchmark.copyCount {
            let original = Int(random.next() % UInt64(originals))
            let scale = 0.3 + Double(random.next() % 60) / 100
            let hash = hashes[original]
            let keepsMoment = random.next() % 2 == 0
            let copy = add(
                path: (index % 4 == 0 ? "Downloads/" : "Pictures/Edits/") + "copy_\(index).jpg",
                width: Int(6000 * scale), height: Int(4000 * scale),
                moment: keepsMoment ? photos[original].fileTaken : nil, subsecond: keepsMoment ? photos[original].fileTakenSubsecond : nil,
                hash: PerceptualHash(bits: Self.flip(hash.bits, Int(random.next() % 4), &random), detail: hash.detail), random: &random)
            originalOfCopy[copy] = photos[original].path
        }
    }

    /// Adds a photo; returns its path.
    @discardableResult
    private mutating func add(
        path: String, width: Int, height: Int, moment: String?, subsecond: String?, hash: PerceptualHash, random: inout SplitMix
    ) -> String {
        let index = photos.count
        var photo = Photo(
            path: DuplicatesBenchmark.folder + "/" + path, fileSize: Int64(width * height / 5) + Int64(index % 1000),
            modified: 1.7e9 + Double(index))
        photo.width = width
        photo.height = height
        photo.fileTaken = moment
        photo.fileTakenSource = moment == nil ? nil : .dateTimeOriginal
        photo.fileTakenSubsecond = moment == nil ? nil : subsecond
        photo.identity = FileIdentity(device: 1, inode: UInt64(index + 1), fingerprint: Int64(bitPattern: random.next()))
        photos.append(photo)
        hashes.append(hash)
        return photo.path
    }

    /// The generated truth against `groups`: the share of copies in their original's group, and
    /// the groups holding a burst's two frames or photos that are not copies of one another.
    func score(_ groups: [DuplicateGroup]) -> (recall: Double, falseGroups: Int) {
        var groupOf: [String: Int] = [:]
        for (index, group) in groups.enumerated() { for path in group.photos { groupOf[path] = index } }
        let found = originalOfCopy.filter { copy, original in groupOf[copy] != nil && groupOf[copy] == groupOf[original] }.count
        var falseGroups = 0
        for group in groups {
            let members = Set(group.photos)
            // Every photo of a true group is a copy of the one original among them.
            let originals = Set(group.photos.map { originalOfCopy[$0] ?? $0 })
            let joinsBurst = group.photos.contains { otherFrame[$0].map(members.contains) ?? false }
            if joinsBurst || originals.count != 1 { falseGroups += 1 }
        }
        return (Double(found) / Double(originalOfCopy.count), falseGroups)
    }

    /// A photo's detail as the sample photos measure (28–218, `PerceptualHashTests`), with a margin
    /// down to 16: above `PerceptualHash.tellingDetail`, as photos of things are.
    private static func detail(_ random: inout SplitMix) -> Int { 16 + Int(random.next() % 200) }

    /// "2024-05-01T10:00:00": `second` seconds after 2021-01-01.
    private static func moment(_ second: UInt64) -> String {
        let date = Date(timeIntervalSince1970: 1_609_459_200 + Double(second))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d", parts.year!, parts.month!, parts.day!, parts.hour!, parts.minute!, parts.second!)
    }

    /// `bits` with `count` distinct bits flipped.
    private static func flip(_ bits: UInt64, _ count: Int, _ random: inout SplitMix) -> UInt64 {
        var flipped: Set<UInt64> = []
        while flipped.count < count { flipped.insert(random.next() % 64) }
        return flipped.reduce(bits) { $0 ^ (1 << $1) }
    }
}
