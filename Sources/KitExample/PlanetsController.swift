import Gtk
import LightboxKit

/// Example 1: a list with a detail pane. The list reports the chosen planet to its
/// parent (a delegate); the parent decides to show that planet's detail.
@MainActor
protocol PlanetListDelegate: AnyObject {
    func planetList(_ list: PlanetListController, didChoose planet: Planet)
}

final class PlanetListController: Controller, ListSelectionDelegate {
    weak var delegate: PlanetListDelegate?
    private let source = ArrayDataSource(Planet.all)

    override init() {
        super.init()
        title = "Planets"
        source.register(TitledRow.self) { row, planet in row.configure(with: planet) }
        source.delegate = self
    }

    override func loadView() -> Widget { PlanetListView(list: source.makeListView()) }

    func select(_ position: Int) { source.select(at: position) }

    func listDidChangeSelection(_ planets: [Planet]) {
        if let planet = planets.first { delegate?.planetList(self, didChoose: planet) }
    }

    func listDidActivate(_ planet: Planet, at position: Int) {
        delegate?.planetList(self, didChoose: planet)
    }
}

/// The window's root: planets beside the chosen planet.
final class PlanetsController: SplitController, PlanetListDelegate {
    private let planetList = PlanetListController()

    init() {
        super.init(list: planetList, detail: PlaceholderController())
        title = "Solar System"
        planetList.delegate = self
    }

    func select(_ position: Int) { planetList.select(position) }

    func planetList(_ list: PlanetListController, didChoose planet: Planet) {
        let current = detailController as? PlanetController
        showDetail(current?.planet.title == planet.title ? current! : PlanetController(planet: planet))
    }
}

/// What the detail pane shows before a planet is chosen.
final class PlaceholderController: Controller {
    override func loadView() -> Widget { PlaceholderView() }
}
