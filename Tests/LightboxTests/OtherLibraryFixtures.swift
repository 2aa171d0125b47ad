import Foundation
import GRDB
import GtkTestSupport
import XCTest

/// The Shotwell and darktable libraries of Tests/Fixtures/OtherLibraries (see its README), copied
/// into a test's own folder, and what a folder holds, to prove a reader left it as it was.
enum OtherLibraryFixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/OtherLibraries").path

    /// A copy of `shotwell/` or `darktable/` in a temporary folder; returns the copy's folder.
    static func copy(_ app: String, _ test: XCTestCase) -> String {
        let target = LibraryFixtures.temporaryFolder(test, name: "other-library") + "/" + app
        try! FileManager.default.copyItem(atPath: folder + "/" + app, toPath: target)
        return target
    }

    /// Every file of `folder` with its bytes.
    static func contents(of folder: String) -> [String: Data] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return Dictionary(uniqueKeysWithValues: names.map { ($0, FileManager.default.contents(atPath: folder + "/" + $0) ?? Data()) })
    }

    static func execute(_ sql: String, in path: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { try $0.execute(sql: sql) }
        try queue.close()
    }

    /// A `sqlite3` process holding `path` in an exclusive transaction, as an app in the middle of
    /// saving does, until `release` is called.
    static func holdExclusiveLock(on path: String) throws -> (release: () -> Void, process: Process) {
        let holder = try SQLiteLockHolder(path: path)
        XCTAssertEqual(holder.said, "locked\n")
        return (holder.release, holder.process)
    }
}
