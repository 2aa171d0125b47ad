import Foundation

extension Photo {
    /// The files the photo is made of: its own, and the camera JPEG of a RAW+JPEG pair
    /// (what a copy, a drag or Show in Files hands to other apps).
    public var filePaths: [String] { [self.path] + (self.companion.map { [$0] } ?? []) }
}

extension Array where Element == Photo {
    /// Every file of the photos, in order.
    var filePaths: [String] { flatMap(\.filePaths) }

    /// The photos a drag that starts on `photo` carries: the whole selection when the
    /// photo is part of it (as in a file manager), else the photo alone.
    func dragged(from photo: Photo) -> [Photo] {
        contains { $0.id == photo.id } ? self : [photo]
    }
}

/// A photo's GPS position as people read and apps take it.
public struct PhotoLocation: Equatable, Sendable {
    public let latitude: Double
    public let longitude: Double

    public init?(_ photo: Photo) {
        guard let latitude = photo.latitude, let longitude = photo.longitude,
            latitude.isFinite, longitude.isFinite
        else { return nil }
        self.init(latitude: latitude, longitude: longitude)
    }

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// "48.8566° N, 2.3522° E".
    @MainActor public var readable: String { PhotoFormat.location(latitude: latitude, longitude: longitude) }

    /// What Copy Coordinates puts on the clipboard, as maps apps and search boxes take it:
    /// decimal degrees to a tenth of a metre's worth of digits, "48.8566, 2.3522".
    public var decimal: String { "\(Self.degrees(latitude)), \(Self.degrees(longitude))" }

    /// The RFC 5870 URI maps apps open: "geo:48.8566,2.3522".
    public var geoURI: String { "geo:\(Self.degrees(latitude)),\(Self.degrees(longitude))" }

    /// Six decimals at most (about 0.1 m), without trailing zeros.
    private static func degrees(_ value: Double) -> String {
        let rounded = (value * 1_000_000).rounded() / 1_000_000
        return rounded == rounded.rounded() ? String(Int(rounded)) : "\(rounded)"
    }
}
