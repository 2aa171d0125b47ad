import Gtk
import LightboxKit

// A window with a list fed by the kit's ArrayDataSource: rows configure themselves from
// a protocol (TitleSubtitlePresentable), as the kit's own example does.
struct Fruit: TitleSubtitlePresentable {
    let title: String
    let subtitle: String
}

let application = Application(id: "org.example.KitAdopter", handlesOpen: false, nonUnique: true)
var fruits: ArrayDataSource<Fruit>?

application.onActivate {
    let source = ArrayDataSource([Fruit(title: "Apple", subtitle: "red"), Fruit(title: "Pear", subtitle: "green")])
    source.register(TitledRow.self) { row, fruit in row.configure(with: fruit) }
    let window = ApplicationWindow(application: application)
    window.title = "Fruit"
    window.child = source.makeListView()
    fruits = source
    window.present()
}

_ = application.run()
