import Foundation
import Gtk
import LightboxMedia

/// Reads one photo file into a `Photo`: gexiv2 for the metadata, gdk-pixbuf's
/// header sniffing for formats Exiv2 doesn't know. Never throws: a file that can't
/// be read becomes a `Photo` with an `error`.
enum PhotoReader {
    /// Larger images are listed with an error rather than decoded (decompression bombs).
    static let maxPixels = 250_000_000

    /// Reads the file at `path`, with its content's fingerprint (`FileIdentity`) unless not
    /// `fingerprinting`, and its XMP sidecar's tags unless not `lookingForSidecar` (its folder holds no `.xmp` file).
    static func read(path: String, stamp: FileStamp, fingerprinting: Bool = true, lookingForSidecar: Bool = true) -> Photo {
        var photo = Photo(path: path, fileSize: stamp.size, modified: stamp.modified)
        guard stamp.size > 0 else {
            // Translators: why a photo can't be shown, in its row (this and the next: lower case, no full stop).
            photo.error = tr("empty file (0 bytes)")
            return photo
        }
        let descriptor = open(PathBytes.c(path), O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            // Translators: %@ is the system's reason ("Permission denied").
            photo.error = vanished(path) ?? String(format: tr("can't open the file: %@"), describe(errno))
            return photo
        }
        let ext = ImageFamily.fileExtension(of: path)
        let isJPEG = ext == "jpg" || ext == "jpeg" || ext == "jpe"
        let ends = FileEnds(descriptor: descriptor, size: stamp.size, headLimit: isJPEG ? FileEnds.jpegHeadSize : FileEnds.sampleSize)
        close(descriptor)
        // A JPEG whose last bytes hold no end-of-image marker was cut short.
        var truncated = isJPEG && ends?.hasJPEGEnd != true
        // The device and inode are the caller's (it has the file's status).
        if fingerprinting { photo.identity = FileIdentity(device: 0, inode: 0, fingerprint: ends?.fingerprint) }
        let family = ImageFamily(path: path)
        if family != .pixbuf {
            let error =
                switch family {
                case .raw: readRAW(path: path, into: &photo, lookingForSidecar: lookingForSidecar)
                case .heif: readHEIF(path: path, into: &photo, lookingForSidecar: lookingForSidecar)
                case .video: readVideo(path: path, into: &photo, lookingForSidecar: lookingForSidecar)
                default: readJPEGXL(path: path, into: &photo, lookingForSidecar: lookingForSidecar)
                }
            if let error {
                photo.error = vanished(path) ?? error
                return photo
            }
        } else {
            do {
                let metadata = try ImageMetadataReader.read(
                    path: path, startingWith: isJPEG ? ends : nil, lookingForSidecar: lookingForSidecar)
                photo.apply(metadata)
                let sides = 1...Photo.maxSide
                if !sides.contains(photo.width) || !sides.contains(photo.height), let info = try? ImageFileInfo.read(path: path) {
                    photo.width = info.width
                    photo.height = info.height
                }
            } catch {
                // Exiv2 doesn't read every format gdk-pixbuf does (and gives up on broken EXIF).
                guard let info = try? ImageFileInfo.read(path: path) else {
                    // Translators: %@ is the decoder's reason.
                    photo.error = vanished(path) ?? String(format: tr("not a readable image: %@"), error.message)
                    return photo
                }
                photo.width = info.width
                photo.height = info.height
                if info.format == "jpeg" || info.format == "png" || info.format == "tiff" {
                    // Translators: %@ is Exiv2's reason.
                    photo.error = String(format: tr("the metadata can't be read: %@"), error.message)
                }
            }
        }
        if let length = photo.motionLength, !MotionTags.hasVideo(path: path, size: stamp.size, length: length) {
            photo.motionLength = nil
        }
        // A motion photo's JPEG ends where its video starts, not at the file's end.
        if photo.motionLength != nil { truncated = false }
        photo = photo.validated()
        if photo.fileTaken == nil {
            photo.fileTaken = localTimestamp(stamp.modified)
            photo.fileTakenSource = .fileModified
        }
        if photo.width * photo.height > maxPixels {
            // Translators: %1$d × %2$d is the image's size in pixels.
            photo.error = String(format: tr("image too large (%1$d×%2$d pixels)"), photo.width, photo.height)
        } else if photo.error == nil, truncated {
            photo.error = tr("truncated JPEG (the file ends before the image does)")
        }
        return photo
    }

    /// Reads a file a worker was asked for (or that one would have been, had one started).
    static func read(_ file: WorkerRequest.File, fingerprinting: Bool = true) -> Photo {
        read(path: file.path, stamp: file.stamp, fingerprinting: fingerprinting, lookingForSidecar: file.lookingForSidecar)
    }

    /// Reads a camera RAW file's metadata, checking by its content that it is one; its size
    /// falls back to its largest preview's. Returns why the file can't be shown, or nil.
    static func readRAW(path: String, into photo: inout Photo, lookingForSidecar: Bool = true) -> String? {
        let format = (path as NSString).pathExtension.uppercased()
        let metadata: ImageMetadata
        do {
            metadata = try ImageMetadataReader.read(path: path, lookingForSidecar: lookingForSidecar)
        } catch {
            if RawSignature.isSigmaX3F(path: path) {
                return tr("Sigma X3F RAW files are not supported: Exiv2 reads neither their metadata nor their preview")
            }
            // Translators: %1$@ is a RAW format ("CR2"), %2$@ Exiv2's reason.
            return String(format: tr("not a readable %1$@ RAW file: %2$@"), format, error.message)
        }
        guard RawSignature.isRawContainer(mimeType: metadata.mimeType) else {
            // Translators: %1$@ is a RAW format ("CR2"), %2$@ the content type found instead ("image/jpeg").
            return String(
                format: tr("not a %1$@ RAW file: its content is %2$@"), format,
                metadata.mimeType.isEmpty ? tr("unknown") : metadata.mimeType)
        }
        photo.apply(metadata)
        let sides = 1...Photo.maxSide
        if !sides.contains(photo.width) || !sides.contains(photo.height),
            let largest = (try? RawPreview.previews(path: path))?.last
        {
            // Stored as the sensor sees it, like the RAW's own size: the orientation turns both.
            photo.width = largest.width
            photo.height = largest.height
        }
        return nil
    }

    /// Reads a HEIF or AVIF file: its size from libheif (as shown: the file's own rotation
    /// boxes are applied by the decoder, the HEIF rule, so the EXIF orientation is not applied
    /// again), its tags from Exiv2 when it reads them. Returns why the file can't be shown, or nil.
    static func readHEIF(path: String, into photo: inout Photo, lookingForSidecar: Bool = true) -> String? {
        let file: HEIFFile
        do {
            file = try HEIFFile(path: path)
        } catch {
            // Translators: %1$@ is a format ("HEIC"), %2$@ libheif's reason.
            return String(format: tr("not a readable %1$@ image: %2$@"), (path as NSString).pathExtension.uppercased(), error.message)
        }
        if let metadata = try? ImageMetadataReader.read(path: path, lookingForSidecar: lookingForSidecar) { photo.apply(metadata) }
        photo.width = file.width
        photo.height = file.height
        photo.fileOrientation = 1
        return nil
    }

    /// A JPEG XL file: its size from its header, its tags from its EXIF and XMP boxes (Exiv2
    /// 0.27 doesn't read the format); upright as libjxl decodes it, whatever its EXIF says.
    static func readJPEGXL(path: String, into photo: inout Photo, lookingForSidecar: Bool = true) -> String? {
        let info: JPEGXLFile.Info
        do {
            info = try JPEGXLFile.info(path: path)
        } catch {
            // Translators: %1$@ is a format ("HEIC"), %2$@ libheif's reason.
            return String(format: tr("not a readable %1$@ image: %2$@"), "JPEG XL", error.message)
        }
        if let metadata = try? ImageMetadataReader.read(
            path: path, exif: info.exif, xmp: info.xmp, mimeType: "image/jxl", lookingForSidecar: lookingForSidecar)
        {
            photo.apply(metadata)
        }
        photo.width = info.width
        photo.height = info.height
        photo.fileOrientation = 1
        return nil
    }

    /// A video: its size as shown, length, codec, date, place and camera from its container
    /// (libavformat, no frame decoded); stars, keywords and texts from its XMP sidecar only
    /// (Lightbox never writes into a video). Returns why the file can't be shown, or nil.
    static func readVideo(path: String, into photo: inout Photo, lookingForSidecar: Bool = true) -> String? {
        let info: VideoFile.Info
        do {
            info = try VideoFile.info(path: path)
        } catch {
            return error.message
        }
        photo.width = info.width
        photo.height = info.height
        photo.video = VideoTrack(
            duration: info.duration, codec: info.codec, frameRate: info.frameRate, contentIdentifier: info.contentIdentifier)
        if let taken = info.taken {
            photo.fileTaken = taken.local
            photo.fileTakenOffset = taken.offset
            photo.fileTakenSource = .videoCreated
        }
        if let place = info.location {
            (photo.fileLatitude, photo.fileLongitude, photo.fileAltitude) = (place.latitude, place.longitude, place.altitude)
        }
        (photo.make, photo.model) = (info.make, info.model)
        if lookingForSidecar, ImageMetadataReader.sidecarPath(for: path) != nil,
            let sidecar = try? ImageMetadataReader.read(path: path, exif: nil, xmp: nil, mimeType: "video/mp4")
        {
            (photo.rating, photo.isRejected, photo.keywords) = (sidecar.rating ?? 0, sidecar.isRejected, sidecar.keywords)
            (photo.title, photo.caption) = (sidecar.title, sidecar.caption)
        }
        return nil
    }

    static func vanished(_ path: String) -> String? {
        access(PathBytes.c(path), F_OK) == 0 ? nil : tr("the file was deleted during the scan")
    }

    static func describe(_ code: Int32) -> String { String(cString: strerror(code)) }

    /// Seconds since 1970 as a local `yyyy-MM-ddTHH:mm:ss`.
    static func localTimestamp(_ seconds: Double) -> String {
        var time = time_t(seconds.rounded(.down))
        var parts = tm()
        localtime_r(&time, &parts)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d", parts.tm_year + 1900, parts.tm_mon + 1,
            parts.tm_mday, parts.tm_hour, parts.tm_min, parts.tm_sec)
    }

    /// An EXIF date (`yyyy:MM:dd HH:mm:ss`) as `yyyy-MM-ddTHH:mm:ss`; nil when malformed or zero.
    static func isoTimestamp(exif: String?) -> String? {
        guard let exif else { return nil }
        let digits = Array(exif.utf8.prefix(19))
        guard digits.count == 19 else { return nil }
        let numeric = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18]
        guard numeric.allSatisfy({ (48...57).contains(digits[$0]) }) else { return nil }
        var result = digits
        result[4] = UInt8(ascii: "-")
        result[7] = UInt8(ascii: "-")
        result[10] = UInt8(ascii: "T")
        let text = String(decoding: result, as: UTF8.self)
        return text.hasPrefix("0000") ? nil : text
    }
}

extension Photo {
    mutating func apply(_ metadata: ImageMetadata) { fields.apply(metadata) }
}

extension Photo.Fields {
    /// Where each field comes from in the file.
    mutating func apply(_ metadata: ImageMetadata) {
        if let original = PhotoReader.isoTimestamp(exif: metadata.dateTimeOriginal) {
            fileTaken = original
            fileTakenSource = .dateTimeOriginal
            fileTakenOffset = metadata.offsetTimeOriginal
            fileTakenSubsecond = metadata.subsecondTimeOriginal
        } else if let written = PhotoReader.isoTimestamp(exif: metadata.dateTime) {
            fileTaken = written
            fileTakenSource = .dateTime
        }
        make = metadata.make
        model = metadata.model
        lens = metadata.lens
        exposure = metadata.exposureTime.flatMap {
            UntrustedValues.exposure(numerator: $0.numerator, denominator: $0.denominator)
        }
        aperture = metadata.fNumber
        iso = metadata.iso
        focalLength = metadata.focalLength
        width = metadata.pixelWidth
        height = metadata.pixelHeight
        fileOrientation = metadata.orientation
        fileLatitude = metadata.latitude
        fileLongitude = metadata.longitude
        fileAltitude = metadata.altitude
        rating = metadata.rating ?? 0
        isRejected = metadata.isRejected
        keywords = metadata.keywords
        title = metadata.title
        caption = metadata.caption
        contentIdentifier = metadata.contentIdentifier
        motionLength = metadata.motionVideoLength
    }
}
