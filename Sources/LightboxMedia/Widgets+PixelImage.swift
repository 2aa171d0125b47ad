import CGtk
import Gtk

extension Picture {
    /// Shows decoded pixels (made off the main thread) as a texture; nil clears the picture.
    public func setImage(_ image: PixelImage?) {
        guard let image else { return gtk_picture_set_paintable(cast(), nil) }
        image.withTexture { gtk_picture_set_paintable(cast(), $0) }
    }
}

extension Image {
    /// Shows decoded pixels (made off the main thread) drawn in the image's `pixelSize` square,
    /// their aspect kept; nil clears the image.
    public func setImage(_ image: PixelImage?) {
        guard let image else { return gtk_image_clear(cast()) }
        image.withTexture { gtk_image_set_from_paintable(cast(), $0) }
    }
}

extension PixelImage {
    /// Calls `body` with a texture of these pixels, which lives as long as whoever `body` gave it to keeps it.
    fileprivate func withTexture(_ body: (OpaquePointer?) -> Void) {
        let texture = gdk_texture_new_for_pixbuf(pixbuf)
        body(texture)
        g_object_unref(UnsafeMutableRawPointer(texture))
    }
}
