import LightboxKit

/// The example's model: planets and their larger moons.
struct Moon {
    let name: String
    let radius: Int
    let discovery: String
}

struct Planet: TitleSubtitlePresentable {
    let title: String
    let summary: String
    let moons: [Moon]
    var subtitle: String {
        moons.isEmpty ? "No moons" : moons.count == 1 ? "1 moon" : "\(moons.count) large moons"
    }

    static let all = [
        Planet(title: "Mercury", summary: "The smallest planet and the closest to the Sun.", moons: []),
        Planet(title: "Venus", summary: "A thick, hot atmosphere of carbon dioxide under sulphuric clouds.", moons: []),
        Planet(
            title: "Earth", summary: "The only world known to hold liquid oceans on its surface.",
            moons: [Moon(name: "Moon", radius: 1_737, discovery: "Known since prehistory")]),
        Planet(
            title: "Mars", summary: "A cold desert world with the tallest volcano in the Solar System.",
            moons: [
                Moon(name: "Phobos", radius: 11, discovery: "1877, Asaph Hall"),
                Moon(name: "Deimos", radius: 6, discovery: "1877, Asaph Hall"),
            ]),
        Planet(
            title: "Jupiter", summary: "A gas giant more massive than all other planets combined.",
            moons: [
                Moon(name: "Io", radius: 1_822, discovery: "1610, Galileo Galilei"),
                Moon(name: "Europa", radius: 1_561, discovery: "1610, Galileo Galilei"),
                Moon(name: "Ganymede", radius: 2_634, discovery: "1610, Galileo Galilei"),
                Moon(name: "Callisto", radius: 2_410, discovery: "1610, Galileo Galilei"),
            ]),
        Planet(
            title: "Saturn", summary: "Famous for its bright rings of ice and rock.",
            moons: [
                Moon(name: "Titan", radius: 2_575, discovery: "1655, Christiaan Huygens"),
                Moon(name: "Rhea", radius: 764, discovery: "1672, Giovanni Cassini"),
                Moon(name: "Iapetus", radius: 735, discovery: "1671, Giovanni Cassini"),
                Moon(name: "Enceladus", radius: 252, discovery: "1789, William Herschel"),
            ]),
        Planet(
            title: "Uranus", summary: "An ice giant that rolls around the Sun on its side.",
            moons: [
                Moon(name: "Titania", radius: 789, discovery: "1787, William Herschel"),
                Moon(name: "Oberon", radius: 761, discovery: "1787, William Herschel"),
                Moon(name: "Miranda", radius: 236, discovery: "1948, Gerard Kuiper"),
            ]),
        Planet(
            title: "Neptune", summary: "The windiest planet, found by mathematics before it was seen.",
            moons: [
                Moon(name: "Triton", radius: 1_353, discovery: "1846, William Lassell"),
                Moon(name: "Proteus", radius: 210, discovery: "1989, Voyager 2"),
            ]),
    ]
}
