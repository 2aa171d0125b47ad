import CGtk
import CHeif
import Gtk

/// A HEIF or AVIF file opened with libheif: its primary image's size as shown (libheif
/// applies the file's rotation and mirroring) and the thumbnails phones embed (an iPhone's
/// is 320 px wide), read without decoding the photo itself. Full-size images go through
/// libheif's gdk-pixbuf loader (`PixelImage.decode`).
public final class HEIFFile {
    private let context: OpaquePointer
    private let primary: OpaquePointer

    /// libheif asks to be initialized once per process (its decoders are registered then); never
    /// deinitialized, so a loader's own init/deinit pairs can't unregister them under a decode.
    private static let initialized: Bool = heif_init(nil).code == heif_error_Ok

    public init(path: String) throws(MediaError) {
        guard Self.initialized else { throw MediaError(tr("libheif could not be initialized")) }
        guard let context = heif_context_alloc() else { throw MediaError(tr("libheif could not allocate a context")) }
        // An error's message lives in the context: read before the context is freed.
        let read = heif_context_read_from_file(context, PathBytes.c(path), nil)
        guard read.code == heif_error_Ok else {
            let message = Self.message(read)
            heif_context_free(context)
            throw MediaError(message)
        }
        var handle: OpaquePointer?
        let primary = heif_context_get_primary_image_handle(context, &handle)
        guard primary.code == heif_error_Ok, let handle else {
            let message = Self.message(primary)
            heif_context_free(context)
            throw MediaError(message)
        }
        self.context = context
        self.primary = handle
    }

    deinit {
        heif_image_handle_release(primary)
        heif_context_free(context)
    }

    /// The primary image's size, turned as it is shown.
    public var width: Int { Int(heif_image_handle_get_width(primary)) }
    public var height: Int { Int(heif_image_handle_get_height(primary)) }

    /// The embedded thumbnails' long sides, smallest first.
    private var thumbnails: [(id: heif_item_id, longSide: Int)] {
        let count = Int(heif_image_handle_get_number_of_thumbnails(primary))
        guard count > 0 else { return [] }
        var ids = [heif_item_id](repeating: 0, count: count)
        let listed = Int(heif_image_handle_get_list_of_thumbnail_IDs(primary, &ids, Int32(count)))
        return ids.prefix(listed).compactMap { id -> (id: heif_item_id, longSide: Int)? in
            var handle: OpaquePointer?
            guard heif_image_handle_get_thumbnail(primary, id, &handle).code == heif_error_Ok, let handle else { return nil }
            defer { heif_image_handle_release(handle) }
            return (id, max(Int(heif_image_handle_get_width(handle)), Int(heif_image_handle_get_height(handle))))
        }.sorted { $0.longSide < $1.longSide }
    }

    /// The smallest embedded thumbnail whose long side covers `size`, decoded and scaled down
    /// to fit `size`×`size`; nil when none covers it (or it can't be decoded).
    public func thumbnail(fitting size: Int) -> PixelImage? {
        guard let chosen = thumbnails.first(where: { $0.longSide >= size }) else { return nil }
        var handle: OpaquePointer?
        guard heif_image_handle_get_thumbnail(primary, chosen.id, &handle).code == heif_error_Ok, let handle else { return nil }
        defer { heif_image_handle_release(handle) }
        var decoded: OpaquePointer?
        guard heif_decode_image(handle, &decoded, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, nil).code == heif_error_Ok,
            let decoded
        else { return nil }
        defer { heif_image_release(decoded) }
        let width = Int(heif_image_get_width(decoded, heif_channel_interleaved))
        let height = Int(heif_image_get_height(decoded, heif_channel_interleaved))
        var stride: Int32 = 0
        guard width > 0, height > 0, let plane = heif_image_get_plane_readonly(decoded, heif_channel_interleaved, &stride),
            let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 1, 8, gint(width), gint(height))
        else { return nil }
        let image = PixelImage(adopting: pixbuf)
        let target = gdk_pixbuf_get_pixels(pixbuf)!
        let targetStride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        for row in 0..<height {
            (target + row * targetStride).update(from: plane + row * Int(stride), count: width * 4)
        }
        return try? image.scaled(fitting: size)
    }

    private static func message(_ error: heif_error) -> String {
        error.message.map { String(cString: $0) } ?? tr("libheif could not read the file")
    }
}
