import Foundation
import Lightbox

// Test helper for WriteBackDurabilityTests: edits the photos of an already scanned folder
// through the Store with write-back on, over and over, printing "<step>" after each edit
// the Store saved (waitUntilSaved), while the write-back writes the files in the
// background, until the test kills it with SIGKILL.
// Step n gives photo n % count (n / count) % 6 stars and the keyword "step-<n / count>".
// Usage: WriteBackChild CATALOG FOLDER
let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: WriteBackChild CATALOG FOLDER\n".utf8))
    exit(2)
}
MainActor.assumeIsolated {
    do {
        let store = CatalogStore(catalog: try Catalog(path: arguments[1]))
        store.savesMetadataInFiles = true
        store.open(folder: arguments[2])
        // The Store reads its rows in the background: take them from the catalog.
        let photos = try store.catalog.photos(in: arguments[2]).sorted { $0.path < $1.path }
        var step = 0
        while true {
            let photo = photos[step % photos.count]
            let round = step / photos.count
            try store.edit([photo.id]) {
                $0.rating = round % 6
                $0.keywords = ["step-\(round)"]
            }
            store.waitUntilSaved()
            FileHandle.standardOutput.write(Data("\(step)\n".utf8))
            step += 1
        }
    } catch {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        exit(1)
    }
}
