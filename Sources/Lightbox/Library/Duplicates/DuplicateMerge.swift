import Foundation

/// "Keep one" of a group of duplicates: what the kept photo takes from its copies, and the
/// step that undoes it all (the kept photo's metadata, the albums it joined, the copies
/// moved to the trash).
public struct DuplicateMerge: Sendable {
    public let kept: Photo.ID
    /// The kept photo's stars, reject, keywords, title and caption with its copies'.
    public let edit: MetadataEdit
    /// The albums of its copies it joined.
    public let albums: [AlbumEdit]
    /// The copies, in the trash.
    public let trashed: [TrashedPhoto]
}

extension PhotoMetadata {
    /// `kept`'s metadata with what its copies carried: the highest rating; rejected when a
    /// copy was and none is rated; every keyword once; the first title and caption where
    /// the kept photo has none.
    static func merging(_ kept: PhotoMetadata, with copies: [PhotoMetadata]) -> PhotoMetadata {
        var merged = kept
        let all = [kept] + copies
        merged.rating = all.map(\.rating).max() ?? kept.rating
        merged.isRejected = merged.rating == 0 && all.contains { $0.isRejected }
        for copy in copies {
            for keyword in copy.keywords { merged.add(keyword: keyword) }
            merged.title = merged.title ?? copy.title
            merged.caption = merged.caption ?? copy.caption
        }
        return merged
    }
}
