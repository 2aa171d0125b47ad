import CGtk
import CJxl
import Glibc
import Gtk

/// A JPEG XL file read with libjxl (Debian 12 has no gdk-pixbuf loader for it): its size as
/// shown and its EXIF block from the file's first bytes, and its pixels decoded. libjxl turns
/// the picture as its header says (JPEG XL's rule: an EXIF orientation inside is not applied
/// again), so sizes and pixels are upright.
public enum JPEGXLFile {
    public struct Info: Sendable, Equatable {
        /// The size as shown (turned as the header says).
        public var width: Int
        public var height: Int
        /// The `Exif` box's TIFF block (its offset header skipped), when the file's first bytes hold one.
        public var exif: [UInt8]?
        /// The `xml ` box's XMP packet, when the file's first bytes hold one.
        public var xmp: [UInt8]?
    }

    /// How much of a file's start is read for its size and metadata: the boxes libjxl's
    /// encoder writes come before the picture.
    static let headSize = 1 << 20

    /// The size, EXIF block and XMP packet of the JPEG XL file at `path`, from its first
    /// `headSize` bytes: the boxes before the picture's (Brotli-compressed or not), then its header.
    public static func info(path: String) throws(MediaError) -> Info {
        let (head, isWhole) = try read(path, limit: headSize)
        let decoder = try Decoder(head, events: [JXL_DEC_BASIC_INFO, JXL_DEC_BOX], isWhole: isWhole)
        var shown: Info?
        var boxes: [String: [UInt8]] = [:]
        var box: (type: String, buffer: BoxBuffer)?
        while true {
            let status = JxlDecoderProcessInput(decoder.decoder)
            if let (type, buffer) = box, status != JXL_DEC_BOX_NEED_MORE_OUTPUT {
                boxes[type] = buffer.release(from: decoder.decoder)
                box = nil
            }
            // Both found, or the head read (the boxes may come before, between or after the
            // codestream's parts): what it holds is what a scan looks at.
            let isDone = boxes.count == 2 || status == JXL_DEC_SUCCESS || status == JXL_DEC_NEED_MORE_INPUT
            if isDone, var info = shown {
                info.exif = boxes["Exif"].flatMap(Self.tiffBlock(inExifBox:))
                info.xmp = boxes["xml "]
                return info
            }
            switch status {
            case JXL_DEC_BASIC_INFO:
                shown = try decoder.shownSize()
            case JXL_DEC_BOX:
                var type = [CChar](repeating: 0, count: 4)
                guard JxlDecoderGetBoxType(decoder.decoder, &type, 1) == JXL_DEC_SUCCESS else { continue }
                let name = String(decoding: type.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                guard name == "Exif" || name == "xml ", boxes[name] == nil else { continue }
                let buffer = BoxBuffer()
                guard buffer.attach(to: decoder.decoder) else { continue }
                box = (name, buffer)
            case JXL_DEC_BOX_NEED_MORE_OUTPUT:
                if let (type, buffer) = box, !buffer.grow(in: decoder.decoder) {
                    // Past what a file's metadata can be: not kept.
                    _ = buffer.release(from: decoder.decoder)
                    box = nil
                    boxes[type] = []
                }
            case JXL_DEC_ERROR:
                // Translators: why a JPEG XL file can't be read (after “not a readable JPEG XL image:”).
                throw MediaError(tr("its data is damaged"))
            case JXL_DEC_NEED_MORE_INPUT, JXL_DEC_SUCCESS:
                // Translators: why a JPEG XL file can't be read (after “not a readable JPEG XL image:”).
                throw MediaError(tr("it ends before its header does"))
            default:
                continue
            }
        }
    }

    /// Decodes the JPEG XL file at `path` (its first frame, upright) scaled down (never up)
    /// to fit `size`×`size`; refuses a picture larger than `maxPixels` before decoding it.
    public static func decode(path: String, fitting size: Int, maxPixels: Int) throws(MediaError) -> PixelImage {
        let decoder = try Decoder(try read(path, limit: nil).bytes, events: [JXL_DEC_BASIC_INFO, JXL_DEC_FULL_IMAGE], isWhole: true)
        var image: PixelImage?
        while true {
            switch JxlDecoderProcessInput(decoder.decoder) {
            case JXL_DEC_BASIC_INFO:
                let shown = try decoder.shownSize()
                guard shown.width * shown.height <= maxPixels else {
                    // Translators: %1$d × %2$d is the image's size in pixels.
                    throw MediaError(String(format: tr("image too large to decode (%1$d×%2$d pixels)"), shown.width, shown.height))
                }
            case JXL_DEC_NEED_IMAGE_OUT_BUFFER:
                image = try decoder.attachOutput()
            case JXL_DEC_FULL_IMAGE:
                // An animation shows its first frame.
                guard let image else { throw MediaError(tr("the JPEG XL image is damaged")) }
                return try image.scaled(fitting: size)
            case JXL_DEC_SUCCESS, JXL_DEC_NEED_MORE_INPUT, JXL_DEC_ERROR:
                // Cut short, or no picture in it.
                throw MediaError(tr("the JPEG XL image is damaged"))
            default:
                continue
            }
        }
    }

    /// An `Exif` box holds a 4-byte offset to the TIFF header, then the TIFF block.
    static func tiffBlock(inExifBox box: [UInt8]) -> [UInt8]? {
        guard box.count > 4 else { return nil }
        let offset = Int(box[0]) << 24 | Int(box[1]) << 16 | Int(box[2]) << 8 | Int(box[3])
        guard offset >= 0, offset < box.count - 4 else { return nil }
        return Array(box[(4 + offset)...])
    }

    /// The file's first `limit` bytes (all of them when nil), and whether they are the whole file.
    private static func read(_ path: String, limit: Int?) throws(MediaError) -> (bytes: [UInt8], isWhole: Bool) {
        let descriptor = open(PathBytes.c(path), O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            // Translators: %@ is the system's reason ("Permission denied").
            throw MediaError(String(format: tr("can't open the file: %@"), String(cString: strerror(errno))))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw MediaError(tr("the file could not be read")) }
        let count = min(Int(status.st_size), limit ?? Int.max)
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + done, count - done, off_t(done)) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { break }
            done += got
        }
        return (Array(bytes.prefix(done)), done == Int(status.st_size))
    }

    /// Where libjxl writes a box's content: doubled while it needs more, up to `headSize`.
    private final class BoxBuffer {
        private var bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 4096)
        private var filled = 0

        deinit { bytes.deallocate() }

        func attach(to decoder: OpaquePointer) -> Bool {
            JxlDecoderSetBoxBuffer(decoder, bytes.baseAddress! + filled, bytes.count - filled) == JXL_DEC_SUCCESS
        }

        func grow(in decoder: OpaquePointer) -> Bool {
            filled = bytes.count - Int(JxlDecoderReleaseBoxBuffer(decoder))
            guard bytes.count < headSize else { return false }
            let larger = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count * 2)
            _ = larger.initialize(from: bytes)
            bytes.deallocate()
            bytes = larger
            return attach(to: decoder)
        }

        /// The content written, the buffer handed back.
        func release(from decoder: OpaquePointer) -> [UInt8] {
            let unused = Int(JxlDecoderReleaseBoxBuffer(decoder))
            return Array(bytes.prefix(bytes.count - unused))
        }
    }

    /// A libjxl decoder over bytes held for its life.
    private final class Decoder {
        let decoder: OpaquePointer
        private let input: UnsafeMutableBufferPointer<UInt8>
        private var basic = JxlBasicInfo()

        /// `isWhole`: the bytes are the whole file (a decoder wanting more then says the file is cut short).
        init(_ bytes: [UInt8], events: [JxlDecoderStatus], isWhole: Bool = false) throws(MediaError) {
            guard let decoder = JxlDecoderCreate(nil) else { throw MediaError(tr("libjxl could not make a decoder")) }
            self.decoder = decoder
            input = .allocate(capacity: max(1, bytes.count))
            _ = input.initialize(from: bytes)
            let wanted = events.reduce(0) { $0 | Int32($1.rawValue) }
            guard JxlDecoderSubscribeEvents(decoder, wanted) == JXL_DEC_SUCCESS,
                JxlDecoderSetInput(decoder, input.baseAddress, bytes.count) == JXL_DEC_SUCCESS
            else { throw MediaError(tr("libjxl could not make a decoder")) }
            if isWhole { JxlDecoderCloseInput(decoder) }
            if events.contains(JXL_DEC_BOX) { _ = JxlDecoderSetDecompressBoxes(decoder, 1) }
        }

        deinit {
            JxlDecoderDestroy(decoder)
            input.deallocate()
        }

        /// The picture's size as shown: its header's turns that swap the sides (5…8) applied.
        func shownSize() throws(MediaError) -> Info {
            guard JxlDecoderGetBasicInfo(decoder, &basic) == JXL_DEC_SUCCESS, basic.xsize > 0, basic.ysize > 0 else {
                throw MediaError(tr("the JPEG XL image is damaged"))
            }
            let turned = basic.orientation.rawValue >= JXL_ORIENT_TRANSPOSE.rawValue
            let (width, height) = (Int(basic.xsize), Int(basic.ysize))
            return Info(width: turned ? height : width, height: turned ? width : height, exif: nil)
        }

        /// A pixbuf of the shown size the decoder writes its pixels into, rows as gdk-pixbuf lays them out.
        func attachOutput() throws(MediaError) -> PixelImage {
            let shown = try shownSize()
            let hasAlpha = basic.alpha_bits > 0
            guard let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, hasAlpha ? 1 : 0, 8, gint(shown.width), gint(shown.height)) else {
                throw MediaError(tr("there is not enough memory to decode the image"))
            }
            let image = PixelImage(adopting: pixbuf)
            let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
            var format = JxlPixelFormat(
                num_channels: hasAlpha ? 4 : 3, data_type: JXL_TYPE_UINT8, endianness: JXL_NATIVE_ENDIAN, align: stride)
            var needed = 0
            guard JxlDecoderImageOutBufferSize(decoder, &format, &needed) == JXL_DEC_SUCCESS,
                needed <= Int(gdk_pixbuf_get_byte_length(pixbuf)),
                JxlDecoderSetImageOutBuffer(decoder, &format, gdk_pixbuf_get_pixels(pixbuf), needed) == JXL_DEC_SUCCESS
            else { throw MediaError(tr("the JPEG XL image is damaged")) }
            return image
        }
    }
}
