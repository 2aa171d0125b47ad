import Foundation

/// The library's duplicates (see `LibraryDuplicates`): found off the main thread from the
/// pictures' hashes, kept up to date as photos arrive, merged into the copy kept.
///
/// ```swift
/// store.observeDuplicates(owner: self) { groups in page.show(groups) }
/// store.duplicateGroups                       // [DuplicateGroup]: the copy suggested to keep first
/// store.duplicateGroup(of: photo.id)          // "Copy of …" in the details pane
/// let merge = try store.keep(group.suggested, of: group)   // the others' stars, keywords… taken; the others trashed
/// try store.setNotDuplicates(group.photos, remembering: true)   // remembered in the catalog
/// ```
extension CatalogStore {
    /// The groups as last found, by their first path.
    public var duplicateGroups: [DuplicateGroup] { duplicateList.groups }
    /// Whether the groups have been looked for since the library was opened.
    public var hasLookedForDuplicates: Bool { duplicateList.hasLooked }
    /// Whether the groups are being looked for now (off the main thread).
    public var isLookingForDuplicates: Bool { duplicateList.isLooking }
    /// The group of duplicates `photo` is in, if any.
    public func duplicateGroup(of photo: Photo.ID) -> DuplicateGroup? { duplicateList.group(of: photo) }

    /// Calls `handler` with the groups whenever they are found again and differ, while `owner` lives.
    public func observeDuplicates(owner: AnyObject, _ handler: @escaping @MainActor ([DuplicateGroup]) -> Void) {
        events.add(owner: owner) { if case .duplicates(let groups) = $0 { handler(groups) } }
    }

    /// Keeps `kept` of `group`: it takes the highest rating, a reject, every keyword, a title
    /// and caption and the albums of the others, which go to the trash. All or nothing.
    public func keep(_ kept: Photo.ID, of group: DuplicateGroup) throws -> DuplicateMerge {
        try duplicateList.keep(kept, of: group, edits: edits, albums: albumList, trash: trash)
    }

    /// Remembers that `photos` are not duplicates of one another (or forgets it: the undo).
    public func setNotDuplicates(_ photos: [Photo.ID], remembering: Bool) throws {
        try duplicateList.setNotDuplicates(photos, remembering: remembering)
    }

    /// Looks for the groups now and returns once they are found (tests, tools).
    public func findDuplicates() async {
        await duplicateList.lookNow()
    }

    /// The finder the groups are looked for with (the benchmark's files are not on disk).
    var duplicateFinder: DuplicateFinder {
        get { duplicateList.finder }
        set { duplicateList.finder = newValue }
    }
}
