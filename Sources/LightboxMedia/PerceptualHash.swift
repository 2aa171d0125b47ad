import CGtk
import Foundation

/// A photo's perceptual hash (pHash): 64 bits that stay nearly the same when the picture is
/// resized, re-compressed, converted to another format, stripped of its metadata or slightly
/// cropped, and differ by about half for another picture. Each bit says whether one of the
/// 8×8 lowest frequencies (of a 32×32 grey version) is above their median; how many bits two
/// hashes differ in (`distance`) says how alike the pictures are.
///
/// A picture with little to tell apart (a white wall, a night sky) has frequencies near zero,
/// whose signs are noise: `detail` says how much there is, and `isTelling` whether its bits
/// can be trusted to say two pictures are one.
public struct PerceptualHash: Hashable, Sendable {
    public let bits: UInt64
    /// How far the picture's brightness varies over its broad shapes, in grey levels (0…255).
    public let detail: Int

    public init(bits: UInt64, detail: Int) {
        self.bits = bits
        self.detail = min(max(detail, 0), 255)
    }

    /// The largest decode a hash is made from: the freedesktop `large` thumbnail's side.
    public static let thumbnailSide = 256

    /// Below this `detail`, bits are mostly noise (measured: 5–7 for photos of a white wall
    /// with the light falling across it, 28–218 for the sample photos).
    public static let tellingDetail = 12

    /// Whether the bits say something about the picture's shapes (see `tellingDetail`).
    public var isTelling: Bool { detail >= Self.tellingDetail }

    /// How many of the 64 bits differ: 0 for the same picture, about 32 for unrelated ones.
    public func distance(to other: PerceptualHash) -> Int { (bits ^ other.bits).nonzeroBitCount }

    /// The side of the grey version the frequencies are taken from.
    static let side = 32
    /// The side of the block of lowest frequencies kept.
    static let kept = 8

    /// `cosines[u][x]`: cos((2x + 1)uπ / 64), the DCT's basis for the kept frequencies.
    private static let cosines: [[Double]] = (0..<kept).map { (u: Int) -> [Double] in
        let frequency = Double(u) * Double.pi / Double(2 * side)
        return (0..<side).map { (x: Int) -> Double in cos(Double(2 * x + 1) * frequency) }
    }

    /// The hash of `image` (any size: a thumbnail is plenty).
    public static func of(_ image: PixelImage) throws(MediaError) -> PerceptualHash {
        hash(ofGrey: try image.grey(side: side))
    }

    /// The hash of a `side`×`side` grey picture, row by row.
    static func hash(ofGrey grey: [Double]) -> PerceptualHash {
        // The separable DCT, only for the kept frequencies: along the rows, then down the columns.
        var rows = [Double](repeating: 0, count: side * kept)
        for y in 0..<side {
            for u in 0..<kept {
                var sum = 0.0
                for x in 0..<side { sum += grey[y * side + x] * cosines[u][x] }
                rows[y * kept + u] = sum
            }
        }
        var frequencies = [Double](repeating: 0, count: kept * kept)
        for v in 0..<kept {
            for u in 0..<kept {
                var sum = 0.0
                for y in 0..<side { sum += rows[y * kept + u] * cosines[v][y] }
                frequencies[v * kept + u] = sum
            }
        }
        // The average brightness (the first) says nothing of the picture's shapes: left out of the median.
        let median = frequencies.dropFirst().sorted()[(kept * kept - 1) / 2]
        var bits: UInt64 = 0
        for (index, value) in frequencies.enumerated() where value > median { bits |= 1 << UInt64(index) }
        // A shape of amplitude a grey levels gives a coefficient of about a × side² / 4.
        let energy = frequencies.dropFirst().reduce(0) { $0 + $1 * $1 }
        let detail = energy.squareRoot() / Double(side * side / 4)
        return PerceptualHash(bits: bits, detail: Int(detail.rounded()))
    }
}

extension PixelImage {
    /// Whether both images have the same size and the same pixels (other metadata or none).
    public func hasSamePixels(as other: PixelImage) -> Bool {
        let layout = self.layout
        let otherLayout = other.layout
        guard layout.width == otherLayout.width, layout.height == otherLayout.height, layout.hasAlpha == otherLayout.hasAlpha,
            let pixels = gdk_pixbuf_read_pixels(pixbuf), let otherPixels = gdk_pixbuf_read_pixels(other.pixbuf)
        else { return false }
        let rowBytes = layout.width * (layout.hasAlpha ? 4 : 3)
        for row in 0..<layout.height where memcmp(pixels + row * layout.rowStride, otherPixels + row * otherLayout.rowStride, rowBytes) != 0
        {
            return false
        }
        return true
    }

    /// The picture scaled to `side`×`side` (its shape given up) in grey, 0…255, row by row.
    func grey(side: Int) throws(MediaError) -> [Double] {
        guard let small = gdk_pixbuf_scale_simple(pixbuf, gint(side), gint(side), GDK_INTERP_BILINEAR) else {
            throw MediaError(tr("the image could not be scaled"))
        }
        let scaled = PixelImage(adopting: small)
        let channels = Int(gdk_pixbuf_get_n_channels(small))
        let stride = Int(gdk_pixbuf_get_rowstride(small))
        guard let pixels = gdk_pixbuf_read_pixels(small) else { throw MediaError(tr("the image could not be scaled")) }
        var grey = [Double](repeating: 0, count: side * side)
        for y in 0..<side {
            for x in 0..<side {
                let at = y * stride + x * channels
                grey[y * side + x] = 0.299 * Double(pixels[at]) + 0.587 * Double(pixels[at + 1]) + 0.114 * Double(pixels[at + 2])
            }
        }
        withExtendedLifetime(scaled) {}
        return grey
    }
}
