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

/// What the photo list shows of a folder: search, order, direction, and which photos the
/// culling filters hide (rejects, fewer stars). A value, so the Store computes it off the
/// main thread.
struct PhotoViewSpec: Sendable, Equatable {
    var search = ""
    var order = PhotoSort.dateTaken
    /// Smallest first (oldest, A→Z, fewest stars); the default is newest first.
    var ascending = false
    /// Rejected photos are hidden unless this is set.
    var showsRejected = false
    /// Photos with fewer stars are hidden (0…5; 0 hides none).
    var minimumRating = 0
    /// Only this library folder's photos are shown (nil: every folder's).
    var folder: String?
    /// Only this album's photos are shown (nil: every photo).
    var album: AlbumScope?

    /// Whether a photo whose stars, reject or keywords go from `old` to `new` may move in
    /// the list, leave it or enter it, or change what the filters count: then the Store
    /// searches and sorts again (a rating that changes no filter's answer and no order does
    /// not make it search and sort 100,000 photos again).
    ///
    /// A corrected date moves a photo when sorting by date (and regroups months and days,
    /// which follow the order); a date or a place corrected changes what `taken:` and `place:` find.
    func isAffected(from old: PhotoMetadata, to new: PhotoMetadata) -> Bool {
        let dateChanged = old.corrections.taken != new.corrections.taken
        return (order == .rating && old.rating != new.rating)
            || (order == .dateTaken && dateChanged)
            || (!search.isEmpty && (dateChanged || old.corrections.place != new.corrections.place))
            || (!search.isEmpty && (old.keywords != new.keywords || old.title != new.title || old.caption != new.caption))
            || (!search.isEmpty && PhotoSearch(search).asksRatingOrReject && (old.rating != new.rating || old.isRejected != new.isRejected))
            || admits(old) != admits(new) || old.isRejected != new.isRejected
    }

    /// Whether the filters let a photo with `metadata` through (the search aside).
    func admits(_ metadata: PhotoMetadata) -> Bool { admits(rating: metadata.rating, isRejected: metadata.isRejected) }

    func admits(_ photo: Photo) -> Bool { admits(rating: photo.rating, isRejected: photo.isRejected) }

    private func admits(rating: Int, isRejected: Bool) -> Bool {
        (showsRejected || !isRejected) && rating >= minimumRating
    }

    /// The photos shown, and what the filters hid of those the search matched: one pass
    /// over the matches, on the thread that searches and sorts. `index` (where each photo of
    /// `all` is) lets an album's photos be looked up instead of found among all of them;
    /// `pairFree`: `all` is known to hold nothing to pair (`PairedFiles`); `ranks`: where photos
    /// of `all` stand in this order (`ShownOrder`).
    func view(
        of all: [Photo], index: [Photo.ID: Int]? = nil, pairFree: Bool = false, ranks: [Photo.ID: Int]? = nil
    ) -> (photos: [Photo], filters: PhotoFilterSummary) {
        var summary = PhotoFilterSummary(showsRejected: showsRejected, minimumRating: minimumRating)
        let matches = found(in: candidates(all, index: index, pairFree: pairFree), summary: &summary)
        if let ranks, let ranked = Self.sorted(matches, by: ranks) { return (ranked, summary) }
        var result = matches.sorted(by: order)
        let naturallyAscending = order == .name || order == .camera
        if naturallyAscending != ascending { result.reverse() }
        return (result, summary)
    }

    /// `photos` in the order of their `ranks`; nil when one has none. The order of a list
    /// sorted before is that of its photos' places in it: integers compared, not dates and
    /// names (an album of 10,000 sorted by date took tens of milliseconds).
    static func sorted(_ photos: [Photo], by ranks: [Photo.ID: Int]) -> [Photo]? {
        var ranked: [(rank: Int, photo: Photo)] = []
        ranked.reserveCapacity(photos.count)
        for photo in photos {
            guard let rank = ranks[photo.id] else { return nil }
            ranked.append((rank, photo))
        }
        ranked.sort { $0.rank < $1.rank }
        return ranked.map(\.photo)
    }

    /// What a search looks in: the photos of the folder and album shown, a pair of files as one.
    func candidates(_ all: [Photo], index: [Photo.ID: Int]? = nil, pairFree: Bool = false) -> [Photo] {
        let pairFree = pairFree || !PairedFiles.mayPair(all)
        // An album of a library without RAW files or videos pairs nothing: its photos are looked up
        // (at 100,000 photos, hashing every path to ask the album took about 45 ms of CPU;
        // the order does not matter, the sort that follows is total).
        if let album, let index, folder == nil, pairFree, let photos = album.photos(in: all, index: index) {
            return photos
        }
        let inFolder = folder.map { folder in all.filter { LibraryFolderList.contains(folder, $0.path) } } ?? all
        var paired = pairFree ? inFolder : PairedFiles.paired(inFolder)
        if let album { paired.removeAll { !album.contains($0) } }
        return paired
    }

    /// Of `candidates`, those the search finds and the culling filters let through, in their
    /// order; what the filters hid is counted in `summary`.
    func found(in candidates: [Photo], summary: inout PhotoFilterSummary) -> [Photo] {
        var matches = candidates.matching(search)
        matches.removeAll { photo in
            if photo.isRejected {
                if showsRejected {
                    summary.shownRejectedCount += 1
                } else {
                    summary.rejectedCount += 1
                    return true
                }
            }
            if photo.rating < minimumRating {
                summary.belowRatingCount += 1
                return true
            }
            return false
        }
        return matches
    }
}

/// The photos of one album, as a view shows them: its photos when they were last read.
struct AlbumScope: Sendable, Equatable {
    let id: Album.ID
    let photos: Set<Photo.ID>

    /// Whether the album has `photo`, or the other file of its RAW+JPEG pair.
    func contains(_ photo: Photo) -> Bool {
        photos.contains(photo.id) || photo.companion.map(photos.contains) == true
    }

    /// The album's photos among `all` (in no order), found through `index`; nil when the
    /// index does not describe `all`.
    func photos(in all: [Photo], index: [Photo.ID: Int]) -> [Photo]? {
        var found: [Photo] = []
        found.reserveCapacity(photos.count)
        for id in photos {
            guard let position = index[id] else { continue }
            guard position < all.count, all[position].id == id else { return nil }
            found.append(all[position])
        }
        return found
    }
}

/// What the culling filters are and what they hide of the photos the search matches, as
/// the Store last published them with its photos (`CatalogStore.filterSummary`).
public struct PhotoFilterSummary: Equatable, Sendable {
    /// Whether rejected photos are listed (`CatalogStore.showsRejected`).
    public var showsRejected = false
    /// The fewest stars a listed photo has (`CatalogStore.minimumRating`).
    public var minimumRating = 0
    /// Rejected photos hidden (0 while rejects are shown).
    public var rejectedCount = 0
    /// Photos hidden for having fewer stars than `minimumRating` (hidden rejects not counted again).
    public var belowRatingCount = 0
    /// Rejected photos listed because rejects are shown.
    public var shownRejectedCount = 0

    /// Every photo the filters hide.
    public var hiddenCount: Int { rejectedCount + belowRatingCount }

    public init(showsRejected: Bool = false, minimumRating: Int = 0) {
        self.showsRejected = showsRejected
        self.minimumRating = minimumRating
    }
}
