import CGtk

/// The pixels of an image file, for checking screenshots (is it blank? what size?).
package struct RasterImage: Sendable {
    package let width: Int
    package let height: Int
    /// 32-bit pixels in GDK's memory format (B, G, R, A bytes, premultiplied).
    package let pixels: [UInt32]

    /// Loads a PNG (or any format GDK reads). Returns nil when the file can't be read.
    package init?(contentsOf path: String) {
        let file = g_file_new_for_path(path)
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        guard let texture = gdk_texture_new_from_file(file, nil) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        let width = Int(gdk_texture_get_width(texture))
        let height = Int(gdk_texture_get_height(texture))
        var buffer = [UInt32](repeating: 0, count: width * height)
        buffer.withUnsafeMutableBytes { bytes in
            gdk_texture_download(texture, bytes.baseAddress?.assumingMemoryBound(to: guchar.self), gsize(width * 4))
        }
        self.width = width
        self.height = height
        pixels = buffer
    }

    /// Number of distinct colours (capped at `limit` for speed).
    package func distinctColorCount(limit: Int = 1024) -> Int {
        var seen = Set<UInt32>()
        for pixel in pixels {
            seen.insert(pixel)
            if seen.count >= limit { break }
        }
        return seen.count
    }

    /// The mean relative luminance (Rec. 709 weights of the 8-bit channels, 0 black … 255
    /// white) over every opaque-enough pixel: how light or dark a screenshot looks.
    package var averageLuminance: Double {
        var total = 0.0
        var counted = 0
        for pixel in pixels where pixel >> 24 >= 128 {
            let blue = Double(pixel & 0xFF)
            let green = Double((pixel >> 8) & 0xFF)
            let red = Double((pixel >> 16) & 0xFF)
            total += 0.2126 * red + 0.7152 * green + 0.0722 * blue
            counted += 1
        }
        return counted == 0 ? 0 : total / Double(counted)
    }

    /// True when the image has a single colour (blank, or a flat fill).
    package var isSingleColor: Bool { distinctColorCount(limit: 2) < 2 }
}
