import CGtk

/// GtkPicture: shows an image (a file or a texture) scaled to the space it gets.
public final class Picture: Widget {
    public init() { super.init(gtk_picture_new(), ownership: .full) }

    /// Loads an image file (any format gdk-pixbuf reads). Nil clears the picture.
    public func setFile(_ path: String?) {
        gtk_picture_set_filename(cast(), path)
    }

    /// Whether the picture may be drawn smaller than the image (true: fit to the allocation).
    public var canShrink: Bool {
        get { gtk_picture_get_can_shrink(cast()) != 0 }
        set { gtk_picture_set_can_shrink(cast(), newValue ? 1 : 0) }
    }

    /// The alternative text screen readers read for the image.
    public var alternativeText: String? {
        get { gtk_picture_get_alternative_text(cast()).map { String(cString: $0) } }
        set { gtk_picture_set_alternative_text(cast(), newValue) }
    }

    /// Natural size of the loaded image, or nil when none is loaded.
    public var imageSize: (width: Int, height: Int)? {
        guard let paintable = gtk_picture_get_paintable(cast()) else { return nil }
        return (Int(gdk_paintable_get_intrinsic_width(paintable)), Int(gdk_paintable_get_intrinsic_height(paintable)))
    }
}

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
