import CGtk
import Gtk

extension Picture {
    /// Shows decoded pixels (made off the main thread) as a texture; nil clears the picture.
    public func setImage(_ image: PixelImage?) {
        guard let image else {
            gtk_picture_set_paintable(cast(), nil)
            return
        }
        let texture = gdk_texture_new_for_pixbuf(image.pixbuf)
        gtk_picture_set_paintable(cast(), texture)
        g_object_unref(UnsafeMutableRawPointer(texture))
    }
}
