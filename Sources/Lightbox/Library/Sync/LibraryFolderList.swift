import Foundation
import Gtk

/// The rule for a library's folders: none inside another (a photo belongs to one folder).
public enum LibraryFolderList {
    /// What adding a folder to `folders` comes to.
    public enum Addition: Equatable, Sendable {
        /// Added; the library folders inside it (if any) are now part of it.
        case added(absorbing: [String])
        /// Already a library folder.
        case alreadyAdded
        /// Inside the library folder `parent`: its photos are in the library already.
        case inside(parent: String)
    }

    /// `path` (standardized) added to `folders`.
    static func adding(_ path: String, to folders: [String]) -> Addition {
        if folders.contains(path) { return .alreadyAdded }
        if let parent = folders.first(where: { contains($0, path) }) { return .inside(parent: parent) }
        return .added(absorbing: folders.filter { contains(path, $0) })
    }

    /// Whether `path` is `folder` or inside it.
    static func contains(_ folder: String, _ path: String) -> Bool {
        path == folder || path.hasPrefix(folder == "/" ? "/" : folder + "/")
    }

    /// The person's home folder: `$HOME`, as GLib and the shell take it.
    static var home: String {
        ProcessInfo.processInfo.environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    }

    /// `path` for people: the home folder as `~`, bytes that are not text as U+FFFD.
    static func displayName(_ path: String, home: String = LibraryFolderList.home) -> String {
        guard !home.isEmpty, home != "/" else { return PathBytes.displayName(path) }
        if path == home { return "~" }
        return PathBytes.displayName(path.hasPrefix(home + "/") ? "~" + path.dropFirst(home.count) : path)
    }
}
