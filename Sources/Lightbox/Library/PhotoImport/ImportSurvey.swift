import Foundation
import Gtk
import LightboxMedia

/// What a source (a card, a camera, a phone, a folder) holds for an import: its photos and
/// videos read (dates, sizes, fingerprints) and grouped as they travel together, each marked
/// when the library already has it.
public struct ImportSurvey: Sendable {
    public struct Item: Sendable, Hashable {
        /// The file on the source.
        public var source: String
        public var size: Int64
        /// What the scan read of it; nil for an XMP sidecar.
        public var record: Photo?
        /// The library's photo with the same bytes at its ends and the same size, when it has one.
        public var inLibrary: String?

        /// Whether the import copies it: a photo or video the library doesn't have, or the
        /// sidecar of a photo it copies.
        public var isNew: Bool { inLibrary == nil }
    }

    /// Files that travel together, with one name: a RAW and its JPEG, a Live Photo's still and
    /// motion, and their sidecars (the files of one folder that share a name but for their
    /// extensions).
    public struct Group: Sendable, Hashable {
        public var items: [Item]
        /// The camera's name of the files, without extension.
        public var stem: String
        /// When its photo was taken (or its first file last modified).
        public var moment: ImportTemplate.Moment
        /// Whether any photo or video of it is not in the library yet.
        public var hasNew: Bool { items.contains { $0.record != nil && $0.isNew } }
    }

    public var source: String
    /// In path order.
    public var groups: [Group]
    /// Whether the files were read (dates, fingerprints) and looked up in the library; a survey
    /// only listed (`list`) has every file new and dated by its modification time.
    public var isRead = true

    /// The photos and videos in `groups`, sidecars aside.
    public var mediaCount: Int { groups.reduce(0) { $0 + $1.items.filter { $0.record != nil }.count } }

    /// Reads every photo and video under `source` (through `scanner`'s workers) and looks each up
    /// in `catalog`; `onRead` is told how many were read so far (from the scan's threads). Throws
    /// when `source` can't be read at all.
    public static func read(
        _ source: String, catalog: Catalog, scanner: PhotoScanner = PhotoScanner(),
        isCancelled: @escaping @Sendable () -> Bool = { false }, onRead: @escaping @Sendable (Int) -> Void = { _ in }
    ) throws -> ImportSurvey {
        let root = (source as NSString).standardizingPath
        let photos = try scan(root, scanner: scanner, isCancelled: isCancelled, onRead: onRead)
        let keys = Set(photos.compactMap(Self.key))
        let copies = try catalog.libraryCopies(of: keys)
        var items = photos.map { photo in
            Item(source: photo.path, size: photo.fileSize, record: photo, inLibrary: key(of: photo).flatMap { copies[$0] })
        }
        items += sidecars(beside: photos.map(\.path))
        return ImportSurvey(source: root, groups: group(items))
    }

    /// Finds the photos and videos under `source` without reading them: a first look that a
    /// card of thousands gives in a moment, every file new and dated by its modification time.
    public static func list(_ source: String, isCancelled: @escaping @Sendable () -> Bool = { false }) throws -> ImportSurvey {
        let root = (source as NSString).standardizingPath
        var scanner = PhotoScanner()
        scanner.readsFiles = false
        scanner.workers = nil
        let photos = try scan(root, scanner: scanner, isCancelled: isCancelled, onRead: { _ in })
        let items = photos.map { Item(source: $0.path, size: $0.fileSize, record: $0, inLibrary: nil) }
        return ImportSurvey(source: root, groups: group(items + sidecars(beside: photos.map(\.path))), isRead: false)
    }

    private static func scan(
        _ root: String, scanner: PhotoScanner, isCancelled: @escaping @Sendable () -> Bool, onRead: @escaping @Sendable (Int) -> Void
    ) throws -> [Photo] {
        let found = Collected()
        try scanner.scan(folder: root, isCancelled: isCancelled) { event in
            if case .photo(let photo) = event { onRead(found.add(photo)) }
        }
        return found.photos.sorted { $0.path < $1.path }
    }

    private static func key(of photo: Photo) -> FileKey? {
        guard let fingerprint = photo.identity?.fingerprint else { return nil }
        return FileKey(size: photo.fileSize, fingerprint: fingerprint)
    }

    /// The camera's name of `name` for grouping: without its extension (and a sidecar's `.xmp`).
    static func stem(of name: String) -> String {
        var stem = name as NSString
        if stem.pathExtension.lowercased() == "xmp" { stem = stem.deletingPathExtension as NSString }
        return stem.deletingPathExtension
    }

    /// The XMP sidecars in the folders of `paths` whose names start with one of theirs.
    private static func sidecars(beside paths: [String]) -> [Item] {
        let folders = Dictionary(grouping: paths) { ($0 as NSString).deletingLastPathComponent }
        var items: [Item] = []
        for (folder, files) in folders {
            let stems = Set(files.map { stem(of: ($0 as NSString).lastPathComponent).lowercased() })
            guard let entries = try? DirectoryListing.entries(of: folder) else { continue }
            for entry in entries
            where !entry.name.hasPrefix(".") && (entry.name as NSString).pathExtension.lowercased() == "xmp"
                && stems.contains(stem(of: entry.name).lowercased())
            {
                let path = folder + "/" + entry.name
                guard case .success(let info) = FileInfo.of(path), info.isFile else { continue }
                items.append(Item(source: path, size: info.size, record: nil, inLibrary: nil))
            }
        }
        return items
    }

    /// `items` grouped by folder and name without extension, in path order.
    static func group(_ items: [Item]) -> [Group] {
        let grouped = Dictionary(grouping: items) { item in
            let path = item.source as NSString
            return path.deletingLastPathComponent + "/" + stem(of: path.lastPathComponent).lowercased()
        }
        return grouped.values.compactMap { members -> Group? in
            let sorted = members.sorted { $0.source < $1.source }
            // A sidecar alone has no photo to go with.
            guard let first = sorted.first(where: { $0.record != nil }) else { return nil }
            // The photo's date first: a Live Photo's motion or a camera's video may say another.
            let media = sorted.compactMap(\.record)
            let taken =
                media.filter { !VideoFile.extensions.contains(($0.path as NSString).pathExtension.lowercased()) }
                .compactMap { $0.taken.flatMap(ImportTemplate.Moment.init(taken:)) }.first
                ?? media.compactMap { $0.taken.flatMap(ImportTemplate.Moment.init(taken:)) }.first
            return Group(
                items: sorted, stem: stem(of: (first.source as NSString).lastPathComponent),
                moment: taken ?? ImportTemplate.Moment(modified: media.map(\.modified).min() ?? 0))
        }.sorted { $0.items[0].source < $1.items[0].source }
    }

    /// Photos a scan found, from its threads.
    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var found: [Photo] = []
        /// Adds `photo`; how many there are now.
        func add(_ photo: Photo) -> Int {
            lock.withLock {
                found.append(photo)
                return found.count
            }
        }
        var photos: [Photo] { lock.withLock { found } }
    }
}
