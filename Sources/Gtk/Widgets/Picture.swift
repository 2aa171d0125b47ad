import CGtk

extension Picture {
    /// Natural size of the loaded image, or nil when none is loaded.
    public var imageSize: (width: Int, height: Int)? {
        guard let paintable = gtk_picture_get_paintable(cast()) else { return nil }
        return (Int(gdk_paintable_get_intrinsic_width(paintable)), Int(gdk_paintable_get_intrinsic_height(paintable)))
    }

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
