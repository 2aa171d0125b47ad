import Gtk
import GtkTestSupport
import LightboxKit
import XCTest

/// GTK 4.8 keeps about 200 rows bound around the visible ones and binds them all again
/// when a long list jumps (a scrollbar drag): the data source configures at once only the
/// rows near the visible part, the rest once the list stops, and any row scrolled near
/// the visible part before that at once.
final class FarRowsTests: GtkTestCase {
    private var configured: [Int] = []
    private var gtkBinds = 0
    private var gtkUnbinds = 0
    /// The positions GTK has bound slots for.
    private var gtkBound: Set<Int> = []

    private func showLongList() -> (ArrayDataSource<Contact>, Adjustment) {
        let source = ArrayDataSource((0..<5_000).map { Contact(id: $0, title: "Name \($0)", subtitle: "Detail \($0)") })
        source.register(TitledRow.self) { [unowned self] row, contact in
            configured.append(contact.id)
            row.configure(with: contact)
        }
        source.factory.onBind { [unowned self] slot in
            gtkBinds += 1
            gtkBound.insert(slot.position)
        }
        source.factory.onUnbind { [unowned self] slot in
            gtkUnbinds += 1
            gtkBound.remove(slot.position)
        }
        let scrolled = ScrolledWindow()
        scrolled.child = source.makeListView()
        let window = Window()
        window.setDefaultSize(width: 400, height: 600)
        window.child = scrolled
        show(window)
        pump(until: { source.boundRowCount > 100 }, "the first rows bound")
        return (source, scrolled.verticalAdjustment)
    }

    /// Positions whose titles the bound rows around `center` show, and the ones whose rows show another.
    private func titles(_ source: ArrayDataSource<Contact>, around center: Int) -> (shown: Int, wrong: [Int]) {
        var shown = 0
        var wrong: [Int] = []
        for position in (center - 150)..<(center + 150) {
            guard let row = source.boundRow(at: position) as? TitledRow else { continue }
            shown += 1
            if row.titleLabel.text != "Name \(position)" { wrong.append(position) }
        }
        return (shown, wrong)
    }

    func testAJumpConfiguresTheRowsNearTheVisibleOnesAtOnceAndTheRestOnceTheListStops() {
        let (source, _) = showLongList()
        // Long enough that a slow machine's first frame at the new place comes before it.
        source.quietPeriod = .seconds(1)
        let boundBefore = source.boundRowCount
        configured = []
        gtkBinds = 0
        gtkUnbinds = 0
        source.scroll(to: 2_500)
        pump(until: { (source.boundRow(at: 2_500) as? TitledRow)?.titleLabel.text == "Name 2500" }, "the row in view")
        XCTAssertGreaterThan(gtkBinds, 150, "GTK bound its whole window of rows again")
        XCTAssertLessThan(configured.count, 80, "only the rows near the visible ones were configured at once")
        XCTAssertTrue(configured.contains(2_500))

        pump(
            until: { source.boundRowCount == boundBefore + self.gtkBinds - self.gtkUnbinds },
            "every bound row configured once the list stopped")
        let (shown, wrong) = titles(source, around: 2_500)
        XCTAssertGreaterThan(shown, 150)
        XCTAssertEqual(wrong, [], "each row shows its own item")
    }

    func testARowScrolledNearTheVisibleOnesIsConfiguredBeforeItIsDrawn() {
        let (source, adjustment) = showLongList()
        source.quietPeriod = .seconds(10)  // the far rows still wait when the scroll comes
        source.scroll(to: 2_500)
        pump(until: { (source.boundRow(at: 2_500) as? TitledRow)?.titleLabel.text == "Name 2500" }, "the row in view")
        let rowHeight = (adjustment.upper - adjustment.lower) / 5_000
        let page = Int(adjustment.pageSize / rowHeight) + 1
        // A screenful of rows GTK has bound, but farther than a screenful from the visible ones.
        guard
            let first = gtkBound.sorted().first(where: { position in
                abs(position - 2_500) > 3 * page && (position..<(position + page)).allSatisfy(gtkBound.contains)
            })
        else { return XCTFail("GTK keeps rows beyond the visible ones") }
        let visible = first..<(first + page)
        let target = Double(first) * rowHeight
        XCTAssertNil(source.boundRow(at: first + 1), "row \(first + 1) waits, far from the visible ones")
        adjustment.value = target
        for position in visible {
            XCTAssertEqual(
                (source.boundRow(at: position) as? TitledRow)?.titleLabel.text, "Name \(position)",
                "row \(position) is ready before the frame that shows it")
        }
    }
}
