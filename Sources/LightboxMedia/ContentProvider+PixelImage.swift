import CGtk
import Gtk

extension ContentProvider {
    /// Decoded pixels as an image (a GdkTexture): GTK offers it as PNG, TIFF and the
    /// other image types it can write, so image editors and chat apps paste the picture.
    public convenience init(image: PixelImage) {
        let texture = gdk_texture_new_for_pixbuf(image.pixbuf)!
        self.init(texture: texture)
        g_object_unref(UnsafeMutableRawPointer(texture))
    }
}
