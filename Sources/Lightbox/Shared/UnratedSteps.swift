import LightboxKit

/// A page whose photos can be stepped through in the order it shows them: U and Shift+U
/// (`PhotoCommands.stepToUnrated`) move its selection to the next or previous unrated photo.
@MainActor
public protocol PhotoStepping: PhotoSelecting, PhotoRevealing {
    /// The page's photos in the order it shows them.
    var photosInOrder: [Photo] { get }
}

extension PhotosController: PhotoStepping {
    public var photosInOrder: [Photo] { photoList.photos }
}

extension PhotoCollectionController: PhotoStepping {
    public var photosInOrder: [Photo] { photos }
}

extension PhotoPageController: PhotoStepping {
    public var photosInOrder: [Photo] { photos }

    /// Shows the photo with `id` when the page browses it.
    public func reveal(_ id: Photo.ID) {
        if let position = photos.firstIndex(where: { $0.id == id }) { showPhoto(at: position) }
    }
}

/// Where the unrated-photo keys lead: the photos with no stars and no reject.
enum UnratedPhotos {
    /// The way to the next unrated photo of `photos` after (or before) the one with `current`.
    enum Step: Equatable {
        case to(Photo.ID)
        /// To this one, past the end (or the start): from the other end.
        case wrappedTo(Photo.ID)
        /// No unrated photo but the current one.
        case noOther
        /// No unrated photo at all.
        case none
    }

    /// Looks from `current` (the start when nil or not in `photos`) onward, or backward, and
    /// past the end on from the other end. `now` gives a photo as it is now (the list may
    /// hold it as it was). Stops at the first unrated photo: no scan of the rest.
    static func step(
        from current: Photo.ID?, in photos: [Photo], forward: Bool,
        now: (Photo) -> Photo = { $0 }
    ) -> Step {
        guard !photos.isEmpty else { return .none }
        func isUnrated(_ photo: Photo) -> Bool {
            let photo = now(photo)
            return photo.rating == 0 && !photo.isRejected
        }
        let count = photos.count
        let start = current.flatMap { id in photos.firstIndex { $0.id == id } }
        let origin = start ?? (forward ? count - 1 : 0)  // with no current photo, the first looked at is the first (or last)
        for offset in 1...count {
            let position = ((origin + (forward ? offset : -offset)) % count + count) % count
            let candidate = photos[position]
            guard isUnrated(candidate) else { continue }
            if let start, position == start { return .noOther }
            let wrapped = start != nil && (forward ? position < start! : position > start!)
            return wrapped ? .wrappedTo(candidate.id) : .to(candidate.id)
        }
        return .none
    }
}

extension PhotoCommands {
    /// Selects the page's next (or previous) photo with no stars and no reject, in the page's
    /// order, scrolling to it. Past the last photo it goes on from the first (and says so);
    /// when there is no other unrated photo, the selection stays and the window says so.
    public func stepToUnrated(forward: Bool) {
        guard let page = page() as? PhotoStepping else { return }
        let store = self.store
        switch UnratedPhotos.step(
            from: page.currentPhoto?.id, in: page.photosInOrder, forward: forward,
            now: { store.photo($0.id) ?? $0 })
        {
        case .to(let id):
            page.reveal(id)
            say(nil)
        case .wrappedTo(let id):
            page.reveal(id)
            say(CommandMessage(forward ? tr("Went on from the first photo") : tr("Went on from the last photo")))
        case .noOther:
            say(CommandMessage(tr("No other unrated photos")))
        case .none:
            say(CommandMessage(tr("No unrated photos")))
        }
    }
}
