import CGtk

extension Picture {
    /// Natural size of the loaded image, or nil when none is loaded.
    public var imageSize: (width: Int, height: Int)? {
        guard let paintable = gtk_picture_get_paintable(cast()) else { return nil }
        return (Int(gdk_paintable_get_intrinsic_width(paintable)), Int(gdk_paintable_get_intrinsic_height(paintable)))
    }
}
