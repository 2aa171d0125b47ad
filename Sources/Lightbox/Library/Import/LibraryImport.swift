import Foundation

/// Brings another app's library (`OtherLibrary`: Shotwell's, darktable's) into the Store's:
/// for each of its photos that is a photo of the library, its stars, reject, title and
/// caption where it has them and its keywords and colour labels added (one `MetadataEdit`:
/// one undo, and written into the files when write-back is on); each of its events or film
/// rolls with photos in the library as an album (photos added to an album of that name
/// when there is one); and a report of what could not come across. Waits for the library to
/// be read and scanned first.
///
/// ```swift
/// let library = try await LibraryImport.read(.shotwell, at: path)  // off the main thread
/// let importer = LibraryImport(library, into: store)
/// let preview = await importer.preview()        // changes nothing; preview.foldersToOffer
/// let result = try await importer.run(addingFolders: true)   // the folders added and scanned first
/// toast(result.report.description)
/// try result.undo(in: store)                     // the albums, then the metadata edit, taken back
/// ```
@MainActor
public final class LibraryImport {
    public let library: OtherLibrary
    public let store: CatalogStore
    /// No folder this broad is offered for photos outside the library (see `LibraryImportRules.folders`).
    public var home = NSHomeDirectory()

    public init(_ library: OtherLibrary, into store: CatalogStore) {
        self.library = library
        self.store = store
    }

    /// Reads `app`'s database at `path` off the main thread (`OtherLibraryError` when it can't).
    public nonisolated static func read(_ app: OtherPhotoApp, at path: String) async throws -> OtherLibrary {
        try await Task.detached(priority: .userInitiated) { try app.readLibrary(at: path) }.value
    }

    /// What `run(addingFolders: false)` would bring across now; nothing is changed.
    public func preview() async -> LibraryImportReport {
        await store.waitUntilSettled()
        let placed = await place()
        var after: [Photo.ID: PhotoMetadata] = [:]
        var before: [Photo.ID: PhotoMetadata] = [:]
        for index in placed.inLibrary {
            let photo = library.photos[index]
            guard let file = store.photo(photo.path) else { continue }
            let current = file.metadata
            let merged = LibraryImportRules.merged(current, with: photo, file: file)
            if merged != current { (before[photo.path], after[photo.path]) = (current, merged) }
        }
        let albums = (try? plannedAlbums(inLibrary: placed.inLibraryPaths(of: library))) ?? []
        return report(placed, changes: .init(MetadataEdit(before: before, after: after)), albums: albums, foldersAdded: [])
    }

    /// Brings the library across. With `addingFolders`, the folders holding its photos
    /// outside the library (`LibraryImportReport.foldersToOffer`) are added to the library
    /// and scanned first, so that those photos come across too. Throws `StoreError` when the
    /// catalog can't be changed (nothing is changed then).
    public func run(addingFolders: Bool = false) async throws -> LibraryImportResult {
        await store.waitUntilSettled()
        var placed = await place()
        var added: [String] = []
        if addingFolders && !placed.outside.isEmpty {
            added = try await addFolders(placed.outside.map(\.folder))
            placed = await place()
        }
        var byPath: [String: Int] = [:]
        byPath.reserveCapacity(placed.inLibrary.count)
        for index in placed.inLibrary { byPath[library.photos[index].path] = byPath[library.photos[index].path] ?? index }
        let photos = library.photos
        // (A photo whose file went while the others' were looked for is no longer the library's.)
        let ids = placed.inLibrary.map { photos[$0].path }.filter { store.photo($0) != nil }
        let metadata = try store.edit(ids) { given, values in
            guard let index = byPath[given] else { return }
            values = LibraryImportRules.merged(values, with: photos[index], file: store.photo(given))
        }
        let albums: [AlbumEdit]
        do {
            albums = try plannedAlbums(inLibrary: Set(byPath.keys))
            try store.apply(albums)
        } catch {
            // All or none: the albums could not be made, so the photos' values go back too.
            _ = try? store.undo(metadata)
            throw error
        }
        return LibraryImportResult(
            report: report(placed, changes: .init(metadata), albums: albums, foldersAdded: added), metadata: metadata, albums: albums)
    }

    // MARK: Where the photos are

    /// The other library's photos sorted by where they are for Lightbox.
    struct Placement: Sendable {
        /// Indexes in `library.photos` of photos of the library.
        var inLibrary: [Int] = []
        var missing: [String] = []
        var outside: [LibraryImportReport.Folder] = []
        var notListed: [String] = []
        var videos: [String] = []
        var otherFiles: [String] = []

        func inLibraryPaths(of library: OtherLibrary) -> Set<String> { Set(inLibrary.map { library.photos[$0].path }) }
    }

    /// The photos the library lists are found in the Store; the others' files are looked
    /// for off the main thread.
    private func place() async -> Placement {
        var placement = Placement()
        var others: [OtherPhoto] = []
        for (index, photo) in library.photos.enumerated() {
            if !photo.isVideo && store.photo(photo.path) != nil {
                placement.inLibrary.append(index)
            } else {
                others.append(photo)
            }
        }
        guard !others.isEmpty else { return placement }
        let folders = store.libraryFolders
        let home = self.home
        return await Task.detached(priority: .userInitiated) { [placement] in
            var placement = placement
            var outside: [String] = []
            for photo in others {
                switch LibraryImportRules.place(of: photo, libraryFolders: folders) {
                case .video: placement.videos.append(photo.path)
                case .otherFile: placement.otherFiles.append(photo.path)
                case .missing: placement.missing.append(photo.path)
                case .notListed: placement.notListed.append(photo.path)
                case .outside: outside.append(photo.path)
                }
            }
            placement.outside = LibraryImportRules.folders(for: outside, home: home)
            placement.missing.sort()
            placement.notListed.sort()
            placement.videos.sort()
            placement.otherFiles.sort()
            return placement
        }.value
    }

    /// Adds `folders` to the library and waits for their scans; returns those added (a
    /// folder inside a library folder is in it already).
    private func addFolders(_ folders: [String]) async throws -> [String] {
        let ended = store.endedScans
        var added: [String] = []
        for folder in folders {
            if case .added = try store.addFolder(folder) { added.append((folder as NSString).standardizingPath) }
        }
        await store.waitForScans(of: added, since: ended)
        return added
    }

    // MARK: Albums

    /// An album edit for each of the other app's albums with photos in the library: a new
    /// album, or the photos it lacks added to the album of that name (several of the other
    /// app's albums of one name fill one album).
    private func plannedAlbums(inLibrary: Set<String>) throws -> [AlbumEdit] {
        var existing: [String: Album] = [:]
        for album in store.albums.sorted(by: { $0.id < $1.id }) where existing[album.name] == nil { existing[album.name] = album }
        var nextID = try store.catalog.nextAlbumID()
        var planned: [PlannedAlbum] = []
        var plannedAs: [String: Int] = [:]
        let now = Date()
        for other in library.albums {
            guard let name = Album.name(other.name) else { continue }
            let photos = other.paths.filter(inLibrary.contains)
            guard !photos.isEmpty else { continue }
            if plannedAs[name] == nil {
                if let album = existing[name] {
                    planned.append(PlannedAlbum(id: album.id, before: album.state, members: Set(try store.photos(inAlbum: album.id))))
                } else {
                    planned.append(PlannedAlbum(id: nextID, before: nil, after: Album.State(name: name, created: now)))
                    nextID += 1
                }
                plannedAs[name] = planned.count - 1
            }
            planned[plannedAs[name]!].add(photos, cover: other.cover)
        }
        return planned.map(\.edit).filter { !$0.isEmpty }
    }

    /// An album edit being planned: the photos it adds, and those it has then.
    private struct PlannedAlbum {
        let id: Album.ID
        let before: Album.State?
        var after: Album.State
        var added: [String] = []
        var members: Set<String>

        init(id: Album.ID, before: Album.State, members: Set<String>) {
            self.id = id
            self.before = before
            after = before
            self.members = members
        }

        init(id: Album.ID, before: Album.State?, after: Album.State) {
            self.id = id
            self.before = before
            self.after = after
            members = []
        }

        /// Adds the photos it lacks; `cover` becomes its cover when it has none and the cover is one of its photos.
        mutating func add(_ photos: [String], cover: String?) {
            for photo in photos where members.insert(photo).inserted { added.append(photo) }
            if after.cover == nil, let cover, members.contains(cover) { after.cover = cover }
        }

        var edit: AlbumEdit { AlbumEdit(album: id, before: before, after: after, added: added) }
    }

    // MARK: The report

    private func report(
        _ placed: Placement, changes: LibraryImportReport.Changes, albums: [AlbumEdit], foldersAdded: [String]
    ) -> LibraryImportReport {
        LibraryImportReport(
            app: library.app, databasePath: library.databasePath, photos: placed.inLibrary.count, changes: changes,
            albumsMade: albums.filter { $0.before == nil }.compactMap(\.after?.name),
            albumsAddedTo: albums.filter { $0.before != nil && !$0.added.isEmpty }.compactMap(\.after?.name),
            foldersAdded: foldersAdded, missing: placed.missing, outsideLibrary: placed.outside, notListed: placed.notListed,
            videos: placed.videos, otherFiles: placed.otherFiles, skipped: library.skipped)
    }
}

/// What an import did: its report, and the edits that take it back.
public struct LibraryImportResult: Sendable, Equatable {
    public let report: LibraryImportReport
    /// The photos' stars, rejects, keywords, titles and captions, as one edit.
    public let metadata: MetadataEdit
    /// The albums made and added to, in the order made.
    public let albums: [AlbumEdit]

    /// Takes the import back: the albums it made go, the photos it added to albums leave
    /// them, and the photos get the values they had before (one edit each, as an undo
    /// history keeps them). Folders it added stay in the library.
    @MainActor
    public func undo(in store: CatalogStore) throws {
        try store.apply(albums.reversed().map(\.reversed))
        try store.undo(metadata)
    }
}

extension OtherPhotoApp {
    /// Reads the app's database at `path` (darktable's `data.db` beside it); throws
    /// `OtherLibraryError` when it can't.
    public func readLibrary(at path: String) throws -> OtherLibrary {
        switch self {
        case .shotwell: try ShotwellLibrary.read(at: path)
        case .darktable: try DarktableLibrary.read(at: path)
        }
    }
}
