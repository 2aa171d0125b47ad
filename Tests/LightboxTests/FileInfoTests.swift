import Foundation
import XCTest

@testable import Lightbox

/// `FileInfo`: what the app asks the file system of a path, instead of `stat` itself.
final class FileInfoTests: XCTestCase {
    func testKindsSizeTimeAndIdentity() throws {
        let folder = NSTemporaryDirectory() + "fileinfo-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/a.jpg"
        try Data(repeating: 7, count: 1234).write(to: URL(fileURLWithPath: file))
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.jpg", withDestinationPath: file)

        let info = try XCTUnwrap(FileInfo(path: file))
        XCTAssertEqual(info.kind, .file)
        XCTAssertEqual(info.size, 1234)
        var raw = stat()
        XCTAssertEqual(stat(file, &raw), 0)
        XCTAssertEqual(info.stamp, FileStamp(raw), "the same stamp as the scanner's")
        XCTAssertEqual(info.identity, FileIdentity(raw))
        XCTAssertEqual(info.permissions, UInt32(raw.st_mode) & 0o7777)

        XCTAssertEqual(FileInfo(path: folder)?.kind, .folder)
        XCTAssertEqual(FileInfo(path: folder + "/link.jpg")?.kind, .file, "followed")
        XCTAssertEqual(FileInfo(path: folder + "/link.jpg")?.identity, info.identity)
        XCTAssertEqual(FileInfo(path: folder + "/link.jpg", followingLinks: false)?.kind, .link)
        XCTAssertEqual(FileInfo(path: "/dev/null")?.kind, .other)
    }

    func testWhyAPathCantBeRead() throws {
        XCTAssertNil(FileInfo(path: "/no/such/file"))
        XCTAssertEqual(errno, ENOENT)
        let file = NSTemporaryDirectory() + "fileinfo-\(UUID().uuidString)"
        try Data([1]).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        guard case .failure(let failure) = FileInfo.of(file + "/inside") else { return XCTFail("a file is no folder") }
        XCTAssertEqual(failure.code, ENOTDIR)
        XCTAssertEqual(failure.description, String(cString: strerror(ENOTDIR)))
    }
}
