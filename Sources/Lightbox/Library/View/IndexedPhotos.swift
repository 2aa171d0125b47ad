import Foundation

/// Photos without duplicate ids, and where each is: made off the main thread for a
/// whole catalog read (hashing 100,000 paths takes tens of milliseconds).
struct IndexedPhotos: Sendable {
    private(set) var photos: [Photo]
    let index: [Photo.ID: Int]

    /// With this metadata instead of the one read.
    func with(_ metadata: [Photo.ID: PhotoMetadata]) -> IndexedPhotos {
        var library = self
        for (id, values) in metadata {
            if let position = index[id] { library.photos[position].metadata = values }
        }
        return library
    }

    init(_ photos: [Photo]) {
        self.photos = photos.uniqueByID()
        index = Self.index(of: self.photos)
    }

    static func index(of photos: [Photo]) -> [Photo.ID: Int] {
        var index: [Photo.ID: Int] = [:]
        index.reserveCapacity(photos.count)
        for (position, photo) in photos.enumerated() { index[photo.id] = position }
        return index
    }
}
