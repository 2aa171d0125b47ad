/// The culling filters: which of the open folder's photos `photos` lists besides the
/// search. Rejected photos are hidden unless shown; a minimum rating hides photos with
/// fewer stars. `filterSummary` says how many each hides (of the photos the search
/// matches), computed with the list, off the main thread for a large library.
///
/// ```swift
/// store.showsRejected = true            // rejects listed again (hidden by default)
/// store.minimumRating = 3               // ★3 and more
/// store.filterSummary.rejectedCount     // rejected photos hidden now
/// store.observeFilterSummary(owner: self) { summary in bar.show(summary) }
/// store.isListed(photo)                 // the filters' answer for any photo (pages of their own)
/// ```
extension CatalogStore {
    /// Whether rejected photos are listed (false by default: culling hides them).
    public var showsRejected: Bool {
        get { spec.showsRejected }
        set { spec.showsRejected = newValue }
    }

    /// The fewest stars a listed photo has, 0…5 (0 lists every rating); clamped.
    public var minimumRating: Int {
        get { spec.minimumRating }
        set { spec.minimumRating = min(max(newValue, 0), 5) }
    }

    /// Whether the filters let `photo` through, whatever the search: what pages listing
    /// photos of their own choosing (a camera's, a day's) show.
    public func isListed(_ photo: Photo) -> Bool { spec.admits(photo) }
}
