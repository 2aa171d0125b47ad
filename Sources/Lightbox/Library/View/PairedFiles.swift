import LightboxMedia

/// The files a library lists as one photo: a RAW file and its JPEG (`RawJpegPairs`), a Live
/// Photo's still and its motion (`LivePhotos`). Each file keeps its own catalog row (so scans
/// and live changes treat each file as usual); the pairs are worked out where a list is made.
enum PairedFiles {
    /// What a file may be in a pair, by its extension.
    enum Role {
        case raw, motion, other
    }

    /// `photos` with each pair as one: the RAW or the still with its `companion` set, the
    /// JPEG or the motion left out. Costs one pass over the names when the library holds
    /// neither a RAW file nor a video.
    static func paired(_ photos: [Photo]) -> [Photo] {
        guard mayPair(photos) else { return photos }
        let paths = Set(photos.lazy.map(\.id))
        var companions: Set<String> = []
        var motions: [Int] = []
        var result = photos
        // One look at each name's extension: this runs over every photo of the library.
        for index in result.indices where result[index].error == nil {
            switch role(of: result[index].id) {
            case .raw:
                guard let jpeg = RawJpegPairs.companion(of: result[index].path, exists: paths.contains) else { continue }
                result[index].companion = jpeg
                companions.insert(jpeg)
            case .motion: motions.append(index)
            case .other: continue
            }
        }
        // A library of photos only hashes no path twice.
        if !motions.isEmpty {
            for (still, motion) in LivePhotos.pairs(in: result, motions: motions, taken: companions) {
                result[still].companion = result[motion].id
                companions.insert(result[motion].id)
            }
        }
        guard !companions.isEmpty else { return photos }
        result.removeAll { companions.contains($0.path) }
        return result
    }

    /// Whether any of `photos` may be part of a pair: a RAW file or a video (read through
    /// `id`, the path without the key path `path` goes through: this too runs over every
    /// photo of the library).
    static func mayPair(_ photos: [Photo]) -> Bool { photos.contains { role(of: $0.id) != .other } }

    /// What `path` may be in a pair, read from the bytes of its extension: this runs over
    /// every photo of the library each time the list is made, so the extension is packed
    /// into a number instead of a string made for each photo.
    static func role(of path: String) -> Role {
        let bytes = path.utf8
        guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")) else { return .other }
        let ext = bytes[bytes.index(after: dot)...]
        guard (3...4).contains(ext.count) else { return .other }
        let key = key(ext)
        return rawKeys.contains(key) ? .raw : motionKeys.contains(key) ? .motion : .other
    }

    /// The RAW and Live Photo motion extensions as `key`s.
    private static let rawKeys = Set(ImageFamily.rawExtensions.map { key($0.utf8) })
    private static let motionKeys = Set(LivePhotos.motionExtensions.map { key($0.utf8) })

    /// Three or four bytes, lower-cased, in one number (four ASCII bytes never equal three).
    private static func key<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> UInt32 {
        // ORing 0x20 lower-cases ASCII letters and leaves digits as they are.
        bytes.reduce(0) { $0 << 8 | UInt32($1 | 0x20) }
    }
}
