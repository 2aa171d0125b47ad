import CGExiv2
import CGtk

/// The previews a camera embeds in its RAW files (the camera's own rendering as a JPEG, often
/// full size), found by Exiv2's PreviewManager through gexiv2. Thumbnails and the photo page
/// show a RAW file through these: decoding the sensor data would take about a second a file.
public enum RawPreview {
    /// One embedded preview's size and type.
    public struct Properties: Sendable, Equatable {
        public let width: Int
        public let height: Int
        public let mimeType: String
    }

    /// The previews gdk-pixbuf can decode, smallest first.
    public static func previews(path: String) throws(MediaError) -> [Properties] {
        try ImageMetadataReader.initialize()
        let file = try TaggedFile(path: path)
        return previews(of: file).map(\.properties)
    }

    /// A preview is usable when its long side reaches the size asked, up to this: the photo
    /// page asks for 2048 px, and a camera's 1620 px preview serves it better than a second of
    /// developing the sensor data.
    static let usableSide = 1024

    /// `path`'s preview scaled down (never up) to fit `size`×`size`, turned by the RAW file's
    /// EXIF orientation (the camera writes it in the RAW, not in the preview). The smallest
    /// preview covering `size` is decoded; when none covers it, the largest if it is usable
    /// (see `usableSide`), else the sensor data developed by LibRaw (`RawDecoder`), and the
    /// largest preview only if LibRaw can't.
    public static func decode(path: String, fitting size: Int, maxPixels: Int) throws(MediaError) -> PixelImage {
        try ImageMetadataReader.initialize()
        let file = try TaggedFile(path: path)
        let candidates = previews(of: file)
        let covering = candidates.first { max($0.properties.width, $0.properties.height) >= size }
        let largest = candidates.last
        if covering == nil, largest.map({ max($0.properties.width, $0.properties.height) }) ?? 0 < min(size, usableSide) {
            do {
                return try RawDecoder.develop(path: path, fitting: size, maxPixels: maxPixels)
            } catch  where largest == nil {
                throw MediaError(error.messageWithoutPreview)
            } catch {
                // A small preview is better than nothing.
            }
        }
        guard let chosen = covering ?? largest else { throw MediaError(tr("the RAW file has no embedded preview")) }
        var error: UnsafeMutablePointer<GError>?
        guard let image = gexiv2_metadata_try_get_preview_image(file.metadata, chosen.handle, &error) else {
            throw MediaError.take(error, fallback: "the RAW file's preview could not be read")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(image)) }
        var count: guint32 = 0
        guard let bytes = gexiv2_preview_image_get_data(image, &count), count > 0 else {
            throw MediaError(tr("the RAW file's preview is empty"))
        }
        let (width, height) = (chosen.properties.width, chosen.properties.height)
        let scale = min(1, Double(size) / Double(max(width, height, 1)))
        let decoded = try PixelImage.decode(
            bytes: bytes, count: Int(count), mimeType: chosen.properties.mimeType,
            width: max(1, Int((Double(width) * scale).rounded())),
            height: max(1, Int((Double(height) * scale).rounded())))
        var orientationError: UnsafeMutablePointer<GError>?
        let orientation = Int(gexiv2_metadata_try_get_orientation(file.metadata, &orientationError).rawValue)
        if let orientationError { g_error_free(orientationError) }
        return try decoded.oriented(exif: orientation)
    }

    private static func previews(of file: TaggedFile) -> [(properties: Properties, handle: UnsafeMutablePointer<GExiv2PreviewProperties>)] {
        guard let list = gexiv2_metadata_get_preview_properties(file.metadata) else { return [] }
        var result: [(properties: Properties, handle: UnsafeMutablePointer<GExiv2PreviewProperties>)] = []
        var index = 0
        while let handle = list[index] {
            index += 1
            let mimeType = String(cString: gexiv2_preview_properties_get_mime_type(handle))
            let width = Int(gexiv2_preview_properties_get_width(handle))
            let height = Int(gexiv2_preview_properties_get_height(handle))
            guard width > 0, height > 0, PixelImage.canDecode(mimeType: mimeType) else { continue }
            result.append((Properties(width: width, height: height, mimeType: mimeType), handle))
        }
        return result.sorted { $0.properties.width * $0.properties.height < $1.properties.width * $1.properties.height }
    }
}
