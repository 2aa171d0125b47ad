import Foundation
import LightboxMedia

/// How far a scan is: files checked so far, of the photo files found in the folder tree.
public struct ScanProgress: Equatable, Sendable {
    public var done: Int
    /// Nil until the folder tree was counted.
    public var total: Int?

    /// Progress is reported every this many files.
    static let reportEvery = 50
    /// New files committed (and shown) together while scanning.
    static let listBatch = 200

    /// Photo files under `folder` (hidden files and folders skipped): the scan's total.
    /// Counted from directory listings alone: only names that are not photo files are
    /// `stat`ed (to find the subfolders), so 100,000 photos cost a few hundred calls.
    static func countPhotoFiles(in folder: String) -> Int {
        var visited: Set<FolderIdentity> = []
        func count(_ folder: String) -> Int {
            guard let info = FileInfo(path: folder), visited.insert(info.folderIdentity).inserted,
                let entries = try? DirectoryListing.entries(of: folder)
            else { return 0 }
            var total = 0
            for entry in entries where !entry.name.hasPrefix(".") {
                if PhotoFileKind(name: entry.name) != .other {
                    total += 1
                } else {
                    let path = folder + "/" + entry.name
                    if FileInfo(path: path)?.isFolder == true { total += count(path) }
                }
            }
            return total
        }
        return count(folder)
    }
}

/// A request the Store refuses, with the reason.
public struct StoreError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
