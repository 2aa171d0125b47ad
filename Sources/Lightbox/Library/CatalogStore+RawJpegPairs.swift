import Foundation

extension CatalogStore {
    /// `ids` followed by the JPEG companions of the RAW files among them (see `RawJpegPairs`):
    /// what an edit or the trash acts on when the person acts on a RAW+JPEG photo.
    func withCompanions(_ ids: [Photo.ID]) -> [Photo.ID] {
        var result = ids
        for id in ids {
            guard let index = allIndex[id], allPhotos[index].error == nil,
                let jpeg = RawJpegPairs.companion(of: id, exists: { allIndex[$0] != nil })
            else { continue }
            result.append(jpeg)
        }
        return result
    }
}
