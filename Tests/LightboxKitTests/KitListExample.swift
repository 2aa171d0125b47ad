import Gtk
import LightboxKit

// A list in under 20 lines, as docs/kit.md shows one: compiled and run by ArrayDataSourceTests.
struct Fruit: TitleSubtitlePresentable {
    let title: String
    let subtitle: String
}

final class FruitPicker: ListSelectionDelegate {
    var picked: [Fruit] = []
    func listDidChangeSelection(_ items: [Fruit]) { picked = items }
}

@MainActor
func makeFruitWindow(picker: FruitPicker) -> (Window, ArrayDataSource<Fruit>) {
    let fruits = ArrayDataSource([Fruit(title: "Apple", subtitle: "red"), Fruit(title: "Pear", subtitle: "green")])
    fruits.register(TitledRow.self) { row, fruit in row.configure(with: fruit) }
    fruits.delegate = picker
    let window = Window()
    window.child = fruits.makeListView()
    return (window, fruits)
}
