import Foundation
import Gtk

/// What ties a still photo to the motion a phone recorded with it: the content identifier an
/// iPhone writes into a Live Photo's still and its MOV alike, and the video a Google or
/// Samsung motion photo carries at the end of its JPEG.
public enum MotionTags {
    /// The content identifier in an Apple maker note ("Apple iOS\0", a version, "MM", then a
    /// big-endian IFD whose offsets count from the note's start): tag 0x0011, a UUID. Nil for
    /// any other note, or one cut short. Exiv2 0.27 does not decode Apple's notes.
    static func appleContentIdentifier(makerNote note: [UInt8]) -> String? {
        let header = Array("Apple iOS".utf8) + [0]
        guard note.count > 16, note.starts(with: header), note[12] == 0x4D, note[13] == 0x4D else { return nil }
        func number(_ at: Int, _ width: Int) -> Int? {
            guard at >= 0, at + width <= note.count else { return nil }
            return note[at..<at + width].reduce(0) { $0 << 8 | Int($1) }
        }
        guard let count = number(14, 2), count <= 256 else { return nil }
        for entry in 0..<count {
            let at = 16 + entry * 12
            guard let tag = number(at, 2), let type = number(at + 2, 2), let length = number(at + 4, 4) else { return nil }
            guard tag == 0x0011, type == 2, (2...128).contains(length) else { continue }
            // An ASCII value over four bytes lives at the offset the entry gives.
            guard let start = length <= 4 ? at + 8 : number(at + 8, 4), start + length <= note.count else { return nil }
            let text = String(decoding: note[start..<start + length].prefix { $0 != 0 }, as: UTF8.self)
            return text.isEmpty || !text.allSatisfy({ $0.isASCII && ($0.isHexDigit || $0 == "-") }) ? nil : text
        }
        return nil
    }

    /// How many bytes at the end of a motion photo are its video, as its XMP says: Google's
    /// container directory (the items from the one of semantic "MotionPhoto" to the last, with
    /// the padding after each but the last), else the older `GCamera:MicroVideoOffset`. Nil when
    /// the XMP names no video.
    static func motionVideoLength(_ file: MetadataFile) -> Int64? {
        // Google's camera namespace, looked for in the packet's bytes: a tag lookup parses its
        // key, and an XMP key of a namespace the file doesn't use throws inside Exiv2.
        guard file.xmpMentions("http://ns.google.com/photos/1.0/camera/") else { return nil }
        var items: [(length: Int64, padding: Int64)] = []
        var motionItem: Int?
        for item in 1...16 {
            let prefix = "Xmp.Container.Directory[\(item)]/Container:Item/Item:"
            guard let semantic = file.string(prefix + "Semantic") else { break }
            if semantic == "MotionPhoto" { motionItem = items.count }
            let number = { (name: String) in file.string(prefix + name).flatMap { Int64($0) }.map { max($0, 0) } ?? 0 }
            items.append((number("Length"), number("Padding")))
        }
        if let motionItem, motionItem > 0 {
            let tail = items[motionItem...]
            let length = tail.reduce(0) { $0 &+ $1.length } &+ tail.dropLast().reduce(0) { $0 &+ $1.padding }
            return length > 0 ? length : nil
        }
        let flagged = file.string("Xmp.GCamera.MotionPhoto") == "1" || file.string("Xmp.GCamera.MicroVideo") == "1"
        guard flagged, let offset = file.string("Xmp.GCamera.MicroVideoOffset").flatMap({ Int64($0) }), offset > 0 else { return nil }
        return offset
    }
}

extension MotionTags {
    /// Whether the last `length` bytes of the file at `path` (of `size` bytes) start an MP4 or
    /// QuickTime video (an `ftyp` box), as a motion photo's XMP says they do.
    public static func hasVideo(path: String, size: Int64, length: Int64) -> Bool {
        guard length >= 16, length < size else { return false }
        let descriptor = open(PathBytes.c(path), O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var head = [UInt8](repeating: 0, count: 8)
        guard pread(descriptor, &head, 8, off_t(size - length)) == 8 else { return false }
        return head[4...] == Array("ftyp".utf8)[...]
    }
}
