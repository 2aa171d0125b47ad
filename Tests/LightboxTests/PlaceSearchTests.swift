import Foundation
import GtkTestSupport
import LightboxMedia
import XCTest

@testable import Lightbox

/// Cities found by name in libgweather's offline database, and coordinates as typed.
final class PlaceSearchTests: GtkTestCase {
    func testACityIsFoundByTheBeginningOfItsNameWithItsCountry() {
        let start = Date()
        let cities = PlaceSearch.cities
        XCTAssertGreaterThan(cities.count, 1000, "the database's cities")
        print("PlaceSearch: \(cities.count) cities walked in \(Date().timeIntervalSince(start)) s")
        let bergen = PlaceSearch.search("bergen, nor")
        XCTAssertEqual(bergen.first?.title, "Bergen, Norway")
        XCTAssertEqual(bergen.first.map { ($0.latitude * 10).rounded() / 10 }, 60.3, "the database's Bergen (its airport)")
        XCTAssertEqual(PlaceSearch.search("Paris").first?.title, "Paris, France", "the exact name first")
        XCTAssertEqual(PlaceSearch.search("zurich").first?.title, "Zürich, Switzerland", "accents aside")
        XCTAssertEqual(PlaceSearch.search("  ").count, 0)
        XCTAssertEqual(PlaceSearch.search("qqqxz").count, 0)
        XCTAssertLessThanOrEqual(PlaceSearch.search("a").count, 8)
    }

    func testCoordinatesAreReadAsMapsAndGPSAppsWriteThem() {
        func read(_ text: String) -> String {
            switch TypedCoordinates(text) {
            case .notCoordinates: "name"
            case .invalid(let message): message
            case .valid(let latitude, let longitude): String(format: "%.4f %.4f", latitude, longitude)
            }
        }
        XCTAssertEqual(read("48.8566, 2.3522"), "48.8566 2.3522")
        XCTAssertEqual(read("-33.8688 151.2093"), "-33.8688 151.2093")
        XCTAssertEqual(read("48,8566, 2,3522"), "48.8566 2.3522", "decimal commas")
        XCTAssertEqual(read("48.8566° N, 2.3522° E"), "48.8566 2.3522")
        XCTAssertEqual(read("33.8688°S 151.2093°E"), "-33.8688 151.2093")
        XCTAssertEqual(read("N 60.3913 E 5.3221"), "60.3913 5.3221")
        XCTAssertEqual(read("40°26'46\"N 79°58'56\"W"), "40.4461 -79.9822")
        XCTAssertEqual(read("79°58′56″W 40°26′46″N"), "40.4461 -79.9822", "longitude first, as its direction says")
        XCTAssertEqual(read("Bergen"), "name")
        XCTAssertEqual(read("New York"), "name", "N followed by no number is a name")
        XCTAssertEqual(read("95.0, 10.0"), "Latitude goes from −90 to 90 degrees, longitude from −180 to 180.")
        XCTAssertEqual(read("45, 181"), "Latitude goes from −90 to 90 degrees, longitude from −180 to 180.")
        XCTAssertEqual(read("48.8566"), "Type coordinates as 48.8566, 2.3522 or 48°51′24″N 2°21′08″E.")
        XCTAssertEqual(read("48°75'N 2°E"), "Type coordinates as 48.8566, 2.3522 or 48°51′24″N 2°21′08″E.", "minutes past 60")
        XCTAssertEqual(read("48 N 2 N"), "Type coordinates as 48.8566, 2.3522 or 48°51′24″N 2°21′08″E.", "two latitudes")
    }
}
