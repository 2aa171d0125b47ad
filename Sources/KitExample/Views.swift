import Foundation
import Gtk
import LightboxKit

/// The view classes: each builds its own widget tree (controllers only wire them).
final class PlanetView: Box {
    init(planet: Planet, moons: ListView) {
        super.init(orientation: .vertical, spacing: 12)
        setMargins(top: 24, bottom: 24, start: 32, end: 32)
        let name = Label(planet.title)
        name.addCssClass("title-1")
        name.xalign = 0
        let summary = Label(planet.summary)
        summary.wraps = true
        summary.xalign = 0
        let heading = Label(planet.moons.isEmpty ? "No moons" : "Moons")
        heading.addCssClass("heading")
        heading.xalign = 0
        heading.setMargins(top: 12, bottom: 0, start: 0, end: 0)
        moons.addCssClass("rich-list")
        moons.addCssClass("card")
        moons.isVisible = !planet.moons.isEmpty
        moons.verticalAlignment = .start
        [name, summary, heading, moons].forEach(append)
    }
}

final class MoonView: Box {
    let nameLabel = Label()
    let detailLabel = Label()
    let openButton = Button(iconName: "go-next-symbolic")

    init() {
        super.init(orientation: .horizontal, spacing: 12)
        let text = Box(orientation: .vertical, spacing: 2)
        text.horizontalExpand = true
        nameLabel.xalign = 0
        detailLabel.xalign = 0
        detailLabel.addCssClass("dim-label")
        detailLabel.addCssClass("caption")
        text.append(nameLabel)
        text.append(detailLabel)
        openButton.hasFrame = false
        openButton.verticalAlignment = .center
        append(text)
        append(openButton)
    }

    func show(_ moon: Moon) {
        nameLabel.text = moon.name
        detailLabel.text = "Radius \(moon.radius.formatted()) km"
        openButton.tooltip = "About \(moon.name)"
    }
}

final class MoonPageView: Box {
    init(moon: Moon) {
        super.init(orientation: .vertical, spacing: 8)
        setMargins(top: 24, bottom: 24, start: 32, end: 32)
        let name = Label(moon.name)
        name.addCssClass("title-1")
        let facts = ["Mean radius: \(moon.radius.formatted()) km", "Discovered: \(moon.discovery)"]
        ([name] + facts.map { Label($0) }).forEach { label in
            label.xalign = 0
            append(label)
        }
    }
}
