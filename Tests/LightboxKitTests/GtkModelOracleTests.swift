import Gtk
import GtkTestSupport
import LightboxKit
import XCTest

/// GTK's own list models are the oracle: whatever we emit, GtkSortListModel,
/// GtkFilterListModel, GtkSliceListModel and a selection model over the source must
/// end up showing exactly the Swift array (and GLib criticals fail the test).
final class GtkModelOracleTests: GtkTestCase {
    func testThousandRandomEditSequencesKeepGtkModelsEqualToTheSwiftArray() throws {
        for sequence in 0..<1_000 {
            try runEditSequence(sequence)
        }
    }

    /// Five random edits on a fresh source watched by fresh GTK models, checked after each edit.
    @MainActor
    private func runEditSequence(_ sequence: Int) throws {
        var random = SeededGenerator(seed: UInt64(sequence))
        var nextID = 0
        func newContact() -> Contact {
            nextID += 1
            return Contact(id: nextID, title: "t\(Int.random(in: 0..<40, using: &random))")
        }
        let source = ArrayDataSource((0..<30).map { _ in newContact() })
        // Sorted by what GTK can see of an item: its object's identity. (An update in place
        // changes an item's content, not its object or position, and is no splice: a model
        // sorting by content would not hear of it, and the kit's model is not public.)
        let sorted = SortListModel(source.model) { a, b in source.item(for: a)!.id > source.item(for: b)!.id }
        let filtered = FilterListModel(source.model) { source.item(for: $0)!.id % 3 != 0 }
        let slice = SliceListModel(source.model, offset: 5, size: 10)
        let selection = MultiSelection(model: source.model)
        // A mirror built only from the splices, reading the source at emission time.
        var mirror = source.items.map(\.id)
        source.model.onItemsChanged { position, removed, added in
            mirror.replaceSubrange(
                position..<position + removed,
                with: (position..<position + added).map { source.item(at: $0).id })
        }
        @MainActor func ids(_ model: any ListModel) -> [Int] {
            (0..<model.itemCount).map { source.item(for: model.item(at: $0)!)!.id }
        }
        for step in 0..<5 {
            let count = source.count
            let action = Int.random(in: 0..<8, using: &random)
            switch action {
            case 0: source.insert(newContact(), at: Int.random(in: 0...count, using: &random))
            case 1 where count > 0: source.remove(at: Int.random(in: 0..<count, using: &random))
            case 2 where count > 1:
                source.move(from: Int.random(in: 0..<count, using: &random), to: Int.random(in: 0..<count, using: &random))
            case 3 where count > 0: source.replace(at: Int.random(in: 0..<count, using: &random), with: newContact())
            case 4 where count > 0:
                let position = Int.random(in: 0..<count, using: &random)
                var contact = source[position]
                contact.title = "u\(step)"
                source.update(at: position, with: contact)
            case 5:
                var next = source.items.filter { _ in Int.random(in: 0..<10, using: &random) > 0 }
                next.shuffle(using: &random)
                for index in next.indices where Int.random(in: 0..<5, using: &random) == 0 { next[index].title = "a\(step)" }
                for _ in 0..<Int.random(in: 0..<5, using: &random) {
                    next.insert(newContact(), at: Int.random(in: 0...next.count, using: &random))
                }
                try source.apply(next)
            case 6: try source.sort { ($0.title, $0.id) < ($1.title, $1.id) }
            default: try source.apply(source.items.filter { $0.id % 5 != step % 5 })
            }
            let expected = source.items.map(\.id)
            XCTAssertEqual(mirror, expected, "splices, sequence \(sequence) step \(step) action \(action)")
            XCTAssertEqual(ids(source.model), expected, "source, sequence \(sequence) step \(step)")
            XCTAssertEqual(
                ids(sorted), expected.sorted(by: >),
                "sort model, sequence \(sequence) step \(step)")
            XCTAssertEqual(ids(filtered), expected.filter { $0 % 3 != 0 }, "filter model, sequence \(sequence) step \(step)")
            XCTAssertEqual(ids(slice), Array(expected.dropFirst(5).prefix(10)), "slice model, sequence \(sequence) step \(step)")
            XCTAssertEqual(selection.itemCount, expected.count, "selection model, sequence \(sequence) step \(step)")
        }
    }
}
