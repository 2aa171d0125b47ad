import Foundation
import LightboxMedia
import Synchronization
import XCTest

@testable import Lightbox

/// `DuplicateFinder` on candidates made up here (no files: the checks answer "no").
final class DuplicateFinderTests: XCTestCase {
    private let finder = DuplicateFinder(checks: DuplicateChecks(sameBytes: { _, _ in false }, samePixels: { _, _ in false }))
    private let bits: UInt64 = 0x5A3C_96E1_0F0F_F00F

    private func photo(_ path: String, bits: UInt64, moment: String?, row: Int64, side: Int = 4000) -> DuplicateCandidate {
        DuplicateCandidate(
            path: path, fileSize: Int64(side * 1000) + row, fingerprint: row, width: side, height: side * 3 / 4, moment: moment,
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
        XCTAssertEqual(DuplicateFinder.preciser("2024-05-01T10:00:00", "2024-05-01T10:00:00.10"), "2024-05-01T10:00:00.10")
        XCTAssertEqual(DuplicateFinder.preciser(nil, "2024-05-01T10:00:00"), "2024-05-01T10:00:00")
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
}

private final class Calls: Sendable {
    let count = Mutex(0)
}
