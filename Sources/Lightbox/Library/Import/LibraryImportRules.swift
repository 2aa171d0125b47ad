import Foundation
import Gtk

/// What comes across, photo by photo, and where a photo that is not in the library is:
/// the rules of `LibraryImport`, apart from the Store.
enum LibraryImportRules {
    /// `current` (Lightbox's) with what `other` has: its stars, reject, title and caption
    /// where it has one (stars > 0, a reject, text that is not blank), its keywords and
    /// colour labels added to Lightbox's; and where Lightbox corrected nothing, the turn and
    /// the place the person gave the photo there when they are not what `file` (the photo as
    /// Lightbox read it) says.
    static func merged(_ current: PhotoMetadata, with other: OtherPhoto, file: Photo?) -> PhotoMetadata {
        var result = current
        if let turn = other.orientation, current.corrections.orientation == nil, turn != file?.fileOrientation {
            result.corrections.orientation = turn
        }
        if case .at(let latitude, let longitude) = other.place, current.corrections.place == nil {
            let known = file.flatMap { photo in photo.fileLatitude.flatMap { lat in photo.fileLongitude.map { (lat, $0) } } }
            if known.map({ abs($0.0 - latitude) > 1e-6 || abs($0.1 - longitude) > 1e-6 }) ?? true { result.corrections.place = other.place }
        }
        if other.rating > 0 { result.rating = min(other.rating, 5) }
        if other.rejected { result.isRejected = true }
        if let title = other.title, !title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { result.set(title: title) }
        if let caption = other.caption, !caption.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            result.set(caption: caption)
        }
        for keyword in other.keywords + other.colorLabels.map(\.keyword) { result.add(keyword: keyword) }
        return result
    }

    /// Where a photo of the other app that the library does not list is.
    enum Place: Equatable {
        case video
        /// A file Lightbox does not list (not an image).
        case otherFile
        case missing
        /// In a library folder, but not listed (a hidden folder, an offline one).
        case notListed
        case outside
    }

    /// Where `photo` is, the library listing no photo at its path (reads the file system).
    static func place(of photo: OtherPhoto, libraryFolders: [String]) -> Place {
        if photo.isVideo { return .video }
        if PhotoFileKind(name: (photo.path as NSString).lastPathComponent) == .other { return .otherFile }
        var info = stat()
        guard stat(PathBytes.c(photo.path), &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return .missing }
        return libraryFolders.contains { LibraryFolderList.contains($0, photo.path) } ? .notListed : .outside
    }

    /// The folders to offer for `paths` (files outside the library): each group's deepest
    /// folder that holds all of it, a group being the files under one folder just below
    /// the places too broad to offer (`/`, `/home`, the home folder, `/media/<user>`…). So
    /// Shotwell's `~/Pictures/2023/07/14/…` and `~/Pictures/2024/…` come to `~/Pictures`,
    /// a photo alone in `~/Downloads/trip` to that folder, never the home folder itself
    /// unless photos lie in it.
    static func folders(for paths: [String], home: String) -> [LibraryImportReport.Folder] {
        var groups: [String: [String]] = [:]
        for path in paths {
            let folder = (path as NSString).deletingLastPathComponent
            groups[groupRoot(of: folder, home: home), default: []].append(path)
        }
        return groups.values.map { members in
            let folders = members.map { ($0 as NSString).deletingLastPathComponent }
            return LibraryImportReport.Folder(folder: commonFolder(folders), paths: members.sorted())
        }.sorted { $0.folder < $1.folder }
    }

    /// The highest folder above `folder` (or itself) that is not too broad to offer.
    private static func groupRoot(of folder: String, home: String) -> String {
        let levels = levels(of: folder)
        for depth in 1...max(levels.count, 1) {
            let candidate = "/" + levels.prefix(depth).joined(separator: "/")
            if !isTooBroad(candidate, home: home) { return candidate }
        }
        return folder
    }

    /// `/`, a folder right below it (`/home`, `/media`, `/mnt`), the home folder, and the
    /// folders removable disks are mounted in (`/media/<user>`, `/run/media/<user>`).
    private static func isTooBroad(_ folder: String, home: String) -> Bool {
        let levels = levels(of: folder)
        if levels.count <= 1 || folder == home { return true }
        if levels[0] == "media" && levels.count == 2 { return true }
        return levels[0] == "run" && (levels.count == 2 || (levels[1] == "media" && levels.count == 3))
    }

    private static func levels(of folder: String) -> [Substring] {
        folder.split(separator: "/")
    }

    /// The deepest folder holding every one of `folders`.
    private static func commonFolder(_ folders: [String]) -> String {
        guard var common = folders.first.map(levels(of:)) else { return "/" }
        for folder in folders.dropFirst() {
            let other = levels(of: folder)
            var shared = 0
            while shared < min(common.count, other.count) && common[shared] == other[shared] { shared += 1 }
            common.removeLast(common.count - shared)
        }
        return "/" + common.joined(separator: "/")
    }
}

extension ColorLabel {
    /// The keyword a colour label comes across as: `Color Label|Red`, Lightroom's English
    /// label names under one parent (so the labels stay together on the Keywords page).
    var keyword: String {
        let name =
            switch self {
            case .red: "Red"
            case .yellow: "Yellow"
            case .green: "Green"
            case .blue: "Blue"
            case .purple: "Purple"
            }
        return "Color Label|" + name
    }
}
