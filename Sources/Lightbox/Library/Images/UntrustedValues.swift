import Foundation
import LightboxMedia

/// Every value read from a photo file is untrusted: a camera, an editor or a fuzzer may
/// write anything. Each field is checked once, where it is read (`Photo.validated()`),
/// and a value that can't be right (not finite, negative, zero where zero means
/// nothing, absurdly large, out of range) becomes unknown, so no formatter, sort or
/// listing downstream ever meets it.
enum UntrustedValues {
    /// Longest text kept from a tag (make, model, lens), in characters.
    static let maxTextLength = 200
    /// Longest caption kept, in characters.
    static let maxParagraphsLength = 2_000

    /// `value` when finite and inside `range`, else unknown.
    static func number(_ value: Double?, in range: ClosedRange<Double>) -> Double? {
        guard let value, value.isFinite, range.contains(value) else { return nil }
        return value
    }

    static func number(_ value: Int?, in range: ClosedRange<Int>) -> Int? {
        guard let value, range.contains(value) else { return nil }
        return value
    }

    /// Printable text: control characters dropped, surrounding space trimmed, at most
    /// `maxTextLength` characters; nil when nothing is left. (Invalid UTF-8 never gets
    /// this far: C strings are decoded with U+FFFD in its place.)
    static func text(_ value: String?) -> String? {
        guard let value else { return nil }
        // Most of what cameras write is printable ASCII: its characters are its bytes.
        var utf8 = value.utf8[...]
        if utf8.allSatisfy({ (0x20...0x7E).contains($0) }) {
            while utf8.first == 0x20 { utf8 = utf8.dropFirst() }
            while utf8.last == 0x20 { utf8 = utf8.dropLast() }
            guard !utf8.isEmpty else { return nil }
            // Text trimmed of nothing is returned as it is (no copy: every photo read passes here).
            if utf8.count <= maxTextLength { return utf8.count == value.utf8.count ? value : String(decoding: utf8, as: UTF8.self) }
        }
        return printable(value, keepingLineBreaks: false, maxLength: maxTextLength)
    }

    /// Text of several lines (a caption): as `text`, its line breaks kept, at most
    /// `maxParagraphsLength` characters.
    static func paragraphs(_ value: String?) -> String? {
        value.flatMap { printable($0, keepingLineBreaks: true, maxLength: maxParagraphsLength) }
    }

    /// `value` without control and format characters (line breaks kept when asked),
    /// trimmed, cut to `maxLength` characters with an ellipsis; nil when nothing is left.
    private static func printable(_ value: String, keepingLineBreaks: Bool, maxLength: Int) -> String? {
        var scalars = String.UnicodeScalarView()
        for scalar in value.unicodeScalars.prefix(maxLength * 4)
        where (keepingLineBreaks && scalar == "\n")
            || (scalar.properties.generalCategory != .control && scalar.properties.generalCategory != .format)
        {
            scalars.append(scalar)
        }
        var text = String(scalars).trimmingCharacters(in: .whitespacesAndNewlines)
        if text.count > maxLength { text = String(text.prefix(maxLength - 1)) + "…" }
        return text.isEmpty ? nil : text
    }

    /// A `yyyy-MM-ddTHH:mm:ss` date whose parts are a real calendar date and time.
    static func timestamp(_ value: String?) -> String? {
        guard let value else { return nil }
        let bytes = Array(value.utf8)
        guard bytes.count == 19, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":")
        else { return nil }
        func part(_ start: Int, _ length: Int) -> Int? {
            var result = 0
            for byte in bytes[start..<start + length] {
                guard (48...57).contains(byte) else { return nil }
                result = result * 10 + Int(byte - 48)
            }
            return result
        }
        guard let year = part(0, 4), (1800...2200).contains(year),
            let month = part(5, 2), (1...12).contains(month),
            let day = part(8, 2), (1...daysIn(month, of: year)).contains(day),
            let hour = part(11, 2), hour < 24, let minute = part(14, 2), minute < 60,
            let second = part(17, 2), second <= 60
        else { return nil }
        return value
    }

    /// A time zone offset as EXIF writes it, `+HH:MM` or `-HH:MM` within ±14 hours; nil otherwise.
    static func timeZoneOffset(_ value: String?) -> String? {
        guard let value, let minutes = TimeZoneOffset.minutes(value) else { return nil }
        return TimeZoneOffset.text(minutes)
    }

    private static func daysIn(_ month: Int, of year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// An exposure time as shown to people ("1/250", "2.5"): between a millionth of a
    /// second and a day, from a positive fraction.
    static func exposure(numerator: Int, denominator: Int) -> String? {
        guard numerator > 0, denominator > 0 else { return nil }
        let seconds = Double(numerator) / Double(denominator)
        guard (0.000_001...86_400).contains(seconds) else { return nil }
        if numerator >= denominator {
            return seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.1f", seconds)
        }
        return "1/\(Int((1 / seconds).rounded()))"
    }
}

extension UntrustedValues {
    /// EXIF's fraction of a second: 1 to 9 digits (spaces around them dropped), else unknown.
    static func subsecond(_ text: String?) -> String? {
        guard let digits = text?.trimmingCharacters(in: .whitespaces), (1...9).contains(digits.utf8.count),
            digits.utf8.allSatisfy({ (48...57).contains($0) })
        else { return nil }
        return digits
    }
}

extension Photo {
    /// The largest side Lightbox believes; larger values mean the header is broken.
    static let maxSide = 1_000_000

    /// This photo with every value that can't be right made unknown (see `UntrustedValues`).
    public func validated() -> Photo { Photo(fields.validated()) }
}

extension Photo.Fields {
    /// These fields with every value that can't be right made unknown (see `UntrustedValues`).
    func validated() -> Photo.Fields {
        var photo = self
        photo.fileSize = max(0, fileSize)
        photo.modified = modified.isFinite ? modified : 0
        photo.fileTaken = UntrustedValues.timestamp(fileTaken)
        if photo.fileTaken == nil { photo.fileTakenSource = nil }
        photo.fileTakenOffset = UntrustedValues.timeZoneOffset(fileTakenOffset)
        photo.fileTakenSubsecond = UntrustedValues.subsecond(fileTakenSubsecond)
        photo.make = UntrustedValues.text(make)
        photo.model = UntrustedValues.text(model)
        photo.lens = UntrustedValues.text(lens)
        photo.exposure = UntrustedValues.text(exposure)
        photo.aperture = UntrustedValues.number(aperture, in: 0.5...1024)
        photo.iso = UntrustedValues.number(iso, in: 1...10_000_000)
        photo.focalLength = UntrustedValues.number(focalLength, in: 0.1...10_000)
        if !(0...Photo.maxSide).contains(width) || !(0...Photo.maxSide).contains(height) {
            photo.width = 0
            photo.height = 0
            // Translators: why a photo can't be shown; %1$d × %2$d is the size the file claims, in pixels.
            photo.error = photo.error ?? String(format: tr("the image size in the file can't be right (%1$d×%2$d)"), width, height)
        }
        photo.fileOrientation = (1...8).contains(fileOrientation) ? fileOrientation : 1
        photo.fileLatitude = UntrustedValues.number(fileLatitude, in: -90...90)
        photo.fileLongitude = UntrustedValues.number(fileLongitude, in: -180...180)
        if photo.fileLatitude == nil || photo.fileLongitude == nil {
            photo.fileLatitude = nil
            photo.fileLongitude = nil
        }
        photo.fileAltitude = photo.fileLatitude == nil ? nil : UntrustedValues.number(fileAltitude, in: -12_000...1_000_000)
        photo.rating = min(max(rating, 0), 5)
        photo.title = UntrustedValues.text(title)
        photo.caption = UntrustedValues.paragraphs(caption)
        return photo
    }
}
