import Foundation
import LightboxMedia

/// Which folder the app shows when it is started without one.
public enum LibraryLocation {
    /// The XDG Pictures folder when it holds at least one photo (searched a few
    /// levels deep, hidden folders skipped), otherwise `sampleLibrary`.
    public static func defaultFolder(
        sampleLibrary: String,
        pictures: String? = FileNames.picturesDirectory
    ) -> String {
        guard let pictures, containsPhoto(pictures, depth: 3) else { return sampleLibrary }
        return pictures
    }

    static func containsPhoto(_ folder: String, depth: Int) -> Bool {
        guard depth > 0, let entries = try? DirectoryListing.entries(of: folder) else { return false }
        var subfolders: [String] = []
        for entry in entries where !entry.name.hasPrefix(".") {
            let path = folder + "/" + entry.name
            guard let info = FileInfo(path: path) else { continue }
            if info.isFolder {
                subfolders.append(path)
            } else if PhotoFileKind(name: entry.name) == .readable, info.size > 0 {
                return true
            }
        }
        return subfolders.contains { containsPhoto($0, depth: depth - 1) }
    }
}
