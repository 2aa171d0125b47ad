import CVideoSupport
import Foundation

/// A video file read with FFmpeg's libraries: libavformat reads its container's header (no
/// frame decoded) for its size, length, codec and tags; libavcodec decodes the one frame its
/// thumbnail shows. Only in the worker processes: a hostile file costs one worker, not the app.
public enum VideoFile {
    public struct Info: Sendable, Equatable {
        /// The size as shown (the stream's rotation applied).
        public var width: Int
        public var height: Int
        /// Seconds; nil when the container does not say.
        public var duration: Double?
        /// Frames per second; nil when unknown.
        public var frameRate: Double?
        /// FFmpeg's short name of the video codec: "h264", "hevc", "vp9", "av1".
        public var codec: String
        public var hasAudio: Bool
        /// The container's and the video stream's tags (the container's win), keys in lower case.
        public var tags: [String: String]
    }

    /// The extensions of the videos the library lists (upper or lower case).
    public static let extensions: Set<String> = ["mp4", "mov", "m4v", "3gp", "mkv", "webm", "avi", "mts", "m2ts"]

    public static func info(path: String) throws(MediaError) -> Info {
        var info = lbx_video_info()
        var tagLines = [CChar](repeating: 0, count: 8192)
        var detail = [CChar](repeating: 0, count: 256)
        let status = lbx_video_read(path, &info, &tagLines, tagLines.count, &detail, detail.count)
        guard status == LBX_VIDEO_OK else { throw error(status, detail: detail) }
        let turned = info.rotation == 90 || info.rotation == 270
        let tags = Self.tags(String(decoding: tagLines.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        let codec = withUnsafeBytes(of: info.codec) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return Info(
            width: Int(turned ? info.height : info.width), height: Int(turned ? info.width : info.height),
            duration: info.duration >= 0 && info.duration.isFinite ? info.duration : nil,
            frameRate: info.frame_rate > 0 && info.frame_rate.isFinite ? info.frame_rate : nil,
            codec: codec, hasAudio: info.has_audio != 0, tags: tags)
    }

    /// A frame that shows what the video is (about a third in, or another where that one is a
    /// flat colour), scaled down to fit `size`×`size` and turned upright.
    public static func frame(path: String, fitting size: Int, maxPixels: Int) throws(MediaError) -> PixelImage {
        var frame: OpaquePointer?
        var detail = [CChar](repeating: 0, count: 256)
        let status = lbx_video_frame(path, Int32(clamping: size), Int64(maxPixels), &frame, &detail, detail.count)
        guard status == LBX_VIDEO_OK, let frame else { throw error(status, detail: detail) }
        return PixelImage(adopting: frame)
    }

    /// "key\tvalue" lines as a dictionary; the first of a key wins (the container's tags come first).
    static func tags(_ lines: String) -> [String: String] {
        var tags: [String: String] = [:]
        for line in lines.split(separator: "\n") {
            guard let tab = line.firstIndex(of: "\t") else { continue }
            let key = line[..<tab].lowercased()
            if tags[key] == nil { tags[key] = String(line[line.index(after: tab)...]) }
        }
        return tags
    }

    private static func error(_ status: lbx_video_status, detail: [CChar]) -> MediaError {
        let detail = String(decoding: detail.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        switch status {
        case LBX_VIDEO_NO_VIDEO:
            return MediaError(tr("the file holds no video"))
        case LBX_VIDEO_NO_DECODER:
            // Translators: %@ is a video codec's short name ("hevc").
            return MediaError(String(format: tr("no decoder for its video (%@) on this computer"), detail))
        case LBX_VIDEO_UNDECODABLE:
            // Translators: %@ is the decoder's reason ("Invalid data found when processing input").
            return MediaError(String(format: tr("the video could not be decoded: %@"), detail))
        case LBX_VIDEO_TOO_LARGE:
            return MediaError(tr("video frames too large to decode"))
        case LBX_VIDEO_NO_MEMORY:
            return MediaError(tr("not enough memory to decode the video"))
        case LBX_VIDEO_NO_LIBRARY:
            // Translators: %@ is the system's reason ("libavformat.so.59: cannot open shared object file").
            return MediaError(String(format: tr("videos can’t be read: FFmpeg’s libraries are missing (%@)"), detail))
        default:
            // Translators: %@ is the reader's reason ("Invalid data found when processing input").
            return MediaError(String(format: tr("not a readable video: %@"), detail))
        }
    }
}

extension VideoFile.Info {
    /// When it was filmed, as a local `yyyy-MM-ddTHH:mm:ss` and its time zone ("+02:00"):
    /// Apple's creation date as the phone wrote it (local, with its zone); else the container's
    /// creation time (UTC, as QuickTime and Matroska keep it) in this computer's time zone.
    public var taken: (local: String, offset: String)? {
        if let apple = tags["com.apple.quicktime.creationdate"], let taken = Self.zoned(apple) { return taken }
        guard let created = tags["creation_time"], let utc = Self.zoned(created), utc.offset == "+00:00",
            let seconds = Self.seconds(utcLocal: utc.local)
        else { return nil }
        return Self.local(seconds)
    }

    /// Where it was filmed: Apple's ISO 6709 location, else the `©xyz` one Android phones write.
    public var location: (latitude: Double, longitude: Double, altitude: Double?)? {
        for key in ["com.apple.quicktime.location.iso6709", "location", "location-eng"] {
            if let text = tags[key], let place = Self.iso6709(text) { return place }
        }
        return nil
    }

    /// The content identifier an iPhone writes into a Live Photo's MOV and its still alike.
    public var contentIdentifier: String? { Self.text(tags["com.apple.quicktime.content.identifier"]) }

    public var make: String? { Self.text(tags["com.apple.quicktime.make"] ?? tags["make"] ?? tags["com.android.manufacturer"]) }
    public var model: String? { Self.text(tags["com.apple.quicktime.model"] ?? tags["model"] ?? tags["com.android.model"]) }

    private static func text(_ value: String?) -> String? {
        guard let trimmed = value?.trimmingCharacters(in: .whitespaces), !trimmed.isEmpty else { return nil }
        return String(trimmed.prefix(200))
    }

    /// "2023-06-14T18:30:05+0200", "…+02:00", "…05.000000Z": the local part and its zone; nil
    /// for anything else (a date without a zone, a year before 1970: a camera's zero).
    static func zoned(_ text: String) -> (local: String, offset: String)? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20 else { return nil }
        let digits = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18]
        let separators: [(Int, UInt8)] = [(4, 45), (7, 45), (10, 84), (13, 58), (16, 58)]  // - - T : :
        guard digits.allSatisfy({ (48...57).contains(bytes[$0]) }), separators.allSatisfy({ bytes[$0.0] == $0.1 }) else { return nil }
        let local = String(decoding: bytes[0..<19], as: UTF8.self)
        guard local >= "1970" else { return nil }
        var rest = bytes[19...]
        if rest.first == UInt8(ascii: ".") { rest = rest.dropFirst().drop(while: { (48...57).contains($0) }) }
        if Array(rest) == [UInt8(ascii: "Z")] { return (local, "+00:00") }
        let zone = Array(rest.filter { $0 != UInt8(ascii: ":") })
        guard zone.count == 5, zone[0] == 43 || zone[0] == 45, zone[1...].allSatisfy({ (48...57).contains($0) }) else { return nil }
        let offset = String(decoding: zone[0..<3], as: UTF8.self) + ":" + String(decoding: zone[3..<5], as: UTF8.self)
        return (local, offset)
    }

    /// Seconds since 1970 of a `yyyy-MM-ddTHH:mm:ss` in UTC.
    static func seconds(utcLocal local: String) -> Int? {
        let parts = local.split { $0 == "-" || $0 == "T" || $0 == ":" }.compactMap { Int32($0) }
        guard parts.count == 6 else { return nil }
        var time = tm()
        (time.tm_year, time.tm_mon, time.tm_mday) = (parts[0] - 1900, parts[1] - 1, parts[2])
        (time.tm_hour, time.tm_min, time.tm_sec) = (parts[3], parts[4], parts[5])
        return Int(timegm(&time))
    }

    /// `seconds` since 1970 in this computer's time zone, and that zone's offset then.
    static func local(_ seconds: Int) -> (local: String, offset: String) {
        var time = time_t(seconds)
        var parts = tm()
        localtime_r(&time, &parts)
        let local = String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday, parts.tm_hour,
            parts.tm_min, parts.tm_sec)
        let minutes = parts.tm_gmtoff / 60
        return (local, String(format: "%@%02d:%02d", minutes < 0 ? "-" : "+", abs(minutes) / 60, abs(minutes) % 60))
    }

    /// An ISO 6709 position in decimal degrees: "+48.8583+002.2945+035.000/"; nil for anything
    /// else (the degrees-and-minutes forms no phone writes) or out of range.
    static func iso6709(_ text: String) -> (latitude: Double, longitude: Double, altitude: Double?)? {
        var numbers: [String] = []
        for character in text.prefix(64) {
            if character == "+" || character == "-" {
                numbers.append(String(character))
            } else if character.isASCII, character.isNumber || character == ".", !numbers.isEmpty {
                numbers[numbers.count - 1].append(character)
            } else if character == "/" {
                break
            } else {
                return nil
            }
        }
        guard (2...3).contains(numbers.count), let latitude = Double(numbers[0]), let longitude = Double(numbers[1]),
            numbers[0].split(separator: ".")[0].count <= 3, numbers[1].split(separator: ".")[0].count <= 4,
            (-90...90).contains(latitude), (-180...180).contains(longitude)
        else { return nil }
        let altitude = numbers.count == 3 ? Double(numbers[2]).flatMap { $0.isFinite ? $0 : nil } : nil
        return (latitude, longitude, altitude)
    }
}
