import Foundation
import LightboxMedia

/// An iPhone's Live Photo is two files of one name in one folder: the still (`IMG_1.HEIC` or
/// `.JPG`) and the seconds of motion around it (`IMG_1.MOV`), both carrying one content
/// identifier. They are one item: the still is the photo (its id, its thumbnail), the MOV its
/// `companion`, not listed on its own; edits, trash and write-back act on both, like a
/// RAW+JPEG pair (`PairedFiles`). Pairs are found by the identifier where both files carry one
/// (renamed files too, in one folder), else by name for a video short enough to be a Live
/// Photo's. A Google or Samsung motion photo is one file (`Photo.Fields.motionLength`).
enum LivePhotos {
    /// The still extensions of a Live Photo, as phones and exports write them.
    static let stillExtensions = ["HEIC", "heic", "JPG", "jpg", "JPEG", "jpeg"]
    /// The video extensions of a Live Photo's motion (MP4: as some exports write it).
    static let motionExtensions = ["MOV", "mov", "MP4", "mp4"]
    /// A Live Photo's motion lasts about three seconds: a longer video of the same name as a
    /// still, and no identifier to say otherwise, is a video of its own.
    static let longestMotion = 6.0

    /// Whether `motion` (a video) is the motion of `still`, by what both files say.
    static func belong(still: Photo, motion: Photo) -> Bool {
        guard still.error == nil, motion.error == nil, isStill(still.id), isMotion(motion.id) else { return false }
        if let stillIdentifier = still.contentIdentifier, let motionIdentifier = motion.contentIdentifier {
            return stillIdentifier == motionIdentifier
        }
        return (motion.duration ?? 0) <= longestMotion
    }

    /// The motion of the still `photo` among the library's photos (`lookup` finds one by path):
    /// the video of its name, else (with the identifier) one in its folder among
    /// `motionsByIdentifier()` (see `motionsByIdentifier(in:)`: asked for only when needed).
    static func motion(
        of photo: Photo, lookup: (String) -> Photo?, motionsByIdentifier: () -> [String: [Photo.ID]]
    ) -> String? {
        guard isStill(photo.id), let stem = stem(photo.id) else { return nil }
        for ext in motionExtensions {
            if let motion = lookup(stem + "." + ext), belong(still: photo, motion: motion) { return motion.id }
        }
        guard let identifier = photo.contentIdentifier else { return nil }
        return motionsByIdentifier()[identifier]?.first { id in
            sameFolder(id, photo.id) && lookup(id).map { belong(still: photo, motion: $0) } == true
        }
    }

    /// The videos of `photos` that may be a Live Photo's motion, by their content identifier:
    /// one pass, so that finding the motions of many stills costs no pass each.
    static func motionsByIdentifier(in photos: [Photo]) -> [String: [Photo.ID]] {
        var result: [String: [Photo.ID]] = [:]
        for photo in photos where isMotion(photo.id) {
            if let identifier = photo.contentIdentifier { result[identifier, default: []].append(photo.id) }
        }
        return result
    }

    /// For each video of `photos` that is a Live Photo's motion, the position of its still and
    /// its own (in `photos`): `motions` are the positions of the videos that may be one (all of
    /// them when nil), `taken` are the stills paired already.
    static func pairs(in photos: [Photo], motions: [Int]? = nil, taken: Set<String> = []) -> [(still: Int, motion: Int)] {
        // Where each photo is, for the stills of the videos (only a library with videos gets here).
        var position: [String: Int] = [:]
        position.reserveCapacity(photos.count)
        for index in photos.indices { position[photos[index].id] = index }
        var result: [(still: Int, motion: Int)] = []
        var stillsTaken = taken
        var byIdentifier: [String: Int]?
        for motion in motions ?? Array(photos.indices) where isMotion(photos[motion].id) && photos[motion].error == nil {
            let video = photos[motion]
            // The still of its name, else (renamed) the one of its identifier in its folder.
            var candidates = stem(video.id).map { stem in stillExtensions.compactMap { position[stem + "." + $0] } } ?? []
            if let identifier = video.contentIdentifier {
                if byIdentifier == nil {
                    byIdentifier = [:]
                    for index in photos.indices where isStill(photos[index].id) {
                        if let stillIdentifier = photos[index].contentIdentifier { byIdentifier![stillIdentifier] = index }
                    }
                }
                if let still = byIdentifier![identifier], sameFolder(photos[still].id, video.id) { candidates.append(still) }
            }
            let still = candidates.first { !stillsTaken.contains(photos[$0].id) && belong(still: photos[$0], motion: video) }
            guard let still else { continue }
            stillsTaken.insert(photos[still].id)
            result.append((still, motion))
        }
        return result
    }

    static func isStill(_ path: String) -> Bool { hasExtension(path, stillExtensions) }
    static func isMotion(_ path: String) -> Bool { PairedFiles.role(of: path) == .motion }

    private static func hasExtension(_ path: String, _ extensions: [String]) -> Bool {
        guard let dot = path.utf8.lastIndex(of: UInt8(ascii: ".")) else { return false }
        let ext = path[path.index(after: dot)...]
        return extensions.contains { $0 == ext }
    }

    private static func stem(_ path: String) -> String? {
        path.utf8.lastIndex(of: UInt8(ascii: ".")).map { String(path[..<$0]) }
    }

    private static func sameFolder(_ a: String, _ b: String) -> Bool {
        (a as NSString).deletingLastPathComponent == (b as NSString).deletingLastPathComponent
    }
}
