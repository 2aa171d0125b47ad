import Foundation
import Gtk
import LightboxKit

/// The view classes: each builds its own widget tree (controllers only wire them).

/// The planets in a sidebar list that scrolls.
final class PlanetListView: Box {
    let list: ListView

    init(list: ListView) {
        self.list = list
        super.init(orientation: .vertical)
        list.addCssClass("navigation-sidebar")
        list.singleClickActivate = true
        let scroller = ScrolledWindow()
        scroller.verticalExpand = true
        scroller.child = list
        append(scroller)
    }
}

/// The detail pane before a planet is chosen: an icon and a hint.
final class PlaceholderView: Box {
    init() {
        super.init(orientation: .vertical, spacing: 12)
        verticalAlignment = .center
        let icon = Image(iconName: "weather-clear-night-symbolic")
        icon.pixelSize = 96
        icon.addCssClass("dim-label")
        let label = Label("Choose a planet")
        label.addCssClass("title-2")
        append(icon)
        append(label)
    }
}

/// A planet's page: its name, summary and moons.
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

/// One moon in a row: name, radius, and a button to its page.
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

/// A moon's page: its name and facts.
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
