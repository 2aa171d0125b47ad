import Foundation

/// A time zone as EXIF's `OffsetTime` tags write it: "+09:00", "-05:30".
public enum TimeZoneOffset {
    /// Minutes east of UTC of `text` (`+HH:MM`, `-HH:MM`, within ±14 hours); nil when malformed.
    public static func minutes(_ text: String) -> Int? {
        let bytes = Array(text.utf8)
        guard bytes.count == 6, bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-"), bytes[3] == UInt8(ascii: ":"),
            let hours = Int(String(decoding: bytes[1...2], as: UTF8.self)),
            let minutes = Int(String(decoding: bytes[4...5], as: UTF8.self)), minutes < 60
        else { return nil }
        let total = hours * 60 + minutes
        guard total <= 14 * 60 else { return nil }
        return bytes[0] == UInt8(ascii: "-") ? -total : total
    }

    /// `+HH:MM` for `minutes` east of UTC.
    public static func text(_ minutes: Int) -> String {
        String(format: "%@%02d:%02d", minutes < 0 ? "-" : "+", abs(minutes) / 60, abs(minutes) % 60)
    }
}
