import Foundation

/// A video's facts written for the locale.
extension FormattingLocale {
    /// A length as a player's clock shows it: "0:07", "12:34", "1:02:03" (to the nearest
    /// second; a clip shorter than half a second is "0:01", not nothing).
    public func duration(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0 else { return tr("unknown") }
        let whole = max(seconds > 0 ? 1 : 0, Int(seconds.rounded()))
        let (hours, minutes, rest) = (whole / 3600, whole / 60 % 60, whole % 60)
        return hours > 0 ? String(format: "%d:%02d:%02d", hours, minutes, rest) : String(format: "%d:%02d", minutes, rest)
    }

    /// A frame rate as "29.97 fps", "30 fps".
    public func frameRate(_ perSecond: Double) -> String {
        guard perSecond.isFinite else { return tr("unknown") }
        let shown =
            isPlainEnglish
            ? String(format: "%.2f", perSecond).replacingOccurrences(of: #"\.?0+$"#, with: "", options: .regularExpression)
            : perSecond.formatted(.number.locale(locale).grouping(.never).precision(.fractionLength(0...2)))
        // Translators: a video's frames per second, "29.97 fps"; %@ is the number.
        return String(format: tr("%@ fps"), shown)
    }

    /// A codec as people know it from FFmpeg's short name: "h264" is "H.264".
    public static func codecName(_ codec: String) -> String {
        switch codec {
        case "h264": "H.264"
        case "hevc": "HEVC (H.265)"
        case "av1": "AV1"
        case "vp8": "VP8"
        case "vp9": "VP9"
        case "mpeg4": "MPEG-4"
        case "mpeg2video": "MPEG-2"
        case "mjpeg": "Motion JPEG"
        case "prores": "ProRes"
        default: codec.uppercased()
        }
    }
}
