import Foundation
import LightboxMedia

/// The freedesktop thumbnail cache (`$XDG_CACHE_HOME/thumbnails`), shared with GNOME
/// Files: `normal` (128 px) and `large` (256 px) PNGs named by the MD5 of the file
/// URI, tagged with `Thumb::URI` and `Thumb::MTime`; failures under `fail/lightbox/`.
public struct ThumbnailCache: Sendable {
    public let directory: String

    public enum Size: Int, Sendable {
        case normal = 128
        case large = 256

        /// The smallest cache size that covers `pixels`.
        public init(fitting pixels: Int) { self = pixels <= 128 ? .normal : .large }
        var folder: String { self == .normal ? "normal" : "large" }
    }

    public static var defaultDirectory: String { FileNames.userCacheDirectory + "/thumbnails" }

    public init(directory: String = ThumbnailCache.defaultDirectory) {
        self.directory = directory
    }

    static let failFolder = "fail/lightbox-\(AppInfo.version)"

    func thumbnailPath(uri: String, size: Size) -> String {
        "\(directory)/\(size.folder)/\(FileNames.md5(uri)).png"
    }

    func failurePath(uri: String) -> String {
        "\(directory)/\(ThumbnailCache.failFolder)/\(FileNames.md5(uri)).png"
    }

    /// A cached thumbnail that is still valid for a file modified at `mtime`.
    func load(uri: String, mtime: Int, size: Size) -> PixelImage? {
        let path = thumbnailPath(uri: uri, size: size)
        guard FileManager.default.fileExists(atPath: path),
            let (image, text) = try? PixelImage.load(path: path, textKeys: ["Thumb::URI", "Thumb::MTime"]),
            text["Thumb::URI"] == uri, text["Thumb::MTime"] == String(mtime)
        else { return nil }
        return image
    }

    /// True when an earlier attempt to thumbnail this version of the file failed.
    func hasFailure(uri: String, mtime: Int) -> Bool {
        let path = failurePath(uri: uri)
        guard FileManager.default.fileExists(atPath: path),
            let (_, text) = try? PixelImage.load(path: path, textKeys: ["Thumb::URI", "Thumb::MTime"])
        else { return false }
        return text["Thumb::URI"] == uri && text["Thumb::MTime"] == String(mtime)
    }

    func store(_ image: PixelImage, uri: String, mtime: Int, size: Size) {
        write(image, to: thumbnailPath(uri: uri, size: size), uri: uri, mtime: mtime)
    }

    func storeFailure(uri: String, mtime: Int) {
        write(.placeholder(), to: failurePath(uri: uri), uri: uri, mtime: mtime)
    }

    /// Writes atomically (temporary file, then rename), private to the user as the spec asks.
    private func write(_ image: PixelImage, to path: String, uri: String, mtime: Int) {
        let folder = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        let temporary = "\(folder)/.\(UUID().uuidString).png"
        do {
            try image.savePNG(
                path: temporary,
                text: [
                    "Thumb::URI": uri, "Thumb::MTime": String(mtime),
                    "Software": "\(AppInfo.name) \(AppInfo.version)",
                ],
                compression: 1)  // a first scan writes hundreds: speed over ~20% size
            chmod(temporary, 0o600)
            guard rename(temporary, path) == 0 else { throw MediaError("rename failed") }
        } catch {
            unlink(temporary)
        }
    }
}
