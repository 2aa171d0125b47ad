import Gtk
import LightboxKit

/// Example 2: a list whose rows host controllers. Each moon row is a `MoonController`;
/// it reports "the user chose this moon" to its parent, which pushes the moon's page.
@MainActor
protocol MoonControllerDelegate: AnyObject {
    func moonControllerDidChoose(_ moon: Moon)
}

final class MoonController: Controller {
    weak var delegate: MoonControllerDelegate?
    private var moon: Moon?
    private var moonView: MoonView { view as! MoonView }

    override func loadView() -> Widget { MoonView() }

    override func viewDidLoad() {
        moonView.openButton.onClicked(owner: self) { [weak self] in
            if let self, let moon = self.moon { self.delegate?.moonControllerDidChoose(moon) }
        }
    }

    func show(_ moon: Moon) {
        self.moon = moon
        moonView.show(moon)
    }
}

/// A planet's page: its summary, then its moons (rows hosting `MoonController`s).
final class PlanetController: Controller, MoonControllerDelegate {
    let planet: Planet
    private var moons: HostingDataSource<Moon, MoonController>!

    init(planet: Planet) {
        self.planet = planet
        super.init()
        title = planet.title
        moons = HostingDataSource(
            planet.moons, parent: self, poolLimit: 4,
            make: { [unowned self] in
                let moon = MoonController()
                moon.delegate = self
                return moon
            },
            configure: { controller, moon in controller.show(moon) })
    }

    override func loadView() -> Widget { PlanetView(planet: planet, moons: moons.makeListView(selection: .none)) }

    func moonControllerDidChoose(_ moon: Moon) {
        navigationController?.push(MoonPageController(moon: moon))
    }
}

/// The page pushed for one moon.
final class MoonPageController: Controller {
    private let moon: Moon

    init(moon: Moon) {
        self.moon = moon
        super.init()
        title = moon.name
    }

    override func loadView() -> Widget { MoonPageView(moon: moon) }
}
