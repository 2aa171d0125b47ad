import Foundation
import Lightbox

/// `lightbox --list FOLDER`: scans FOLDER into the catalog without opening a window
/// and prints one JSON object per file. Exit status 0 when the folder was read.
enum ListCommand {
    static func run(_ arguments: [String]) -> Int32 {
        guard arguments.count == 1, let folder = arguments.first else {
            return fail("usage: lightbox --list FOLDER", status: 2)
        }
        do {
            let catalog = try Catalog()
            if let aside = catalog.movedAsidePath {
                FileHandle.standardError.write(Data("lightbox: the catalog was damaged; it was moved to \(aside) and rebuilt\n".utf8))
            }
            let root = (URL(fileURLWithPath: folder).path as NSString).standardizingPath
            _ = try CatalogSync(catalog: catalog).run(folder: root)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            var output = Data()
            for photo in try catalog.photos(in: root) {
                output.append(try encoder.encode(ListedPhoto(photo)))
                output.append(0x0A)
            }
            FileHandle.standardOutput.write(output)
            return 0
        } catch let error as ScanError {
            return fail("lightbox: \(error)", status: 1)
        } catch {
            return fail("lightbox: the catalog can't be used: \(error)", status: 1)
        }
    }

    private static func fail(_ message: String, status: Int32) -> Int32 {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        return status
    }
}

/// The JSON shape of one listed file (every key present, null when unknown).
private struct ListedPhoto: Encodable {
    let photo: Photo
    init(_ photo: Photo) { self.photo = photo }

    enum Key: String, CodingKey {
        case path, taken, taken_source, camera, make, model, lens, exposure, aperture, iso, focal_length
        case width, height, orientation, latitude, longitude, altitude, rating, file_size, error
    }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(photo.path, forKey: .path)
        try c.encode(photo.taken, forKey: .taken)
        try c.encode(photo.takenSource?.rawValue, forKey: .taken_source)
        try c.encode(photo.camera, forKey: .camera)
        try c.encode(photo.make, forKey: .make)
        try c.encode(photo.model, forKey: .model)
        try c.encode(photo.lens, forKey: .lens)
        try c.encode(photo.exposure, forKey: .exposure)
        try c.encode(photo.aperture, forKey: .aperture)
        try c.encode(photo.iso, forKey: .iso)
        try c.encode(photo.focalLength, forKey: .focal_length)
        try c.encode(photo.width, forKey: .width)
        try c.encode(photo.height, forKey: .height)
        try c.encode(photo.orientation, forKey: .orientation)
        try c.encode(photo.latitude, forKey: .latitude)
        try c.encode(photo.longitude, forKey: .longitude)
        try c.encode(photo.altitude, forKey: .altitude)
        try c.encode(photo.rating, forKey: .rating)
        try c.encode(photo.fileSize, forKey: .file_size)
        try c.encode(photo.error, forKey: .error)
    }
}
