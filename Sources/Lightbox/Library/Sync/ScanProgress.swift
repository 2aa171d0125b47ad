import Foundation
import LightboxMedia
import Synchronization

/// How far a scan is: files checked so far, of the photo files found in the folder tree.
public struct ScanProgress: Equatable, Sendable {
    public var done: Int
    /// Nil until the folder tree was counted.
    public var total: Int?

    /// Progress is reported at most this often (and at a scan's first and last file).
    static let reportInterval = Duration.milliseconds(100)
    /// New files committed (and shown) together while scanning. More than the 200 rows a
    /// GTK 4.8 list keeps: the first batch then gives the list all its rows by appending
    /// them. A row created in front of others while the list has fewer makes GTK style
    /// every row after it again, 2,000 widgets in one frame.
    static let listBatch = 300

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

/// Lets a scan's progress through at most every `interval` (`ScanProgress.reportInterval`), and always
/// its first and last file. A rescan checks about 100,000 unchanged files a second: reported
/// every 50 files, the main thread set the progress label 2,000 times, a quarter of the
/// rescan's time.
final class ScanProgressThrottle: Sendable {
    private let lastReport = Mutex<ContinuousClock.Instant?>(nil)
    private let interval: Duration

    init(interval: Duration = ScanProgress.reportInterval) {
        self.interval = interval
    }

    /// Whether `done` of `total` is to be reported (from any thread).
    func admits(done: Int, total: Int) -> Bool {
        let now = ContinuousClock.now
        return lastReport.withLock { last in
            if done < total, let last, last.duration(to: now) < interval { return false }
            last = now
            return true
        }
    }
}

/// A request the Store refuses, with the reason.
public struct StoreError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
