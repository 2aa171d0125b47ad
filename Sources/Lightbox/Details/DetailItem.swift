import Foundation
import Gtk
import LightboxKit
import LightboxMedia

/// Where activating a details row leads: every photo by that camera, or taken that day, or
/// another photo (the one this is a copy of).
public enum DetailLink: Equatable, Sendable {
    case camera(String)
    /// A day as "2024-03-12".
    case day(String)
    case photo(Photo.ID)
}

/// What a details row is about: the row's identity (the list keys rows by it, never by
/// their translated label, which two fields may share in a language) and its label.
public enum DetailField: String, CaseIterable, Sendable {
    case title, caption, dateTaken, duration, video, camera, cameras, lens, exposure, aperture, iso, focalLength, dimensions
    case fileSize
    case files, rejected, totalSize, folder, copyOf, copies, problem

    /// The row's label in the person's language.
    public var label: String {
        switch self {
        // Translators: the keys of the details pane's rows, in a narrow column beside their values.
        case .dateTaken: tr("Date taken")
        // Translators: a photo's title (the key of a details row).
        case .title: tr("Title")
        // Translators: a photo's caption, a few sentences about it (the key of a details row).
        case .caption: tr("Caption")
        // Translators: how long a video lasts (the key of a details row).
        case .duration: tr("Duration")
        // Translators: a video's codec and frame rate, "H.264, 30 fps" (the key of a details row).
        case .video: tr("Video")
        case .camera: tr("Camera")
        // Translators: the key of the details row listing the cameras of several selected photos.
        case .cameras: tr("Cameras")
        case .lens: tr("Lens")
        case .exposure: tr("Exposure")
        case .aperture: tr("Aperture")
        // Translators: a photo's ISO sensitivity (the key of a details row).
        case .iso: tr("ISO")
        case .focalLength: tr("Focal length")
        case .dimensions: tr("Dimensions")
        case .fileSize: tr("File size")
        // Translators: the key of the details row naming the two files of a photo (a RAW and its JPEG, a Live Photo's still and motion).
        case .files: tr("Files")
        // Translators: the key of the details row saying how many of the selected photos are rejected.
        case .rejected: trc("details row", "Rejected")
        case .totalSize: tr("Total size")
        case .folder: tr("Folder")
        // Translators: the key of the details row naming the photo this one duplicates (Duplicates page).
        case .copyOf: tr("Copy of")
        // Translators: the key of the details row naming the duplicates of the photo kept.
        case .copies: tr("Copies")
        // Translators: the key of the details row saying why a file can't be shown.
        case .problem: tr("Problem")
        }
    }
}

/// One row of the details pane.
public enum DetailItem: Identifiable, Equatable {
    case preview(Photo)
    /// Several photos selected: a few of their thumbnails, how many, and the days they span.
    case selection(photos: [Photo], count: Int, subtitle: String)
    /// The stars (nil when the selected photos have different ratings), and whether the
    /// photo (every selected photo) is rejected.
    case rating(Int?, isRejected: Bool)
    case field(DetailField, value: String, link: DetailLink?)
    /// Where the photo was taken, with the nearest place the locations database knows.
    case location(PhotoLocation, place: String?)

    public var id: String {
        switch self {
        case .preview: "preview"
        case .selection: "selection"
        case .rating: "rating"
        case .field(let field, _, _): field.rawValue
        case .location: "location"
        }
    }

    public var kind: RowKind {
        switch self {
        case .preview: "preview"
        case .selection: "selection"
        case .rating: "rating"
        case .field: "field"
        case .location: "location"
        }
    }

    /// How many thumbnails the selection row shows.
    static let selectionThumbnails = 4

    /// The rows for several selected photos: a summary of them, their stars when they
    /// agree, and what they have in common or span (their keywords are in the keyword editor).
    @MainActor
    public static func items(for photos: [Photo]) -> [DetailItem] {
        guard photos.count > 1 else { return photos.first.map { DetailItem.items(for: $0) } ?? [] }
        let formats = LocaleFormats.current
        let dates = photos.compactMap(\.taken).sorted()
        let span = formats.dayRange(dates.first, dates.last)
        let numbers = formats.formattingLocale
        let size = numbers.fileSize(photos.reduce(0) { $0 + $1.fileSize })
        var items: [DetailItem] = [
            .selection(
                photos: Array(photos.prefix(selectionThumbnails)), count: photos.count,
                subtitle: span ?? "")
        ]
        let rated = photos.filter { $0.error == nil }
        if let rating = rated.first?.rating {
            items.append(
                .rating(
                    rated.allSatisfy { $0.rating == rating } ? rating : nil,
                    isRejected: rated.allSatisfy(\.isRejected)))
        }
        var cameras: [String] = []
        for camera in photos.compactMap(\.camera) where !cameras.contains(camera) {
            cameras.append(camera)
            if cameras.count > 3 { break }
        }
        if !cameras.isEmpty {
            // Translators: separates the names of cameras in a list ("Canon EOS R5, NIKON Z 6").
            let separator = tr(", ")
            items.append(
                .field(
                    cameras.count == 1 ? .camera : .cameras,
                    value: cameras.count > 3
                        ? cameras.prefix(3).joined(separator: separator) + "…"
                        : cameras.joined(separator: separator), link: nil))
        }
        let rejected = photos.filter(\.isRejected).count
        if rejected > 0 {
            // Translators: how many of the selected photos are rejected, "2 of 5".
            let format = trc("rejected of selected", "%1$@ of %2$@")
            items.append(
                .field(
                    .rejected, value: String(format: format, numbers.count(rejected), numbers.count(photos.count)),
                    link: nil))
        }
        items.append(.field(.totalSize, value: size, link: nil))
        return items
    }

    /// The rows for `photo`: preview, rating, then the facts it has (its title, caption and
    /// keywords are in the editors under the rows), and the photo it is a copy of, or its
    /// copies, when it is one of `duplicates`.
    @MainActor
    public static func items(for photo: Photo, duplicates: DuplicateGroup? = nil) -> [DetailItem] {
        let formats = LocaleFormats.current
        let numbers = formats.formattingLocale
        var fields: [(DetailField, String?, DetailLink?)] = [
            (.dateTaken, formats.date(photo.taken).map { takenText($0, of: photo) }, photo.taken.map { .day(String($0.prefix(10))) }),
            (.duration, photo.duration.map(numbers.duration), nil),
            (
                .video,
                photo.codec.map { codec in
                    // Translators: separates a video's codec from its frame rate ("H.264, 30 fps").
                    ([FormattingLocale.codecName(codec)] + [photo.frameRate.map(numbers.frameRate)].compactMap { $0 }).joined(
                        separator: tr(", "))
                }, nil
            ),
            (.camera, photo.camera, photo.camera.map { .camera($0) }),
            (.lens, photo.lens, nil),
            (.exposure, photo.exposure.map(numbers.exposure), nil),
            (.aperture, photo.aperture.map(numbers.aperture), nil),
            (.iso, photo.iso.map(String.init), nil),
            (.focalLength, photo.focalLength.map(numbers.focalLength), nil),
        ]
        let size = photo.displaySize
        if size.width > 0 { fields.append((.dimensions, numbers.dimensions(width: size.width, height: size.height), nil)) }
        fields.append((.fileSize, numbers.fileSize(photo.fileSize), nil))
        // A photo of two files names both: the second is in no row of the list.
        fields.append((.files, photo.companion.map { [photo.path, $0].map(fileName).joined(separator: "\n") }, nil))
        var items: [DetailItem] = [.preview(photo)]
        if photo.error == nil { items.append(.rating(photo.rating, isRejected: photo.isRejected)) }
        for case (let field, let value?, let link) in fields { items.append(.field(field, value: value, link: link)) }
        if let location = PhotoLocation(photo) {
            items.append(
                .location(
                    location,
                    place: NearestPlace.name(
                        latitude: location.latitude,
                        longitude: location.longitude)))
        }
        items.append(.field(.folder, value: PathBytes.displayName((photo.path as NSString).deletingLastPathComponent), link: nil))
        if let duplicates { items.append(copiesItem(of: photo, in: duplicates)) }
        if let error = photo.error { items.append(.field(.problem, value: error, link: nil)) }
        return items
    }

    /// The name of the file at `path`, as the details show it.
    static func fileName(_ path: String) -> String { PathBytes.displayName((path as NSString).lastPathComponent) }

    /// "Copy of" the photo suggested to keep (its name, its folder under it), or for that
    /// photo its "Copies"; activating it opens the first.
    static func copiesItem(of photo: Photo, in group: DuplicateGroup) -> DetailItem {
        guard photo.id == group.suggested else {
            let folder = PathBytes.displayName((group.suggested as NSString).deletingLastPathComponent)
            return .field(.copyOf, value: fileName(group.suggested) + "\n" + folder, link: .photo(group.suggested))
        }
        let copies = group.photos.dropFirst()
        var lines = copies.prefix(3).map(fileName)
        if copies.count > 3 {
            // Translators: after the names of three copies of a photo; %d is how many more there are.
            lines.append(String(format: trn("and %d more", "and %d more", copies.count - 3), copies.count - 3))
        }
        return .field(.copies, value: lines.joined(separator: "\n"), link: copies.first.map { .photo($0) })
    }

    /// The date taken as the details show it: its time zone when known, and on a line of its
    /// own where it came from, unless from the camera ("From the file’s modification time").
    static func takenText(_ date: String, of photo: Photo) -> String {
        // Translators: a date taken and its time zone, "12 March 2024, 14:05 (UTC+09:00)".
        let dated = photo.takenOffset.map { String(format: tr("%1$@ (UTC%2$@)"), date, $0) } ?? date
        let source: String? =
            switch photo.takenSource {
            case .dateTimeOriginal, .videoCreated, nil: nil
            // Translators: under a date taken: the file has no date of shooting, only of its last change.
            case .dateTime: tr("From the date the file was last changed by the camera or an editor")
            // Translators: under a date taken: the file has no date at all.
            case .fileModified: tr("From the file’s modification time")
            // Translators: under a date taken: the person set or shifted it in Lightbox.
            case .corrected: tr("Set in Lightbox")
            }
        return source.map { dated + "\n" + $0 } ?? dated
    }
}
