import Gtk
import GtkTestSupport
import LightboxKit
import XCTest

/// Properties of `apply`: the emitted splices turn the old array into the new one,
/// pure insertions/deletions emit nothing extra, moves keep item objects.
final class ApplyPropertyTests: GtkTestCase {
    /// Records splices and rebuilds the array from them, reading the source at emission time.
    @MainActor
    private final class SpliceRecorder {
        var mirror: [Int]
        var splices: [(Int, Int, Int)] = []
        init(_ source: ArrayDataSource<Contact>) {
            mirror = source.items.map(\.id)
            source.model.onItemsChanged(owner: self) { [unowned self, unowned source] position, removed, added in
                splices.append((position, removed, added))
                mirror.replaceSubrange(
                    position..<position + removed,
                    with: (position..<position + added).map { source.item(at: $0).id })
            }
        }
    }

    /// `apply` from `old` to `new`: its splices, read as GTK reads them, turn one into the
    /// other, as many as the diff counts.
    private func assertApplyEmitsItsDiff(from old: [Contact], to new: [Contact], line: UInt = #line) throws {
        let source = ArrayDataSource(old)
        let recorder = SpliceRecorder(source)
        try source.apply(new)
        XCTAssertEqual(recorder.mirror, new.map(\.id), line: line)
        XCTAssertEqual(source.items, new, line: line)
        XCTAssertEqual(recorder.splices.count, try ListDiff(from: old, to: new).spliceCount, line: line)
    }

    func testSplicesTurnTheOldArrayIntoTheNewOne() throws {
        var random = SeededGenerator(seed: 7)
        for _ in 0..<300 {
            let old = (0..<Int.random(in: 0..<60, using: &random)).map { Contact(id: $0, title: "\($0)") }
            var new = old.filter { _ in Bool.random(using: &random) || Bool.random(using: &random) }
            new.shuffle(using: &random)
            for index in new.indices where Int.random(in: 0..<4, using: &random) == 0 { new[index].title += "!" }
            for id in 100..<(100 + Int.random(in: 0..<10, using: &random)) {
                new.insert(Contact(id: id, title: "new"), at: Int.random(in: 0...new.count, using: &random))
            }
            try assertApplyEmitsItsDiff(from: old, to: new)
        }
    }

    /// A diff found with both arrays' indexes (only new ids looked up) is the diff found without.
    func testADiffFromIndexesIsTheDiffFromTheArrays() throws {
        func index(_ items: [Contact]) -> [Int: Int] {
            Dictionary(uniqueKeysWithValues: items.enumerated().map { ($0.element.id, $0.offset) })
        }
        var random = SeededGenerator(seed: 11)
        for _ in 0..<300 {
            let old = (0..<Int.random(in: 0..<60, using: &random)).map { Contact(id: $0, title: "\($0)") }
            var new = old.filter { _ in Int.random(in: 0..<10, using: &random) == 0 || Bool.random(using: &random) }
            new.shuffle(using: &random)
            for index in new.indices where Int.random(in: 0..<4, using: &random) == 0 { new[index].title += "!" }
            new.append(Contact(id: 100, title: "new"))
            let plain = try ListDiff(from: old, to: new)
            XCTAssertEqual(try ListDiff(from: old, to: new, oldIndex: index(old), newIndex: index(new)), plain)
            // An index of another array (the old one reversed) is not trusted.
            let reversed = index(old.reversed())
            XCTAssertEqual(try ListDiff(from: old, to: new, oldIndex: reversed, newIndex: index(new)), plain)
        }
        let old = (0..<5).map { Contact(id: $0, title: "\($0)") }
        let twice = [old[1], Contact(id: 7, title: "a"), Contact(id: 7, title: "b")]
        XCTAssertThrowsError(try ListDiff(from: old, to: twice, oldIndex: index(old), newIndex: [1: 0, 7: 2])) { error in
            XCTAssertEqual(error as? ListDiffError, .duplicateID(id: "7", positions: [1, 2], inNewItems: true))
        }
    }

    func testPureInsertionsAndDeletionsEmitOneSplicePerRun() throws {
        let old = (0..<20).map { Contact(id: $0, title: "\($0)") }
        let source = ArrayDataSource(old)
        let recorder = SpliceRecorder(source)
        var grown = old
        grown.insert(contentsOf: [Contact(id: 100, title: "a"), Contact(id: 101, title: "b")], at: 5)
        grown.append(Contact(id: 102, title: "c"))
        try source.apply(grown)
        XCTAssertEqual(recorder.splices.map { [$0.0, $0.1, $0.2] }, [[5, 0, 2], [22, 0, 1]])
        recorder.splices = []
        // From 0…4, 100, 101, 5…19, 102 to the old items without 3, 4 and 10: three runs, back to front.
        try source.apply(old.filter { ![3, 4, 10].contains($0.id) })
        XCTAssertEqual(recorder.splices.map { [$0.0, $0.1, $0.2] }, [[22, 1, 0], [12, 1, 0], [3, 4, 0]])
        XCTAssertEqual(recorder.mirror, source.items.map(\.id))
        recorder.splices = []
        try source.apply(source.items)
        XCTAssertTrue(recorder.splices.isEmpty, "no change, no splice")
    }

    func testMovesKeepTheItemObject() throws {
        let old = (0..<10).map { Contact(id: $0, title: "\($0)") }
        let source = ArrayDataSource(old)
        let moved = source.model.item(at: 8)!
        let stayed = source.model.item(at: 2)!
        var new = old
        new.insert(new.remove(at: 8), at: 1)
        try source.apply(new)
        XCTAssertEqual(source.model.item(at: 1), moved, "the moved item keeps its object")
        XCTAssertEqual(source.model.item(at: 3), stayed, "a shifted item keeps its object")
        XCTAssertEqual(source.position(of: moved), 1)
        source.move(from: 1, to: 9)
        XCTAssertEqual(source.model.item(at: 9), moved)
        XCTAssertEqual(source.items.map(\.id), [0, 1, 2, 3, 4, 5, 6, 7, 9, 8])
    }

    /// An album of every tenth photo: 200 runs of removals are one splice, from the first
    /// removed item to the last, adding back the items kept between them.
    func testManyRunsOfRemovalsAreOneSplice() throws {
        let old = (0..<2000).map { Contact(id: $0, title: "\($0)") }
        let source = ArrayDataSource(old)
        let recorder = SpliceRecorder(source)
        let moved = source.model.item(at: 1500)!
        var new = old.filter { $0.id % 10 == 0 }
        new.insert(new.remove(at: 150), at: 0)  // 1500 first
        new[5].title = "changed"
        new.append(Contact(id: 5000, title: "new"))
        try source.apply(new)

        XCTAssertEqual(recorder.splices.first.map { [$0.0, $0.1, $0.2] }, [1, 1999, 198], "1 to 1999 less 1500: one splice")
        XCTAssertEqual(recorder.splices.count, try ListDiff(from: old, to: new).spliceCount)
        XCTAssertEqual(recorder.mirror, new.map(\.id))
        XCTAssertEqual(source.items, new)
        XCTAssertEqual(source.model.item(at: 0), moved, "a moved item keeps its object")

        var random = SeededGenerator(seed: 5)
        for _ in 0..<40 {
            let old = (0..<Int.random(in: 300..<900, using: &random)).map { Contact(id: $0, title: "\($0)") }
            var new = old.filter { _ in Int.random(in: 0..<3, using: &random) == 0 }
            for _ in 0..<Int.random(in: 0..<4, using: &random) where new.count > 1 {
                new.insert(new.remove(at: Int.random(in: 0..<new.count, using: &random)), at: Int.random(in: 0..<new.count, using: &random))
            }
            for index in new.indices where Int.random(in: 0..<20, using: &random) == 0 { new[index].title += "!" }
            for id in 5000..<(5000 + Int.random(in: 0..<5, using: &random)) {
                new.insert(Contact(id: id, title: "new"), at: Int.random(in: 0...new.count, using: &random))
            }
            try assertApplyEmitsItsDiff(from: old, to: new)
        }
    }

    func testDiffMovesOnlyWhatLeftTheLongestOrderedRun() throws {
        let old = (0..<8).map { Contact(id: $0, title: "") }
        let new = [0, 1, 5, 2, 3, 4, 6, 7].map { Contact(id: $0, title: "") }
        let diff = try ListDiff(from: old, to: new)
        XCTAssertEqual(diff.moves, [2: 5])
        XCTAssertEqual(diff.removals, [5..<6])
        XCTAssertEqual(diff.insertions, [2..<3])
        XCTAssertEqual(diff.updates, [])
    }
}
