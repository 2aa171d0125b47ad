import Foundation

/// A position typed in the Place window, as people copy them from maps and GPS apps: decimal
/// degrees ("48.8566, 2.3522", "-33.8688 151.2093"), with directions ("48.8566° N, 2.3522° E",
/// "N 48.8566 E 2.3522"), or degrees, minutes and seconds ("48°51'24\"N 2°21'08\"E"). Latitude
/// first unless the directions say otherwise.
public enum TypedCoordinates: Equatable, Sendable {
    /// Not coordinates: a place's name, to look up.
    case notCoordinates
    /// Coordinates, but not a place on Earth (a latitude past 90°, minutes past 60); the
    /// message says what is wrong.
    case invalid(String)
    case valid(latitude: Double, longitude: Double)

    private static let number = #"(\d+(?:[.,]\d+)?)"#
    /// One coordinate: its direction first ("N 48.8566") or last ("48.8566 N", or none), a sign,
    /// degrees, optional minutes and seconds. Six groups either way: direction, sign, degrees,
    /// minutes, seconds, direction.
    private static func one(directionFirst: Bool) -> String {
        let value = #"([-+−]?)\s*"# + number + #"\s*°?\s*(?:"# + number + #"\s*['′’]\s*)?(?:"# + number + #"\s*(?:"|″|''|”)\s*)?"#
        return directionFirst ? #"([NSEW])\s*"# + value + "()" : "()" + value + #"([NSEW])?"#
    }

    private static func pattern(directionFirst: Bool) -> NSRegularExpression? {
        let one = one(directionFirst: directionFirst)
        // Between the two: a comma, semicolon or slash, or space.
        return try? NSRegularExpression(pattern: "^\\s*" + one + #"(?:\s*[,;/]\s*|\s+)"# + one + "\\s*$")
    }

    private static let patterns = (directionFirst: pattern(directionFirst: true), directionLast: pattern(directionFirst: false))

    public init(_ typed: String) {
        let text = typed.uppercased()
        guard let first = text.trimmingCharacters(in: .whitespaces).first,
            first.isNumber || "+-−".contains(first) || ("NSEW".contains(first) && text.dropFirst().contains(where: \.isNumber))
        else {
            self = .notCoordinates
            return
        }
        // Decimal commas are read too ("48,8566, 2,3522").
        let directionFirst = text.trimmingCharacters(in: .whitespaces).first.map { "NSEW".contains($0) } ?? false
        guard let pattern = directionFirst ? Self.patterns.directionFirst : Self.patterns.directionLast,
            let match = pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
        else {
            self = .invalid(Self.howToType)
            return
        }
        func group(_ index: Int) -> String? {
            guard let range = Range(match.range(at: index), in: text) else { return nil }
            return String(text[range])
        }
        var values: [(value: Double, direction: Character?)] = []
        for offset in [0, 6] {
            let numbers = [3, 4, 5].map { group(offset + $0).flatMap { Double($0.replacingOccurrences(of: ",", with: ".")) } }
            guard let degrees = numbers[0] else {
                self = .invalid(Self.howToType)
                return
            }
            let minutes = numbers[1] ?? 0
            let seconds = numbers[2] ?? 0
            guard minutes < 60, seconds < 60 else {
                self = .invalid(Self.howToType)
                return
            }
            let before = group(offset + 1)?.first
            let after = group(offset + 6)?.first
            let direction = before ?? after
            let negative = ["-", "−"].contains(group(offset + 2) ?? "") != (direction == "S" || direction == "W")
            let value = degrees + minutes / 60 + seconds / 3600
            values.append((negative ? -value : value, direction))
        }
        let latitudeFirst = !(values[0].direction.map { "EW".contains($0) } ?? false)
        let (latitude, longitude) = latitudeFirst ? (values[0], values[1]) : (values[1], values[0])
        guard latitude.direction.map({ "NS".contains($0) }) ?? true, longitude.direction.map({ "EW".contains($0) }) ?? true else {
            self = .invalid(Self.howToType)
            return
        }
        guard abs(latitude.value) <= 90, abs(longitude.value) <= 180 else {
            // Translators: said in the Place window when typed coordinates are not on Earth.
            self = .invalid(tr("Latitude goes from −90 to 90 degrees, longitude from −180 to 180."))
            return
        }
        self = .valid(latitude: latitude.value, longitude: longitude.value)
    }

    // Translators: said in the Place window when what was typed looks like coordinates but can't be read.
    static var howToType: String { tr("Type coordinates as 48.8566, 2.3522 or 48°51′24″N 2°21′08″E.") }
}
