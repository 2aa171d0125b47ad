import Foundation
import LightboxMedia
import XCTest

/// Small real files of every format a phone or camera makes, made here from one picture:
/// four coloured quadrants (red top left, green top right, blue bottom left, yellow bottom
/// right), 400×300, taken 2023:06:01 12:34:56.
///
/// HEIF and AVIF files are written by libheif's `heif-enc` from a JPEG carrying the EXIF;
/// WebP by ImageMagick (libwebp), its EXIF by `exiv2`; JPEG XL by libjxl's `cjxl` from a tagged JPEG. RAW files are TIFF containers (what DNG, NEF
/// and ARW are) of the picture with the camera's JPEG preview as their EXIF thumbnail,
/// inserted by `exiv2 -it`. The `sideways` files are stored turned a quarter left with
/// EXIF orientation 6, so upright they show the same picture.
enum FormatFixtures {
    static let width = 400, height = 300
    static let taken = "2023-06-01T12:34:56"
    /// Top left, top right, bottom left, bottom right (RGB).
    static let quadrantColours: [[Int]] = [[255, 0, 0], [0, 255, 0], [0, 0, 255], [255, 255, 0]]

    struct File {
        let name: String
        let make: String
        let model: String
        /// As stored (before the orientation).
        let storedWidth: Int
        let storedHeight: Int
        let orientation: Int
    }

    static let phoneFiles = [
        File(name: "photo.heic", make: "Apple", model: "iPhone 15", storedWidth: width, storedHeight: height, orientation: 1),
        File(name: "photo.hif", make: "Apple", model: "iPhone 15", storedWidth: width, storedHeight: height, orientation: 1),
        File(name: "photo.avif", make: "Google", model: "Pixel 8", storedWidth: width, storedHeight: height, orientation: 1),
        File(name: "photo.webp", make: "Google", model: "Pixel 8", storedWidth: width, storedHeight: height, orientation: 1),
        File(name: "sideways.webp", make: "Google", model: "Pixel 8", storedWidth: height, storedHeight: width, orientation: 6),
        // libjxl turns a JPEG XL picture as its header says: its size is as shown.
        File(name: "photo.jxl", make: "Google", model: "Pixel 8", storedWidth: width, storedHeight: height, orientation: 1),
        File(name: "sideways.jxl", make: "Google", model: "Pixel 8", storedWidth: width, storedHeight: height, orientation: 6),
    ]
    static let rawFiles = [
        File(name: "photo.nef", make: "NIKON CORPORATION", model: "NIKON D750", storedWidth: width, storedHeight: height, orientation: 1),
        File(name: "photo.dng", make: "Canon", model: "Canon EOS R5", storedWidth: width, storedHeight: height, orientation: 1),
        File(name: "sideways.arw", make: "SONY", model: "ILCE-7M3", storedWidth: height, storedHeight: width, orientation: 6),
    ]
    static var allFiles: [File] { phoneFiles + rawFiles }

    /// Writes `reference.jpg` and every file of `files` into `folder`.
    static func make(in folder: String, files: [File] = allFiles) {
        LibraryFixtures.shell(
            """
            cd '\(folder)' && convert -size 200x150 xc:red xc:lime +append \\( -size 200x150 xc:blue xc:yellow +append \\) \
            -append .upright.png && convert .upright.png -rotate -90 .sideways.png \
            && convert .upright.png -quality 95 reference.jpg && \(tags("reference.jpg", make: "Apple", model: "iPhone 15", orientation: 1))
            """)
        for file in files {
            let source = file.orientation == 6 ? ".sideways.png" : ".upright.png"
            let ext = (file.name as NSString).pathExtension
            let tagged = tags(file.name, make: file.make, model: file.model, orientation: file.orientation)
            switch ext {
            case "heic", "hif", "avif":
                // libheif's `heif-enc` carries the JPEG's EXIF into HEIF (Exiv2 reads it there,
                // not writes it; ImageMagick drops it). `.heic` as a phone writes it, with a
                // 320 px thumbnail; `.hif` without one; `.avif` in AV1 (libaom).
                let jpeg = ".\(file.name).jpg"
                let options = ext == "heic" ? "-t 320" : ext == "avif" ? "-A" : ""
                let encode = "heif-enc -q 90 \(options) -o \(file.name) \(jpeg) > /dev/null"
                LibraryFixtures.shell(
                    """
                    cd '\(folder)' && convert \(source) -quality 95 \(jpeg) \
                    && \(tags(jpeg, make: file.make, model: file.model, orientation: 1)) && \(encode) && rm \(jpeg)
                    """)
            case "jxl":
                // `cjxl` recompresses the JPEG losslessly, its EXIF and XMP kept in (Brotli-compressed)
                // boxes and its EXIF orientation made the JPEG XL header's.
                let jpeg = ".\(file.name).jpg"
                LibraryFixtures.shell(
                    """
                    cd '\(folder)' && convert \(source) -quality 95 \(jpeg) && \(tags(jpeg, make: file.make, model: file.model, orientation: file.orientation)) \
                    && cjxl \(jpeg) \(file.name) > /dev/null 2>&1 && rm \(jpeg)
                    """)
            case "webp":
                LibraryFixtures.shell("cd '\(folder)' && convert \(source) -quality 95 \(file.name) && \(tagged)")
            default:
                // The container: the "sensor" picture as an uncompressed TIFF, the preview (a
                // 320 px JPEG) inserted as the EXIF thumbnail, then the camera's tags.
                let stem = ".raw-" + (file.name as NSString).deletingPathExtension
                let dng = ext == "dng" ? " -M'set Exif.Image.DNGVersion Byte 1 4 0 0'" : ""
                LibraryFixtures.shell(
                    """
                    cd '\(folder)' && convert \(source) -depth 8 -compress none \(stem).tif \
                    && convert \(source) -resize 320x320 -quality 95 \(stem)-thumb.jpg \
                    && exiv2 -q -it \(stem).tif && \(tags(stem + ".tif", make: file.make, model: file.model, orientation: file.orientation, extra: dng)) \
                    && mv \(stem).tif '\(file.name)' && rm \(stem)-thumb.jpg
                    """)
            }
        }
        LibraryFixtures.shell("cd '\(folder)' && rm -f .upright.png .sideways.png")
    }

    /// A DNG of sensor data only (no preview, so LibRaw develops it): the reference picture
    /// as an RGGB Bayer mosaic of 2×`width` by 2×`height` 16-bit samples, with the camera's
    /// tags, stored turned a quarter left with orientation 6 when `sideways`. Written by
    /// `python3` (TIFF structures by hand: no tool here writes a DNG).
    static func makeSensorDNG(_ path: String, sideways: Bool = false) throws {
        let (sensorWidth, sensorHeight) = sideways ? (2 * height, 2 * width) : (2 * width, 2 * height)
        let result = try LibraryFixtures.run(
            "/usr/bin/python3",
            [
                "-c", sensorDNGScript, path, String(sensorWidth),
                String(sensorHeight), sideways ? "6" : "1",
            ])
        precondition(result.status == 0, "python3 could not write \(path): \(result.stderr)")
    }

    private static let sensorDNGScript = #"""
        import struct, sys
        path, W, H, orientation = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
        colours = [(1, 0, 0), (0, 1, 0), (0, 0, 1), (1, 1, 0)]  # top left, top right, bottom left, bottom right
        def colour(x, y):  # the upright picture's colour at a stored sample
            if orientation == 6:  # stored turned a quarter left: upright (u, v) = (H - 1 - y, x)
                x, y, w, h = H - 1 - y, x, H, W
            else:
                w, h = W, H
            return colours[(2 if y >= h // 2 else 0) + (1 if x >= w // 2 else 0)]
        data = bytearray(W * H * 2)
        for y in range(H):
            for x in range(W):
                channel = [0, 1, 1, 2][(y % 2) * 2 + x % 2]
                struct.pack_into('<H', data, (y * W + x) * 2, 60000 * colour(x, y)[channel] + 2000)
        strings = [b'Lightbox\0', b'Test Sensor\0', b'Lightbox Test Sensor\0', b'2023:06:01 12:34:56\0']
        count = 21
        extra_at = 8 + 2 + count * 12 + 4
        extra, offsets = bytearray(), []
        for text in strings:
            offsets.append(extra_at + len(extra)); extra += text + (b'\0' if len(text) % 2 else b'')
        neutral_at = extra_at + len(extra); extra += struct.pack('<6I', 1, 1, 1, 1, 1, 1)
        image_at = extra_at + len(extra)
        entries = sorted([
            (254, 4, 1, 0), (256, 4, 1, W), (257, 4, 1, H), (258, 3, 1, 16), (259, 3, 1, 1), (262, 3, 1, 32803),
            (271, 2, len(strings[0]), offsets[0]), (272, 2, len(strings[1]), offsets[1]), (273, 4, 1, image_at),
            (274, 3, 1, orientation), (277, 3, 1, 1), (278, 4, 1, H), (279, 4, 1, len(data)), (284, 3, 1, 1),
            (306, 2, len(strings[3]), offsets[3]), (33421, 3, 2, 2 | 2 << 16), (33422, 1, 4, bytes([0, 1, 1, 2])),
            (50706, 1, 4, bytes([1, 4, 0, 0])), (50708, 2, len(strings[2]), offsets[2]), (50717, 4, 1, 62000),
            (50728, 5, 3, neutral_at),
        ])
        assert len(entries) == count
        out = bytearray(b'II*\0' + struct.pack('<IH', 8, count))
        for tag, kind, n, value in entries:
            field = value.ljust(4, b'\0') if isinstance(value, bytes) else (
                struct.pack('<HH', value, 0) if kind == 3 and n == 1 else struct.pack('<I', value))
            out += struct.pack('<HHI', tag, kind, n) + field
        out += struct.pack('<I', 0) + extra + data
        open(path, 'wb').write(out)
        """#

    /// The exiv2 command that writes a camera's tags into `name`.
    private static func tags(_ name: String, make: String, model: String, orientation: Int, extra: String = "") -> String {
        "exiv2 -q -M'set Exif.Image.Make \(make)' -M'set Exif.Image.Model \(model)' "
            + "-M'set Exif.Photo.DateTimeOriginal 2023:06:01 12:34:56' -M'set Exif.Image.Orientation Short \(orientation)'\(extra) \(name)"
    }

    /// The average colour (RGB) of the middle half of each quadrant of `image`.
    static func quadrants(of image: PixelImage) -> [[Int]] {
        let pixels = image.rgbaBytes
        let width = image.width
        let height = image.height
        return [(0, 0), (1, 0), (0, 1), (1, 1)].map { column, row in
            var sums = [0, 0, 0]
            var count = 0
            for y in (height * (4 * row + 1) / 8)..<(height * (4 * row + 3) / 8) {
                for x in (width * (4 * column + 1) / 8)..<(width * (4 * column + 3) / 8) {
                    for channel in 0..<3 { sums[channel] += Int(pixels[(y * width + x) * 4 + channel]) }
                    count += 1
                }
            }
            return sums.map { $0 / max(count, 1) }
        }
    }

    /// Asserts each quadrant of `image` is the reference picture's colour (lossy formats
    /// stray a little).
    static func assertUpright(_ image: PixelImage, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        let found = quadrants(of: image)
        for (index, (colour, expected)) in zip(found, quadrantColours).enumerated() {
            let close = zip(colour, expected).allSatisfy { abs($0 - $1) <= 40 }
            XCTAssertTrue(close, "\(name): quadrant \(index) is \(colour), the JPEG's is \(expected)", file: file, line: line)
        }
    }
}
