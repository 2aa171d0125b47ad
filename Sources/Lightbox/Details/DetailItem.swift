import Foundation
import LightboxKit

/// Where activating a details row leads: every photo by that camera, or taken that day.
public enum DetailLink: Equatable, Sendable {
    case camera(String)
    /// A day as "2024-03-12".
    case day(String)
}

/// One row of the details pane.
public enum DetailItem: Identifiable, Equatable {
    case preview(Photo)
    /// Stars, and whether the photo is rejected.
    case rating(Int, isRejected: Bool)
    case field(key: String, value: String, link: DetailLink?)

    public var id: String {
        switch self {
        case .preview: "preview"
        case .rating: "rating"
        case .field(let key, _, _): key
        }
    }

    public var kind: RowKind {
        switch self {
        case .preview: "preview"
        case .rating: "rating"
        case .field: "field"
        }
    }

    /// The rows for `photo`: preview, rating, then the facts it has.
    @MainActor
    public static func items(for photo: Photo) -> [DetailItem] {
        var fields: [(String, String?, DetailLink?)] = [
            ("Date taken", PhotoFormat.date(photo.taken), photo.taken.map { .day(String($0.prefix(10))) }),
            ("Camera", photo.camera, photo.camera.map { .camera($0) }),
            ("Lens", photo.lens, nil),
            ("Exposure", photo.exposure.map { "\($0) s" }, nil),
            ("Aperture", photo.aperture.map { "ƒ/\(PhotoFormat.number($0))" }, nil),
            ("ISO", photo.iso.map(String.init), nil),
            ("Focal length", photo.focalLength.map { "\(PhotoFormat.number($0)) mm" }, nil),
            ("Keywords", photo.keywords.isEmpty ? nil : photo.keywords.map(PhotoFormat.keyword).joined(separator: ", "), nil),
        ]
        let size = photo.displaySize
        if size.width > 0 { fields.append(("Dimensions", "\(size.width) × \(size.height)", nil)) }
        fields.append(("File size", PhotoFormat.fileSize(photo.fileSize), nil))
        if let latitude = photo.latitude, let longitude = photo.longitude {
            fields.append(("Location", PhotoFormat.location(latitude: latitude, longitude: longitude), nil))
        }
        fields.append(("Folder", (photo.path as NSString).deletingLastPathComponent, nil))
        if let error = photo.error { fields.append(("Problem", error, nil)) }
        var items: [DetailItem] = [.preview(photo)]
        if photo.error == nil { items.append(.rating(photo.rating, isRejected: photo.isRejected)) }
        for case let (key, value?, link) in fields { items.append(.field(key: key, value: value, link: link)) }
        return items
    }
}
