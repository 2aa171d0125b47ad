import CGWeather
import CGtk
import Foundation

/// A city of libgweather's offline locations database, as a search by name lists it.
public struct NamedPlace: Equatable, Sendable {
    /// In the person's language where libgweather translates it ("卑尔根"), else as the database has it.
    public let name: String
    public let englishName: String
    /// The country's name in the person's language.
    public let country: String?
    public let latitude: Double
    public let longitude: Double

    public init(name: String, englishName: String, country: String?, latitude: Double, longitude: Double) {
        self.name = name
        self.englishName = englishName
        self.country = country
        self.latitude = latitude
        self.longitude = longitude
    }

    /// "Bergen, Norway" (as the details pane names a place).
    public var title: String {
        guard let country, country != name else { return name }
        return String(format: trc("city, country", "%1$@, %2$@"), name, country)
    }
}

/// Cities found by name in libgweather's offline locations database (the one `NearestPlace`
/// names positions with): "berg" finds Bergen, Bergamo…; "bergen, n" Bergen in Norway; a name
/// in English or in the person's language, accents and case aside. The database is walked once,
/// on the first search (a few thousand cities), and kept.
@MainActor
public enum PlaceSearch {
    /// A city with its names folded for comparing.
    private struct Entry {
        let place: NamedPlace
        let folded: String
        let foldedEnglish: String
        let foldedCountry: String
    }

    private static var entries: [Entry]?

    /// Every city the database knows; empty when libgweather is not installed.
    public static var cities: [NamedPlace] { loaded().map(\.place) }

    /// The cities whose name (in the person's language or English) begins with what is typed,
    /// or holds it, best first: the name itself, then names beginning with it, then names with
    /// a word beginning with it, then the rest. A comma asks for a country too ("bergen, nor").
    public static func search(_ text: String, limit: Int = 8) -> [NamedPlace] {
        let parts = text.split(separator: ",", maxSplits: 1).map { fold(String($0)) }
        guard let city = parts.first, !city.isEmpty else { return [] }
        let country = parts.count > 1 ? parts[1] : ""
        var ranked: [(rank: Int, entry: Entry)] = []
        for entry in loaded() {
            guard country.isEmpty || entry.foldedCountry.hasPrefix(country) else { continue }
            guard let rank = [entry.folded, entry.foldedEnglish].compactMap({ rankOf(city, in: $0) }).min() else { continue }
            ranked.append((rank, entry))
        }
        ranked.sort { a, b in
            if a.rank != b.rank { return a.rank < b.rank }
            if a.entry.place.name.count != b.entry.place.name.count { return a.entry.place.name.count < b.entry.place.name.count }
            return a.entry.place.name < b.entry.place.name
        }
        var seen: Set<String> = []
        var found: [NamedPlace] = []
        for (_, entry) in ranked where found.count < limit {
            // The database lists a city again under another division or station: one of each.
            guard seen.insert(entry.place.title).inserted else { continue }
            found.append(entry.place)
        }
        return found
    }

    private static func rankOf(_ query: String, in name: String) -> Int? {
        if name == query { return 0 }
        if name.hasPrefix(query) { return 1 }
        if name.contains(" " + query) || name.contains("-" + query) { return 2 }
        return name.contains(query) ? 3 : nil
    }

    static func fold(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespaces).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    private static func loaded() -> [Entry] {
        if let entries { return entries }
        let places = walk()
        let made = places.map { place in
            Entry(place: place, folded: fold(place.name), foldedEnglish: fold(place.englishName), foldedCountry: fold(place.country ?? ""))
        }
        entries = made
        return made
    }

    /// Every city of the database, through the shim's walk.
    private static func walk() -> [NamedPlace] {
        var functions = lbx_gweather()
        guard lbx_gweather_open(&functions) != 0, let world = functions.get_world() else { return [] }
        defer { g_object_unref(UnsafeMutableRawPointer(world)) }
        final class Collected { var places: [NamedPlace] = [] }
        let collected = Collected()
        withExtendedLifetime(collected) {
            lbx_gweather_each_city(&functions, world, Unmanaged.passUnretained(collected).toOpaque()) {
                context, name, englishName, country, latitude, longitude in
                guard let context, let name else { return }
                let collected = Unmanaged<Collected>.fromOpaque(context).takeUnretainedValue()
                collected.places.append(
                    NamedPlace(
                        name: String(cString: name), englishName: englishName.map { String(cString: $0) } ?? String(cString: name),
                        country: country.map { String(cString: $0) }, latitude: latitude, longitude: longitude))
            }
        }
        return collected.places
    }
}
