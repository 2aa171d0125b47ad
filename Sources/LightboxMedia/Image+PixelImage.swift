import CGtk
import Gtk

extension Image {
    /// Shows decoded pixels (made off the main thread) drawn in the image's `pixelSize` square,
    /// their aspect kept; nil clears the image.
    public func setImage(_ image: PixelImage?) {
        guard let image else {
            gtk_image_clear(cast())
            return
        }
        let texture = gdk_texture_new_for_pixbuf(image.pixbuf)
        gtk_image_set_from_paintable(cast(), texture)
        g_object_unref(UnsafeMutableRawPointer(texture))
    }
}
