import Foundation
import GtkTestSupport
import XCTest

@testable import Lightbox

extension GtkTestCase {
    /// A store showing `folder` (its catalog at `catalogPath`), writing metadata into the
    /// files unless not `writing`, its first scan done.
    func writeBackStore(over folder: String, catalogPath: String, writing: Bool = true) throws -> CatalogStore {
        let store = CatalogStore(
            catalog: try Catalog(path: catalogPath),
            images: ImageSource(cache: ThumbnailCache(directory: LibraryFixtures.temporaryFolder(self, name: "thumbs"))))
        store.savesMetadataInFiles = writing
        store.open(folder: folder)
        pump(until: { !store.isScanning && store.isUpToDate }, timeout: 20, "scan to finish")
        return store
    }

    /// Waits for every edit to be committed and written back.
    func writtenBack(_ store: CatalogStore, file: StaticString = #filePath, line: UInt = #line) {
        store.waitUntilSaved()
        XCTAssertTrue(store.writeBack.finish(waitingAtMost: 30), "the queue was written", file: file, line: line)
        // The write-back's reports reached the main actor before this, which runs after them.
        var reported = false
        Task { @MainActor in reported = true }
        pump(until: { reported }, "the reports", file: file, line: line)
        XCTAssertEqual(store.pendingWriteCount, 0, "no write pending", file: file, line: line)
    }
}
