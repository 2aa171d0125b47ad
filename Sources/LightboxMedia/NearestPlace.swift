import CGWeather
import CGtk
import Foundation

/// The place nearest a GPS position, from libgweather's offline locations database (the
/// cities GNOME Weather and GNOME's image viewer know): "Paris, France".
@MainActor
public enum NearestPlace {
    /// Farther than this from every city the database knows, a position is named by its
    /// coordinates only (a ship at sea, a mountain far from towns).
    public static let maximumDistance = 100.0

    /// Places already looked up, by position to about 100 m.
    private static var names: [String: String?] = [:]

    /// The nearest city and its country ("Paris, France") within `maximumDistance` km,
    /// nil when none is that close or the position is not one.
    public static func name(latitude: Double, longitude: Double) -> String? {
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else { return nil }
        let key = String(format: "%.3f,%.3f", latitude, longitude)
        if let known = names[key] { return known }
        let name = lookUp(latitude: latitude, longitude: longitude)
        // A few thousand places at most (a library's trips), then the lookups start over.
        if names.count >= 4096 { names.removeAll(keepingCapacity: true) }
        names[key] = name
        return name
    }

    /// libgweather's functions, opened on the first lookup; nil when it is not installed
    /// (positions are then named by their coordinates only).
    private static let gweather: lbx_gweather? = {
        var functions = lbx_gweather()
        return lbx_gweather_open(&functions) != 0 ? functions : nil
    }()

    private static func lookUp(latitude: Double, longitude: Double) -> String? {
        // The world is libgweather's shared, lazily loaded database (not to be unreferenced
        // more than taken: it is a new reference).
        guard let gweather, let world = gweather.get_world() else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(world)) }
        guard let city = gweather.find_nearest_city(world, latitude, longitude) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(city)) }
        var cityLatitude = 0.0
        var cityLongitude = 0.0
        gweather.get_coords(city, &cityLatitude, &cityLongitude)
        guard distance(latitude, longitude, cityLatitude, cityLongitude) <= maximumDistance else { return nil }
        guard
            let cityName = takeString(gweather.get_city_name(city))
                ?? gweather.get_name(city).map({ String(cString: $0) })
        else { return nil }
        guard let country = takeString(gweather.get_country_name(city)), country != cityName else { return cityName }
        // Translators: a place as a city and its country, "Bergen, Norway".
        return String(format: trc("city, country", "%1$@, %2$@"), cityName, country)
    }

    private static func takeString(_ string: UnsafeMutablePointer<CChar>?) -> String? {
        guard let string else { return nil }
        defer { g_free(string) }
        return String(cString: string)
    }

    /// Great-circle distance in km (haversine).
    static func distance(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let radians = Double.pi / 180
        let dLat = (lat2 - lat1) * radians
        let dLon = (lon2 - lon1) * radians
        let a = sin(dLat / 2) * sin(dLat / 2) + cos(lat1 * radians) * cos(lat2 * radians) * sin(dLon / 2) * sin(dLon / 2)
        return 6371 * 2 * atan2(sqrt(a), sqrt(1 - a))
    }
}
