import Foundation
import LightboxMedia

/// Where a Live Photo's motion plays from: its MOV beside the still, or for a motion photo
/// the video at the end of its JPEG, copied out once into the cache (GTK's media file plays
/// files, not a part of one).
enum LiveMotion {
    /// The folder of copied-out motion videos; the oldest beyond `keptCount` are removed.
    static var defaultDirectory: String { FileNames.userCacheDirectory + "/lightbox/motion" }
    static let keptCount = 32

    /// The file `photo`'s motion plays from (copied out into `directory` for a motion photo);
    /// nil when it has none or it can't be copied out.
    static func file(for photo: Photo, directory: String) async -> String? {
        if let companion = photo.companion, LivePhotos.isMotion(companion) { return companion }
        guard let length = photo.motionLength else { return nil }
        let (path, size, modified) = (photo.path, photo.fileSize, photo.modified)
        return await Task.detached(priority: .userInitiated) {
            copyOut(path: path, size: size, modified: modified, length: length, into: directory)
        }.value
    }

    /// Copies the last `length` bytes of the file at `path` into `directory`, under a name made
    /// from the file's path, size and time (a changed file gets a new copy); nil when it can't.
    static func copyOut(path: String, size: Int64, modified: Double, length: Int64, into directory: String) -> String? {
        guard MotionTags.hasVideo(path: path, size: size, length: length) else { return nil }
        var hasher = StableHash()
        hasher.add(path)
        hasher.add("\(size) \(modified)")
        let target = directory + "/" + hasher.hex + ".mp4"
        if let attributes = try? FileManager.default.attributesOfItem(atPath: target), (attributes[.size] as? Int64) == length {
            return target
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            try handle.seek(toOffset: UInt64(size - length))
            guard let data = try handle.read(upToCount: Int(length)), data.count == length else { return nil }
            try data.write(to: URL(fileURLWithPath: target), options: .atomic)
        } catch {
            return nil
        }
        removeOldest(in: directory)
        return target
    }

    private static func removeOldest(in directory: String) {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: directory), names.count > keptCount else { return }
        let dated = names.map { name -> (String, Date) in
            let path = directory + "/" + name
            return (path, (try? manager.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? .distantPast)
        }
        for (path, _) in dated.sorted(by: { $0.1 < $1.1 }).prefix(names.count - keptCount) { try? manager.removeItem(atPath: path) }
    }
}

/// FNV-1a over strings: a name that stays the same from run to run (Swift's `Hasher` does not).
struct StableHash {
    private var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ text: String) {
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value &*= 0x100_0000_01b3
        }
    }

    var hex: String { String(value, radix: 16) }
}
