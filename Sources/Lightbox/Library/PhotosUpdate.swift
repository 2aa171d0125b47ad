import LightboxKit

/// One change of the Store's `photos`, as observers get it: the photos after it, and
/// how they differ from the photos of the update before, so that a list applies just
/// the splices (`PhotoListController.show(_:)`) instead of comparing 100,000 photos
/// on the main thread.
public struct PhotosUpdate: Sendable {
    public enum Change: Sendable {
        /// Start over: the photos have no relation to the ones before (another folder).
        case reset
        /// Turns the photos of the update before into these (computed off the main thread
        /// for large libraries).
        case diff(ListDiff)
        /// Only the photos at these positions changed, in place (a rating).
        case updated([Int])
    }

    /// The open folder's photos after search and sort.
    public let photos: [Photo]
    public let change: Change
    /// Counts the Store's updates: `change` applies to the photos of `version - 1`.
    public let version: Int

    /// The photos this update added or changed; nil when it may be any of them.
    public var changedPhotos: [Photo]? {
        switch change {
        case .reset: nil
        case .updated(let positions): positions.map { photos[$0] }
        case .diff(let diff): (diff.insertions.flatMap { $0 } + diff.updates).map { photos[$0] }
        }
    }
}

/// Which of the open folder's photos changed, whatever the search shows (a rating, a file
/// read again, photos added or removed): what a page showing photos of its own choosing
/// (every photo by a camera, a photo page) follows. It reads the photos again with
/// `CatalogStore.photo(_:)`.
public struct LibraryChange: Sendable {
    /// The photos added, changed or removed; nil when any may have (another folder opened,
    /// the whole catalog read).
    public let ids: Set<Photo.ID>?

    /// Whether the photo with `id` may have changed.
    public func contains(_ id: Photo.ID) -> Bool { ids?.contains(id) ?? true }

    /// Whether any of `photos` may have changed.
    public func touches(_ photos: Set<Photo.ID>) -> Bool { ids.map { !$0.isDisjoint(with: photos) } ?? true }
}

/// What the photo list shows of a folder: search, order, direction. A value, so the
/// Store computes it off the main thread.
struct PhotoViewSpec: Sendable, Equatable {
    var search = ""
    var order = PhotoSort.dateTaken
    /// Smallest first (oldest, A→Z, fewest stars); the default is newest first.
    var ascending = false

    /// Whether a change of a photo's stars, reject or keywords can move it in the list or
    /// take it out (then the Store searches and sorts again).
    var dependsOnMetadata: Bool { order == .rating || !search.isEmpty }

    func photos(from all: [Photo]) -> [Photo] {
        var result = all.matching(search).sorted(by: order)
        let naturallyAscending = order == .name || order == .camera
        if naturallyAscending != ascending { result.reverse() }
        return result
    }
}
