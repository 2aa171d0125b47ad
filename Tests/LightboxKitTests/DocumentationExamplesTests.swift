import Foundation
import Gtk
import GtkTestSupport
import LightboxKit
import XCTest

// The examples of the kit's DocC article (LightboxKit.docc/GettingStarted.md), verbatim:
// `testTheArticleShowsTheseExamples` fails when the article and this file differ.

struct Planet: TitleSubtitlePresentable {
    let title: String
    let subtitle: String
}

@MainActor func makePlanetList() -> ListController<Planet> {
    let source = ArrayDataSource([
        Planet(title: "Mercury", subtitle: "The smallest planet"),
        Planet(title: "Venus", subtitle: "The hottest planet"),
        Planet(title: "Earth", subtitle: "Home"),
    ])
    source.register(TitledRow.self) { row, planet in row.configure(with: planet) }
    return ListController(source: source)
}

@MainActor func startPlanets(in application: Application) {
    application.onActivate {
        makePlanetList().presentWindow(
            application: application, title: "Planets",
            defaultSize: (width: 360, height: 480))
    }
}

final class PlanetsController: SplitController {
    init(planets: [Planet]) {
        let source = ArrayDataSource(planets)
        source.register(TitledRow.self) { row, planet in row.configure(with: planet) }
        super.init(list: ListController(source: source, sidebar: true), detail: Controller())
        title = "Planets"
        source.onSelectionChange = { [unowned self] selected in
            if let planet = selected.first { showDetail(PlanetController(planet: planet)) }
        }
    }
}

final class PlanetController: Controller {
    let planet: Planet
    init(planet: Planet) {
        self.planet = planet
        super.init()
        title = planet.title
    }
    override func loadView() -> Widget { PlanetView(planet: planet) }
}

final class PlanetView: Box {
    let nameLabel: Label
    init(planet: Planet) {
        nameLabel = Label(planet.title)
        super.init(orientation: .vertical, spacing: 12)
        nameLabel.addCssClass("title-1")
        append(nameLabel)
        append(Label(planet.subtitle))
    }
}

final class MoonController: Controller {
    var name = "" { didSet { (isViewLoaded ? view as? Label : nil)?.text = name } }
    override func loadView() -> Widget { Label(name) }
}

final class MoonsController: Controller {
    private(set) lazy var moons = HostingDataSource(
        ["Io", "Europa", "Ganymede", "Callisto"], parent: self,
        make: { MoonController() },
        configure: { moon, name in moon.name = name })

    override func loadView() -> Widget {
        ScrollingListView(list: moons.makeListView(selection: .none))
    }
}

/// The article's examples compile (they are above) and do what the article says.
final class DocumentationExamplesTests: GtkTestCase {
    func testTheArticleShowsTheseExamples() throws {
        let here = URL(fileURLWithPath: #filePath)
        let article = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/LightboxKit/LightboxKit.docc/GettingStarted.md")
        let text = try String(contentsOf: article, encoding: .utf8)
        let source = try String(contentsOf: here, encoding: .utf8)
        let blocks = text.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        XCTAssertEqual(blocks.count, 4)
        for block in blocks {
            XCTAssertTrue(source.contains(block), "The article's example is not in this file:\n\(block)")
        }
    }

    func testAListThatScrolls() {
        let application = Application(id: "io.github.lightbox.DocumentationExamples", handlesOpen: false, nonUnique: true)
        startPlanets(in: application)
        var titles: [String] = []
        var windowTitle: String?
        var scrolls = false
        application.onActivate {
            guard let window = application.windows.first as? ControllerWindow,
                let planets = window.rootController as? ListController<Planet>
            else { return }
            let source = planets.source
            pump(until: { source.boundRowCount == 3 }, "three rows")
            titles = (0..<3).compactMap { (source.boundRow(at: $0) as? TitledRow)?.titleLabel.text }
            windowTitle = window.title
            scrolls = planets.view is ScrollingListView
            window.destroy()
        }
        XCTAssertEqual(application.run(arguments: ["documentation-examples"]), 0)
        MainLoop.drain()
        XCTAssertEqual(titles, ["Mercury", "Venus", "Earth"])
        XCTAssertEqual(windowTitle, "Planets")
        XCTAssertTrue(scrolls)
    }

    func testAListBesideADetailPane() {
        let planets = PlanetsController(planets: [
            Planet(title: "Mars", subtitle: "The red planet"),
            Planet(title: "Jupiter", subtitle: "The largest planet"),
        ])
        let window = Window()
        window.setDefaultSize(width: 900, height: 500)
        window.child = planets.view
        show(window)
        defer { window.destroy() }
        let list = planets.listController as! ListController<Planet>
        pump(until: { list.source.boundRowCount == 2 }, "two rows")
        list.source.select(at: 1)
        pump(until: { planets.detailController?.title == "Jupiter" }, "Jupiter's detail")
        let detail = planets.detailController as! PlanetController
        XCTAssertEqual((detail.view as? PlanetView)?.nameLabel.text, "Jupiter")
        pump(until: { detail.view.isMapped }, "the detail pane on screen")
    }

    func testRowsThatHostControllers() {
        let moons = MoonsController()
        let window = Window()
        window.setDefaultSize(width: 300, height: 400)
        window.child = moons.view
        show(window)
        defer { window.destroy() }
        pump(until: { moons.moons.hostedControllers.count == 4 }, "four hosted moons")
        XCTAssertEqual(moons.moons.hostedControllers.map(\.name).sorted(), ["Callisto", "Europa", "Ganymede", "Io"])
        XCTAssertTrue(moons.moons.hostedControllers.allSatisfy { $0.parent === moons })
        XCTAssertEqual(
            moons.moons.hostedControllers.compactMap { ($0.view as? Label)?.text }.sorted(),
            ["Callisto", "Europa", "Ganymede", "Io"])
    }
}
