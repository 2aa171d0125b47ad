import Foundation
import GtkTestSupport
import LightboxMedia
import Synchronization
import XCTest

@testable import Lightbox

/// The grouping itself, on candidates made up here: it finds what comparing every pair finds,
/// keeps apart what the person said is not a duplicate, frames of one second and pictures of
/// other shapes, and suggests the copy a person would keep.
final class DuplicateFinderTests: XCTestCase {
    private let finder = DuplicateFinder(checks: DuplicateChecks(sameBytes: { _, _ in false }, samePixels: { _, _ in false }))
    private let bits: UInt64 = 0x5A3C_96E1_0F0F_F00F

    private func photo(_ path: String, bits: UInt64, moment: String?, row: Int64, side: Int = 4000) -> DuplicateCandidate {
        DuplicateCandidate(
            path: path, fileSize: Int64(side * 1000) + row, fingerprint: row, width: side, height: side * 3 / 4,
            moment: moment.flatMap(Moment.init),
            hash: PerceptualHash(bits: bits, detail: 30), row: row)
    }

    /// Two frames of a burst, 3 bits apart, and a copy of the first that lost its moment: 1 bit
    /// from its frame and 4 from the other, so near both. It joins its own frame; the other
    /// stays alone, as it would without the copy (joined to each, the copy would join the frames).
    func testACopyWithoutAMomentNeverJoinsTheFramesOfABurst() {
        let first = photo("/p/burst_1.jpg", bits: bits, moment: "2024-05-01T10:00:00.10", row: 1)
        let second = photo("/p/burst_2.jpg", bits: bits ^ 0b111, moment: "2024-05-01T10:00:00.35", row: 2)
        let copy = photo("/p/Downloads/copy.jpg", bits: bits ^ (1 << 40), moment: nil, row: 3, side: 2000)
        XCTAssertTrue(DuplicateFinder.areNearCopies(copy, first))
        XCTAssertTrue(DuplicateFinder.areNearCopies(copy, second), "the copy is near both frames")
        XCTAssertFalse(DuplicateFinder.areNearCopies(first, second), "the frames' moments differ")
        for order in [[first, second, copy], [copy, second, first], [second, copy, first]] {
            let groups = finder.groups(in: order)
            XCTAssertEqual(groups.map(\.photos), [["/p/burst_1.jpg", "/p/Downloads/copy.jpg"]], "\(order.map(\.path))")
            XCTAssertEqual(groups.map(\.kind), [.near])
        }
        // A copy nearer the second frame goes with it.
        let secondCopy = photo("/p/Downloads/copy2.jpg", bits: bits ^ 0b011, moment: nil, row: 4, side: 2000)
        XCTAssertEqual(
            finder.groups(in: [first, second, copy, secondCopy]).map(\.photos),
            [["/p/burst_1.jpg", "/p/Downloads/copy.jpg"], ["/p/burst_2.jpg", "/p/Downloads/copy2.jpg"]])
    }

    /// A group keeps the moment its photos say most precisely: a copy with the second only
    /// agrees with a frame, and then no longer with the other frame's.
    func testAGroupsMomentIsItsMostPreciseOne() {
        let second10 = Moment("2024-05-01T10:00:00")
        let tenth = Moment("2024-05-01T10:00:00.10")
        XCTAssertEqual(DuplicateFinder.preciser(second10, tenth), tenth)
        XCTAssertEqual(DuplicateFinder.preciser(nil, second10), second10)
        XCTAssertTrue(DuplicateFinder.momentsAgree(Moment("2024-05-01T10:00:00.1"), tenth), "0.1 and 0.10 are one fraction")
        XCTAssertFalse(DuplicateFinder.momentsAgree(Moment("2024-05-01T10:00:01"), second10))
        let first = photo("/p/burst_1.jpg", bits: bits, moment: "2024-05-01T10:00:00.10", row: 1)
        let second = photo("/p/burst_2.jpg", bits: bits ^ 0b111, moment: "2024-05-01T10:00:00.35", row: 2)
        let copy = photo("/p/copy.jpg", bits: bits ^ (1 << 40), moment: "2024-05-01T10:00:00", row: 3, side: 2000)
        XCTAssertEqual(finder.groups(in: [second, copy, first]).map(\.photos), [["/p/burst_1.jpg", "/p/copy.jpg"]])
    }

    /// Many copies of one file (hard links of a few samples, a folder copied again and again):
    /// each is read against one of them, not against every other, and pixels are never decoded
    /// for files already known to hold the same bytes.
    func testManyCopiesOfOneFileAreReadOnceEach() {
        let reads = Calls()
        let decodes = Calls()
        let finder = DuplicateFinder(
            checks: DuplicateChecks(
                sameBytes: { _, _ in
                    reads.count.withLock { $0 += 1 }
                    return true
                },
                samePixels: { _, _ in
                    decodes.count.withLock { $0 += 1 }
                    return true
                }))
        let copies = (0..<300).map { index in
            DuplicateCandidate(
                path: String(format: "/p/%03d.jpg", index), fileSize: 5000, fingerprint: 7, width: 640, height: 480, moment: nil,
                hash: PerceptualHash(bits: bits, detail: 30), row: Int64(index))
        }
        let groups = finder.groups(in: copies)
        XCTAssertEqual(groups.map(\.kind), [.exact])
        XCTAssertEqual(groups.first?.photos.count, 300)
        XCTAssertEqual(reads.count.withLock { $0 }, 299)
        XCTAssertEqual(decodes.count.withLock { $0 }, 0)
    }

    private let noFiles = DuplicateChecks(sameBytes: { _, _ in true }, samePixels: { _, _ in false })

    private func candidate(
        _ name: String, bits: UInt64, detail: Int = 60, size: (Int, Int) = (4000, 3000), bytes: Int64 = 1_000_000,
        fingerprint: Int64? = nil, moment: String? = nil, rating: Int = 0, row: Int64 = 0
    ) -> DuplicateCandidate {
        DuplicateCandidate(
            path: name.hasPrefix("/") ? name : "/photos/" + name, fileSize: bytes, fingerprint: fingerprint,
            width: size.0, height: size.1, moment: moment.flatMap(Moment.init), rating: rating,
            hash: PerceptualHash(bits: bits, detail: detail), row: row)
    }

    private func names(_ groups: [DuplicateGroup]) -> [[String]] {
        groups.map { $0.photos.map { ($0 as NSString).lastPathComponent } }
    }

    func testTheGroupsAreThoseComparingEveryPairFinds() {
        var random = SeededGenerator(seed: 32)
        var candidates: [DuplicateCandidate] = []
        for index in 0..<3_000 {
            // Clusters of related hashes, so that many pairs are near the threshold.
            let base = UInt64(index % 400) &* 0x9E37_79B9_7F4A_7C15
            var bits = base
            for _ in 0..<Int.random(in: 0...6, using: &random) { bits ^= 1 << UInt64.random(in: 0..<64, using: &random) }
            candidates.append(candidate("P\(index).jpg", bits: bits, row: Int64(index)))
        }
        var everyPair = UnionFind(count: candidates.count)
        for a in candidates.indices {
            for b in candidates.indices where b > a && DuplicateFinder.areNearCopies(candidates[a], candidates[b]) {
                everyPair.union(a, b)
            }
        }
        var expected: [Set<String>] = []
        var byRoot: [Int: Set<String>] = [:]
        for index in candidates.indices { byRoot[everyPair.find(index), default: []].insert(candidates[index].path) }
        expected = byRoot.values.filter { $0.count > 1 }.sorted { $0.min()! < $1.min()! }
        let found = DuplicateFinder(checks: noFiles).groups(in: candidates).map { Set($0.photos) }
        XCTAssertGreaterThan(expected.count, 100, "the data has groups to find")
        XCTAssertEqual(found.count, expected.count)
        XCTAssertTrue(found == expected, "the same groups")
    }

    func testMomentsShapesAndDetailKeepLookalikesApart() {
        let finder = DuplicateFinder(checks: noFiles)
        let bits: UInt64 = 0x0F0F_3C3C_A5A5_1234
        XCTAssertEqual(
            names(
                finder.groups(in: [
                    candidate("frame-1.jpg", bits: bits, moment: "2024-01-01T10:00:00.10", row: 1),
                    candidate("frame-2.jpg", bits: bits ^ 0b11, moment: "2024-01-01T10:00:00.22", row: 2),
                    candidate("copy-of-1.jpg", bits: bits ^ 0b1, size: (1600, 1200), moment: "2024-01-01T10:00:00.1", row: 3),
                    candidate("stripped-1.jpg", bits: bits, size: (1600, 1200), row: 4),
                    candidate("panorama.jpg", bits: bits, size: (8000, 3000), row: 5),
                    candidate("wall-1.jpg", bits: 0xFFFF, detail: 4, row: 6),
                    candidate("wall-2.jpg", bits: 0xFFFF, detail: 4, row: 7),
                ])),
            [["frame-1.jpg", "copy-of-1.jpg", "stripped-1.jpg"]],
            "a copy with no date goes with one frame, never joins two")
        XCTAssertEqual(
            names(
                finder.groups(in: [
                    candidate("frame-1.jpg", bits: bits, moment: "2024-01-01T10:00:00.10", row: 1),
                    candidate("frame-2.jpg", bits: bits ^ 0b11, moment: "2024-01-01T10:00:00.22", row: 2),
                    candidate("copy-of-1.jpg", bits: bits ^ 0b1, size: (1600, 1200), moment: "2024-01-01T10:00:00.100", row: 3),
                ])),
            [["frame-1.jpg", "copy-of-1.jpg"]], "a fraction written with more digits is the same moment")
        XCTAssertEqual(
            names(
                finder.groups(in: [
                    candidate("wall-1.jpg", bits: 0xFFFF, detail: 4, bytes: 5, fingerprint: 9, row: 6),
                    candidate("wall-2.jpg", bits: 0xFFFF, detail: 4, bytes: 5, fingerprint: 9, row: 7),
                ])),
            [["wall-1.jpg", "wall-2.jpg"]], "a picture with little detail is still found as the same bytes")
    }

    func testPairsThePersonKeptApartStayApart() {
        let finder = DuplicateFinder(checks: noFiles)
        let photos = [
            candidate("a.jpg", bits: 0xABCD_EF01_2345_6789, row: 1), candidate("b.jpg", bits: 0xABCD_EF01_2345_6788, row: 2),
        ]
        XCTAssertEqual(names(finder.groups(in: photos)), [["a.jpg", "b.jpg"]])
        XCTAssertEqual(finder.groups(in: photos, notDuplicates: [DuplicatePair(2, 1)]), [])
    }

    func testTheCopySuggestedIsTheOneAPersonWouldKeep() {
        let finder = DuplicateFinder(checks: noFiles)
        let bits: UInt64 = 0x1234_5678_9ABC_DEF0
        func suggested(_ photos: [DuplicateCandidate]) -> String? {
            finder.groups(in: photos).first.map { ($0.suggested as NSString).lastPathComponent }
        }
        XCTAssertEqual(
            suggested([candidate("b.jpg", bits: bits, row: 1), candidate("a.CR2", bits: bits, size: (2000, 1500), row: 2)]), "a.CR2", "RAW")
        XCTAssertEqual(
            suggested([candidate("small.jpg", bits: bits, size: (800, 600), row: 1), candidate("large.jpg", bits: bits, row: 2)]),
            "large.jpg")
        XCTAssertEqual(
            suggested([candidate("a.jpg", bits: bits, row: 1), candidate("b.jpg", bits: bits, rating: 3, row: 2)]), "b.jpg", "rated")
        XCTAssertEqual(
            suggested([
                candidate("/home/ada/Downloads/a.jpg", bits: bits, bytes: 9_000_000, row: 1),
                candidate("/home/ada/Pictures/2024/a.jpg", bits: bits, row: 2),
            ]), "a.jpg")
        XCTAssertEqual(
            finder.groups(in: [
                candidate("/home/ada/Downloads/a.jpg", bits: bits, bytes: 9_000_000, row: 1),
                candidate("/home/ada/Pictures/2024/a.jpg", bits: bits, row: 2),
            ]).first?.suggested, "/home/ada/Pictures/2024/a.jpg", "the original's folder over a download folder")
    }

    func testHardLinksOfOneFileAreExactCopiesWithoutReadingThem() {
        let refusing = DuplicateChecks(
            sameBytes: { a, b in
                XCTFail("read \(a) and \(b)")
                return false
            }, samePixels: { _, _ in false })
        var a = candidate("a.jpg", bits: 0x1357_9BDF_2468_ACE0, bytes: 42, fingerprint: 7, row: 1)
        var b = candidate("b.jpg", bits: 0x1357_9BDF_2468_ACE0, bytes: 42, fingerprint: 7, row: 2)
        a.file = FileIdentity(device: 3, inode: 99)
        b.file = FileIdentity(device: 3, inode: 99)
        let groups = DuplicateFinder(checks: refusing).groups(in: [a, b])
        XCTAssertEqual(names(groups), [["a.jpg", "b.jpg"]])
        XCTAssertEqual(groups.first?.kind, .exact)
    }
}

private final class Calls: Sendable {
    let count = Mutex(0)
}
