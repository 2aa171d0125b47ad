import Foundation
import Gtk
import LightboxMedia

/// A photo moved to the trash, with what it takes to put it back.
public struct TrashedPhoto: Sendable, Equatable {
    /// The catalog row (rating included) as it was.
    public let photo: Photo
    /// Where the file now lives inside the trash.
    public let trashedFile: String
    /// Its `.trashinfo` record.
    public let infoFile: String
}

/// Moves files to the freedesktop trash with GIO and finds them there again.
enum PhotoTrash {
    struct TrashError: Error, CustomStringConvertible {
        let description: String
    }

    static func moveToTrash(_ photo: Photo) throws -> TrashedPhoto {
        do {
            try FileNames.trash(path: photo.path)
        } catch {
            // Translators: %1$@ is a file name, %2$@ GIO's reason.
            throw TrashError(description: String(format: tr("%1$@ could not be moved to the trash: %2$@"), photo.name, error.message))
        }
        guard let (file, info) = locate(originalPath: photo.path) else {
            // Translators: %@ is a file name.
            throw TrashError(description: String(format: tr("%@ was moved to the trash but can't be found there"), photo.name))
        }
        return TrashedPhoto(photo: photo, trashedFile: file, infoFile: info)
    }

    /// Moves the file back to its original path and drops its trash record.
    static func restore(_ trashed: TrashedPhoto) throws {
        guard access(PathBytes.c(trashed.photo.path), F_OK) != 0 else {
            // Translators: %@ is a file name.
            throw TrashError(description: String(format: tr("%@ can't be restored: a file with that name exists"), trashed.photo.name))
        }
        do {
            try FileNames.makeFolders((trashed.photo.path as NSString).deletingLastPathComponent)
            try FileNames.move(path: trashed.trashedFile, to: trashed.photo.path)
        } catch {
            // Translators: %1$@ is a file name, %2$@ the system's reason.
            throw TrashError(description: String(format: tr("%1$@ can't be restored: %2$@"), trashed.photo.name, error.message))
        }
        unlink(PathBytes.c(trashed.infoFile))
    }

    /// Trash folders that may hold `path`: the home trash, then `.Trash-UID` and
    /// `.Trash/UID` at each ancestor (the mount's top folder).
    static func candidateTrashes(for path: String) -> [(trash: String, topFolder: String?)] {
        var result: [(String, String?)] = [(FileNames.userDataDirectory + "/Trash", nil)]
        var folder = (path as NSString).deletingLastPathComponent
        let uid = getuid()
        while true {
            result.append((folder + "/.Trash-\(uid)", folder))
            result.append((folder + "/.Trash/\(uid)", folder))
            if folder == "/" || folder.isEmpty { break }
            folder = (folder as NSString).deletingLastPathComponent
        }
        return result
    }

    /// The newest trash entry whose recorded original path is `originalPath`.
    static func locate(originalPath: String) -> (file: String, info: String)? {
        var best: (file: String, info: String, date: Date)?
        for (trash, top) in candidateTrashes(for: originalPath) {
            let infoFolder = trash + "/info"
            // Names and recorded paths are the original's bytes (see `PathBytes`).
            guard let entries = try? DirectoryListing.entries(of: infoFolder) else { continue }
            for name in entries.map(\.name) where name.hasSuffix(".trashinfo") {
                let info = infoFolder + "/" + name
                guard let bytes = FileNames.contents(of: info),
                    let line = String(decoding: bytes, as: UTF8.self).split(separator: "\n").first(where: { $0.hasPrefix("Path=") }),
                    var recorded = PathBytes.path(percentEncoded: String(line.dropFirst(5)))
                else { continue }
                if !recorded.hasPrefix("/"), let top { recorded = top + "/" + recorded }
                guard recorded == originalPath else { continue }
                let date = FileInfo(path: info).map { Date(timeIntervalSince1970: $0.modified) } ?? .distantPast
                if best == nil || date >= best!.date {
                    best = (trash + "/files/" + String(name.dropLast(".trashinfo".count)), info, date)
                }
            }
        }
        return best.map { ($0.file, $0.info) }
    }
}
